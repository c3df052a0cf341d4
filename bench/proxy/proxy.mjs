// The validation proxy of the proxy benchmark, in its own process so that its peak RSS is its own: createProxy of
// dist/runtime/proxy/server.js with the options given as a JSON argument. Prints its port, then serves until killed.
import { createProxy } from "../../dist/runtime/proxy/server.js";

const proxy = await createProxy({ ...JSON.parse(process.argv[2] ?? "{}"), log: () => {}, warn: () => {} });
process.stdout.write(`${proxy.port}\n`);
