// Cold start, AJV at run time: read the shipped schema files of one API (generated/schemas/<api>/, what
// `specfirst/schemas/*` holds), compile every one of them with AJV, then validate one payload.
// Usage: node bench/cold/runtime.mjs <messaging|configs> <schema name> <payload file> '<AJV options as JSON>'.
// Plain node (no tsx): bench/cold-start.ts passes the generator's options (generator/emit/validators/ajv-options.ts).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [api, name, file, options = "{}"] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file, "utf8"));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const [{ Ajv2020 }, { default: addFormats }] = await Promise.all([import("ajv/dist/2020.js"), import("ajv-formats")]);
const dir = path.join(root, "generated", "schemas", api);
const schemas = readdirSync(dir)
  .filter((f) => f.endsWith(".schema.json"))
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")));
// the schemas' annotation keywords (x-secret, x-generated, x-content-type, ...) must be declared in strict mode
const keywords = new Set();
const stack = [...schemas];
while (stack.length > 0) {
  const node = stack.pop();
  if (node === null || typeof node !== "object") continue;
  for (const [key, value] of Object.entries(node)) {
    if (!Array.isArray(node) && key.startsWith("x-")) keywords.add(key);
    stack.push(value);
  }
}
const ajv = new Ajv2020(JSON.parse(options));
addFormats(ajv, ["date-time"]);
for (const keyword of keywords) ajv.addKeyword({ keyword });
for (const schema of schemas) ajv.addSchema(schema);
// the whole set, as a service compiling its validators at start-up would
for (const schema of schemas) ajv.getSchema(schema.$id);
const valid = ajv.getSchema(`https://specfirst.dev/schemas/${api}/${name}.schema.json`)(data);
const ms = performance.now();
process.stdout.write(JSON.stringify({ ms, valid }));
