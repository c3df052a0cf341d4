// Cold start, AJV at run time: read the schema files of one API folder, compile every one of them with AJV
// (the generator's options, generator/ajv-options.ts), then validate one payload.
// Usage: node bench/cold/runtime.mjs <messaging|configs> <schema name> <payload file>.
// Plain node (no tsx): the options come from the build, dist/generator/ajv-options.js (`npm run build`).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [api, name, file] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file, "utf8"));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const [{ Ajv2020 }, { default: addFormats }, { AJV_OPTIONS }] = await Promise.all([
  import("ajv/dist/2020.js"),
  import("ajv-formats"),
  import("../../dist/generator/ajv-options.js"),
]);
const dir = path.join(root, "schemas", api);
const schemas = readdirSync(dir)
  .filter((f) => f.endsWith(".schema.json"))
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")));
const ajv = new Ajv2020({ ...AJV_OPTIONS });
addFormats(ajv, ["date-time"]);
ajv.addKeyword({ keyword: "x-secret", schemaType: "boolean" });
for (const schema of schemas) ajv.addSchema(schema);
// the whole set, as a service compiling its validators at start-up would
for (const schema of schemas) ajv.getSchema(schema.$id);
const valid = ajv.getSchema(`https://specfirst.dev/schemas/${api}/${name}.schema.json`)(data);
const ms = performance.now();
process.stdout.write(JSON.stringify({ ms, valid }));
