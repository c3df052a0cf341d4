import { execFile, spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  registerSchema,
  setShouldValidateFormat,
  validate as hyperjumpValidate,
} from "@hyperjump/json-schema/draft-2020-12";
import "@hyperjump/json-schema/formats";
import type { Json } from "@hyperjump/json-pointer";
import { documentExamples } from "../generator/model/examples.js";
import type { JsonObject } from "../runtime/json/json-text.js";
import { FIXTURES, ROOT, jsonFiles, type InvalidFixture } from "./helpers/fixtures.js";

// The published files in other people's tools, each the real tool at the version pinned in package.json (the last
// that runs on Node 20): Prism mock, Spectral, @hyperjump/json-schema. Redocly: test/openapi.test.ts.

const run = promisify(execFile);
const APIS = ["messaging", "configs"] as const;
type Api = (typeof APIS)[number];
const documentFile = (api: Api) => path.join(ROOT, "generated", "openapi", `${api}.yaml`);
const documentOf = (api: Api) => parse(readFileSync(documentFile(api), "utf8")) as JsonObject;

/** A port nothing listens on now (Prism takes a port number, not 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

interface Prism {
  url: string;
  child: ChildProcess;
  output(): string;
}

/**
 * `prism mock` on loopback for each published document, once each says it listens: one process serving both
 * (test/helpers/prism-mock.mjs starts each server as the CLI's `mock <document>` does), which loads Prism once.
 */
async function startPrisms(): Promise<Map<Api, Prism>> {
  const ports = new Map<Api, number>();
  for (const api of APIS) ports.set(api, await freePort());
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "test", "helpers", "prism-mock.mjs"),
      ...APIS.flatMap((api) => [documentFile(api), String(ports.get(api))]),
    ],
    // (standard input kept open: it ends when this process does, and the mock exits then)
    { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism mock did not start:\n${output}`)), 170_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split("Prism is listening").length - 1 === APIS.length) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) => reject(new Error(`prism mock exited with ${String(code)}:\n${output}`)));
  });
  return new Map(
    APIS.map((api) => [api, { url: `http://127.0.0.1:${String(ports.get(api))}`, child, output: () => output }]),
  );
}

interface Answer {
  status: number;
  /** Prism's `sl-violations` header: what it found wrong in the request. */
  violations: { severity: string; message: string }[];
}

async function post(prism: Prism, route: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${prism.url}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", authorization: "Key test-key" },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  const header = response.headers.get("sl-violations");
  if (header === null) return { status: response.status, violations: [] };
  // A list of violations, or a sentence when there are too many to list.
  return {
    status: response.status,
    violations: header.startsWith("[")
      ? (JSON.parse(header) as Answer["violations"])
      : [{ severity: "Error", message: header }],
  };
}

/** The one 2xx status an operation declares (every operation of both documents declares one). */
function declaredSuccess(api: Api, route: string): number {
  const paths = documentOf(api).paths as Record<string, { post: { responses: Record<string, unknown> } }>;
  const [success, ...more] = Object.keys(paths[route]?.post.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
  if (success === undefined || more.length > 0) throw new Error(`${api} ${route}: not one declared success`);
  return Number(success);
}

/** The examples of each operation's request body, by route. */
function requestExamples(api: Api): { route: string; name: string; value: unknown }[] {
  return documentExamples(documentOf(api))
    .filter((example) => /^\/paths\/[^/]+\/post\/requestBody\//.test(example.at))
    .map((example) => ({
      route: decodeURIComponent((example.at.split("/")[2] ?? "").replace(/~1/g, "/").replace(/~0/g, "~")),
      name: example.at,
      value: example.value,
    }));
}

const firstExample = (api: Api, route: string) => {
  const found = requestExamples(api).find((example) => example.route === route);
  if (found === undefined) throw new Error(`no example for ${route}`);
  return found.value as JsonObject;
};

/** One payload per class of wrong body, on each of the four operations. */
function invalidBodies(): { route: string; api: Api; what: string; body: unknown }[] {
  const message = firstExample("messaging", "/messages");
  const to = message.to;
  const config = firstExample("configs", "/v1/configs");
  return [
    {
      api: "messaging",
      route: "/messages",
      what: "a select with string content",
      body: { to, type: "application/vnd.lime.select+json", content: "choose" },
    },
    {
      api: "messaging",
      route: "/messages",
      what: "chat state `typing`",
      body: { to, type: "application/vnd.lime.chatstate+json", content: { state: "typing" } },
    },
    {
      api: "messaging",
      route: "/messages",
      what: "a message without `to`",
      body: { type: "text/plain", content: "hello" },
    },
    {
      api: "messaging",
      route: "/messages",
      what: "TEXT/PLAIN with object content",
      body: { to, type: "TEXT/PLAIN", content: { text: "hello" } },
    },
    { api: "messaging", route: "/messages", what: "content 42", body: { to, type: "text/plain", content: 42 } },
    {
      api: "messaging",
      route: "/notifications",
      what: "a notification without `id` and `from`",
      body: { event: "consumed" },
    },
    {
      api: "messaging",
      route: "/notifications",
      what: "`failed` without `reason`",
      body: { id: "1", from: to, event: "failed" },
    },
    {
      api: "messaging",
      route: "/commands",
      what: "a /lists command without `to`",
      body: { id: "1", method: "get", uri: "/lists" },
    },
    {
      api: "messaging",
      route: "/commands",
      what: "a `set` without `resource`",
      body: { id: "1", to: "postmaster@msging.net", method: "set", uri: "/ping" },
    },
    {
      api: "configs",
      route: "/v1/configs",
      what: "a Config with an unknown key",
      body: { ...config, unknown_key: true },
    },
    { api: "configs", route: "/v1/configs", what: "a Config with a wrong type", body: { ...config, name: 42 } },
  ];
}

describe("prism mock (@stoplight/prism-cli) on the published documents", () => {
  let prisms = new Map<Api, Prism>();
  beforeAll(async () => {
    prisms = await startPrisms();
  }, 180_000);
  afterAll(() => {
    for (const prism of prisms.values()) prism.child.kill();
  });
  const prism = (api: Api) => prisms.get(api) as Prism;

  it.each(invalidBodies().map((c) => [`${c.route}: ${c.what}`, c] as const))("rejects %s", async (_name, c) => {
    const answer = await post(prism(c.api), c.route, c.body);
    expect(answer.status, prism(c.api).output()).toBeGreaterThanOrEqual(400);
    expect(answer.status).not.toBe(401);
    expect(answer.violations.some((violation) => violation.severity === "Error")).toBe(true);
  });

  it.each(APIS.flatMap((api) => requestExamples(api).map((example) => [example.name, { api, ...example }] as const)))(
    "accepts %s, answering the operation's declared success",
    async (_name, example) => {
      const answer = await post(prism(example.api), example.route, example.value);
      expect(answer.violations.filter((violation) => violation.severity === "Error")).toEqual([]);
      // configs too: 201, the sandbox's answer (docs/decisions.md#openapi-documents); 200 before, from `default`.
      expect(answer.status).toBe(declaredSuccess(example.api, example.route));
    },
  );
});

describe("spectral lint (spectral:oas) with the shipped .spectral.yaml", () => {
  it("reports nothing on any published document (each API's and the known-types ones)", async () => {
    const cli = path.join(ROOT, "node_modules", "@stoplight", "spectral-cli", "dist", "index.js");
    const folder = path.join(ROOT, "generated", "openapi");
    const { stdout, stderr } = await run(
      process.execPath,
      [
        cli,
        "lint",
        ...readdirSync(folder).map((file) => path.join(folder, file)),
        "--ruleset",
        path.join(ROOT, ".spectral.yaml"),
        "--format",
        "json",
        "--fail-severity",
        "hint",
      ],
      {
        cwd: ROOT,
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout: string; stderr: string }) => error);
    // The JSON report, then (with none) a sentence on the same stream.
    const report = stdout.slice(stdout.indexOf("["), stdout.lastIndexOf("]") + 1);
    const problems = JSON.parse(report) as { code: string; path: string[] }[];
    expect(problems, stderr).toEqual([]);
  });
});

describe("@hyperjump/json-schema (draft 2020-12, formats asserted) on generated/schemas", () => {
  const schemaFiles = APIS.flatMap((api) =>
    readdirSync(path.join(ROOT, "generated", "schemas", api)).map((file) =>
      path.join(ROOT, "generated", "schemas", api, file),
    ),
  );
  const idByName = new Map<string, string>();
  beforeAll(() => {
    setShouldValidateFormat(true);
    for (const file of schemaFiles) {
      const schema = JSON.parse(readFileSync(file, "utf8")) as { $id: string };
      registerSchema(schema as Parameters<typeof registerSchema>[0]);
      idByName.set(path.basename(file, ".schema.json"), schema.$id);
    }
  });

  const root = path.join(FIXTURES, "validators");
  const cases = readdirSync(root)
    .sort()
    .flatMap((name) => [
      ...jsonFiles(path.join(root, name, "valid")).map(([file, data]) => ({
        name,
        file: `${name}/valid/${file}`,
        data,
        valid: true,
      })),
      ...jsonFiles<InvalidFixture>(path.join(root, name, "invalid")).map(([file, fixture]) => ({
        name,
        file: `${name}/invalid/${file}`,
        data: fixture.data,
        valid: false,
      })),
    ]);

  it("has every fixture folder's schema", () => {
    for (const name of new Set(cases.map((c) => c.name))) expect(idByName.has(name), name).toBe(true);
  });

  it.each(cases.map((c) => [c.file, c] as const))("gives the validators' verdict on %s", async (_file, c) => {
    const output = await hyperjumpValidate(idByName.get(c.name) as string, c.data as Json);
    expect(output.valid).toBe(c.valid);
  });
});
