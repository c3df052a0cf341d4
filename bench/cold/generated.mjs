// Cold start, generated validators as a consumer imports them: import one entry point of the package by its name
// (`specfirst/validators` by default; `specfirst/configs`, `specfirst/messaging` ...), resolved through package.json
// `exports` (a package may import itself by name), i.e. the build's dist/bundle/ — and validate one payload.
// Usage: node bench/cold/generated.mjs <schema name> <payload file> [entry point, e.g. specfirst/configs].
// Prints the ms from process start to the result, the ms the import alone took, and the ms from before the import
// to the result (the import and the first validation, timed inside the process).
import { readFileSync } from "node:fs";

const [name, file, entry = "specfirst/validators"] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file, "utf8"));
const before = performance.now();
const { validate } = await import(entry);
const importMs = performance.now() - before;
const result = validate(name, data);
const ms = performance.now();
process.stdout.write(JSON.stringify({ ms, importMs, firstMs: ms - before, valid: result.valid }));
