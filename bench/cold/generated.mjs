// Cold start, generated validators: import generated/validators.js and validate one payload.
// Usage: node bench/cold/generated.mjs <schema name> <payload file>. Prints the ms from process start to the result.
import { readFileSync } from "node:fs";

const [name, file] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file, "utf8"));
const { validate } = await import("../../generated/validators.js");
const result = validate(name, data);
const ms = performance.now();
process.stdout.write(JSON.stringify({ ms, valid: result.valid }));
