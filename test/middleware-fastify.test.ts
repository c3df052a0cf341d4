import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { specfirst } from "../runtime/middleware/fastify.js";
import {
  bodyValidationCases,
  CONTENT_TYPES,
  contentTypeCases,
  expectErrors,
  keepAliveAfterTooLargeCases,
  LIMIT,
  newLog,
  post,
  send,
  TOO_LARGE,
  VALID_BODIES,
} from "./helpers/middleware-cases.js";

// Real Fastify 5 over loopback, with the plugin registered; one route also keeps a Fastify-compiled querystring.
// Beside it, a plain Fastify app (no plugin, Fastify's own body schema) is what the plugin must route like.
const log = newLog();
let app: FastifyInstance;
let plain: FastifyInstance;
let base = "";
let plainBase = "";

function baseOf(instance: FastifyInstance): string {
  const address = instance.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`;
}

beforeAll(async () => {
  app = Fastify();
  await app.register(specfirst, { limit: LIMIT });
  app.post("/messages", { schema: { body: "message" } }, async (request, reply) => {
    log.bodies.push(request.body);
    return reply.code(202).send();
  });
  app.post(
    "/v1/configs",
    {
      schema: {
        body: "config",
        querystring: { type: "object", properties: { dry: { type: "boolean" } }, required: ["dry"] },
      },
    },
    async (request, reply) => {
      return reply.code(201).send({ body: request.body, query: request.query });
    },
  );
  app.post("/plain", async (request) => ({ got: request.body }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = baseOf(app);

  plain = Fastify({ bodyLimit: LIMIT });
  plain.post(
    "/messages",
    { schema: { body: { type: "object", required: ["to", "type", "content"] } } },
    async (_request, reply) => reply.code(202).send(),
  );
  await plain.listen({ port: 0, host: "127.0.0.1" });
  plainBase = baseOf(plain);
});

afterAll(async () => {
  await Promise.all([app.close(), plain.close()]);
});

describe("specfirst/fastify plugin", () => {
  bodyValidationCases(() => ({ url: `${base}/messages`, log }), { strict: true, rawBytes: false });
  keepAliveAfterTooLargeCases(() => ({ url: `${base}/messages`, log }));
  // Fastify's content-type routing is kept: each content type gets the status plain Fastify gives it.
  contentTypeCases(
    () => ({ url: `${base}/messages`, log }),
    async (contentType) => (await send(`${plainBase}/messages`, VALID_BODIES[0] ?? "", { contentType })).status,
  );

  it("routes like plain Fastify: no content type or an unknown one 415, text/plain a string that fails validation, no body 400", async () => {
    const statuses = async (url: string) => {
      const seen: Record<string, number> = {};
      for (const contentType of CONTENT_TYPES)
        seen[contentType ?? "(none)"] = (await send(url, VALID_BODIES[0] ?? "", { contentType })).status;
      seen["(no body)"] = (await fetch(url, { method: "POST" })).status;
      return seen;
    };
    const expected = await statuses(`${plainBase}/messages`);
    expect(expected).toMatchObject({
      "(none)": 415,
      "application/json": 202,
      "text/plain": 400,
      "application/octet-stream": 415,
      "(no body)": 400,
    });
    expect(await statuses(`${base}/messages`)).toEqual(expected);
    const unsupported = await send(`${base}/messages`, VALID_BODIES[0] ?? "", {});
    expect(JSON.parse(unsupported.text)).toEqual({
      errors: [{ pointer: "", message: "Unsupported Media Type", keyword: "contentType" }],
    });
  });

  it("words its 413 as every adapter does, with the route's own bodyLimit when it has one, whatever the content type", async () => {
    const other = Fastify();
    await other.register(specfirst);
    other.post("/small", { bodyLimit: 100, schema: { body: "message" } }, async (_request, reply) =>
      reply.code(202).send(),
    );
    other.post("/default", { schema: { body: "message" } }, async (_request, reply) => reply.code(202).send());
    const big = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "x".repeat(2 * 1024 * 1024) });
    for (const contentType of ["application/json", "text/plain"]) {
      const small = await other.inject({
        method: "POST",
        url: "/small",
        headers: { "content-type": contentType },
        payload: big,
      });
      expect(small.statusCode).toBe(413);
      expect(small.json()).toEqual({
        errors: [{ pointer: "", message: "body exceeds the limit of 100 bytes", keyword: "maxBytes" }],
      });
      const fallback = await other.inject({
        method: "POST",
        url: "/default",
        headers: { "content-type": contentType },
        payload: big,
      });
      expect(fallback.json()).toEqual({
        errors: [{ pointer: "", message: "body exceeds the limit of 1048576 bytes", keyword: "maxBytes" }],
      });
    }
    await other.close();
    // The registered limit (the test app's) applies to the route whatever the content type, in the same words.
    const text = await send(`${base}/messages`, "y".repeat(2 * LIMIT), { contentType: "text/plain" });
    expect(JSON.parse(text.text)).toEqual(TOO_LARGE);
  });

  it("neither coerces nor strips, unlike Fastify's default AJV: content 42 and consumer_grop are errors", async () => {
    await expectErrors(
      await post(`${base}/messages`, JSON.stringify({ to: "a@b.c", type: "text/plain", content: 42 })),
      400,
    );
    const errors = await expectErrors(
      await post(`${base}/v1/configs`, JSON.stringify({ input: { kafka: { consumer_grop: "g" } } })),
      400,
    );
    expect(errors).toContainEqual(
      expect.objectContaining({ pointer: "/input/kafka/consumer_grop", keyword: "additionalProperties" }),
    );
    const config = { name: "c", input: { kafka: { consumer_group: "g" } } };
    const accepted = await post(`${base}/v1/configs?dry=true`, JSON.stringify(config));
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toEqual({ body: config, query: { dry: true } });
    // The querystring schema is still Fastify's: it coerced "true" to true above, and answers its own 400.
    const missing = await post(`${base}/v1/configs`, JSON.stringify(config));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: "FST_ERR_VALIDATION" });
  });

  it("leaves routes without a named body schema to Fastify, with the strict parser", async () => {
    const ok = await post(`${base}/plain`, '{"a":1}');
    expect(await ok.json()).toEqual({ got: { a: 1 } });
    const repeated = await post(`${base}/plain`, '{"a":1,"a":2}');
    expect(repeated.status).toBe(400);
  });

  it("throws when a route names an unknown schema", async () => {
    const other = Fastify();
    await other.register(specfirst);
    expect(() => other.post("/x", { schema: { body: "no-such-schema" } }, async () => "")).toThrow(/no-such-schema/);
    await other.close();
  });
});
