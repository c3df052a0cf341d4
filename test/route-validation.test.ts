import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import express from "express";
import Fastify, { type FastifyInstance } from "fastify";
import fc from "fast-check";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { routeValidator, validate, validateRouteRequest } from "../generated/validators.js";
import { validateRoute as expressRoute } from "../runtime/middleware/express.js";
import specfirst, { validateRoute as fastifyRoute } from "../runtime/middleware/fastify.js";
import { validateRoute as webRoute } from "../runtime/middleware/web.js";
import { ROOT, jsonFiles } from "./helpers/fixtures.js";
import { listenOnLoopback } from "./helpers/loopback.js";

// docs/validating.md#route-level-validation: a request is checked against what its OpenAPI document pairs with the
// route, never against a schema name a service has to guess.

type Json = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** A notification a bot sends with POST /notifications (`outbound-notification`: `from` required). */
const NOTIFICATION = {
  id: "3c1e4a7b-0000-4000-8000-000000000001",
  event: "consumed",
  from: "5531988887777@sms.example.net",
};
const KEY = "route-access-key";

describe("every documented route is held to what its document pairs with it", () => {
  // One document per API (a known-types document is a form of its API's: docs/published-contract.md#the-known-types-documents).
  const documents = readdirSync(path.join(ROOT, "generated", "openapi"))
    .filter((file) => !file.endsWith(".known.yaml"))
    .map((file) => ({
      api: file.replace(/\.yaml$/, ""),
      document: parse(readFileSync(path.join(ROOT, "generated", "openapi", file), "utf8")) as Json,
    }));

  it("the route table lists exactly the operations of the published documents, each with the body schema, parameters and credential it names", () => {
    const listed = new Set<string>();
    for (const { api, document } of documents) {
      const byTitle = new Map(
        jsonFiles<{ title?: string }>(path.join(ROOT, "schemas", api)).map(([file, schema]) => [
          schema.title,
          file.replace(/\.schema\.json$/, ""),
        ]),
      );
      const components = (document.components ?? {}) as Json;
      for (const [pathName, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
        for (const method of METHODS) {
          const operation = item[method] as Json | undefined;
          if (operation === undefined) continue;
          const key = `${method.toUpperCase()} ${pathName}`;
          listed.add(key);
          const route = routeValidator.findRoute(key);
          expect(routeValidator.findRoute(String(operation.operationId)), key).toBe(route);
          const body = operation.requestBody as Json | undefined;
          const ref = (
            (body?.content as Record<string, Json> | undefined)?.["application/json"]?.schema as Json | undefined
          )?.$ref;
          const title = typeof ref === "string" ? /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1] : undefined;
          expect(route.body, key).toBe(title === undefined ? null : byTitle.get(title));
          expect(route.bodyRequired, key).toBe(body?.required === true);
          const declared = [
            ...((item.parameters as Json[] | undefined) ?? []),
            ...((operation.parameters as Json[] | undefined) ?? []),
          ]
            .filter(
              (parameter) =>
                !(parameter.in === "header" && /^(accept|content-type|authorization)$/i.test(String(parameter.name))),
            )
            .map((parameter) => `${String(parameter.in)} ${String(parameter.name)}`);
          expect(
            route.parameters.map((parameter) => `${parameter.in} ${parameter.name}`),
            key,
          ).toEqual(declared);
          const security = (operation.security ?? document.security) as Json[] | undefined;
          const scheme = Object.keys(security?.[0] ?? {})[0];
          const declaredScheme =
            scheme === undefined ? undefined : ((components.securitySchemes as Json)[scheme] as Json);
          expect(route.credential?.scheme, key).toBe(scheme);
          if (declaredScheme?.type === "apiKey") expect(route.credential?.name, key).toBe(declaredScheme.name);
        }
      }
    }
    expect(new Set(routeValidator.routes.map((route) => `${route.method} ${route.path}`))).toEqual(listed);
  });

  it("a body valid against another schema is refused at a route whose document pairs a stricter one (POST /notifications takes outbound-notification)", () => {
    const { from: _from, ...withoutFrom } = NOTIFICATION;
    expect(validate("notification", withoutFrom)).toEqual({ valid: true });
    expect(
      validateRouteRequest("POST /notifications", { body: withoutFrom, headers: { Authorization: `Key ${KEY}` } }),
    ).toMatchObject({ valid: false, status: 400, errors: [{ pointer: "/body/from", keyword: "required" }] });
    expect(
      validateRouteRequest("sendNotification", { body: NOTIFICATION, headers: { authorization: `key ${KEY}` } }),
    ).toMatchObject({
      valid: true,
    });
  });

  it("the credential must be present, in any header spelling, with its scheme's prefix; its value is never quoted", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }),
        fc.stringMatching(/^[A-Za-z0-9]{8,20}$/),
        (upper, key) => {
          const name = [..."authorization"].map((c, i) => (upper[i] === true ? c.toUpperCase() : c)).join("");
          expect(
            validateRouteRequest("POST /commands", {
              body: { id: "1", method: "get", uri: "/ping" },
              headers: { [name]: `Key ${key}` },
            }),
          ).toMatchObject({ valid: true });
          const wrong = validateRouteRequest("POST /commands", {
            body: { id: "1", method: "get", uri: "/ping" },
            headers: { [name]: key },
          });
          expect(wrong).toMatchObject({
            valid: false,
            status: 401,
            errors: [{ pointer: "/header/Authorization", keyword: "credential" }],
          });
          expect(JSON.stringify(wrong.valid ? [] : wrong.errors)).not.toContain(key);
        },
      ),
      { numRuns: 50 },
    );
    expect(() => validateRouteRequest("POST /nowhere", {})).toThrow(/Unknown route "POST \/nowhere".*POST \/messages/);
  });
});

describe("validateRoute in Express, Fastify and a web handler (Hono)", () => {
  let expressBase = "";
  let fastifyBase = "";
  let honoBase = "";
  let closeExpress: () => Promise<void>;
  let fastify: FastifyInstance;
  let hono: ServerType;
  const handled: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.post("/notifications", expressRoute("POST /notifications"), (req, res) => {
      handled.push(`express ${JSON.stringify(req.body)}`);
      res.status(202).end();
    });
    ({ url: expressBase, close: closeExpress } = await listenOnLoopback(app as never));

    fastify = Fastify();
    await fastify.register(specfirst);
    fastify.post("/notifications", { preValidation: fastifyRoute("POST /notifications") }, async (request, reply) => {
      handled.push(`fastify ${JSON.stringify(request.body)}`);
      return reply.code(202).send();
    });
    fastifyBase = await fastify.listen({ port: 0, host: "127.0.0.1" });

    const web = new Hono();
    const notifications = webRoute("POST /notifications", ({ body }) => {
      handled.push(`hono ${JSON.stringify(body)}`);
      return new Response(null, { status: 202 });
    });
    web.post("/notifications", (context) => notifications(context.req.raw));
    hono = serve({ fetch: web.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => hono.once("listening", () => resolve()));
    honoBase = `http://127.0.0.1:${(hono.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await closeExpress();
    await fastify.close();
    await new Promise<void>((resolve) => hono.close(() => resolve()));
  });

  const frameworks = () =>
    [
      ["express", expressBase],
      ["fastify", fastifyBase],
      ["hono", honoBase],
    ] as const;

  it("a valid request reaches the handler; a body the route's schema refuses is 400, a missing credential 401, and neither reaches it", async () => {
    for (const [name, base] of frameworks()) {
      handled.length = 0;
      const send = (body: unknown, headers: Record<string, string>) =>
        fetch(`${base}/notifications`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(body),
        });
      expect((await send(NOTIFICATION, { authorization: `Key ${KEY}` })).status, name).toBe(202);
      expect(handled, name).toEqual([`${name} ${JSON.stringify(NOTIFICATION)}`]);
      const { from: _from, ...withoutFrom } = NOTIFICATION;
      const invalid = await send(withoutFrom, { authorization: `Key ${KEY}` });
      expect(invalid.status, name).toBe(400);
      expect(await invalid.json(), name).toEqual({
        errors: [{ pointer: "/body/from", message: "is required", keyword: "required" }],
      });
      const anonymous = await send(NOTIFICATION, {});
      expect(anonymous.status, name).toBe(401);
      expect(await anonymous.json(), name).toMatchObject({
        errors: [{ pointer: "/header/Authorization", keyword: "credential" }],
      });
      expect(handled, name).toHaveLength(1);
    }
  });
});
