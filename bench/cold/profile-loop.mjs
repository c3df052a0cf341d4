// Run under `node --cpu-prof` by bench/profile.ts: calls the generated validate(name, payload) for <seconds>.
// Usage: node --cpu-prof bench/cold/profile-loop.mjs <schema name> <payload file> <seconds> [validators module]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [name, file, seconds = "2", module = new URL("../../generated/validators.js", import.meta.url).href] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file, "utf8"));
const { validate } = await import(module.startsWith("file:") ? module : pathToFileURL(module).href);
let calls = 0;
let result;
const start = performance.now();
while (performance.now() - start < Number(seconds) * 1000) {
  for (let i = 0; i < 1000; i++) result = validate(name, data);
  calls += 1000;
}
process.stdout.write(JSON.stringify({ opsPerSec: calls / ((performance.now() - start) / 1000), valid: result.valid }));
