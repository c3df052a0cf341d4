import { readdirSync } from "node:fs";
import path from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { validate, type SchemaName } from "../generated/validators.js";
import {
  annotationKeywords,
  createAjv,
  fastifyValidatorCompiler,
  packageRoot,
  schemaId,
} from "../runtime/validation/foreign-ajv.js";
import { FIXTURES, ROOT, jsonFiles, readJson, type InvalidFixture } from "./helpers/fixtures.js";

const ajv = createAjv();

describe("specfirst/ajv createAjv: the raw schemas in an Ajv2020", () => {
  it("finds the package root and every annotation keyword of the schemas", () => {
    expect(packageRoot()).toBe(ROOT);
    expect(annotationKeywords()).toEqual(["x-content-type", "x-generated", "x-resource-type", "x-secret"]);
    expect(schemaId("message")).toBe("https://specfirst.dev/schemas/messaging/message.schema.json");
    expect(() => schemaId("config-lenient")).toThrow(/config-lenient/);
  });

  it("gives the generated validators' answer on every fixture", () => {
    let cases = 0;
    for (const name of readdirSync(path.join(FIXTURES, "validators"))) {
      if (name === "config-lenient") continue;
      const check = ajv.getSchema(schemaId(name));
      expect(check, name).toBeDefined();
      const fixtures = [
        ...jsonFiles(path.join(FIXTURES, "validators", name, "valid")).map(([file, data]) => ({ file, data })),
        ...jsonFiles<InvalidFixture>(path.join(FIXTURES, "validators", name, "invalid")).map(([file, fixture]) => ({
          file,
          data: fixture.data,
        })),
      ];
      for (const { file, data } of fixtures) {
        cases++;
        expect(check!(data), `${name}/${file}`).toBe(validate(name as SchemaName, data).valid);
      }
    }
    expect(cases).toBeGreaterThan(100);
  });

  it("neither coerces, strips nor fills in defaults", () => {
    const message = { to: "a@b.c", type: "text/plain", content: 42 };
    expect(ajv.getSchema(schemaId("message"))!(message)).toBe(false);
    expect(message.content).toBe(42);
    const config = { input: { kafka: { consumer_grop: "g" } } };
    expect(ajv.getSchema(schemaId("config"))!(config)).toBe(false);
    expect(config).toEqual({ input: { kafka: { consumer_grop: "g" } } });
    // Options go over the defaults.
    const all = createAjv({ allErrors: true }).getSchema(schemaId("config"))!;
    void all({ name: 1, input: { kafka: { consumer_grop: "g" } } });
    expect(all.errors?.length).toBeGreaterThan(1);
  });
});

describe("the raw schemas in Fastify", () => {
  const messageSchema = readJson<object>(path.join(ROOT, "generated", "schemas", "messaging", "message.schema.json"));

  it("Fastify's default AJV (draft-07) refuses them", async () => {
    const app = Fastify();
    app.post("/messages", { schema: { body: messageSchema } }, async () => "");
    await expect(app.ready()).rejects.toThrow(/2020-12|schema/);
    await app.close().catch(() => {});
  });

  it("fastifyValidatorCompiler: bodies by $ref, not coerced or stripped; querystrings still coerced", async () => {
    const app = Fastify();
    app.setValidatorCompiler(fastifyValidatorCompiler({ ajv }));
    const seen: unknown[] = [];
    app.post("/messages", { schema: { body: { $ref: schemaId("message") } } }, async (request, reply) => {
      seen.push(request.body);
      return reply.code(202).send();
    });
    app.post(
      "/v1/configs",
      {
        schema: {
          body: { $ref: schemaId("config") },
          querystring: { type: "object", properties: { dry: { type: "boolean" } } },
        },
      },
      async (request) => ({ body: request.body, query: request.query }),
    );
    const inject = (url: string, payload: unknown) => app.inject({ method: "POST", url, payload: payload as object });

    expect((await inject("/messages", { to: "a@b.c", type: "text/plain", content: 42 })).statusCode).toBe(400);
    expect((await inject("/v1/configs", { input: { kafka: { consumer_grop: "g" } } })).statusCode).toBe(400);
    const message = { to: "a@b.c", type: "text/plain", content: "hi" };
    expect((await inject("/messages", message)).statusCode).toBe(202);
    expect(seen).toEqual([message]);
    const config = { name: "c", input: { kafka: { consumer_group: "g" } } };
    const accepted = await inject("/v1/configs?dry=true", config);
    expect(accepted.json()).toEqual({ body: config, query: { dry: true } });
    await app.close();
  });
});
