/**
 * Unit tests of the schema checks (generator/model/check-schemas.ts) on small in-memory schema files and one fixture;
 * the end-to-end checks (a whole generation stopping with file:line:col) are in generate.test.ts. Proves the rules
 * of schemas/README.md and the problem format of CONTRIBUTING.md (file, JSON pointer, line:column, what to do).
 */
import { describe, expect, it } from "vitest";
import { checkedPart, checkSchemaAlone, checkSchemas } from "../generator/model/check-schemas.js";
import { GenerationFailed, type Problem } from "../generator/problems.js";
import type { JsonObject } from "../runtime/json/json-text.js";
import { schemaFile, schemaFixture } from "./helpers/schema-file.js";

const DRAFT = "https://json-schema.org/draft/2020-12/schema";
const ID = "https://specfirst.example/schemas/messaging/";
const valid = (name: string, title: string, extra: Record<string, unknown> = {}, api = "messaging") =>
  schemaFile(name, { $schema: DRAFT, $id: `${ID}${api}/${name}.schema.json`, title, type: "object", ...extra }, api);

/** The problems checkSchemas reports, or [] when it accepts the files. */
async function problemsOf(...files: ReturnType<typeof schemaFile>[]): Promise<Problem[]> {
  try {
    await checkSchemas(files);
    return [];
  } catch (error) {
    if (error instanceof GenerationFailed) return error.problems;
    throw error;
  }
}

describe("checkSchemaAlone", () => {
  it("accepts a titled draft 2020-12 schema with known keywords, marked secrets and compiling patterns", async () => {
    const schema = valid("thing", "Thing", {
      properties: {
        id: { type: "string", pattern: "^\\p{L}+$" },
        password: { type: "string", writeOnly: true, "x-secret": true },
        labels: { type: "object", patternProperties: { "^x-": { type: "string" } } },
      },
    }).schema;
    expect(await checkSchemaAlone(schema)).toEqual([]);
  });

  it("reports one problem per rule, at its pointer, in one sentence", async () => {
    expect(await checkSchemaAlone(schemaFixture("check-schemas", "one-of-each-problem.schema.json").schema)).toEqual([
      ["/properties/typo/maxLenght", 'unknown keyword "maxLenght"'],
      ["/properties/apiKey", 'a secret field has "x-secret": true and "writeOnly": true'],
      ["/properties/mark/x-secret", '"x-secret" is true (a secret) or false (a name that only looks like one)'],
      [
        "/properties/code/pattern",
        "not a regular expression with the u flag: Invalid regular expression: /(/u: Unterminated group",
      ],
      [
        "/properties/labels/patternProperties/[",
        "not a regular expression with the u flag: Invalid regular expression: /[/u: Unterminated character class",
      ],
      ["/properties/kind/title", 'title "kind of thing" is not a TypeScript type name; use "KindOfThing"'],
      [
        "/properties/count/type",
        'invalid schema: the value of "type" must be one of "array", "boolean", "integer", "null", "number", "object", "string", or an array of those',
      ],
    ]);
  });

  it("asks for a root title (it names the generated type) and turns other meta-schema errors into a sentence", async () => {
    expect(await checkSchemaAlone({ type: "object" })).toEqual([["", 'missing "title" (it names the generated type)']]);
    expect(await checkSchemaAlone({ title: "Thing", properties: { name: { type: "string", minLength: -1 } } })).toEqual(
      [["/properties/name/minLength", 'invalid schema: the value of "minLength" must be >= 0']],
    );
  });

  it("checks a schema that names another draft against draft 2020-12 instead of failing (checkSchemas reports the $schema)", async () => {
    const draft07 = {
      $schema: "http://json-schema.org/draft-07/schema#",
      title: "Thing",
      type: "object",
      properties: { count: { type: "integer", minimum: "0" } },
    };
    expect(await checkSchemaAlone(draft07)).toEqual([
      ["/properties/count/minimum", 'invalid schema: the value of "minimum" must be a number'],
    ]);
    expect(
      await problemsOf(schemaFile("thing", { ...draft07, $id: `${ID}messaging/thing.schema.json`, properties: {} })),
    ).toEqual([
      expect.objectContaining({
        file: "schemas/messaging/thing.schema.json",
        pointer: "/$schema",
        message: '"$schema" must be "https://json-schema.org/draft/2020-12/schema"',
      }),
    ]);
  });
});

describe("checkedPart", () => {
  it("empties description and $comment texts only, so a description edit keeps the cached result", () => {
    const schema = {
      description: "x",
      $comment: "y",
      properties: { description: { type: "string", description: "z" } },
      enum: ["description"],
      title: "T",
    } as JsonObject;
    expect(checkedPart(schema)).toEqual({
      description: "",
      $comment: "",
      properties: { description: { type: "string", description: "" } },
      enum: ["description"],
      title: "T",
    });
  });
});

describe("checkSchemas", () => {
  it("accepts files with unique names, $ids and titles", async () => {
    expect(
      await problemsOf(
        valid("message", "Message"),
        valid("reason", "Reason", { properties: { code: { type: "integer" } } }),
      ),
    ).toEqual([]);
  });

  it("locates the problems of a file on its own with line:column in its text", async () => {
    const file = schemaFixture("check-schemas", "one-of-each-problem.schema.json");
    const problems = await problemsOf(file);
    // Each at the start of the offending value (the fixture's own lines and columns).
    expect(problems.map(({ pointer, line, column }) => `${pointer} ${line}:${column}`)).toEqual([
      "/properties/typo/maxLenght 7:46",
      "/properties/apiKey 8:15",
      "/properties/mark/x-secret 9:45",
      "/properties/code/pattern 10:44",
      "/properties/labels/patternProperties/[ 11:63",
      "/properties/kind/title 12:24",
      "/properties/count/type 13:24",
      // The secret-name rule (check-secrets.ts) runs on the same file: `apiKey` is marked, so only the writeOnly rule fires.
    ]);
    expect(problems.every((problem) => problem.file === "schemas/messaging/one-of-each-problem.schema.json")).toBe(
      true,
    );
  });

  it("reports a wrong $schema, a repeated validator name, a missing, relative or repeated $id, and an unmarked secret name", async () => {
    const message = schemaFile("message", {
      $schema: DRAFT,
      $id: `${ID}message.schema.json`,
      title: "Message",
      type: "object",
      properties: { password: { type: "string" } },
    });
    const again = schemaFile(
      "message",
      { $id: `${ID}message.schema.json`, title: "ConfigMessage", type: "object" },
      "configs",
    );
    const relative = schemaFile("other", { $schema: DRAFT, $id: "other.schema.json", title: "Other" });
    const noId = schemaFile("no-id", { $schema: DRAFT, title: "NoId" });
    expect(await problemsOf(message, again, relative, noId)).toEqual([
      {
        file: "schemas/messaging/message.schema.json",
        pointer: "/properties/password",
        message:
          'property "password" looks like a secret (its name): mark it "x-secret": true and "writeOnly": true so redact() hides it, or "x-secret": false if it holds no secret',
        line: 7,
        column: 17,
      },
      {
        file: "schemas/configs/message.schema.json",
        pointer: "/$schema",
        message: '"$schema" must be "https://json-schema.org/draft/2020-12/schema"',
        line: 1,
        column: 1,
      },
      {
        file: "schemas/configs/message.schema.json",
        pointer: "",
        message: "schema name message (the validator name) is also used by schemas/messaging/message.schema.json",
        line: 1,
        column: 1,
      },
      {
        file: "schemas/configs/message.schema.json",
        pointer: "/$id",
        message: `duplicate "$id" ${ID}message.schema.json, also in schemas/messaging/message.schema.json`,
        line: 2,
        column: 10,
      },
      {
        file: "schemas/messaging/other.schema.json",
        pointer: "/$id",
        message: '"$id" must be an absolute URI (refs are resolved against it)',
        line: 3,
        column: 10,
      },
      { file: "schemas/messaging/no-id.schema.json", pointer: "", message: 'missing "$id"', line: 1, column: 1 },
    ]);
  });

  it("blames the use of a repeated title that introduced the clash, not the schema named after it", async () => {
    const reason = valid("reason", "Reason", { properties: { code: { title: "Code", type: "integer" } } });
    const code = schemaFile("code", { $schema: DRAFT, $id: `${ID}code.schema.json`, title: "Code", type: "integer" });
    expect(await problemsOf(reason, code)).toEqual([
      {
        file: "schemas/messaging/reason.schema.json",
        pointer: "/properties/code/title",
        message:
          'duplicate title "Code" (type name): already the title of schemas/messaging/code.schema.json#; rename this one',
        line: 8,
        column: 16,
      },
    ]);
  });

  it("places the results of a cached check (the alone stand-in) at their line:column", async () => {
    const file = valid("thing", "Thing");
    await expect(checkSchemas([file], async () => [["/title", "from the cache"]])).rejects.toMatchObject({
      problems: [{ file: file.file, pointer: "/title", message: "from the cache", line: 4, column: 12 }],
    });
  });
});
