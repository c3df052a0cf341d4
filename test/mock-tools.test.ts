import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { fromOpenApi } from "@mswjs/source/open-api";
import { setupServer } from "msw/node";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentExamples } from "../generator/model/examples.js";
import type { JsonObject } from "../runtime/json/json-text.js";
import { ROOT } from "./helpers/fixtures.js";

// Mocks and test tools on the published documents with their defaults (docs/published-contract.md#in-other-tools):
// @mswjs/source (MSW handlers from an OpenAPI document) and Redocly's `recommended` rules without our redocly.yaml.

const run = promisify(execFile);
const APIS = ["messaging", "configs"] as const;
type Api = (typeof APIS)[number];
const documentFile = (api: Api) => path.join(ROOT, "generated", "openapi", `${api}.yaml`);
const documentOf = (api: Api) => parse(readFileSync(documentFile(api), "utf8")) as JsonObject;

interface Server {
  url: string;
  variables?: Record<string, { default: string }>;
}
interface Operation {
  route: string;
  responses: Record<string, unknown>;
}

/** The first server's URL with each variable replaced by its default (OpenAPI 3.1, Server Variable Object). */
function defaultServerUrl(document: JsonObject): string {
  const [server] = document.servers as unknown as Server[];
  if (server === undefined) throw new Error("no server");
  return server.url.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const variable = server.variables?.[name];
    if (variable === undefined) throw new Error(`server variable ${name} has no default`);
    return variable.default;
  });
}

function postOperations(document: JsonObject): Operation[] {
  return Object.entries(
    document.paths as unknown as Record<string, { post?: { responses: Record<string, unknown> } }>,
  ).flatMap(([route, item]) => (item.post === undefined ? [] : [{ route, responses: item.post.responses }]));
}

/** The examples of each operation's request body, by route. */
function requestExamples(document: JsonObject, route: string): unknown[] {
  const at = `/paths/${route.replace(/~/g, "~0").replace(/\//g, "~1")}/post/requestBody/`;
  return documentExamples(document)
    .filter((example) => example.at.startsWith(at))
    .map((example) => example.value);
}

describe("the published documents' servers", () => {
  it.each(APIS)("%s: every server variable has a default, so a tool can fill the URL", (api) => {
    const document = documentOf(api);
    for (const server of document.servers as unknown as Server[])
      for (const name of server.url.match(/\{[^}]+\}/g) ?? [])
        expect(server.variables?.[name.slice(1, -1)]?.default, `${api} ${server.url}`).toMatch(/^https:\/\//);
  });
});

describe("@mswjs/source 0.5.0 with msw 2.15.0 (handlers from the published documents)", () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());

  it.each(APIS)(
    "%s: at the default base URL, answers the declared success when asked for it, else 200 from `200`/`default` or 501",
    async (api) => {
      const document = documentOf(api);
      const baseUrl = defaultServerUrl(document);
      // @mswjs/source reads `servers[].url` as written (no variable is filled): fill them with their defaults.
      server.resetHandlers(...(await fromOpenApi({ ...document, servers: [{ url: baseUrl }] } as never)));
      for (const operation of postOperations(document)) {
        const success = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
        // Every operation declares one success (configs: 201, the sandbox's answer; docs/decisions.md#openapi-documents).
        expect(success, `${api} ${operation.route}: one declared success`).toHaveLength(1);
        const declared = Number(success[0]);
        const examples = requestExamples(document, operation.route);
        expect(examples.length).toBeGreaterThan(0);
        for (const example of examples) {
          const send = (query: string) =>
            fetch(`${baseUrl}${operation.route}${query}`, {
              method: "POST",
              headers: { "content-type": "application/json", authorization: "Key test-key-1" },
              body: JSON.stringify(example),
            });
          // It answers 200 from a `200` or `default` response and 501 without one, whatever else is declared,
          // unless the request names a status with `?response=<status>`.
          expect((await send(`?response=${String(declared)}`)).status).toBe(declared);
          const fallback = operation.responses["200"] !== undefined || operation.responses.default !== undefined;
          expect((await send("")).status).toBe(fallback ? 200 : 501);
        }
      }
    },
  );
});

describe("redocly lint (@redocly/cli) with `recommended` and no configuration", () => {
  /** The rules whose warnings docs/published-contract.md#in-other-tools explains (none is an error). */
  const EXPLAINED = new Set([
    "no-invalid-media-type-examples",
    "no-required-schema-properties-undefined",
    "operation-4xx-response",
  ]);
  it.each(APIS)(
    "%s: no error, and warnings only of the rules the docs explain",
    async (api) => {
      const cli = path.join(ROOT, "node_modules", "@redocly", "cli", "bin", "cli.js");
      const { stdout } = await run(
        process.execPath,
        [cli, "lint", documentFile(api), "--extends", "recommended", "--format", "json", "--max-problems", "5000"],
        // Another folder, so that the project's redocly.yaml is not read.
        { cwd: path.join(ROOT, "generated"), maxBuffer: 64 * 1024 * 1024 },
      ).catch((error: { stdout: string }) => error);
      const { problems } = JSON.parse(stdout.slice(stdout.indexOf("{"), stdout.lastIndexOf("}") + 1)) as {
        problems: { ruleId: string; severity: string }[];
      };
      expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
      expect([...new Set(problems.map((problem) => problem.ruleId))].filter((rule) => !EXPLAINED.has(rule))).toEqual(
        [],
      );
    },
    120_000,
  );
});
