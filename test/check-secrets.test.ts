/**
 * Unit tests of the secret-name rule (generator/model/check-secrets.ts) on small in-memory schemas; the end-to-end
 * check (a whole generation stopping on an unmarked secret) is in generate.test.ts. Proves the "Secrets" rule of
 * schemas/README.md and docs/validating.md (what redact() hides).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkSecretNames, looksSecret, nameWords, objectRefResolver } from "../generator/model/check-secrets.js";
import { FIXTURES, readJson } from "./helpers/fixtures.js";
import { schemaFile } from "./helpers/schema-file.js";

const NAMES = readJson<{ secret: [string, string[]][]; notSecret: [string, string[]][] }>(
  path.join(FIXTURES, "check-secrets", "names.json"),
);

const ID = "https://specfirst.example/schemas/messaging/";
const objectTarget = schemaFile("auth", {
  $id: `${ID}auth.schema.json`,
  title: "Auth",
  type: "object",
  properties: { user: { type: "string" } },
});
const stringTarget = schemaFile("token-text", {
  $id: `${ID}token-text.schema.json`,
  title: "TokenText",
  type: "string",
});
const holder = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  schemaFile("holder", { $id: `${ID}holder.schema.json`, title: "Holder", type: "object", properties, ...extra });
const check = (file: ReturnType<typeof holder>) =>
  checkSecretNames(file, objectRefResolver([objectTarget, stringTarget, file]));

describe("the secret-name rule", () => {
  it.each(NAMES.secret)("says %s holds a secret (words %j)", (name, words) => {
    expect(nameWords(name)).toEqual(words);
    expect(looksSecret(name)).toBe(true);
  });

  it.each(NAMES.notSecret)("says %s holds no secret (words %j)", (name, words) => {
    expect(nameWords(name)).toEqual(words);
    expect(looksSecret(name)).toBe(false);
  });
});

describe("checkSecretNames", () => {
  it("accepts a secret name marked x-secret true or false, and plain names without a mark", () => {
    expect(
      check(
        holder({
          password: { type: "string", writeOnly: true, "x-secret": true },
          token_url: { type: "string", "x-secret": false },
          name: { type: "string" },
        }),
      ),
    ).toEqual([]);
  });

  it("reports an unmarked secret name at the property, saying both ways to mark it", () => {
    expect(check(holder({ accessKey: { type: "string" } }))).toEqual([
      {
        pointer: "/properties/accessKey",
        message:
          'property "accessKey" looks like a secret (its name): mark it "x-secret": true and "writeOnly": true so redact() hides it, or "x-secret": false if it holds no secret',
      },
    ]);
  });

  it('reports "x-secret": false on a name that does not look like a secret at the mark itself', () => {
    expect(check(holder({ name: { type: "string", "x-secret": false } }))).toEqual([
      {
        pointer: "/properties/name/x-secret",
        message:
          'property "name": "x-secret": false is only for a property whose name looks like a secret (the name rule in schemas/README.md); remove it',
      },
    ]);
  });

  it("escapes the property name in the pointer (RFC 6901) and finds properties at any depth", () => {
    const problems = check(holder({ settings: { type: "object", properties: { "a/b~token": { type: "string" } } } }));
    expect(problems.map((problem) => problem.pointer)).toEqual(["/properties/settings/properties/a~1b~0token"]);
  });

  it("checks a property holding fields in its fields: an object with properties, a $ref to an object schema, an array of those", () => {
    expect(
      check(
        holder({
          credentials: { type: "object", properties: { user: { type: "string" } } },
          secrets: { $ref: "auth.schema.json", description: "resolved against the $id" },
          tokens: { type: "array", items: { $ref: "auth.schema.json" } },
          api_keys: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
        }),
      ),
    ).toEqual([]);
  });

  it("treats a $ref to a non-object schema, a local $ref, or an array of strings as a value that needs a mark", () => {
    const problems = check(
      holder({
        token: { $ref: "token-text.schema.json" },
        secret: { $ref: "#/$defs/text" },
        passwords: { type: "array", items: { type: "string" } },
        private_key: { $ref: "auth.schema.json", minLength: 1 },
      }),
    );
    expect(problems.map((problem) => problem.pointer)).toEqual([
      "/properties/token",
      "/properties/secret",
      "/properties/passwords",
      "/properties/private_key",
    ]);
  });

  it("leaves boolean property schemas and properties restated inside if/then/else to their declaration", () => {
    expect(
      check(
        holder(
          { password: { type: "string", writeOnly: true, "x-secret": true }, token: false },
          {
            if: { properties: { password: { const: "x" } } },
            then: { properties: { password: { minLength: 8 } } },
            else: { properties: { token: true } },
          },
        ),
      ),
    ).toEqual([]);
  });
});

describe("objectRefResolver", () => {
  const resolves = objectRefResolver([objectTarget, stringTarget]);
  const from = holder({});

  it("answers true only for a relative file ref to an object schema among the loaded files", () => {
    expect(resolves(from, "auth.schema.json")).toBe(true);
    expect(resolves(from, "auth.schema.json#/properties/user")).toBe(true);
    expect(resolves(from, "token-text.schema.json")).toBe(false);
    expect(resolves(from, "missing.schema.json")).toBe(false);
    expect(resolves(from, "#/$defs/anything")).toBe(false);
  });

  it("answers false when the referring file's $id cannot be a base", () => {
    expect(resolves(schemaFile("no-id", { title: "NoId" }), "auth.schema.json")).toBe(false);
  });
});
