import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../generator/commands/generate.js";
import { CACHE_SEED, ROOT } from "./helpers/fixtures.js";
import { cacheDir, linkCache } from "./helpers/project-copy.js";

// A new API added as plain inputs only (a schema folder and an OpenAPI source with http bearer security and a
// webhook), to a copy of the project: generation needs no generator change.
const INVOICE_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://specfirst.example.net/schemas/billing/invoice.schema.json",
  title: "Invoice",
  description: "An invoice of the billing API.",
  type: "object",
  required: ["id", "amount"],
  additionalProperties: false,
  properties: {
    id: { type: "string", description: "Invoice identifier." },
    amount: { type: "integer", minimum: 0, description: "Amount in cents." },
    paid: { type: "boolean", description: "Whether the invoice is paid." },
  },
};

const BILLING_SOURCE = `openapi: 3.1.0
info:
  title: Billing API
  description: A third API, to show that an API is added as data.
  license: { name: MIT, identifier: MIT }
servers:
  - url: https://billing.example.net
security:
  - token: []
paths:
  /invoices:
    post:
      operationId: createInvoice
      summary: Create an invoice
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Invoice' }
      responses:
        '201':
          description: Created.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Invoice' }
        '400': { description: Bad request. }
        '401': { description: Unauthorized. }
webhooks:
  invoicePaid:
    post:
      operationId: receiveInvoicePaid
      summary: An invoice was paid
      security: []
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Invoice' }
      responses:
        default: { description: Not specified. }
components:
  securitySchemes:
    token:
      type: http
      scheme: bearer
`;

const dir = mkdtempSync(path.join(tmpdir(), "specfirst-third-api-"));
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({
      path: request.url ?? "",
      authorization: request.headers.authorization,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    response.writeHead(201, { "content-type": "application/json" }).end(Buffer.concat(chunks));
  });
});
const received: { path: string; authorization: string | undefined; body: string }[] = [];

beforeAll(async () => {
  for (const entry of ["schemas", "templates", "openapi", "generated", "runtime", "package.json"])
    cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  // The packages the generated modules import, and a content-hash cache of its own seeded from the committed
  // project's: generation computes the new API (and the aggregates) only.
  mkdirSync(path.join(dir, "node_modules"));
  for (const entry of readdirSync(path.join(ROOT, "node_modules"))) {
    if (entry !== ".cache")
      symlinkSync(path.join(ROOT, "node_modules", entry), path.join(dir, "node_modules", entry), "dir");
  }
  linkCache(cacheDir(CACHE_SEED), cacheDir(dir));
  mkdirSync(path.join(dir, "schemas", "billing"));
  writeFileSync(
    path.join(dir, "schemas", "billing", "invoice.schema.json"),
    `${JSON.stringify(INVOICE_SCHEMA, null, 2)}\n`,
  );
  writeFileSync(path.join(dir, "openapi", "billing.source.yaml"), BILLING_SOURCE);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
}, 60_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a third API added as inputs only", () => {
  it("generates its modules, validates with validate('invoice', ...) and sends with Authorization: Bearer <token>", async () => {
    const result = await generate({ root: dir });
    expect(result.written?.written).toEqual(
      expect.arrayContaining([
        "generated/billing/client.ts",
        "generated/billing/validators.ts",
        "generated/billing/index.ts",
        "generated/openapi/billing.yaml",
        "generated/docs/billing.html",
      ]),
    );

    const billing = (await import(pathToFileURL(path.join(dir, "generated", "billing", "index.ts")).href)) as {
      validate(name: string, data: unknown): { valid: boolean; errors?: { pointer: string }[] };
      createBillingClient(options: { baseUrl: string; token: string }): {
        createInvoice(body: unknown): Promise<unknown>;
      };
    };
    expect(billing.validate("invoice", { id: "inv-1", amount: 1200 })).toEqual({ valid: true });
    expect(billing.validate("invoice", { id: "inv-1", amount: -1 })).toMatchObject({
      valid: false,
      errors: [{ pointer: "/amount" }],
    });

    const { port } = server.address() as AddressInfo;
    const client = billing.createBillingClient({ baseUrl: `http://127.0.0.1:${port}`, token: "t0k3n-b1ll1ng" });
    await expect(client.createInvoice({ id: "inv-1", amount: 1200 })).resolves.toEqual({ id: "inv-1", amount: 1200 });
    expect(received).toEqual([
      { path: "/invoices", authorization: "Bearer t0k3n-b1ll1ng", body: '{"id":"inv-1","amount":1200}' },
    ]);

    // The aggregate entry points take the new API in too.
    const aggregate = readFileSync(path.join(dir, "generated", "client.ts"), "utf8");
    expect(aggregate).toContain("createBillingClient");
    // Two APIs now have webhooks, so the unprefixed `createWebhookHandler` is left to `specfirst/<api>` (README, Package).
    const exported = aggregate
      .split("\n")
      .filter((line) => !line.startsWith("//"))
      .join("\n");
    expect(exported).toContain("createMessagingClient");
    expect(exported).not.toMatch(/\bcreateWebhookHandler\b/);
    expect(readFileSync(path.join(dir, "generated", "billing", "client.ts"), "utf8")).toMatch(
      /export function createWebhookHandler\b/,
    );
    const validators = readFileSync(path.join(dir, "generated", "validators.ts"), "utf8");
    expect(validators).toContain("billing.validators");
    // `specfirst validate invoice` loads the billing validators alone
    expect(readFileSync(path.join(dir, "generated", "schema-apis.ts"), "utf8")).toContain('invoice: "billing"');
  }, 120_000);
});
