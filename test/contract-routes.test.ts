import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { apis } from "../generated/client.js";
import { validate, type SchemaName } from "../generated/validators.js";
import { ROUTES } from "../runtime/proxy/routes.js";
import { SANDBOX_OPERATIONS, SANDBOX_WEBHOOKS } from "../runtime/sandbox/operations.js";
import { createSandbox, type Sandbox } from "../runtime/sandbox/server.js";
import { startApiServer } from "./helpers/api-server.js";
import { ROOT, jsonFiles } from "./helpers/fixtures.js";

// For every operation of every API: the request schema the published OpenAPI document names (its requestBody's
// $ref, resolved to the schema file whose title it is), the one the validation proxy checks and the one the
// sandbox checks are the same; and the sandbox answers exactly what that schema's validator decides.

type Json = Record<string, unknown>;

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Resolves a local `$ref` ("#/components/...") in an OpenAPI document. */
function resolve(document: Json, value: unknown): Json {
  let node = value as Json;
  while (typeof node.$ref === "string") {
    const ref = node.$ref;
    expect(ref.startsWith("#/"), `${ref} is a local reference`).toBe(true);
    node = ref
      .slice(2)
      .split("/")
      .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<unknown>((at, part) => (at as Json)[part], document) as Json;
    expect(node, `${ref} resolves`).toBeDefined();
  }
  return node;
}

const published = new Map<string, Map<string, string | null>>();

/**
 * What the published document of `api` names, per `METHOD path` (and per `webhook <name>` for its webhooks): the
 * validator name of the request body's schema.
 */
function publishedRequestSchemas(api: string): Map<string, string | null> {
  const cached = published.get(api);
  if (cached !== undefined) return cached;
  const document = parse(readFileSync(path.join(ROOT, "generated", "openapi", `${api}.yaml`), "utf8")) as Json;
  // A component schema is published from the schema file whose title it has; the file's name is the validator name.
  const byTitle = new Map(
    jsonFiles<{ title?: string }>(path.join(ROOT, "schemas", api)).map(([file, schema]) => [
      schema.title,
      file.replace(/\.schema\.json$/, ""),
    ]),
  );
  const named = new Map<string, string | null>();
  const items = [
    ...Object.entries((document.paths ?? {}) as Record<string, Json>),
    ...Object.entries((document.webhooks ?? {}) as Record<string, Json>).map(
      ([name, item]) => [`webhook ${name}`, item] as const,
    ),
  ];
  for (const [pathName, item] of items) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      if (operation === undefined) continue;
      const key = pathName.startsWith("webhook ") ? pathName : `${method.toUpperCase()} ${pathName}`;
      if (operation.requestBody === undefined) {
        named.set(key, null);
        continue;
      }
      const content = resolve(document, operation.requestBody).content as Record<string, Json>;
      const ref = (content["application/json"]?.schema as Json | undefined)?.$ref;
      expect(typeof ref, `${api}: ${key} names its request schema with a $ref`).toBe("string");
      const component = /^#\/components\/schemas\/([^/]+)$/.exec(ref as string)?.[1] ?? "";
      expect(byTitle.has(component), `${api}: ${key}: ${ref as string} is a schema file's title`).toBe(true);
      named.set(key, byTitle.get(component) ?? null);
    }
  }
  published.set(api, named);
  return named;
}

const operations = apis.flatMap((api) =>
  api.operations.map((operation) => ({ api, operation, key: `${operation.method} ${operation.path}` })),
);

describe("request schemas: published document, proxy and sandbox agree", () => {
  it("the descriptors list exactly the operations of the published documents", () => {
    for (const api of apis) {
      const documented = [...publishedRequestSchemas(api.api).keys()].sort();
      const described = [
        ...api.operations.map((operation) => `${operation.method} ${operation.path}`),
        ...api.webhooks.map((webhook) => `webhook ${webhook.name}`),
      ];
      expect(described.sort()).toEqual(documented);
    }
    expect(operations.length).toBeGreaterThan(0);
  });

  it.each(
    operations.map(
      ({ api, operation, key }) => [`${api.api}: ${key} (${operation.operationId})`, api.api, key] as const,
    ),
  )("%s", (_label, api, key) => {
    const named = publishedRequestSchemas(api).get(key);
    const proxy = ROUTES.filter((route) => `${route.method} ${route.path}` === key);
    const sandbox = SANDBOX_OPERATIONS.filter((operation) => `${operation.method} ${operation.path}` === key);
    expect(proxy).toHaveLength(1);
    expect(sandbox).toHaveLength(1);
    expect(named).toEqual(expect.any(String));
    expect(proxy[0]?.requestSchema).toBe(named);
    expect(sandbox[0]?.requestSchema).toBe(named);
  });
});

describe("webhook payloads: published document and sandbox agree", () => {
  const webhooks = apis.flatMap((api) =>
    api.webhooks.map((webhook) => [`${api.api}: webhook ${webhook.name}`, api.api, webhook.name] as const),
  );

  it.each(webhooks)("%s", (_label, api, name) => {
    const sandbox = SANDBOX_WEBHOOKS.filter((webhook) => webhook.api === api && webhook.name === name);
    expect(sandbox).toHaveLength(1);
    expect(sandbox[0]?.payloadSchema).toBe(publishedRequestSchemas(api).get(`webhook ${name}`));
  });

  it("every payload the sandbox POSTs to the bot is valid against the schema the document names for that webhook (over loopback)", async () => {
    const bot = await startApiServer();
    const sandbox = createSandbox({ accessKey: "contract-access-key" });
    try {
      await sandbox.start();
      sandbox.setWebhooks({ messages: `${bot.url}/messages`, notifications: `${bot.url}/notifications` });
      const schemaOf = (webhook: string) =>
        publishedRequestSchemas("messaging").get(`webhook ${webhook}`) as SchemaName;
      // A customer message in, the bot's messages out (one delivered, one to a failing recipient): every webhook kind.
      await sandbox.inbound({ from: "5531988887777@sms.example.net", type: "text/plain", content: "hi" });
      for (const [id, to] of [
        ["out-1", "5531988887777@sms.example.net"],
        ["out-2", "unknown@sms.example.net"],
      ]) {
        const response = await fetch(`${sandbox.url}/messages`, {
          method: "POST",
          headers: { authorization: `Key ${sandbox.accessKey}`, "content-type": "application/json" },
          body: JSON.stringify({ id, to, type: "text/plain", content: "x" }),
        });
        expect(response.status).toBe(202);
      }
      await bot.waitFor(1 + 4 + 2);
      expect(bot.on("/messages")).toHaveLength(1);
      for (const [route, webhook] of [
        ["/messages", "messageReceived"],
        ["/notifications", "notificationReceived"],
      ] as const) {
        for (const received of bot.on(route))
          expect(validate(schemaOf(webhook), JSON.parse(received.body)), received.body).toEqual({ valid: true });
      }
    } finally {
      await sandbox.close();
      await bot.close();
    }
  });
});

describe("the sandbox validates each operation's request against exactly the published schema (over loopback)", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = createSandbox({ accessKey: "contract-access-key", configsKey: "contract-configs-key" });
    await sandbox.start();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  // Bodies each request schema decides differently: the kind-neutral `notification` accepts `{ event }` that the
  // published `outbound-notification` refuses (no id, no from), say.
  const PROBES: unknown[] = [{}, [], { event: "consumed" }, { id: 42 }, { from: "a@b.c", event: "consumed" }];

  it.each(
    operations.map(
      ({ api, operation, key }) => [`${api.api}: ${key}`, api.api, operation.method, operation.path] as const,
    ),
  )("%s", async (_label, api, method, pathName) => {
    const named = publishedRequestSchemas(api).get(`${method} ${pathName}`) as SchemaName;
    const security = apis.find((candidate) => candidate.api === api)?.credential.security;
    const key = api === "messaging" ? sandbox.accessKey : sandbox.configsKey;
    const authorization = security?.kind === "apiKey" ? `${security.prefix}${key}` : key;
    for (const probe of PROBES) {
      const expected = validate(named, probe);
      const response = await fetch(`${sandbox.url}${pathName}`, {
        method,
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify(probe),
      });
      const body = await response.text();
      if (expected.valid) {
        expect(response.status, `${JSON.stringify(probe)} → ${body}`).toBeLessThan(300);
      } else {
        expect(response.status, `${JSON.stringify(probe)} → ${body}`).toBe(400);
        expect((JSON.parse(body) as { errors: unknown }).errors).toEqual(expected.errors);
      }
    }
  });
});
