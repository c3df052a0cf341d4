// `prism mock` on several documents in one process: node prism-mock.mjs <document> <port> [<document> <port>...].
// Each server is the one the CLI's `mock <document> --host 127.0.0.1 --port <port>` starts: its mock command calls
// createSingleProcessPrism with these options (the defaults of its other flags). One process loads Prism's modules
// once, where a CLI per document loaded them again (about 2 s of CPU). Prints "Prism is listening on <url>" for each.
import { createSingleProcessPrism } from "@stoplight/prism-cli/dist/util/createServer.js";

const args = process.argv.slice(2);
for (let index = 0; index < args.length; index += 2) {
  await createSingleProcessPrism({
    cors: true,
    dynamic: false,
    port: Number(args[index + 1]),
    host: "127.0.0.1",
    document: args[index],
    multiprocess: false,
    errors: false,
    verboseLevel: "info",
    ignoreExamples: false,
    seed: null,
    jsonSchemaFakerFillProperties: undefined,
  });
}
