import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { consumerTsconfig } from "./helpers/consumer-tsconfig.js";
import { ROOT, TSC_5 } from "./helpers/fixtures.js";
import { installedPackage, npm } from "./helpers/installed-package.js";

// The package as a consumer gets it: the run's `npm pack` (test/helpers/installed-package.ts), installed from the
// tarball into a project of this file's own (some tests here remove files from the installed copy), type-checked
// with tsc and run with node.
const run = promisify(execFile);

const consumer = mkdtempSync(path.join(tmpdir(), "specfirst-consumer-"));
let tarball = "";
let packedFiles: string[] = [];

const CONSUMER_SOURCE = `
import type { Config, KnownMessage, Message } from "specfirst";
import { isMessageOfType, redact, validate } from "specfirst/validators";
import messageSchema from "specfirst/schemas/messaging/message.schema.json" with { type: "json" };
import { createMessagingClient, type MessagingClient } from "specfirst/client";

const select: Message<"application/vnd.lime.select+json"> = {
  to: "5531988887777@sms.example.net",
  type: "application/vnd.lime.select+json",
  content: { text: "Pick one", options: [{ order: 1, text: "First" }] },
};
const order: number | undefined = select.content.options?.[0]?.order;
const config: Config = { name: "c", output: { http: { basic_auth: { user_id: "u", password: "hunter2" } } } };
const incoming: unknown = JSON.parse(JSON.stringify(select));
const label = (m: KnownMessage) => (m.type === "text/plain" ? m.content : m.type);
const typed = isMessageOfType(incoming, "application/vnd.lime.select+json") ? incoming.content.options?.length : -1;
const send = (client: MessagingClient): Promise<void> => client.sendMessage(select, { signal: AbortSignal.timeout(1000) });
const client = createMessagingClient({ baseUrl: "https://messaging.example.net", accessKey: "test-key", limits: "free" });
console.log(JSON.stringify({
  valid: validate("message", select),
  invalid: validate("notification", { event: "read" }),
  order,
  typed,
  label: label({ to: "a@b.c", type: "text/plain", content: "hi" }),
  redacted: redact("config", config),
  schemaId: messageSchema.$id,
  client: typeof send === "function" && typeof client.sendMessage,
}));
`;

/** The same consumer's types under moduleResolution node10, which reads the package's `typesVersions`. */
const NODE10_SOURCE = `import type { KnownMessage, Message } from "specfirst";
import { validate } from "specfirst/validators";
import { createMessagingClient, type ReceivedMessage } from "specfirst/client";
import { createConfigsClient } from "specfirst/configs";
import type { Message as MessagingMessage } from "specfirst/messaging";
import { verify, type VerifyReport } from "specfirst/verify";
const select: Message<"application/vnd.lime.select+json"> = { to: "a@b.c", type: "application/vnd.lime.select+json", content: { options: [{ order: 1, text: "x" }] } };
const same: MessagingMessage = select;
const label = (m: ReceivedMessage) => (m.type === "text/plain" ? m.content.length : 0);
export const checks = [validate("message", select).valid, same, label, typeof createMessagingClient, typeof createConfigsClient, (m: KnownMessage) => m.type, typeof verify, (r: VerifyReport) => r.conformant];
// @ts-expect-error text/plain content is a string
export const wrong: Message<"text/plain"> = { to: "a@b.c", type: "text/plain", content: 1 };
`;

let consumerCheck: Promise<string> | undefined;
/**
 * tsc's diagnostics for the consumer's src/ (tsconfig.json) and node10/ (tsconfig.node10.json), by one `tsc -b` over
 * both projects (which reads the package's declarations once), for three tests: src/main.ts and node10/main.ts must
 * have none (src/main.ts is emitted to out/, which tsc does despite errors elsewhere), src/wrong.ts must be rejected.
 */
const checkConsumer = () =>
  (consumerCheck ??= run(
    process.execPath,
    [TSC_5, "-b", "tsconfig.json", "tsconfig.node10.json", "--pretty", "false"],
    {
      cwd: consumer,
    },
  ).then(
    () => "",
    (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
  ));

beforeAll(async () => {
  const packed = await installedPackage();
  tarball = packed.tarball;
  packedFiles = packed.files;
  writeFileSync(
    path.join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  await npm(["install", "--no-save", "--prefer-offline", tarball], consumer);
  mkdirSync(path.join(consumer, "src"));
  writeFileSync(path.join(consumer, "src", "main.ts"), CONSUMER_SOURCE);
  writeFileSync(
    path.join(consumer, "src", "wrong.ts"),
    `import type { Message } from "specfirst";\nexport const m: Message<"text/plain"> = { to: "a@b.c", type: "text/plain", content: { text: "x" } };\n`,
  );
  writeFileSync(
    path.join(consumer, "tsconfig.json"),
    consumerTsconfig("nodenext", ["src"], { target: "ES2023", noEmit: false, resolveJsonModule: true, outDir: "out" }),
  );
  mkdirSync(path.join(consumer, "node10"));
  writeFileSync(path.join(consumer, "node10", "main.ts"), NODE10_SOURCE);
  writeFileSync(path.join(consumer, "tsconfig.node10.json"), consumerTsconfig("node10", ["node10"]));
}, 240_000);

describe("the packed package", () => {
  it("ships the generated code, the schemas and the CLI, and needs no TypeScript, generator or AJV compiler to run", () => {
    const manifest = JSON.parse(
      readFileSync(path.join(consumer, "node_modules", "specfirst", "package.json"), "utf8"),
    ) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["ajv", "ajv-formats", "fast-check", "undici", "yaml"]);
    // The validators load only ajv's runtime helpers, never its compiler: remove the compiler and they still run.
    rmSync(path.join(consumer, "node_modules", "ajv", "dist", "compile"), { recursive: true, force: true });
    rmSync(path.join(consumer, "node_modules", "ajv", "dist", "core.js"), { force: true });
  });

  it("holds exactly the build of runtime/ and generated/: no output missing, none left from a removed source", () => {
    const sources = ["runtime", "generated"].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".ts"))
        .map((file) => `${dir}/${file.split(path.sep).join("/")}`),
    );
    const expected = sources
      .flatMap((file) => [`dist/${file.replace(/\.ts$/, ".js")}`, `dist/${file.replace(/\.ts$/, ".d.ts")}`])
      .sort();
    const compiled = packedFiles.filter((file) => file.startsWith("dist/") && !file.startsWith("dist/bundle/"));
    expect(
      compiled.sort(),
      "dist/ is not the build of the sources (the build is incremental: `rm -rf dist && npm run build`)",
    ).toEqual(expected);
    // the bundle step (scripts/bundle.mjs) writes one file per bundled entry point, plus the chunks they share
    const apis = readdirSync(path.join(ROOT, "generated")).filter((name) =>
      sources.includes(`generated/${name}/index.ts`),
    );
    const entries = [
      "dist/bundle/validators.js",
      "dist/bundle/client.js",
      ...apis.flatMap((api) => [`dist/bundle/${api}/index.js`, `dist/bundle/${api}/validators.js`]),
    ].sort();
    const bundled = packedFiles.filter((file) => file.startsWith("dist/bundle/"));
    expect(bundled.filter((file) => !file.startsWith("dist/bundle/chunks/") && file.endsWith(".js")).sort()).toEqual(
      entries,
    );
    // each bundle file ships its source map (`node --enable-source-maps`, docs/package.md#readable-errors)
    const scripts = bundled.filter((file) => file.endsWith(".js"));
    expect(bundled.filter((file) => file.endsWith(".js.map")).sort()).toEqual(
      scripts.map((file) => `${file}.map`).sort(),
    );
  });

  it("resolves every entry point to a file it ships, code and declarations", () => {
    const manifest = JSON.parse(
      readFileSync(path.join(consumer, "node_modules", "specfirst", "package.json"), "utf8"),
    ) as { exports: Record<string, string | { types: string; default: string }> };
    for (const [name, target] of Object.entries(manifest.exports)) {
      if (typeof target === "string" || name.includes("*")) continue;
      expect(packedFiles, `${name}: ${target.default}`).toContain(target.default.slice(2));
      expect(packedFiles, `${name}: ${target.types}`).toContain(target.types.slice(2));
    }
  });

  it("loads the bundled entry points with CommonJS require() as well as import()", async () => {
    const script = path.join(consumer, "require.cjs");
    writeFileSync(
      script,
      `const { validate } = require("specfirst/validators");\nconst configs = require("specfirst/configs");\nconst messaging = require("specfirst/messaging");\nconst client = require("specfirst/client");\nconst verify = require("specfirst/verify");\n` +
        `console.log(JSON.stringify({ message: validate("message", { to: "a@b.c", type: "text/plain", content: "hi" }).valid, config: configs.validate("config", { name: 5 }).valid, text: messaging.validate("message", { to: "a@b.c", type: "text/plain", content: 1 }).valid, client: typeof client.createMessagingClient, verify: typeof verify.verify }));\n`,
    );
    const { stdout } = await run(process.execPath, [script], { cwd: consumer });
    expect(JSON.parse(stdout)).toEqual({
      message: true,
      config: false,
      text: false,
      client: "function",
      verify: "function",
    });
  });

  it("holds no generator code and no template: nothing in it imports a generation tool", () => {
    expect(
      packedFiles.filter((file) => /^(generator|templates|test|bench)\//.test(file) || file.endsWith(".hbs")),
    ).toEqual([]);
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        "dist/runtime/cli/main.js",
        "dist/generated/messaging/index.js",
        "dist/generated/configs/index.d.ts",
        "generated/openapi/messaging.yaml",
        "generated/docs/configs.html",
      ]),
    );
    const installed = path.join(consumer, "node_modules", "specfirst");
    const tools =
      /from\s*["'](handlebars|ts-morph|json-schema-to-typescript|prettier|openapi-typescript|@redocly\/[^"']+)["']|import\(["'](handlebars|ts-morph|json-schema-to-typescript|prettier|openapi-typescript|@redocly)/;
    const importing = (pattern: RegExp) =>
      packedFiles.filter(
        (file) => /\.(js|ts)$/.test(file) && pattern.test(readFileSync(path.join(installed, file), "utf8")),
      );
    expect(importing(tools)).toEqual([]);
    // yaml, a dependency, is imported by the CLI's YAML reader alone (docs/validating.md#yaml-input)
    expect(importing(/from\s*["']yaml["']|import\(["']yaml["']\)/)).toEqual(["dist/runtime/json/read-yaml.js"]);
    // undici, a dependency, carries the proxy's requests to its upstream, and nothing else (runtime/proxy/upstream.ts)
    expect(importing(/from\s*["']undici["']/)).toEqual([
      "dist/runtime/proxy/upstream.d.ts",
      "dist/runtime/proxy/upstream.js",
    ]);
  });

  it("resolves the published documents, docs and shipped schemas by their package paths", async () => {
    const script = path.join(consumer, "resolve.mjs");
    writeFileSync(
      script,
      `import { existsSync } from "node:fs";\nimport { fileURLToPath } from "node:url";\nconst paths = ["specfirst/openapi/messaging.yaml", "specfirst/openapi/messaging.known.yaml", "specfirst/docs/configs.html", "specfirst/schemas/messaging/message.schema.json"];\nconsole.log(JSON.stringify(paths.map((p) => existsSync(fileURLToPath(import.meta.resolve(p))))));\n`,
    );
    const { stdout } = await run(process.execPath, [script], { cwd: consumer });
    expect(JSON.parse(stdout)).toEqual([true, true, true, true]);
  });

  it("loads one API alone: specfirst/configs runs with the messaging modules removed", async () => {
    // the messaging entry point, its compiled modules, and every bundle chunk holding messaging code (its media types)
    const installed = path.join(consumer, "node_modules", "specfirst");
    const chunks = path.join(installed, "dist", "bundle", "chunks");
    const messaging = [
      path.join(installed, "dist", "bundle", "messaging"),
      path.join(installed, "dist", "generated", "messaging"),
      ...readdirSync(chunks)
        .map((name) => path.join(chunks, name))
        .filter((file) => readFileSync(file, "utf8").includes("application/vnd.lime")),
    ];
    // the messaging validators are their own file, dist/bundle/messaging/validators.js (scripts/bundle.mjs)
    expect(messaging.length).toBeGreaterThanOrEqual(2);
    const script = path.join(consumer, "configs-only.mjs");
    writeFileSync(
      script,
      `const configs = await import("specfirst/configs");\nconsole.log(JSON.stringify({ valid: configs.validate("config", { name: "c" }).valid, factory: typeof configs.createConfigsClient }));\n`,
    );
    for (const file of messaging) renameSync(file, `${file}.away`);
    try {
      const { stdout } = await run(process.execPath, [script], { cwd: consumer });
      expect(JSON.parse(stdout)).toEqual({ valid: true, factory: "function" });
    } finally {
      for (const file of messaging) renameSync(`${file}.away`, file);
    }
  });

  it("type-checks a consumer file with tsc and runs it with node", async () => {
    const diagnostics = (await checkConsumer()).split("\n").filter((line) => /^\S/.test(line));
    expect(
      diagnostics.filter((line) => !line.startsWith("src/wrong.ts(") && !line.startsWith("node10/")),
      "tsc on src/main.ts",
    ).toEqual([]);
    const { stdout } = await run(process.execPath, [path.join("out", "main.js")], { cwd: consumer });
    const output = JSON.parse(stdout) as Record<string, unknown>;
    expect(output).toMatchObject({
      valid: { valid: true },
      invalid: {
        valid: false,
        errors: [{ pointer: "/event", message: "must be one of accepted, dispatched, received, consumed, failed" }],
      },
      order: 1,
      typed: 1,
      label: "hi",
      redacted: { output: { http: { basic_auth: { user_id: "u", password: "[REDACTED]" } } } },
      schemaId: "https://specfirst.dev/schemas/messaging/message.schema.json",
      client: "function",
    });
  });

  it("type-checks a consumer with moduleResolution node10 (typesVersions), getting the same types", async () => {
    const diagnostics = (await checkConsumer()).split("\n").filter((line) => /^\S/.test(line));
    expect(
      diagnostics.filter((line) => !line.startsWith("src/")),
      "tsc (node10) on node10/main.ts",
    ).toEqual([]);
  });

  it("rejects a wrong type at compile time in the consumer", async () => {
    expect(await checkConsumer()).toMatch(/wrong\.ts.*error TS2322/);
  });

  it("runs the specfirst CLI from the installed package", async () => {
    const file = path.join(consumer, "message.json");
    writeFileSync(file, JSON.stringify({ to: "a@b.c", type: "text/plain", content: 3 }));
    const bin = path.join(consumer, "node_modules", ".bin", "specfirst");
    const result = await run(bin, ["validate", "message", file]).then(
      () => ({ code: 0, stdout: "" }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("/content must be a string (checked as the text/plain document)");
  });
});
