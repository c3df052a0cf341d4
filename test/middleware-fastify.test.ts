import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { specfirst } from "../runtime/middleware/fastify.js";
import { bodyValidationCases, expectErrors, LIMIT, newLog, post } from "./helpers/middleware-cases.js";

// Real Fastify 5 over loopback, with the plugin registered; one route also keeps a Fastify-compiled querystring.
const log = newLog();
let app: FastifyInstance;
let base = "";

beforeAll(async () => {
  app = Fastify();
  await app.register(specfirst, { limit: LIMIT });
  app.post("/messages", { schema: { body: "message" } }, async (request, reply) => {
    log.bodies.push(request.body);
    return reply.code(202).send();
  });
  app.post("/v1/configs", { schema: { body: "config", querystring: { type: "object", properties: { dry: { type: "boolean" } }, required: ["dry"] } } }, async (request, reply) => {
    return reply.code(201).send({ body: request.body, query: request.query });
  });
  app.post("/plain", async (request) => ({ got: request.body }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`;
});

afterAll(async () => {
  await app.close();
});

describe("specfirst/fastify plugin", () => {
  bodyValidationCases(() => ({ url: `${base}/messages`, log }), { strict: true, rawBytes: false });

  it("neither coerces nor strips, unlike Fastify's default AJV: content 42 and consumer_grop are errors", async () => {
    await expectErrors(await post(`${base}/messages`, JSON.stringify({ to: "a@b.c", type: "text/plain", content: 42 })), 400);
    const errors = await expectErrors(await post(`${base}/v1/configs`, JSON.stringify({ input: { kafka: { consumer_grop: "g" } } })), 400);
    expect(errors).toContainEqual(expect.objectContaining({ pointer: "/input/kafka/consumer_grop", keyword: "additionalProperties" }));
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
