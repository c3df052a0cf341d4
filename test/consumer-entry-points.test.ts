import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, ROOT, jsonFiles } from "./helpers/fixtures.js";
import { installedPackage } from "./helpers/installed-package.js";
import { redisAvailable, startRedis } from "./helpers/redis.js";

// Each JavaScript entry point as a consumer gets it (the consumer tier, CONTRIBUTING.md#the-consumer-tier): scripts
// in a project that installed the packed package, run with node, as ES modules and as CommonJS.
const run = promisify(execFile);

let scripts = "";

const write = (name: string, text: string) => writeFileSync(path.join(scripts, name), text);

/** Runs a script of the consumer with node; its stdout parsed as JSON. */
async function runScript<T>(name: string, args: string[] = [], nodeOptions: string[] = []): Promise<T> {
  const { stdout } = await run(process.execPath, [...nodeOptions, path.join(scripts, name), ...args], {
    cwd: scripts,
    maxBuffer: 256 * 1024 * 1024,
    timeout: 60_000,
  }).catch((error: { stdout: string; stderr: string; message: string }) => {
    throw new Error(`${name} failed: ${error.message}\n${error.stderr}`);
  });
  return JSON.parse(stdout) as T;
}

/** Every payload the tests know: the validator fixtures (valid and invalid) and the OpenAPI examples, with the API whose schemas they are checked against. */
function payloads(): { id: string; api: string; schema?: string; data: unknown }[] {
  const found: { id: string; api: string; schema?: string; data: unknown }[] = [];
  const apiOfSchema = (schema: string) =>
    readdirSync(path.join(ROOT, "generated", "schemas")).find((api) =>
      readdirSync(path.join(ROOT, "generated", "schemas", api)).includes(`${schema}.schema.json`),
    );
  const validators = path.join(FIXTURES, "validators");
  for (const schema of readdirSync(validators)) {
    const api = apiOfSchema(schema);
    if (api === undefined) continue;
    for (const kind of ["valid", "invalid"])
      for (const [file, data] of jsonFiles<{ data?: unknown }>(path.join(validators, schema, kind)))
        found.push({ id: `${schema}/${kind}/${file}`, api, schema, data: kind === "invalid" ? data.data : data });
  }
  const examples = path.join(ROOT, "openapi", "examples");
  for (const api of readdirSync(examples))
    for (const [file, data] of jsonFiles(path.join(examples, api)))
      found.push({ id: `examples/${api}/${file}`, api, data });
  return found;
}

/**
 * results.mjs / results.cjs <payloads file> <entry point>...: loads every entry point named (all of them in one
 * process), then prints, per entry point, the result of `validate` for each payload against every schema name of the
 * payload's API that the entry point knows, `validateDocument` for each media type it knows (also in upper case, and
 * one it does not), and `redact` of each fixture against its own schema, as `{ [entry]: { [case]: result } }`.
 */
const RESULTS_BODY = `
const [file, ...entries] = process.argv.slice(2);
const payloads = JSON.parse(readFileSync(file, "utf8"));
const out = {};
for (const [index, module] of modules.entries()) {
  if (typeof module.validate !== "function") continue;
  const results = {};
  const names = new Set(module.schemaNames);
  for (const payload of payloads) {
    for (const name of module.schemaNames) {
      if (!payload.apiNames.includes(name)) continue;
      results["validate " + name + " " + payload.id] = module.validate(name, payload.data);
    }
    if (payload.schema !== undefined && names.has(payload.schema))
      results["redact " + payload.id] = module.redact(payload.schema, payload.data);
    if (payload.api === "messaging" && typeof payload.data === "object" && payload.data !== null && "content" in payload.data)
      for (const type of [...Object.keys(module.documentSchemas), ...Object.keys(module.documentSchemas).map((known) => known.toUpperCase()), "application/x-unknown"])
        results["document " + type + " " + payload.id] = module.validateDocument(type, payload.data.content);
  }
  out[entries[index]] = results;
}
process.stdout.write(JSON.stringify(out));
`;

/** The entry points holding `validate`, and the APIs whose schemas each knows. */
const VALIDATING = [
  "specfirst/validators",
  "specfirst/messaging/validators",
  "specfirst/configs/validators",
  "specfirst/messaging",
  "specfirst/configs",
];
type Results = Record<string, Record<string, unknown>>;

beforeAll(async () => {
  const installed = await installedPackage();
  scripts = path.join(installed.dir, "entry-points");
  mkdirSync(scripts, { recursive: true });
  // an API's schema names, variant twins included: its SchemaName type in generated/<api>/validators.ts
  const schemaNames = (api: string) => {
    const text = readFileSync(path.join(ROOT, "generated", api, "validators.ts"), "utf8");
    const union = /export type SchemaName =([^;]*);/.exec(text)?.[1] ?? "";
    return [...union.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
  };
  const all = payloads().map((payload) => ({ ...payload, apiNames: schemaNames(payload.api) }));
  write("payloads.json", JSON.stringify(all));
  write(
    "results.mjs",
    `import { readFileSync } from "node:fs";\nconst modules = await Promise.all(process.argv.slice(3).map((entry) => import(entry)));\n${RESULTS_BODY}`,
  );
  write(
    "results.cjs",
    `const { readFileSync } = require("node:fs");\nconst modules = process.argv.slice(3).map((entry) => require(entry));\n${RESULTS_BODY}`,
  );
}, 300_000);

describe("validators from every entry point", () => {
  it("give the same verdict, errors and order through the aggregate as through each API's entry points, loaded together or alone, imported or required", async () => {
    const together = await runScript<Results>("results.mjs", ["payloads.json", ...VALIDATING, "specfirst/client"]);
    const required = await runScript<Results>("results.cjs", ["payloads.json", ...VALIDATING, "specfirst/client"]);
    const alone = Object.assign(
      {},
      ...(await Promise.all(VALIDATING.map((entry) => runScript<Results>("results.mjs", ["payloads.json", entry])))),
    ) as Results;
    const aggregate = together["specfirst/validators"]!;
    expect(Object.keys(aggregate).length).toBeGreaterThan(5_000);
    for (const entry of VALIDATING) {
      const cases = Object.keys(together[entry]!);
      expect(cases.length, entry).toBeGreaterThan(0);
      const differing = (results: Record<string, unknown>) =>
        cases.filter((key) => JSON.stringify(results[key]) !== JSON.stringify(together[entry]![key])).slice(0, 5);
      expect(differing(aggregate), `${entry} against specfirst/validators, loaded together`).toEqual([]);
      expect(differing(alone[entry]!), `${entry} loaded alone against together`).toEqual([]);
      expect(differing(required[entry]!), `${entry} required (CommonJS) against imported`).toEqual([]);
    }
  });

  it("give the README's first example one error through the aggregate (issue 52: two through the aggregate bundle's own state)", async () => {
    write(
      "first.mjs",
      `import { validate } from "specfirst/validators";\nimport * as messaging from "specfirst/messaging/validators";\nconst message = { to: "a@b.example.net", type: "text/plain", content: 1 };\nprocess.stdout.write(JSON.stringify([validate("message", message), messaging.validate("message", message)]));\n`,
    );
    const [aggregate, alone] = await runScript<unknown[]>("first.mjs");
    expect(aggregate).toEqual({
      valid: false,
      errors: [
        { pointer: "/content", message: "must be a string (checked as the text/plain document)", keyword: "type" },
      ],
    });
    expect(alone).toEqual(aggregate);
  });
});

/** Starts a sandbox and runs `body` (a script's text using `sandbox` and `baseUrl`), as ESM or CommonJS. */
const withSandbox = (format: "esm" | "cjs", body: string) =>
  format === "esm"
    ? `import { createSandbox } from "specfirst/sandbox";\nconst sandbox = createSandbox({ accessKey: "consumer-access-key", configsKey: "consumer-configs-key" });\nconst baseUrl = await sandbox.start();\ntry {\n${body}\n} finally { await sandbox.close(); }\n`
    : `const { createSandbox } = require("specfirst/sandbox");\n(async () => {\nconst sandbox = createSandbox({ accessKey: "consumer-access-key", configsKey: "consumer-configs-key" });\nconst baseUrl = await sandbox.start();\ntry {\n${body}\n} finally { await sandbox.close(); }\n})().catch((error) => { console.error(error); process.exit(1); });\n`;

const imports = (format: "esm" | "cjs", names: string, entry: string) =>
  format === "esm"
    ? `import { ${names.replaceAll(":", " as")} } from "${entry}";\n`
    : `const { ${names} } = require("${entry}");\n`;

describe.each(["esm", "cjs"] as const)("the installed package's run time (%s)", (format) => {
  const file = (name: string) => `${name}.${format === "esm" ? "mjs" : "cjs"}`;

  it("a client with validate: true sends a valid message and rejects an invalid one without sending it", async () => {
    const source =
      imports(format, "createMessagingClient, createConfigsClient, RequestValidationError", "specfirst/client") +
      withSandbox(
        format,
        `const messaging = createMessagingClient({ baseUrl, accessKey: "consumer-access-key", validate: true });
const configs = createConfigsClient({ baseUrl, apiKey: "consumer-configs-key", validate: true });
await messaging.sendMessage({ id: "m-1", to: "customer@example.net", type: "text/plain", content: "Hi" });
const refused = await messaging.sendMessage({ to: "customer@example.net", type: "text/plain", content: 1 }).catch((error) => error);
const config = await configs.createConfig({ name: "orders" });
const refusedConfig = await configs.createConfig({ name: 5 }).catch((error) => error);
process.stdout.write(JSON.stringify({
  sent: sandbox.state().sent.messages.length,
  refused: [refused instanceof RequestValidationError, refused.constructor.name, refused.errors],
  config: typeof config,
  refusedConfig: [refusedConfig instanceof RequestValidationError, refusedConfig.errors[0].pointer],
  configs: sandbox.state().configs.length,
}));`,
      );
    write(file("client"), source);
    expect(await runScript(file("client"))).toEqual({
      sent: 1,
      refused: [
        true,
        "RequestValidationError",
        [{ pointer: "/content", message: "must be a string (checked as the text/plain document)", keyword: "type" }],
      ],
      // createConfig resolves on the declared 201 with no value (docs/client.md#behaviour)
      config: "undefined",
      refusedConfig: [true, "/name"],
      configs: 1,
    });
  });

  it("the webhook handler answers the sandbox's call, replies and confirms (specfirst/client and specfirst/messaging)", async () => {
    const source =
      imports(format, "createServer", "node:http") +
      imports(format, "createMessagingClient, createWebhookHandler", "specfirst/client") +
      imports(format, "createWebhookHandler: handlerOfMessaging", "specfirst/messaging") +
      withSandbox(
        format,
        `const results = [];
const servers = [];
for (const create of [createWebhookHandler, handlerOfMessaging]) {
  const client = createMessagingClient({ baseUrl, accessKey: "consumer-access-key", limits: "free", validate: true });
  const server = createServer(create({ client, onMessage: (message, { reply }) => reply({ type: "text/plain", content: "echo: " + message.content }) }));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const bot = "http://127.0.0.1:" + server.address().port;
  sandbox.setWebhooks({ messages: bot + "/messages", notifications: bot + "/notifications" });
  const delivery = await sandbox.inbound({ from: "customer@example.net", type: "text/plain", content: "Hi" });
  await sandbox.waitFor((state) => state.received.messages.at(-1)?.acknowledgedWith);
  results.push({ status: delivery.outcome?.status, answer: sandbox.state().sent.messages.at(-1)?.message.content });
  servers.push(server);
}
// the notifications of the bots' answers go to the webhooks set last: wait for them before closing
await sandbox.waitFor((state) => state.received.notifications.length >= 3);
const violations = [...sandbox.violations];
for (const server of servers) server.close();
process.stdout.write(JSON.stringify({ results, violations }));`,
      );
    write(file("webhook"), source);
    expect(await runScript(file("webhook"))).toEqual({
      results: [
        { status: 200, answer: "echo: Hi" },
        { status: 200, answer: "echo: Hi" },
      ],
      violations: [],
    });
  });

  it("the proxy with enforce refuses an invalid request and forwards a valid one to the sandbox", async () => {
    const source =
      imports(format, "createProxy", "specfirst/proxy") +
      withSandbox(
        format,
        `const lines = [];
const proxy = await createProxy({ upstream: baseUrl, enforce: true, log: (line) => lines.push(JSON.parse(line)) });
const post = (body) => fetch(proxy.url + "/messages", { method: "POST", headers: { "content-type": "application/json", authorization: "Key consumer-access-key" }, body: JSON.stringify(body) });
const valid = await post({ to: "customer@example.net", type: "text/plain", content: "Hi" });
const invalid = await post({ to: "customer@example.net", type: "text/plain", content: 1 });
await proxy.close();
process.stdout.write(JSON.stringify({ valid: valid.status, invalid: invalid.status, errors: (await invalid.json()).errors, logged: lines.map((line) => line.pointer), sent: sandbox.state().sent.messages.length }));`,
      );
    write(file("proxy"), source);
    expect(await runScript(file("proxy"))).toEqual({
      valid: 202,
      invalid: 400,
      errors: [
        { pointer: "/content", message: "must be a string (checked as the text/plain document)", keyword: "type" },
      ],
      logged: ["/content"],
      sent: 1,
    });
  });

  it("each middleware answers a valid body and refuses an invalid one with the validators' errors", async () => {
    const source =
      imports(format, "default: express", "express").replace(/\{ default(:| as) express \}/, "express") +
      imports(format, "default: Fastify", "fastify").replace(/\{ default(:| as) Fastify \}/, "Fastify") +
      imports(format, "validateBody", "specfirst/express") +
      imports(format, "specfirst", "specfirst/fastify") +
      imports(format, "validateRequest", "specfirst/web") +
      imports(format, "readJson", "specfirst/json") +
      imports(format, "createAjv, schemaId", "specfirst/ajv") +
      `const main = async () => {
const bodies = ['{"to":"bot@example.net","type":"text/plain","content":"Hi"}', '{"to":"bot@example.net","type":"text/plain","content":1}'];
const results = {};
const app = express();
app.post("/messages", validateBody("message"), (req, res) => res.status(202).end());
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
results.express = [];
for (const body of bodies) {
  const response = await fetch("http://127.0.0.1:" + server.address().port + "/messages", { method: "POST", headers: { "content-type": "application/json" }, body });
  results.express.push([response.status, response.status === 400 ? (await response.json()).errors : null]);
}
server.close();
const fastify = Fastify();
await fastify.register(specfirst);
fastify.post("/messages", { schema: { body: "message" } }, async (request, reply) => reply.code(202).send());
results.fastify = [];
for (const body of bodies) {
  const response = await fastify.inject({ method: "POST", url: "/messages", headers: { "content-type": "application/json" }, payload: body });
  results.fastify.push([response.statusCode, response.statusCode === 400 ? response.json().errors : null]);
}
await fastify.close();
results.web = [];
for (const body of bodies) {
  const checked = await validateRequest(new Request("http://localhost/messages", { method: "POST", headers: { "content-type": "application/json" }, body }), "message");
  results.web.push([checked.response ? checked.response.status : 202, checked.response ? (await checked.response.json()).errors : null]);
}
try {
  readJson(new TextEncoder().encode('{"a":1,"a":2}'));
} catch (error) {
  results.json = error.constructor.name;
}
const check = createAjv().getSchema(schemaId("message"));
results.ajv = bodies.map((body) => check(JSON.parse(body)));
process.stdout.write(JSON.stringify(results));
};
${format === "esm" ? "await main();" : "main().catch((error) => { console.error(error); process.exit(1); });"}
`;
    write(file("middleware"), source);
    const refused = [
      400,
      [{ pointer: "/content", message: "must be a string (checked as the text/plain document)", keyword: "type" }],
    ];
    expect(await runScript(file("middleware"))).toEqual({
      express: [[202, null], refused],
      fastify: [[202, null], refused],
      web: [[202, null], refused],
      json: "JsonSyntaxError",
      ajv: [true, false],
    });
  });

  it("validateRoute of each middleware and validateRouteRequest check a request by its route (docs/validating.md#route-level-validation)", async () => {
    const source =
      imports(format, "default: express", "express").replace(/\{ default(:| as) express \}/, "express") +
      imports(format, "default: Fastify", "fastify").replace(/\{ default(:| as) Fastify \}/, "Fastify") +
      imports(format, "validateRoute: expressRoute", "specfirst/express") +
      imports(format, "specfirst, validateRoute: fastifyRoute", "specfirst/fastify") +
      imports(format, "validateRoute: webRoute", "specfirst/web") +
      imports(format, "validateRouteRequest", "specfirst/validators") +
      imports(format, "validateRouteRequest: messagingRoute", "specfirst/messaging/validators") +
      `const main = async () => {
const requests = [
  ['{"id":"1","event":"consumed","from":"5531988887777@sms.example.net"}', { authorization: "Key consumer-access-key" }],
  ['{"id":"1","event":"consumed"}', { authorization: "Key consumer-access-key" }],
  ['{"id":"1","event":"consumed","from":"5531988887777@sms.example.net"}', {}],
];
const results = { express: [], fastify: [], web: [] };
const app = express();
app.post("/notifications", expressRoute("POST /notifications"), (req, res) => res.status(202).end());
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
for (const [body, headers] of requests) {
  const response = await fetch("http://127.0.0.1:" + server.address().port + "/notifications", { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  results.express.push([response.status, response.status === 202 ? null : (await response.json()).errors.map((error) => error.pointer)]);
}
server.close();
const fastify = Fastify();
await fastify.register(specfirst);
fastify.post("/notifications", { preValidation: fastifyRoute("POST /notifications") }, async (request, reply) => reply.code(202).send());
for (const [body, headers] of requests) {
  const response = await fastify.inject({ method: "POST", url: "/notifications", headers: { "content-type": "application/json", ...headers }, payload: body });
  results.fastify.push([response.statusCode, response.statusCode === 202 ? null : response.json().errors.map((error) => error.pointer)]);
}
await fastify.close();
const handler = webRoute("POST /notifications", () => new Response(null, { status: 202 }));
for (const [body, headers] of requests) {
  const response = await handler(new Request("http://localhost/notifications", { method: "POST", headers: { "content-type": "application/json", ...headers }, body }));
  results.web.push([response.status, response.status === 202 ? null : (await response.json()).errors.map((error) => error.pointer)]);
}
results.plain = [validateRouteRequest, messagingRoute].map((check) => check("sendNotification", { body: { id: "1", event: "consumed" }, headers: { Authorization: "Key consumer-access-key" } }).errors.map((error) => error.pointer));
process.stdout.write(JSON.stringify(results));
};
${format === "esm" ? "await main();" : "main().catch((error) => { console.error(error); process.exit(1); });"}
`;
    write(file("routes"), source);
    const answers = [
      [202, null],
      [400, ["/body/from"]],
      [401, ["/header/Authorization"]],
    ];
    expect(await runScript(file("routes"))).toEqual({
      express: answers,
      fastify: answers,
      web: answers,
      plain: [["/body/from"], ["/body/from"]],
    });
  });

  it("errors carry their class names, and source maps point stack frames at runtime/ files", async () => {
    const source =
      imports(format, "createMessagingClient, BadRequestError", "specfirst/client") +
      withSandbox(
        format,
        `const client = createMessagingClient({ baseUrl, accessKey: "consumer-access-key" });
const error = await client.sendMessage({ to: "customer@example.net", type: "text/plain", content: 1 }).catch((error) => error);
process.stdout.write(JSON.stringify({ instance: error instanceof BadRequestError, name: error.constructor.name, frames: error.stack.split("\\n").filter((line) => line.includes("specfirst")).slice(0, 3) }));`,
      );
    write(file("errors"), source);
    const result = await runScript<{ instance: boolean; name: string; frames: string[] }>(
      file("errors"),
      [],
      ["--enable-source-maps"],
    );
    expect(result.instance).toBe(true);
    expect(result.name).toBe("BadRequestError");
    expect(result.frames.join("\n")).toMatch(/runtime\/client\/[\w-]+\.ts:\d+:\d+/);
  });
});

describe.skipIf(!redisAvailable("test/consumer-entry-points.test.ts"))("specfirst/redis, installed", () => {
  it.each(["esm", "cjs"] as const)(
    "a client and a webhook handler share the plan limiter and the redelivery window in a real Redis (%s)",
    async (format) => {
      const redis = await startRedis();
      try {
        const file = `redis.${format === "esm" ? "mjs" : "cjs"}`;
        const source =
          imports(format, "createServer", "node:http") +
          imports(format, "createClient", "redis") +
          imports(format, "createRedisStore", "specfirst/redis") +
          imports(format, "createMessagingClient, createWebhookHandler", "specfirst/client") +
          withSandbox(
            format,
            `const store = createRedisStore({ url: ${JSON.stringify(redis.url)} });
const client = createMessagingClient({ baseUrl, accessKey: "consumer-access-key", limits: "free", store });
let handled = 0;
const server = createServer(createWebhookHandler({ client, deduplicate: { store }, onMessage: (message, { reply }) => (handled++, reply({ type: "text/plain", content: "ok" })) }));
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const bot = "http://127.0.0.1:" + server.address().port;
sandbox.setWebhooks({ messages: bot + "/messages", notifications: bot + "/notifications" });
const message = { id: "redis-1", from: "customer@example.net", type: "text/plain", content: "Hi" };
await sandbox.inbound(message);
await sandbox.waitFor((state) => state.received.messages[0]?.acknowledgedWith);
// the same id again: the window in Redis knows it, the handler does not run twice
await fetch(bot + "/messages", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...message, to: "bot@sandbox.example.net" }) });
const redis = createClient({ url: ${JSON.stringify(redis.url)} });
await redis.connect();
const keys = (await redis.keys("*")).sort();
const ttls = await Promise.all(keys.map((key) => redis.ttl(key)));
await redis.quit();
await store.close();
server.close();
process.stdout.write(JSON.stringify({ handled, violations: sandbox.violations, kinds: keys.map((key) => key.split(":").slice(2).join(":")), expiring: ttls.every((ttl) => ttl > 0), credential: keys.some((key) => key.includes("consumer-access-key")) }));`,
          );
        write(file, source);
        const result = await runScript<{
          handled: number;
          violations: unknown[];
          kinds: string[];
          expiring: boolean;
          credential: boolean;
        }>(file);
        expect(result).toMatchObject({ handled: 1, violations: [], expiring: true, credential: false });
        expect(result.kinds).toEqual(expect.arrayContaining(["seen:redis-1", "limit:messages", "limit:notifications"]));
      } finally {
        await redis.close();
      }
    },
  );
});

describe("specfirst/verify, installed", () => {
  it("finds the sandbox conformant, required from CommonJS", async () => {
    write(
      "verify.cjs",
      imports("cjs", "verify", "specfirst/verify") +
        withSandbox(
          "cjs",
          `const report = await verify({ api: "configs", baseUrl, accessKey: "consumer-configs-key", seed: 7, maxRequests: 60 });
process.stdout.write(JSON.stringify({ conformant: report.conformant, failed: report.checks.filter((check) => check.outcome === "failed").map((check) => check.id) }));`,
        ),
    );
    expect(await runScript("verify.cjs")).toEqual({ conformant: true, failed: [] });
  });
});

describe("what the package's files hold", () => {
  it("loads fast-check only through specfirst/verify (README.md#entry-points)", async () => {
    const { installed } = await installedPackage();
    const exportsOf = (
      JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")) as { exports: Record<string, unknown> }
    ).exports;
    const entries = Object.keys(exportsOf)
      .filter((key) => !key.includes("*") && key !== "./package.json" && key !== "./verify")
      .map((key) => (key === "." ? "specfirst" : `specfirst${key.slice(1)}`));
    // a resolve hook that refuses fast-check, registered before anything of the package loads
    write(
      "no-fast-check.mjs",
      `export async function resolve(specifier, context, next) {\n  if (specifier === "fast-check" || specifier.startsWith("fast-check/")) throw new Error("fast-check loaded for " + context.parentURL);\n  return next(specifier, context);\n}\n`,
    );
    write(
      "register-no-fast-check.mjs",
      `import { register } from "node:module";\nregister("./no-fast-check.mjs", import.meta.url);\n`,
    );
    write(
      "load-all.mjs",
      `const loaded = [];\nfor (const entry of process.argv.slice(2)) { await import(entry); loaded.push(entry); }\nprocess.stdout.write(JSON.stringify(loaded));\n`,
    );
    expect(await runScript("load-all.mjs", entries, ["--import", "./register-no-fast-check.mjs"])).toEqual(entries);
    await expect(
      runScript("load-all.mjs", ["specfirst/verify"], ["--import", "./register-no-fast-check.mjs"]),
    ).rejects.toThrow(/fast-check loaded/);
  });

  it("loads yaml only when specfirst validate reads a YAML input (docs/validating.md#yaml-input)", async () => {
    const { installed } = await installedPackage();
    const exportsOf = (
      JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")) as { exports: Record<string, unknown> }
    ).exports;
    const entries = Object.keys(exportsOf)
      .filter((key) => !key.includes("*") && key !== "./package.json")
      .map((key) => (key === "." ? "specfirst" : `specfirst${key.slice(1)}`));
    // a resolve hook that refuses yaml, registered before anything of the package loads
    write(
      "no-yaml.mjs",
      `export async function resolve(specifier, context, next) {\n  if (specifier === "yaml" || specifier.startsWith("yaml/")) throw new Error("yaml loaded for " + context.parentURL);\n  return next(specifier, context);\n}\n`,
    );
    write(
      "register-no-yaml.mjs",
      `import { register } from "node:module";\nregister("./no-yaml.mjs", import.meta.url);\n`,
    );
    write(
      "load-entries.mjs",
      `const loaded = [];\nfor (const entry of process.argv.slice(2)) { await import(entry); loaded.push(entry); }\nprocess.stdout.write(JSON.stringify(loaded));\n`,
    );
    const noYaml = ["--import", "./register-no-yaml.mjs"];
    expect(await runScript("load-entries.mjs", entries, noYaml)).toEqual(entries);
    // the installed CLI: a JSON input without yaml, a YAML input with it
    const cli = path.join(installed, "bin", "specfirst.js");
    write("notification.json", '{"id": "1", "event": "received"}');
    write("notification.yaml", "id: '1'\nevent: received\n");
    const validate = (file: string, nodeOptions: string[]) =>
      run(process.execPath, [...nodeOptions, cli, "validate", "notification", file], { cwd: scripts });
    expect((await validate("notification.json", noYaml)).stdout).toBe("notification.json: valid\n");
    await expect(validate("notification.yaml", noYaml)).rejects.toThrow(/yaml loaded/);
    expect((await validate("notification.yaml", [])).stdout).toBe("notification.yaml: valid\n");
  });

  it("no relative import names a file the package does not ship (every bundle and chunk, static and dynamic)", async () => {
    const { installed, files } = await installedPackage();
    const missing: string[] = [];
    for (const file of files.filter((name) => name.startsWith("dist/") && name.endsWith(".js"))) {
      const text = readFileSync(path.join(installed, file), "utf8");
      for (const [, specifier] of text.matchAll(/(?:from\s*|import\s*\(\s*|import\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier!));
        if (!files.includes(target)) missing.push(`${file} imports ${specifier}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
