import { execFile } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createClient as heyApi } from "@hey-api/openapi-ts";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { FIXTURES, ROOT, TSC_7 } from "./helpers/fixtures.js";

const run = promisify(execFile);

// The published documents as a consumer's own client generator reads them: each tool (the versions pinned in
// package.json, the last that run on Node 20) generates a client for each built document, once, into a temporary
// folder; a consumer per tool and document sends every request example of the document through the client's call
// (generated here from the document), and for messaging a hand-written consumer
// (test/fixtures/openapi-consumer/clients/<tool>.ts) holds wrong payloads, each under `@ts-expect-error` where the
// tool rejects it. Beside them, a consumer of openapi-typescript's types alone (test/fixtures/openapi-consumer/consumer.ts)
// picks each media type's variant of the messaging body. One `tsc --strict` run (TypeScript 7, `TSC_7`) checks them all.
const APIS = ["messaging", "configs"] as const;
const TOOLS = ["hey-api", "orval", "openapi-fetch"] as const;
type Tool = (typeof TOOLS)[number];

type Node = Record<string, unknown>;

/** The request examples of a document's paths: operation id, path and each example's value. */
function requestExamples(api: string): { operationId: string; path: string; values: unknown[] }[] {
  const document = parse(readFileSync(path.join(ROOT, "generated", "openapi", `${api}.yaml`), "utf8")) as {
    paths: Record<string, Record<string, Node>>;
  };
  return Object.entries(document.paths).flatMap(([route, item]) =>
    Object.values(item).flatMap((operation) => {
      const content = ((operation.requestBody as Node | undefined)?.content as Record<string, Node> | undefined)?.[
        "application/json"
      ];
      const examples = Object.values((content?.examples ?? {}) as Record<string, Node>).map((example) => example.value);
      return typeof operation.operationId === "string" && examples.length > 0
        ? [{ operationId: operation.operationId, path: route, values: examples }]
        : [];
    }),
  );
}

/** A consumer sending every request example of `api` through `tool`'s client (the call a user writes, the example inline). */
function examplesConsumer(tool: Tool, api: string): string {
  const operations = requestExamples(api);
  const names = operations.map((op) => op.operationId).join(", ");
  const header = {
    "hey-api": `import { ${names} } from "./hey-api-${api}/sdk.gen";`,
    orval: `import { ${names} } from "./orval-${api}/client";`,
    "openapi-fetch": `import createClient from "openapi-fetch";\nimport type { paths } from "./openapi-fetch-${api}/paths";\nconst client = createClient<paths>({ baseUrl: "https://api.example.net" });`,
  }[tool];
  const call = (op: (typeof operations)[number], value: unknown) => {
    const body = JSON.stringify(value);
    return {
      "hey-api": `${op.operationId}({ body: ${body} })`,
      orval: `${op.operationId}(${body})`,
      "openapi-fetch": `client.POST(${JSON.stringify(op.path)}, { body: ${body} })`,
    }[tool];
  };
  const calls = operations.flatMap((op) => op.values.map((value) => `  ${call(op, value)},`));
  return `${header}\n\nexport const sent = [\n${calls.join("\n")}\n];\n`;
}

/** The consumer of openapi-typescript's types of the messaging document, as copied into the folder. */
const TYPES_CONSUMER = "openapi-typescript-consumer.ts";

let dir: string;
/** tsc's diagnostics, by consumer file. */
let diagnostics: Map<string, string[]>;
/** What orval printed while generating (it reports schema validation problems as warnings). */
const orvalWarnings: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "specfirst-client-generators-"));
  // The consumer resolves openapi-fetch (and hey-api's runtime imports, none at the pinned version) as an installed package.
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  const files: string[] = [];
  // orval runs as its CLI, as a user runs it (it prints what it found wrong in the document as warnings, and goes
  // on), in child processes beside the in-process generators.
  const orval = path.join(ROOT, "node_modules", "orval", "dist", "bin", "orval.js");
  await Promise.all(
    APIS.map(async (api) => {
      const input = path.join(ROOT, "generated", "openapi", `${api}.yaml`);
      const printed = run(
        process.execPath,
        [
          orval,
          "--input",
          input,
          "--output",
          path.join(dir, `orval-${api}`, "client.ts"),
          "--client",
          "fetch",
          "--mode",
          "single",
        ],
        { cwd: dir },
      );
      await heyApi({
        input,
        output: path.join(dir, `hey-api-${api}`),
        plugins: ["@hey-api/client-fetch", "@hey-api/typescript", "@hey-api/sdk"],
        logs: { level: "silent" },
      });
      mkdirSync(path.join(dir, `openapi-fetch-${api}`));
      writeFileSync(
        path.join(dir, `openapi-fetch-${api}`, "paths.ts"),
        astToString(await openapiTS(readFileSync(input, "utf8"), { silent: true })),
      );
      const { stdout, stderr } = await printed;
      orvalWarnings.push(...`${stdout}\n${stderr}`.split("\n").filter((line) => line.includes("⚠️")));
    }),
  );
  for (const api of APIS) {
    for (const tool of TOOLS) {
      writeFileSync(path.join(dir, `${tool}-${api}-examples.ts`), examplesConsumer(tool, api));
      files.push(`${tool}-${api}-examples.ts`);
    }
  }
  copyFileSync(path.join(FIXTURES, "openapi-consumer", "consumer.ts"), path.join(dir, TYPES_CONSUMER));
  files.push(TYPES_CONSUMER);
  for (const file of readdirSync(path.join(FIXTURES, "openapi-consumer", "clients"))) {
    copyFileSync(path.join(FIXTURES, "openapi-consumer", "clients", file), path.join(dir, `wrong-${file}`));
    files.push(`wrong-${file}`);
  }
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    // As a consumer's bundler project compiles them (the generated imports have no file extension); TypeScript's
    // own lib files are not checked (skipDefaultLibCheck).
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        module: "ESNext",
        moduleResolution: "Bundler",
        types: [],
        skipDefaultLibCheck: true,
      },
      files,
    }),
  );
  const output = await run(process.execPath, [TSC_7, "-p", "tsconfig.json", "--pretty", "false"], { cwd: dir }).then(
    () => "",
    (error: { stdout: string }) => error.stdout,
  );
  diagnostics = new Map();
  for (const line of output.split("\n").filter((l) => l.trim() !== "")) {
    // A diagnostic starts with its file; continuation lines belong to the one before.
    const file = /^([^(]+)\(\d+,\d+\): /.exec(line)?.[1] ?? [...diagnostics.keys()].at(-1) ?? "";
    diagnostics.set(file, [...(diagnostics.get(file) ?? []), line]);
  }
}, 300_000);

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** tsc's diagnostics of one tool's files: its consumers and everything it generated. */
function errorsOf(tool: Tool, ...consumers: string[]): string[] {
  return [...diagnostics]
    .filter(([file]) => consumers.includes(file) || file.startsWith(`${tool}-`))
    .flatMap(([, lines]) => lines);
}

const version = (name: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string })
    .version;

describe.each(TOOLS)("a client generated by %s", (tool) => {
  it.each(APIS)("for %s compiles under tsc --strict and takes every request example", (api) => {
    expect(errorsOf(tool, `${tool}-${api}-examples.ts`).filter((line) => line.includes(`${tool}-${api}`))).toEqual([]);
  });

  it("rejects wrong messaging payloads through the published named variants, and a notification without id and from at the call", () => {
    expect(errorsOf(tool, `wrong-${tool}.ts`).filter((line) => line.startsWith(`wrong-${tool}.ts`))).toEqual([]);
  });
});

it("openapi-typescript pairs each media type with its content document in the messaging request body union", () => {
  expect(diagnostics.get(TYPES_CONSUMER) ?? []).toEqual([]);
});

it("the tools are the versions the README names (the last that run on Node 20)", () => {
  const names = ["@hey-api/openapi-ts", "orval", "openapi-typescript", "openapi-fetch"];
  expect(Object.fromEntries(names.map((name) => [name, version(name)]))).toEqual({
    "@hey-api/openapi-ts": "0.95.0",
    orval: "7.13.2",
    "openapi-typescript": "7.13.0",
    "openapi-fetch": "0.17.0",
  });
});

it("orval reads both documents without warnings", () => {
  expect(orvalWarnings).toEqual([]);
});
