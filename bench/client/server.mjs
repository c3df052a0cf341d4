// Loopback server of the client benchmark: reads each request body whole and answers 202 with no body
// (what POST /messages answers). Prints its port, then serves until killed.
import { createServer } from "node:http";

const server = createServer((request, response) => {
  request.on("data", () => {});
  request.on("end", () => {
    response.writeHead(202, { "content-length": "0" });
    response.end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
