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
import { validate, type SchemaName } from "../generated/validators.js";
import { FIXTURES, ROOT, TSC_7, jsonFiles } from "./helpers/fixtures.js";

const run = promisify(execFile);

// The published documents as a consumer's own client generator reads them: each tool (the versions pinned in
// package.json, the last that run on Node 20) generates a client for each built document, once, into a temporary
// folder; a consumer per tool and document sends every request example of the document through the client's call
// (generated here from the document), and for messaging a hand-written consumer
// (test/fixtures/openapi-consumer/clients/<tool>.ts) holds wrong payloads, each under `@ts-expect-error` where the
// tool rejects it. Beside them, a consumer of openapi-typescript's types alone (test/fixtures/openapi-consumer/consumer.ts)
// picks each media type's variant of the messaging body. One `tsc --strict` run (TypeScript 7, `TSC_7`) checks them all.
// Each tool also reads the known-types document (generated/openapi/messaging.known.yaml,
// docs/published-contract.md#the-known-types-documents): a consumer per tool and messaging document makes the natural
// call (`sendMessage({ body })`, `sendMessage(body)`, `client.POST("/messages", { body })`) with each wrong payload
// and each valid fixture, one call per line, and the test reads which lines tsc refuses.
/** The built documents the tools read, by the name of the folders they write to: each API's, and the known-types one. */
const DOCUMENTS = {
  messaging: "messaging.yaml",
  configs: "configs.yaml",
  "messaging-known": "messaging.known.yaml",
} as const;
type DocumentName = keyof typeof DOCUMENTS;
const DOCUMENT_NAMES = Object.keys(DOCUMENTS) as DocumentName[];
const TOOLS = ["hey-api", "orval", "openapi-fetch"] as const;
type Tool = (typeof TOOLS)[number];

type Node = Record<string, unknown>;

const documentFile = (name: DocumentName) => path.join(ROOT, "generated", "openapi", DOCUMENTS[name]);

interface Operation {
  operationId: string;
  path: string;
  /** The component its request body names (`Message`). */
  body: string | undefined;
  examples: unknown[];
}

/** The operations of a document's paths with a request body: operation id, path, body component, examples. */
function operationsOf(name: DocumentName): Operation[] {
  const document = parse(readFileSync(documentFile(name), "utf8")) as { paths: Record<string, Record<string, Node>> };
  return Object.entries(document.paths).flatMap(([route, item]) =>
    Object.values(item).flatMap((operation) => {
      const content = ((operation.requestBody as Node | undefined)?.content as Record<string, Node> | undefined)?.[
        "application/json"
      ];
      const examples = Object.values((content?.examples ?? {}) as Record<string, Node>).map((example) => example.value);
      const ref = (content?.schema as Node | undefined)?.$ref;
      return typeof operation.operationId === "string" && content !== undefined
        ? [
            {
              operationId: operation.operationId,
              path: route,
              body: typeof ref === "string" ? ref.split("/").at(-1) : undefined,
              examples,
            },
          ]
        : [];
    }),
  );
}

/** The import lines of a consumer of `tool`'s client for a document, and the natural call of an operation with a body. */
function clientOf(tool: Tool, name: DocumentName, operations: readonly Operation[]) {
  const names = operations.map((op) => op.operationId).join(", ");
  const header = {
    "hey-api": `import { ${names} } from "./hey-api-${name}/sdk.gen";`,
    orval: `import { ${names} } from "./orval-${name}/client";`,
    "openapi-fetch": `import createClient from "openapi-fetch";\nimport type { paths } from "./openapi-fetch-${name}/paths";\nconst client = createClient<paths>({ baseUrl: "https://api.example.net" });`,
  }[tool];
  const call = (op: Operation, value: unknown) => {
    const body = JSON.stringify(value);
    return {
      "hey-api": `${op.operationId}({ body: ${body} })`,
      orval: `${op.operationId}(${body})`,
      "openapi-fetch": `client.POST(${JSON.stringify(op.path)}, { body: ${body} })`,
    }[tool];
  };
  return { header, call };
}

/** A consumer sending every request example of a document through `tool`'s client (the call a user writes, the example inline). */
function examplesConsumer(tool: Tool, name: DocumentName): string {
  const operations = operationsOf(name).filter((op) => op.examples.length > 0);
  const { header, call } = clientOf(tool, name, operations);
  const calls = operations.flatMap((op) => op.examples.map((value) => `  ${call(op, value)},`));
  return `${header}\n\nexport const sent = [\n${calls.join("\n")}\n];\n`;
}

const to = "5531988887777@sms.example.net";
/**
 * Wrong content for its media type, each refused by the validators: the three mismatches of issue 57 (the open
 * variant of the published document takes them at the natural call), and two more inside a command and a container.
 */
const MISMATCHES: { what: string; operationId: string; schema: SchemaName; body: unknown }[] = [
  {
    what: "a select message with string content",
    operationId: "sendMessage",
    schema: "message",
    body: { to, type: "application/vnd.lime.select+json", content: "First" },
  },
  {
    what: "a chat state `typing`",
    operationId: "sendMessage",
    schema: "message",
    body: { to, type: "application/vnd.lime.chatstate+json", content: { state: "typing" } },
  },
  {
    what: "a text/plain message with object content",
    operationId: "sendMessage",
    schema: "message",
    body: { to, type: "text/plain", content: { text: "Hello" } },
  },
  {
    what: "a distribution list whose identity is a number",
    operationId: "sendCommand",
    schema: "command",
    body: {
      id: "c1",
      to: "postmaster@broadcast.example.net",
      method: "set",
      uri: "/lists",
      type: "application/vnd.ext.distribution-list+json",
      resource: { identity: 42 },
    },
  },
  {
    what: "a message holding a select container with string value",
    operationId: "sendMessage",
    schema: "message",
    body: {
      to,
      type: "application/vnd.lime.container+json",
      content: { type: "application/vnd.lime.select+json", value: "First" },
    },
  },
];

/** Schema title → fixture folder (schema file name), for the messaging schemas. */
const FOLDER_BY_TITLE = new Map(
  readdirSync(path.join(ROOT, "schemas", "messaging"))
    .filter((file) => file.endsWith(".schema.json"))
    .map((file) => {
      const { title } = JSON.parse(readFileSync(path.join(ROOT, "schemas", "messaging", file), "utf8")) as {
        title: string;
      };
      return [title, file.replace(".schema.json", "")] as const;
    }),
);

/** The valid fixtures whose media type has no declared document (test/fixtures/openapi-consumer/other-media-types.json). */
const OTHER_MEDIA_TYPES = new Set(
  (
    JSON.parse(readFileSync(path.join(FIXTURES, "openapi-consumer", "other-media-types.json"), "utf8")) as {
      fixtures: string[];
    }
  ).fixtures,
);

/** A call of a pairing consumer: what it sends, its line in the file, and whether tsc must refuse it. */
interface PairingCall {
  what: string;
  line: number;
  refused: boolean;
}

/**
 * The natural call of `tool`'s client for a messaging document with each valid fixture of each operation's body
 * (test/fixtures/validators/<schema>/valid) and each mismatch, one call per line. With the known-types document, the
 * mismatches and the fixtures of other media types must be refused and every other fixture accepted; with the
 * published document, everything is accepted (its open variant takes the mismatches).
 */
function pairingConsumer(tool: Tool, name: "messaging" | "messaging-known"): { text: string; calls: PairingCall[] } {
  const known = name === "messaging-known";
  const operations = operationsOf(name);
  const { header, call } = clientOf(tool, name, operations);
  const sent: { what: string; refused: boolean; code: string }[] = [];
  for (const op of operations) {
    const folder = op.body === undefined ? undefined : FOLDER_BY_TITLE.get(op.body);
    if (folder === undefined) continue;
    for (const [file, value] of jsonFiles(path.join(FIXTURES, "validators", folder, "valid"))) {
      const at = `${folder}/valid/${file}`;
      sent.push({ what: at, refused: known && OTHER_MEDIA_TYPES.has(at), code: call(op, value) });
    }
  }
  for (const mismatch of MISMATCHES) {
    const op = operations.find((o) => o.operationId === mismatch.operationId) as Operation;
    sent.push({ what: mismatch.what, refused: known, code: call(op, mismatch.body) });
  }
  const first = header.split("\n").length + 2;
  return {
    text: `${header}\n\n${sent.map((c) => `${c.code};`).join("\n")}\n`,
    calls: sent.map(({ what, refused }, index) => ({ what, refused, line: first + index })),
  };
}

/** The consumer of openapi-typescript's types of the messaging document, as copied into the folder. */
const TYPES_CONSUMER = "openapi-typescript-consumer.ts";

let dir: string;
/** tsc's diagnostics, by consumer file. */
let diagnostics: Map<string, string[]>;
/** The messaging documents the pairing consumers call through, and each consumer's file. */
const PAIRED = ["messaging", "messaging-known"] as const;
const pairingFile = (tool: Tool, name: (typeof PAIRED)[number]) => `${tool}-${name}-pairing.ts`;
/** The calls of each pairing consumer, by file. */
const pairingCalls = new Map<string, PairingCall[]>();
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
    DOCUMENT_NAMES.map(async (api) => {
      const input = documentFile(api);
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
  for (const tool of TOOLS) {
    for (const name of DOCUMENT_NAMES) {
      writeFileSync(path.join(dir, `${tool}-${name}-examples.ts`), examplesConsumer(tool, name));
      files.push(`${tool}-${name}-examples.ts`);
    }
    for (const name of PAIRED) {
      const consumer = pairingConsumer(tool, name);
      writeFileSync(path.join(dir, pairingFile(tool, name)), consumer.text);
      files.push(pairingFile(tool, name));
      pairingCalls.set(pairingFile(tool, name), consumer.calls);
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

/** The lines of a consumer that tsc refuses. */
const refusedLines = (file: string) =>
  new Set(
    (diagnostics.get(file) ?? []).flatMap((line) => {
      const at = /^[^(]+\((\d+),\d+\): error /.exec(line)?.[1];
      return at === undefined ? [] : [Number(at)];
    }),
  );

describe.each(TOOLS)("a client generated by %s", (tool) => {
  it.each(DOCUMENT_NAMES)("from %s compiles under tsc --strict and takes every request example", (name) => {
    const own = (line: string) =>
      line.startsWith(`${tool}-${name}-examples.ts(`) || line.startsWith(`${tool}-${name}/`);
    expect(errorsOf(tool, `${tool}-${name}-examples.ts`).filter(own)).toEqual([]);
  });

  it("rejects wrong messaging payloads through the published named variants, and a notification without id and from at the call", () => {
    expect(errorsOf(tool, `wrong-${tool}.ts`).filter((line) => line.startsWith(`wrong-${tool}.ts`))).toEqual([]);
  });

  // docs/published-contract.md#the-known-types-documents
  it("from messaging.known.yaml refuses each mismatch and each fixture of another media type at the natural call, and takes every other valid fixture", () => {
    const file = pairingFile(tool, "messaging-known");
    const refused = refusedLines(file);
    const verdicts = (pairingCalls.get(file) ?? []).map((call) => ({
      what: call.what,
      refused: refused.has(call.line),
    }));
    expect(verdicts).toEqual((pairingCalls.get(file) ?? []).map(({ what, refused: r }) => ({ what, refused: r })));
  });

  it("from messaging.yaml takes every valid fixture and, through its open variant, the mismatches too", () => {
    expect(diagnostics.get(pairingFile(tool, "messaging")) ?? []).toEqual([]);
  });
});

it("sends mismatches the validators refuse", () => {
  expect(MISMATCHES.map((m) => ({ what: m.what, valid: validate(m.schema, m.body).valid }))).toEqual(
    MISMATCHES.map((m) => ({ what: m.what, valid: false })),
  );
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

it("orval reads every document without warnings", () => {
  expect(orvalWarnings).toEqual([]);
});
