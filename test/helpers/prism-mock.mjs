// `prism mock` on several documents in one process: node prism-mock.mjs <document> <port> [<document> <port>...].
// Each server is the one the CLI's `mock <document> --host 127.0.0.1 --port <port>` starts: its mock command calls
// createSingleProcessPrism with these options (the defaults of its other flags). One process loads Prism's modules
// once, where a CLI per document loaded them again (about 2 s of CPU). Prints "Prism is listening on <url>" for each.
// It exits when its standard input ends, which the test leaves open: so it does not outlive a test process that ended
// before it could kill it (a Prism left running from an earlier run was found with no parent).
import { createSingleProcessPrism } from "@stoplight/prism-cli/dist/util/createServer.js";

process.stdin.on("end", () => process.exit(0)).resume();

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
