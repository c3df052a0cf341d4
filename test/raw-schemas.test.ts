import path from "node:path";
import { readdirSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import { describe, expect, it } from "vitest";
import { validate, type SchemaName } from "../generated/validators.js";
import { FIXTURES, ROOT, jsonFiles, readJson, type InvalidFixture } from "./helpers/fixtures.js";

// ajv-formats is CommonJS: its default export is the plugin function.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/** The raw schemas as a consumer gets them from `specfirst/schemas/*`, compiled by a plain Ajv2020 (README). */
function consumerAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    allowUnionTypes: true,
    keywords: ["x-secret", "x-content-type", "x-resource-type", "x-generated"],
  });
  addFormats(ajv);
  for (const api of ["messaging", "configs"]) {
    for (const file of readdirSync(path.join(ROOT, "generated", "schemas", api)).filter((f) =>
      f.endsWith(".schema.json"),
    )) {
      ajv.addSchema(readJson<object>(path.join(ROOT, "generated", "schemas", api, file)));
    }
  }
  return ajv;
}

describe("the raw schemas (specfirst/schemas/*) in a plain Ajv2020", () => {
  const ajv = consumerAjv();
  const cases = readdirSync(path.join(FIXTURES, "validators")).flatMap((name) => [
    ...jsonFiles(path.join(FIXTURES, "validators", name, "valid")).map(([file, data]) => ({
      name,
      file,
      data,
      valid: true,
    })),
    ...jsonFiles<InvalidFixture>(path.join(FIXTURES, "validators", name, "invalid")).map(([file, fixture]) => ({
      name,
      file,
      data: fixture.data,
      valid: false,
    })),
  ]);

  it.each(cases)("$name/$file: same answer as the generated validator", ({ name, data, valid }) => {
    const api = readdirSync(path.join(ROOT, "schemas", "messaging")).includes(`${name}.schema.json`)
      ? "messaging"
      : "configs";
    const check = ajv.getSchema(`https://specfirst.dev/schemas/${api}/${name}.schema.json`);
    expect(check).toBeDefined();
    expect(check!(data)).toBe(valid);
    expect(validate(name as SchemaName, data).valid).toBe(valid);
  });
});
