import { readFileSync } from "node:fs";
import path from "node:path";
import type { SchemaFile } from "../../generator/load/schemas.js";
import type { JsonObject } from "../../runtime/json/json-text.js";
import { FIXTURES } from "./fixtures.js";

/**
 * A schema file as the generator's load stage gives it (generator/load/schemas.ts), for the unit tests of the rule
 * modules: `schemas/<api>/<name>.schema.json` holding `schema` written as two-space JSON, so a problem's line:column
 * points into that text.
 */
export function schemaFile(name: string, schema: Record<string, unknown>, api = "messaging"): SchemaFile {
  const text = `${JSON.stringify(schema, null, 2)}\n`;
  return { name, api, file: `schemas/${api}/${name}.schema.json`, text, schema: JSON.parse(text) as JsonObject };
}

/** A fixture under test/fixtures/<folder>/ read as a schema file of `api`, its text kept as written. */
export function schemaFixture(folder: string, fileName: string, api = "messaging"): SchemaFile {
  const text = readFileSync(path.join(FIXTURES, folder, fileName), "utf8");
  return {
    name: fileName.replace(/\.schema\.json$/, ""),
    api,
    file: `schemas/${api}/${fileName}`,
    text,
    schema: JSON.parse(text) as JsonObject,
  };
}
