import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../generator/commands/generate.js";
import { CACHE_SEED, ROOT, TSC_7 } from "./helpers/fixtures.js";
import { cacheDir, linkCache } from "./helpers/project-copy.js";
import { rawRequest } from "./helpers/raw-http.js";

// A third API with parameters, added as inputs only (a schema folder and an OpenAPI source) to a copy of the project
// (CONTRIBUTING.md "Adding an API"): a templated path with a path parameter on the path item and one on each
// operation, a required query parameter, an array query parameter (explode: false), a required header parameter, and
// an operation without a request body. docs/client.md#parameters, docs/validating.md#route-level-validation.
const ITEM_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://specfirst.example.net/schemas/inventory/item.schema.json",
  title: "Item",
  description: "An item of the inventory API.",
  type: "object",
  required: ["sku", "stock"],
  additionalProperties: false,
  properties: {
    sku: { type: "string", description: "Stock keeping unit." },
    stock: { type: "integer", minimum: 0, description: "Units in stock." },
  },
};

const INVENTORY_SOURCE = `openapi: 3.1.0
info:
  title: Inventory API
  description: A third API with parameters.
  license: { name: MIT, identifier: MIT }
servers:
  - url: https://inventory.example.net
security:
  - apiKey: []
paths:
  /v1/{tenant}/items/{sku}:
    parameters:
      - name: tenant
        in: path
        required: true
        description: The tenant owning the item.
        schema: { type: string, pattern: '^[^/]+$' }
      - name: sku
        in: path
        required: true
        schema: { type: string }
    get:
      operationId: getItem
      summary: Read an item
      parameters:
        - name: limit
          in: query
          required: true
          description: How many history entries to include.
          schema: { type: integer, minimum: 1, maximum: 100 }
        - name: fields
          in: query
          explode: false
          schema: { type: array, items: { type: string, enum: [sku, stock] } }
        - name: X-Request-Id
          in: header
          required: true
          description: The caller's request identifier.
          schema: { type: string, minLength: 8 }
      responses:
        '200':
          description: The item.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Item' }
    put:
      operationId: putItem
      summary: Store an item
      parameters:
        - name: dryRun
          in: query
          schema: { type: boolean }
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Item' }
      responses:
        '204': { description: Stored. }
components:
  securitySchemes:
    apiKey:
      type: apiKey
      in: header
      name: X-Api-Key
`;

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const dir = mkdtempSync(path.join(tmpdir(), "specfirst-third-api-parameters-"));
const received: Received[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({
      method: request.method ?? "",
      url: request.url ?? "",
      headers: request.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    if (request.method === "GET")
      response.writeHead(200, { "content-type": "application/json" }).end('{"sku":"s","stock":1}');
    else response.writeHead(204).end();
  });
});
let upstream = "";
const KEY = "inventory-key-1";

interface InventoryModule {
  createInventoryClient(options: { baseUrl: string; apiKey: string }): {
    getItem(options: { params: unknown }): Promise<unknown>;
    putItem(body: unknown, options: { params: unknown }): Promise<unknown>;
  };
}

const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.join(dir, file)).href)) as T;

beforeAll(async () => {
  for (const entry of ["schemas", "templates", "openapi", "generated", "runtime", "package.json"])
    cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  mkdirSync(path.join(dir, "node_modules"));
  for (const entry of readdirSync(path.join(ROOT, "node_modules"))) {
    if (entry !== ".cache")
      symlinkSync(path.join(ROOT, "node_modules", entry), path.join(dir, "node_modules", entry), "dir");
  }
  linkCache(cacheDir(CACHE_SEED), cacheDir(dir));
  mkdirSync(path.join(dir, "schemas", "inventory"));
  writeFileSync(
    path.join(dir, "schemas", "inventory", "item.schema.json"),
    `${JSON.stringify(ITEM_SCHEMA, null, 2)}\n`,
  );
  writeFileSync(path.join(dir, "openapi", "inventory.source.yaml"), INVENTORY_SOURCE);
  await generate({ root: dir });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a third API with path, query and header parameters, added as inputs only", () => {
  it("the types refuse a call missing a required parameter, a misspelt one, or a body for a bodiless operation", () => {
    writeFileSync(
      path.join(dir, "calls.ts"),
      `import { createInventoryClient } from "./generated/inventory/index.js";
const client = createInventoryClient({ baseUrl: "http://127.0.0.1", apiKey: "k" });
const path = { tenant: "acme", sku: "s-1" };
void client.getItem({ params: { path, query: { limit: 5, fields: ["sku"] }, header: { "X-Request-Id": "request-1" } } });
void client.putItem({ sku: "s-1", stock: 2 }, { params: { path } });
void client.putItem({ sku: "s-1", stock: 2 }, { params: { path, query: { dryRun: true } } });
// @ts-expect-error the options, holding the required parameters, are required
void client.getItem();
// @ts-expect-error the required header parameter is missing
void client.getItem({ params: { path, query: { limit: 5 } } });
// @ts-expect-error the required query parameter is missing
void client.getItem({ params: { path, query: {}, header: { "X-Request-Id": "request-1" } } });
// @ts-expect-error a path parameter is missing
void client.putItem({ sku: "s-1", stock: 2 }, { params: { path: { tenant: "acme" } } });
// @ts-expect-error limit is a number
void client.getItem({ params: { path, query: { limit: "5" }, header: { "X-Request-Id": "request-1" } } });
// @ts-expect-error fields holds sku or stock only
void client.getItem({ params: { path, query: { limit: 5, fields: ["price"] }, header: { "X-Request-Id": "request-1" } } });
// @ts-expect-error putItem takes a body first
void client.putItem({ params: { path } });
`,
    );
    writeFileSync(
      path.join(dir, "tsconfig.calls.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          allowImportingTsExtensions: true,
          skipLibCheck: true,
          types: ["node"],
        },
        files: ["calls.ts"],
      }),
    );
    // Each @ts-expect-error must meet an error: an unused one fails the compile.
    expect(() =>
      execFileSync(process.execPath, [TSC_7, "-p", "tsconfig.calls.json"], { cwd: dir, stdio: "pipe" }),
    ).not.toThrow();
  }, 120_000);

  it("the client writes each parameter where the document puts it, percent-encoded, for any value", async () => {
    const inventory = await load<InventoryModule>("generated/inventory/index.ts");
    const client = inventory.createInventoryClient({ baseUrl: upstream, apiKey: KEY });
    const text = fc
      .string({ minLength: 1, maxLength: 12, unit: "binary" })
      .filter((value) => !/[\ud800-\udfff]/.test(value));
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.integer({ min: 1, max: 100 }),
        fc.subarray(["sku", "stock"]),
        fc.stringMatching(/^[\x21-\x7e]{8,16}$/),
        async (tenant, sku, limit, fields, requestId) => {
          received.length = 0;
          await client.getItem({
            params: { path: { tenant, sku }, query: { limit, fields }, header: { "X-Request-Id": requestId } },
          });
          const [request] = received as [Received];
          const url = new URL(request.url, upstream);
          const segments = url.pathname.split("/");
          expect(segments).toHaveLength(5);
          expect(segments.slice(0, 2)).toEqual(["", "v1"]);
          expect(decodeURIComponent(segments[2] as string)).toBe(tenant);
          expect(segments[3]).toBe("items");
          expect(decodeURIComponent(segments[4] as string)).toBe(sku);
          // Every byte outside RFC 3986's unreserved set is percent-encoded.
          expect(url.pathname).toMatch(/^[A-Za-z0-9\-._~%/]*$/);
          expect(url.searchParams.get("limit")).toBe(String(limit));
          if (fields.length === 0) expect(url.searchParams.get("fields")).toBe("");
          else expect(url.searchParams.get("fields")).toBe(fields.join(","));
          expect(request.headers["x-request-id"]).toBe(requestId);
          expect(request.headers["x-api-key"]).toBe(KEY);
          // No body, so no content type.
          expect(request.body).toBe("");
          expect(request.headers["content-type"]).toBeUndefined();
        },
      ),
      { numRuns: 60 },
    );
    received.length = 0;
    await client.putItem(
      { sku: "s-1", stock: 2 },
      { params: { path: { tenant: "acme", sku: "s 1" }, query: { dryRun: true } } },
    );
    expect(received[0]).toMatchObject({
      method: "PUT",
      url: "/v1/acme/items/s%201?dryRun=true",
      body: '{"sku":"s-1","stock":2}',
    });
    // Fail closed: a JavaScript caller leaving a required parameter out, or naming one the document does not have, sends nothing.
    received.length = 0;
    await expect(
      client.getItem({ params: { path: { tenant: "acme", sku: "s" }, query: { limit: 1 } } }),
    ).rejects.toMatchObject({
      name: "RequestValidationError",
      errors: [{ pointer: "/header/X-Request-Id", keyword: "required" }],
    });
    await expect(
      client.putItem(
        { sku: "s", stock: 1 },
        { params: { path: { tenant: "acme", sku: "s" }, query: { dry_run: true } } },
      ),
    ).rejects.toMatchObject({
      name: "RequestValidationError",
      errors: [{ pointer: "/query/dry_run", keyword: "parameter" }],
    });
    expect(received).toEqual([]);
    // With validate: true, each value is checked against its parameter's schema too (the route validator's checks).
    const checking = (
      inventory.createInventoryClient as (options: {
        baseUrl: string;
        apiKey: string;
        validate: boolean;
      }) => ReturnType<InventoryModule["createInventoryClient"]>
    )({ baseUrl: upstream, apiKey: KEY, validate: true });
    await expect(
      checking.getItem({
        params: {
          path: { tenant: "acme", sku: "s" },
          query: { limit: 0, fields: ["price"] },
          header: { "x-request-id": "short" },
        },
      }),
    ).rejects.toMatchObject({
      name: "RequestValidationError",
      errors: [
        { pointer: "/query/limit", keyword: "minimum" },
        { pointer: "/query/fields/0", keyword: "enum" },
        { pointer: "/header/X-Request-Id", keyword: "minLength" },
      ],
    });
    expect(received).toEqual([]);
    await checking.getItem({
      params: { path: { tenant: "acme", sku: "s" }, query: { limit: 1 }, header: { "X-Request-Id": "request-1" } },
    });
    expect(received).toHaveLength(1);
  }, 120_000);

  it("the docs page shows the parameters", () => {
    const html = readFileSync(path.join(dir, "generated", "docs", "inventory.html"), "utf8");
    for (const name of ["tenant", "sku", "limit", "fields", "X-Request-Id", "dryRun"]) expect(html).toContain(name);
  });

  it("validateRouteRequest reads each parameter by its style and checks it against its schema and the credential", async () => {
    const { validateRouteRequest } = await load<typeof import("../generated/validators.js")>("generated/validators.ts");
    const headers = { "x-api-key": KEY, "x-request-id": "request-1" };
    const ok = validateRouteRequest("GET /v1/{tenant}/items/{sku}", {
      headers,
      query: "limit=20&fields=sku,stock",
      path: "/base/v1/acme/items/s%201",
    });
    expect(ok).toMatchObject({
      valid: true,
      parameters: {
        path: { tenant: "acme", sku: "s 1" },
        query: { limit: 20, fields: ["sku", "stock"] },
        header: { "X-Request-Id": "request-1" },
      },
    });
    expect(
      validateRouteRequest("getItem", {
        headers: { "x-request-id": "request-1" },
        query: "limit=0&fields=price",
        path: "/v1/acme/items/s",
      }),
    ).toMatchObject({
      valid: false,
      status: 401,
      errors: [
        { pointer: "/header/X-Api-Key", keyword: "credential" },
        { pointer: "/query/limit", keyword: "minimum" },
        { pointer: "/query/fields/0", keyword: "enum" },
      ],
    });
    expect(validateRouteRequest("getItem", { headers: { "x-api-key": KEY }, path: "/v1/acme/items/s" })).toMatchObject({
      valid: false,
      status: 400,
      errors: [
        { pointer: "/query/limit", keyword: "required" },
        { pointer: "/header/X-Request-Id", keyword: "required" },
      ],
    });
    expect(
      validateRouteRequest("PUT /v1/{tenant}/items/{sku}", {
        headers,
        path: "/v1/acme/items/s",
        query: "dryRun=yes",
        body: { sku: "s" },
      }),
    ).toMatchObject({
      valid: false,
      errors: [
        { pointer: "/query/dryRun", keyword: "type" },
        { pointer: "/body/stock", keyword: "required" },
      ],
    });
    expect(
      validateRouteRequest("getItem", { headers, query: "limit=2", path: "/v1/acme/items/s", body: {} }),
    ).toMatchObject({
      valid: false,
      errors: [{ pointer: "/body", keyword: "body" }],
    });
  });

  it("the sandbox routes the templated path: 501 for the operation it does not play, 404 and 405 otherwise", async () => {
    const { createSandbox } = await load<typeof import("../runtime/sandbox/server.js")>("runtime/sandbox/server.ts");
    const sandbox = createSandbox();
    const base = await sandbox.start();
    try {
      const answer = await fetch(`${base}/v1/acme/items/s%201?limit=1`, { headers: { "x-request-id": "request-1" } });
      expect(answer.status).toBe(501);
      expect(await answer.json()).toMatchObject({
        errors: [{ message: expect.stringContaining("getItem") as string }],
      });
      expect((await fetch(`${base}/v1/acme/items`)).status).toBe(404);
      expect((await fetch(`${base}/v1/acme/items/s/more`)).status).toBe(404);
      expect((await fetch(`${base}/v1/acme/items/s`, { method: "DELETE" })).status).toBe(405);
    } finally {
      await sandbox.close();
    }
  });

  it("the proxy routes the templated path: a filled template goes through, a variant spelling is refused under --enforce", async () => {
    const { createProxy } = await load<typeof import("../runtime/proxy/server.js")>("runtime/proxy/server.ts");
    const { validators } = await load<typeof import("../generated/validators.js")>("generated/validators.ts");
    const lines: string[] = [];
    const proxy = await createProxy({
      upstream,
      enforce: true,
      validators,
      checkThreads: 0,
      log: (line) => lines.push(line),
    });
    try {
      received.length = 0;
      const put = await fetch(`${proxy.url}/v1/acme/items/s-1`, {
        method: "PUT",
        headers: { "content-type": "application/json", "x-api-key": KEY },
        body: JSON.stringify({ sku: "s-1" }),
      });
      // The body is checked against the schema of putItem: stock is missing.
      expect(put.status).toBe(400);
      const get = await fetch(`${proxy.url}/v1/acme/items/s-1?limit=1`, { headers: { "x-api-key": KEY } });
      expect(get.status).toBe(200);
      expect(received.map((request) => `${request.method} ${request.url}`)).toEqual(["GET /v1/acme/items/s-1?limit=1"]);
      // Sent as written (fetch would resolve the dot segments itself): each is a spelling an upstream router may take for the route.
      for (const variant of [
        "/V1/acme/items/s-1",
        "/v1/acme/items/s-1/",
        "/v1/acme/items/%2e%2e",
        "/v1/acme/items/a%2Fb",
        "/v1//acme/items/s-1",
        "/v1/acme/./items/s-1",
      ]) {
        const answer = await rawRequest(proxy.port, {
          method: "PUT",
          path: variant,
          headers: { Host: "127.0.0.1", "Content-Type": "application/json" },
          body: "{}",
        });
        expect(answer.status, variant).toBe(404);
      }
      expect(received).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});
