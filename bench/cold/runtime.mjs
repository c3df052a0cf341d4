// Cold start, AJV at run time: compile every shipped schema file of one API (generated/schemas/<api>/, what
// `specfirst/schemas/*` holds) with the AJV options given, as a service compiling its validators at start-up, then
// validate one payload. Usage: node bench/cold/runtime.mjs <messaging|configs> <schema name> <file> '<options JSON>'.
import { readFileSync, readdirSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const [api, name, file, options = "{}"] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file, "utf8"));
const dir = new URL(`../../generated/schemas/${api}/`, import.meta.url);
const texts = readdirSync(dir)
  .filter((f) => f.endsWith(".schema.json"))
  .map((f) => readFileSync(new URL(f, dir), "utf8"));
// the schemas' annotations (`x-secret`, ...) are declared, as strict mode asks
const keywords = [...new Set(texts.flatMap((text) => [...text.matchAll(/"(x-[\w-]+)":/g)].map((m) => m[1])))];
const ajv = new Ajv2020({ ...JSON.parse(options), keywords });
addFormats(ajv, ["date-time"]);
const schemas = texts.map((text) => JSON.parse(text));
for (const schema of schemas) ajv.addSchema(schema);
for (const schema of schemas) ajv.getSchema(schema.$id);
const valid = ajv.getSchema(`https://specfirst.dev/schemas/${api}/${name}.schema.json`)(data);
process.stdout.write(JSON.stringify({ ms: performance.now(), valid }));
