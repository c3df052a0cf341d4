import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { validate, type SchemaName } from "../generated/validators.js";
import { documentExamples } from "../generator/model/examples.js";
import { renameComponents } from "../generator/emit/openapi-shape.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import { AJV_OPTIONS } from "../generator/emit/validators/ajv-options.js";
import { publishedComponentName } from "../generator/model/names.js";
import { FIXTURES, jsonFiles, type InvalidFixture } from "./helpers/fixtures.js";
import type { JsonObject } from "../runtime/json/json-text.js";
import { ROOT } from "./helpers/fixtures.js";

// ajv-formats is CommonJS: its default export is the plugin function.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

type Node = Record<string, unknown>;
const run = promisify(execFile);
const APIS = ["messaging", "configs"] as const;
const documentOf = (api: string) =>
  parse(readFileSync(path.join(ROOT, "generated", "openapi", `${api}.yaml`), "utf8")) as Node;
/** Every file of generated/openapi/: each API's document and the known-types documents. */
const PUBLISHED = readdirSync(path.join(ROOT, "generated", "openapi")).sort();

/** Schema title → validator name, from the schema files. */
const validatorByTitle = new Map<string, SchemaName>();
for (const api of APIS) {
  const folder = path.join(ROOT, "schemas", api);
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".schema.json"))) {
    const schema = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as { title: string };
    validatorByTitle.set(schema.title, file.replace(".schema.json", "") as SchemaName);
  }
}

/**
 * Every example of a built document with the validator of the component it exemplifies, found as generation finds
 * them (generator/model/examples.ts, which checks them on every run): here checked again by the committed validators.
 */
function examplesOf(document: Node): { where: string; validator: SchemaName; value: unknown }[] {
  return documentExamples(document as JsonObject).map((example) => {
    const component = "component" in example.schema ? example.schema.component : undefined;
    const validator = component === undefined ? undefined : validatorByTitle.get(component);
    if (validator === undefined) throw new Error(`${example.at}: no validator for the schema of this example`);
    return { where: example.at, validator, value: example.value };
  });
}

describe.each(APIS)("generated/openapi/%s.yaml", (api) => {
  const document = documentOf(api);

  it("is OpenAPI 3.1 with the package version and the schemas as components", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(document.openapi).toMatch(/^3\.1\./);
    expect((document.info as Node).version).toBe(manifest.version);
    const schemas = (document.components as Node).schemas as Node;
    const expected =
      api === "messaging"
        ? [
            "Message",
            "OutboundNotification",
            "InboundNotification",
            "Command",
            "CommandResponse",
            "Reason",
            "NodeAddress",
            "Select",
          ]
        : ["Config", "Input", "Output", "FilterNode", "Processor", "Transformer"];
    for (const title of expected) expect(Object.keys(schemas)).toContain(title);
    // Bundled from schemas/, not retyped: the component is the schema file minus $id and $schema.
    const configOrMessage = api === "messaging" ? "message" : "config";
    const original = JSON.parse(
      readFileSync(path.join(ROOT, "schemas", api, `${configOrMessage}.schema.json`), "utf8"),
    ) as Node;
    const component = schemas[original.title as string] as Node;
    expect(component.description).toBe(original.description);
    expect(component.$id).toBeUndefined();
  });

  const examples = examplesOf(document);
  it("carries named examples", () => {
    expect(examples.length).toBeGreaterThan(api === "messaging" ? 20 : 21);
  });

  it.each(examples.map((e) => [e.where, e] as const))("example %s is valid", (_where, example) => {
    expect(validate(example.validator, example.value)).toEqual({ valid: true });
  });
});

describe("messaging operations", () => {
  const document = documentOf("messaging");
  const paths = document.paths as Record<string, Record<string, Node>>;

  it("has the three operations with the seed's status codes and the two webhooks", () => {
    expect(Object.keys((paths["/messages"]?.post?.responses ?? {}) as Node)).toEqual(
      expect.arrayContaining(["202", "400", "401"]),
    );
    expect(Object.keys((paths["/notifications"]?.post?.responses ?? {}) as Node)).toEqual(
      expect.arrayContaining(["202", "400", "401"]),
    );
    expect(Object.keys((paths["/commands"]?.post?.responses ?? {}) as Node)).toEqual(
      expect.arrayContaining(["200", "400", "401"]),
    );
    expect(Object.keys(document.webhooks as Node).length).toBe(2);
  });

  it("states the plan limits and the delivery-notification rule", () => {
    const text = JSON.stringify(document);
    for (const figure of ["250", "500", "1000", "2000", "50", "100", "200"]) expect(text).toContain(figure);
    expect(text).toMatch(/consumed/);
  });
});

describe("redocly lint with the shipped redocly.yaml", () => {
  it("names every published document as an API", () => {
    const config = parse(readFileSync(path.join(ROOT, "redocly.yaml"), "utf8")) as {
      apis: Record<string, { root: string }>;
    };
    const published = readdirSync(path.join(ROOT, "generated", "openapi")).map((file) => `generated/openapi/${file}`);
    expect(
      Object.values(config.apis)
        .map((api) => api.root)
        .sort(),
    ).toEqual(published.sort());
  });

  // Run from elsewhere with --config, as a consumer lints node_modules/specfirst/generated/openapi/*.yaml.
  it("reports no errors and no warnings on every published document", async () => {
    const cli = path.join(ROOT, "node_modules", "@redocly", "cli", "bin", "cli.js");
    const files = PUBLISHED.map((file) => path.join(ROOT, "generated", "openapi", file));
    const { stdout, stderr } = await run(
      process.execPath,
      [cli, "lint", ...files, "--config", path.join(ROOT, "redocly.yaml"), "--format", "json"],
      {
        cwd: tmpdir(),
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout: string; stderr: string }) => error);
    // One JSON report per file, one after another ("}{" on a line of its own between two; a line break inside a
    // string is escaped, so no other line reads so).
    const reports = JSON.parse(`[${stdout.replace(/^\}\{$/gm, "},\n{")}]`) as {
      totals: { errors: number; warnings: number };
      problems: unknown[];
    }[];
    expect(reports, stderr).toHaveLength(PUBLISHED.length);
    PUBLISHED.forEach((file, index) => {
      expect(reports[index]?.problems, `${file}: ${stderr}`).toEqual([]);
      expect(reports[index]?.totals).toMatchObject({ errors: 0, warnings: 0 });
    });
  });
});

describe("published component names", () => {
  const documentWith = (schemas: JsonObject): JsonObject => ({
    openapi: "3.1.0",
    paths: {
      "/x": {
        post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Body" } } } } },
      },
    },
    components: { schemas },
  });

  it("publishes a schema named like a TypeScript global under a name saying what it is, with every $ref and mapping following", () => {
    const renamed = renameComponents(
      documentWith({
        Body: {
          type: "object",
          properties: {
            headers: { $ref: "#/components/schemas/Headers" },
            error: {
              oneOf: [{ $ref: "#/components/schemas/Error" }],
              discriminator: { propertyName: "code", mapping: { e: "#/components/schemas/Error" } },
            },
            when: { $ref: "#/components/schemas/Date" },
          },
        },
        Headers: { title: "Headers", type: "object", additionalProperties: { type: "string" } },
        Error: { title: "Error", type: "object", properties: { code: { type: "string" } } },
        Date: { title: "Date", type: "string" },
      }),
    );
    const schemas = (renamed.components as JsonObject).schemas as Record<string, Node>;
    expect(Object.keys(schemas).sort()).toEqual(["Body", "DateString", "ErrorObject", "HeadersMap"]);
    expect(schemas.HeadersMap?.title).toBe("HeadersMap");
    expect(JSON.stringify(schemas.Body)).not.toMatch(/schemas\/(Headers|Error|Date)"/);
    expect(JSON.stringify(schemas.Body)).toContain('"e":"#/components/schemas/ErrorObject"');
  });

  it("refuses a new name another component already has", () => {
    expect(() =>
      renameComponents(
        documentWith({ Body: { type: "object" }, Headers: { type: "object" }, HeadersMap: { type: "object" } }),
      ),
    ).toThrow(/"Headers" is published as "HeadersMap".*already has that name/);
  });
});

/** The valid fixtures of other media types, which the known-types documents refuse (read by test/client-generators.test.ts too). */
const OTHER_MEDIA_TYPES = new Set(
  (
    JSON.parse(readFileSync(path.join(FIXTURES, "openapi-consumer", "other-media-types.json"), "utf8")) as {
      fixtures: string[];
    }
  ).fixtures,
);

// The published form (variants, written-out inclusions, bare refs into cycles, renamed components) keeps every
// verdict: each fixture of test/fixtures/validators/<name>/ against the component published for that schema. The
// known-types document (docs/published-contract.md#the-known-types-documents) gives the same verdicts but on the
// valid fixtures of other media types, which it refuses.
describe.each([
  { file: "messaging.yaml", api: "messaging" },
  { file: "configs.yaml", api: "configs" },
  { file: "messaging.known.yaml", api: "messaging" },
])("components published in $file", ({ file: published, api }) => {
  const known = published.endsWith(".known.yaml");
  const document = parse(readFileSync(path.join(ROOT, "generated", "openapi", published), "utf8")) as Node;
  const schemas = (document.components as Node).schemas as Node;
  const ajv = new Ajv2020({ ...AJV_OPTIONS, strict: false, validateSchema: false });
  addFormats(ajv);
  const id = `https://specfirst.test/${published}`;
  ajv.addSchema({ ...document, $id: id });
  const root = path.join(FIXTURES, "validators");
  const cases = readdirSync(root).flatMap((name) => {
    const file = path.join(ROOT, "schemas", api, `${name}.schema.json`);
    const schema = existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as { title: string; type?: unknown; properties?: unknown })
      : undefined;
    const component = schema === undefined ? undefined : publishedComponentName(schema.title, schema);
    if (component === undefined || schemas[component] === undefined) return [];
    return [
      ...jsonFiles(path.join(root, name, "valid")).map(([file, data]) => ({
        at: `${name}/valid/${file}`,
        component,
        data,
        valid: !(known && OTHER_MEDIA_TYPES.has(`${name}/valid/${file}`)),
      })),
      ...jsonFiles<InvalidFixture>(path.join(root, name, "invalid")).map(([file, fixture]) => ({
        at: `${name}/invalid/${file}`,
        component,
        data: fixture.data,
        valid: false,
      })),
    ];
  });

  it("covers the envelopes", () => {
    const covered = new Set(cases.map((c) => c.component));
    for (const title of api === "messaging"
      ? [
          "Message",
          "InboundMessage",
          "OutboundNotification",
          "InboundNotification",
          "Command",
          "CommandResponse",
          "Container",
          "Collection",
        ]
      : ["Config"])
      expect(covered).toContain(title);
  });

  if (known)
    it("names in other-media-types.json only valid fixtures of its schemas", () => {
      const valid = new Set(cases.filter((c) => c.at.includes("/valid/")).map((c) => c.at));
      expect([...OTHER_MEDIA_TYPES].filter((at) => !valid.has(at))).toEqual([]);
    });

  it.each(cases.map((c) => [c.at, c] as const))("%s", (_at, c) => {
    const validate = ajv.getSchema(`${id}#/components/schemas/${encodeURIComponent(c.component)}`);
    expect(validate?.(c.data)).toBe(c.valid);
  });
});
