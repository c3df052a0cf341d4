// Cold start, the harness alone: what bench/cold/generated.mjs does but the import and the validation (import
// node:fs, read and parse the payload, report). A case's time over this is what its import and first validation cost.
// Usage: node bench/cold/payload-only.mjs <payload file>
import { readFileSync } from "node:fs";

const [file] = process.argv.slice(2);
JSON.parse(readFileSync(file, "utf8"));
process.stdout.write(JSON.stringify({ ms: performance.now(), valid: true }));
