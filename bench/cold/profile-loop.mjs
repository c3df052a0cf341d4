// Run under `node --cpu-prof` by bench/profile.ts: calls the generated validate(name, payload) for <seconds>, as a
// consumer imports it (dist/generated/validators.js, `specfirst/validators`; bench/profile.ts builds dist/ first).
// Usage: node --cpu-prof bench/cold/profile-loop.mjs <schema name> <payload file> <seconds>
import { readFileSync } from "node:fs";
import { validate } from "../../dist/generated/validators.js";

const [name, file, seconds = "2"] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file, "utf8"));
let calls = 0;
let result;
const start = performance.now();
while (performance.now() - start < Number(seconds) * 1000) {
  for (let i = 0; i < 1000; i++) result = validate(name, data);
  calls += 1000;
}
process.stdout.write(JSON.stringify({ opsPerSec: calls / ((performance.now() - start) / 1000), valid: result.valid }));
