// Cold start, generated validators as a consumer imports them: import one module of the build (dist/generated/, by
// default validators.js = `specfirst/validators`; configs/index.js = `specfirst/configs` ...) and validate one payload.
// Usage: node bench/cold/generated.mjs <schema name> <payload file> [module under dist/generated/].
// Prints the ms from process start to the result, and the ms the import alone took.
import { readFileSync } from "node:fs";

const [name, file, module = "validators.js"] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file, "utf8"));
const before = performance.now();
const { validate } = await import(`../../dist/generated/${module}`);
const importMs = performance.now() - before;
const result = validate(name, data);
const ms = performance.now();
process.stdout.write(JSON.stringify({ ms, importMs, valid: result.valid }));
