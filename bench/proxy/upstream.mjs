// The service of the proxy throughput benchmark, in its own process: node:http, answering 202 once it has read the
// body and doing nothing else (the hardest upstream to keep up with). Prints its port, then serves until killed.
import { createServer } from "node:http";

const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(202, { "content-length": "0" }).end());
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
