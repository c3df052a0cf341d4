import type { Server } from "node:http";
import path from "node:path";
import express, { type ErrorRequestHandler } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentExamples } from "../generator/model/examples.js";
import type { JsonObject } from "../runtime/json/json-text.js";
import { parse } from "yaml";
import { readFileSync } from "node:fs";
import { FIXTURES, ROOT, jsonFiles, type InvalidFixture } from "./helpers/fixtures.js";

// express-openapi-validator (5.6.2) with each published document, as an Express service would mount it: every valid
// request body of each operation (the validator fixtures of its schema and the document's examples) passes, every
// invalid fixture is refused with 400 (docs/published-contract.md#in-other-tools).

const DOCUMENTS = { messaging: "messaging.yaml", configs: "configs.yaml" } as const;
const ROUTES = [
  { api: "messaging", route: "/messages", schema: "message", status: 202 },
  { api: "messaging", route: "/notifications", schema: "outbound-notification", status: 202 },
  { api: "messaging", route: "/commands", schema: "command", status: 200 },
  { api: "configs", route: "/v1/configs", schema: "config", status: 201 },
] as const;
type Api = keyof typeof DOCUMENTS;
const documentFile = (api: Api) => path.join(ROOT, "generated", "openapi", DOCUMENTS[api]);

/** An Express app serving one document's operations behind the validator, on loopback. */
async function serve(api: Api): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(express.json({ limit: "1mb" }));
  // Requests only (the documents declare no response bodies to check); security is the service's own.
  app.use(OpenApiValidator.middleware({ apiSpec: documentFile(api), validateRequests: true, validateSecurity: false }));
  for (const { route, status } of ROUTES.filter((r) => r.api === api))
    app.post(route, (_request, response) => {
      response.status(status).end();
    });
  const answer: ErrorRequestHandler = (error: { status?: number; message: string }, _request, response, _next) => {
    response.status(error.status ?? 500).json({ message: error.message });
  };
  app.use(answer);
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no address");
  return { url: `http://127.0.0.1:${String(address.port)}`, server };
}

function cases(): { name: string; api: Api; route: string; body: unknown; valid: boolean; status: number }[] {
  const found: ReturnType<typeof cases> = [];
  for (const { api, route, schema, status } of ROUTES) {
    const folder = path.join(FIXTURES, "validators", schema);
    for (const [file, body] of jsonFiles(path.join(folder, "valid")))
      found.push({ name: `${route} ${schema}/valid/${file}`, api, route, body, valid: true, status });
    for (const [file, fixture] of jsonFiles<InvalidFixture>(path.join(folder, "invalid")))
      found.push({ name: `${route} ${schema}/invalid/${file}`, api, route, body: fixture.data, valid: false, status });
    const document = parse(readFileSync(documentFile(api), "utf8")) as JsonObject;
    const at = `/paths/${route.replace(/\//g, "~1")}/post/requestBody/`;
    for (const example of documentExamples(document).filter((e) => e.at.startsWith(at)))
      found.push({
        name: `${route} example ${example.at.split("/")[8] ?? ""}`,
        api,
        route,
        body: example.value,
        valid: true,
        status,
      });
  }
  return found;
}

describe("express-openapi-validator 5.6.2 with the published documents", () => {
  const servers = new Map<Api, { url: string; server: Server }>();
  beforeAll(async () => {
    for (const api of Object.keys(DOCUMENTS) as Api[]) servers.set(api, await serve(api));
  });
  afterAll(() => {
    for (const { server } of servers.values()) server.close();
  });

  const all = cases();
  it("has valid and invalid bodies of every operation, commands without `type` among the valid", () => {
    for (const { route } of ROUTES) {
      expect(all.filter((c) => c.route === route && c.valid).length, route).toBeGreaterThan(2);
      expect(all.filter((c) => c.route === route && !c.valid).length, route).toBeGreaterThan(2);
    }
    const untyped = all.filter((c) => c.route === "/commands" && c.valid && !("type" in (c.body as object)));
    expect(untyped.length).toBeGreaterThan(3);
  });

  it.each(all.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const { url } = servers.get(c.api) as { url: string };
    const response = await fetch(`${url}${c.route}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(c.body),
    });
    const text = await response.text();
    expect(response.status, text).toBe(c.valid ? c.status : 400);
  });
});
