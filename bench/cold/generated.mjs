// Cold start, generated validators as a consumer imports them: import one entry point of the package by its name
// (resolved through package.json `exports`: a package may import itself by name), then validate one payload.
// Usage: node bench/cold/generated.mjs <schema name> <payload file> <entry point, e.g. specfirst/configs/validators>.
// Prints the ms from the process start to the result, and from before the import to the result.
import { readFileSync } from "node:fs";

const [name, file, entry] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file, "utf8"));
const before = performance.now();
const { validate } = await import(entry);
const { valid } = validate(name, data);
const ms = performance.now();
process.stdout.write(JSON.stringify({ ms, firstMs: ms - before, valid }));
