import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { diffDocumentFiles } from "../generator/diff/documents.js";
import { DiffInputError, type ContractChange } from "../generator/diff/report.js";
import { runCli } from "./helpers/cli.js";

// `specfirst diff <old.yaml> <new.yaml>` on two OpenAPI documents outside the repository (docs/change-control.md):
// who a change breaks is read in the direction its payload travels, each real change is one entry, and a document
// that cannot be read is refused with file:line:column and pointer.

const dir = mkdtempSync(path.join(tmpdir(), "specfirst-diff-documents-"));
let written = 0;
/** Writes a document outside the repository; returns its path. */
function file(document: unknown, text?: string): string {
  const at = path.join(dir, `doc-${written++}.yaml`);
  writeFileSync(at, text ?? stringify(document));
  return at;
}

type Json = Record<string, unknown>;
const json = (schema: Json) => ({ "application/json": { schema } });

/**
 * A document whose schema `Thing` is used by one payload only: a request body (`request`), a response (`response`)
 * or a webhook's payload (`webhook`).
 */
function documentWith(use: "request" | "response" | "webhook", thing: Json): Json {
  const ref = { $ref: "#/components/schemas/Thing" };
  const document: Json = {
    openapi: "3.1.0",
    info: { title: "Things", version: "1.0.0" },
    paths: {
      "/things": {
        post: {
          operationId: "sendThing",
          ...(use === "request" ? { requestBody: { required: true, content: json(ref) } } : {}),
          responses: { "200": { description: "ok", ...(use === "response" ? { content: json(ref) } : {}) } },
        },
      },
    },
    components: { schemas: { Thing: thing } },
  };
  if (use === "webhook")
    document.webhooks = {
      thingHappened: {
        post: { requestBody: { required: true, content: json(ref) }, responses: { "200": { description: "ok" } } },
      },
    };
  return document;
}

const objectWith = (code: Json, name: Json = { type: "string" }) => ({
  type: "object",
  properties: { code, name },
});

const brief = (changes: ContractChange[]) =>
  changes.map(({ rule, breaks, who, direction }) => ({ rule, breaks, who, direction }));

describe("who a change breaks, read in the payload's direction", () => {
  const cases = [
    // A widened request: services reading it meet values they were not written for; callers are fine.
    ["request", "widened", ["service"]],
    ["request", "narrowed", ["caller"]],
    // A response travels the other way.
    ["response", "widened", ["caller"]],
    ["response", "narrowed", ["service"]],
    // A webhook's payload goes from the platform's service to the bot.
    ["webhook", "widened", ["bot"]],
    ["webhook", "narrowed", ["service"]],
  ] as const;
  it.each(cases)("a %s type %s breaks %j", async (use, change, who) => {
    const [was, now] =
      change === "widened"
        ? [{ type: "integer" }, { type: ["integer", "string"] }]
        : [{ type: "number" }, { type: "integer" }];
    const report = await diffDocumentFiles(
      file(documentWith(use, objectWith(was))),
      file(documentWith(use, objectWith(now))),
    );
    expect(brief(report.changes)).toEqual([
      {
        rule: change === "widened" ? "schema-type-widened" : "schema-type-narrowed",
        breaks: change === "widened" ? "consumers" : "producers",
        who,
        direction: [use],
      },
    ]);
    expect(report.changes[0]?.location).toMatchObject({
      pointer: "/components/schemas/Thing/properties/code/type",
      line: expect.any(Number) as number,
    });
  });

  it("a pattern changed to accept fewer strings is reported as tightened only, one accepting more as loosened only", async () => {
    const pattern = (value: string) => objectWith({ type: "integer" }, { type: "string", pattern: value });
    const tighter = await diffDocumentFiles(
      file(documentWith("webhook", pattern("^[a-z]+$"))),
      file(documentWith("webhook", pattern("^[a-z]{1,8}$"))),
    );
    // Tightened for the bot's payload: the service (its producer) may send what is now refused; the bot is not told it breaks.
    expect(brief(tighter.changes)).toEqual([
      { rule: "schema-pattern-tightened", breaks: "producers", who: ["service"], direction: ["webhook"] },
    ]);
    const looser = await diffDocumentFiles(
      file(documentWith("webhook", pattern("^[a-z]{1,8}$"))),
      file(documentWith("webhook", pattern("^[a-z]"))),
    );
    expect(brief(looser.changes)).toEqual([
      { rule: "schema-pattern-loosened", breaks: "consumers", who: ["bot"], direction: ["webhook"] },
    ]);
    // Neither contains the other: both.
    const other = await diffDocumentFiles(
      file(documentWith("request", pattern("^a"))),
      file(documentWith("request", pattern("^b"))),
    );
    expect(other.changes.map((change) => change.rule)).toEqual(["schema-pattern-tightened", "schema-pattern-loosened"]);
  });
});

describe("one entry per real change", () => {
  const secured = (scheme: Json, content: Record<string, Json>) => ({
    openapi: "3.0.3",
    info: { title: "Secured", version: "1" },
    security: [{ key: [] }],
    paths: { "/a": { post: { requestBody: { content }, responses: { "204": { description: "ok" } } } } },
    components: { securitySchemes: { key: scheme } },
  });
  const body = { "application/json": { schema: { type: "object" } } };

  it("a security scheme changed in every field is one change, saying what it was and what it is", async () => {
    const report = await diffDocumentFiles(
      file(
        secured({ type: "apiKey", in: "header", name: "Authorization", "x-specfirst-credential-prefix": "Key " }, body),
      ),
      file(secured({ type: "http", scheme: "bearer" }, body)),
    );
    expect(report.changes).toHaveLength(1);
    expect(report.changes[0]).toMatchObject({
      rule: "security-scheme-type-changed",
      who: ["caller"],
      message: 'security scheme key changed from apiKey in header "Authorization" with prefix "Key " to http bearer',
    });
    expect(JSON.stringify(report)).not.toContain("undefined");
  });

  it("a new media type of a request body is one change", async () => {
    const report = await diffDocumentFiles(
      file(secured({ type: "http", scheme: "bearer" }, body)),
      file(secured({ type: "http", scheme: "bearer" }, { ...body, "application/xml": { schema: { type: "object" } } })),
    );
    expect(brief(report.changes)).toEqual([
      { rule: "request-body-media-type-added", breaks: "none", who: [], direction: ["request"] },
    ]);
  });
});

describe("a document that cannot be read", () => {
  const valid = documentWith("request", objectWith({ type: "integer" }));

  it("a YAML syntax error is one problem at its line and column, not one per follow-on parser error", async () => {
    const broken = file(
      undefined,
      `openapi: 3.1.0\ninfo: { title: "Broken", version: 1\npaths:\n  /a:\n    get: { responses: { '200': { description: ok } } }\n  /b: [\n`,
    );
    const error = await diffDocumentFiles(file(valid), broken).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DiffInputError);
    const lines = (error as Error).message.split("\n").filter((line) => line.startsWith("  "));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^  ${broken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+:\\d+: `));
  });

  it("a $ref naming nothing is refused at its file:line:column and pointer; so is a document that is not OpenAPI 3", async () => {
    const dangling = structuredClone(valid) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: Json }> } } }>;
    };
    (
      dangling.paths["/things"] as { post: { requestBody: { content: Record<string, { schema: Json }> } } }
    ).post.requestBody.content["application/json"] = {
      schema: { $ref: "#/components/schemas/Thingy" },
    };
    const at = file(dangling);
    await expect(diffDocumentFiles(file(valid), at)).rejects.toThrow(
      `${at}:14:21 at /paths/~1things/post/requestBody/content/application~1json/schema/$ref: $ref #/components/schemas/Thingy names nothing in the document`,
    );
    const swagger = file({ swagger: "2.0", info: { title: "Old", version: "1" }, paths: {} });
    await expect(diffDocumentFiles(swagger, file(valid))).rejects.toThrow(/diff compares OpenAPI 3\.x documents/);
  });
});

describe("the command", () => {
  it("specfirst diff a.yaml b.yaml compares two documents outside the repository: a parameter made required breaks callers, exit 1", async () => {
    const parameter = (required: boolean) => ({
      openapi: "3.1.0",
      info: { title: "Items", version: "1" },
      paths: {
        "/items/{sku}": {
          get: {
            operationId: "getItem",
            parameters: [
              { name: "sku", in: "path", required: true, schema: { type: "string" } },
              { name: "X-Request-Id", in: "header", required, schema: { type: "string" } },
            ],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    });
    const [a, b] = [file(parameter(false)), file(parameter(true))];
    const result = await runCli(["diff", a, b, "--format", "json"], { cwd: dir });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { ref: string; changes: ContractChange[] };
    expect(report.ref).toBe(a);
    expect(brief(report.changes)).toEqual([
      { rule: "request-parameter-became-required", breaks: "producers", who: ["caller"], direction: ["request"] },
    ]);
    expect(report.changes[0]?.location).toMatchObject({
      file: b,
      operation: "GET /items/{sku}",
      operationId: "getItem",
    });
    const same = await runCli(["diff", a, a], { cwd: dir });
    expect(same).toMatchObject({ code: 0 });
    expect(same.stdout).toContain(`0 change(s) since ${a}, 0 breaking`);
    const missing = await runCli(["diff", a, path.join(dir, "missing.yaml")], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("cannot read");
  }, 60_000);
});
