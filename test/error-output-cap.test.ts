/**
 * How many errors an answer lists (docs/validating.md#errors-listed): the first errors in the order the validator
 * found them, at most `maxErrors` (default 100), stopping before one whose pointer and message take the listed ones
 * past `maxErrors` × 1,024 characters (the first is always listed), and `errorCount`, the number found, when some
 * are left out. Attacked from outside with Configs whose filter nodes are invalid at every level (pointers up to
 * 40 KB each at 4,000 levels) and wide ones (many short errors): the real `specfirst validate` process (text, JSON,
 * NDJSON, NDJSON in worker threads), the proxy over real HTTP (answer and log), Express, Fastify and Hono with the
 * real framework, and the webhook handler on node:http. Each answer is the listing the rule gives of `validate()`'s
 * errors, and its size stays within `maxErrors` × about 1 KiB plus twice the body. No timing is asserted.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import express from "express";
import fc from "fast-check";
import Fastify, { type FastifyInstance } from "fastify";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMessagingClient, createWebhookHandler } from "../generated/client.js";
import { validate } from "../generated/validators.js";
import { proxyCommand } from "../runtime/cli/commands/proxy.js";
import { validateCommand } from "../runtime/cli/commands/validate.js";
import { validateBody, validateRoute as expressRoute } from "../runtime/middleware/express.js";
import { specfirst, validateRoute as fastifyRoute } from "../runtime/middleware/fastify.js";
import { validateRoute as webRoute, withValidBody } from "../runtime/middleware/web.js";
import { createProxy, type RunningProxy } from "../runtime/proxy/server.js";
import { DEFAULT_MAX_ERRORS, listErrors, maxErrorsOption } from "../runtime/validation/listed-errors.js";
import type { ValidationError } from "../runtime/validation/result.js";
import { builtRunValidateCommand, runCli, runInProcess } from "./helpers/cli.js";
import { listenOnLoopback } from "./helpers/loopback.js";
import { ROOT, readJson } from "./helpers/fixtures.js";

const SEED = Number(process.env.FC_SEED ?? Date.now() % 1_000_000);
const dir = mkdtempSync(path.join(tmpdir(), "specfirst-errors-"));

// --- The rule, written out from docs/validating.md#errors-listed, and the bound it gives ---

const CHARACTERS_PER_ERROR = 1024;

/** What an answer lists of `all` under `maxErrors`: the rule of the docs, applied to the validator's own errors. */
function listing<E extends { pointer: string; message: string }>(all: readonly E[], maxErrors = DEFAULT_MAX_ERRORS) {
  let listed = 0;
  let characters = 0;
  while (listed < Math.min(all.length, maxErrors)) {
    const error = all[listed] as E;
    characters += error.pointer.length + error.message.length;
    if (listed > 0 && characters > maxErrors * CHARACTERS_PER_ERROR) break;
    listed++;
  }
  return listed === all.length ? { errors: all.slice() } : { errors: all.slice(0, listed), errorCount: all.length };
}

/**
 * The most bytes an answer (or one CLI result) may take: the listed pointers and messages (at most `maxErrors` KiB,
 * or the first error alone, whose pointer is at most twice the body), and each error's punctuation, keyword,
 * line and column (under 160 bytes).
 */
const bound = (maxErrors: number, bodyBytes: number) => maxErrors * (CHARACTERS_PER_ERROR + 160) + 2 * bodyBytes + 512;

// --- Payloads: Configs invalid at every level of a chain (long pointers), or wide (many short ones) ---

type Shape = { depth: number } | { width: number };

/** `{"filter":{"filter":<node>}}`: a chain of `depth` nodes, each `op` a number; or one node with `width` such children. */
function configText(shape: Shape): string {
  if ("depth" in shape) {
    const { depth } = shape;
    return `{"filter":{"filter":${'{"op":1,"filters":['.repeat(depth - 1)}{"op":1}${"]}".repeat(depth - 1)}}}`;
  }
  return `{"filter":{"filter":{"op":1,"filters":[${Array.from({ length: shape.width }, () => '{"op":1}').join(",")}]}}}`;
}
const DEEPEST = 4000;
const shapes: fc.Arbitrary<Shape> = fc.oneof(
  fc.oneof(fc.constant(DEEPEST), fc.integer({ min: 1, max: DEEPEST })).map((depth) => ({ depth })),
  fc.integer({ min: 0, max: 400 }).map((width) => ({ width })),
);
/** Caps: the least, small ones, the default and its neighbour, one above every wide Config's count; undefined: none given. */
const caps = fc.constantFrom(undefined, 1, 2, 3, 40, 100, 101, 402);

/** The errors `validate("config")` gives for a Config text (what every answer lists a prefix of). */
function errorsOf(text: string): ValidationError[] {
  const result = validate("config", JSON.parse(text) as unknown);
  if (result.valid) throw new Error("the payload is meant to be invalid");
  return result.errors;
}

const under = (prefix: string, errors: ValidationError[]) =>
  errors.map((error) => ({ ...error, pointer: prefix + error.pointer }));

/** Checks an answer `text` to `body` against the rule and the bound. */
function expectListing(text: string, all: ValidationError[], body: string, maxErrors: number | undefined) {
  expect(JSON.parse(text)).toEqual(listing(all, maxErrors));
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(bound(maxErrors ?? DEFAULT_MAX_ERRORS, Buffer.byteLength(body)));
}

const FC = { seed: SEED, numRuns: 25, endOnFailure: true } as const;

describe("listErrors (runtime/validation/listed-errors.ts)", () => {
  it(`lists the rule's prefix, with errorCount exactly when some are left out (seed ${SEED})`, () => {
    const error = fc.record({
      pointer: fc.nat({ max: 6000 }).map((length) => "/a".repeat(length >> 1)),
      message: fc.string({ maxLength: 200 }),
      keyword: fc.constantFrom("type", "required"),
    });
    fc.assert(
      fc.property(fc.array(error, { maxLength: 400 }), fc.integer({ min: 1, max: 300 }), (errors, maxErrors) => {
        const listed = listErrors(errors, maxErrors);
        expect(listed).toEqual(listing(errors, maxErrors));
        if (errors.length > 0) expect(listed.errors.length).toBeGreaterThanOrEqual(1);
        expect(listed.errors.length).toBeLessThanOrEqual(maxErrors);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("takes a whole number of errors, at least 1, and refuses anything else with the option's name", () => {
    expect(maxErrorsOption(undefined)).toBe(100);
    expect(maxErrorsOption(1)).toBe(1);
    for (const wrong of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => maxErrorsOption(wrong)).toThrow(
        /^maxErrors is a whole number of errors, at least 1 \(default 100\): an answer lists at least the first error$/,
      );
  });
});

describe("specfirst validate --max-errors (the real process)", () => {
  const deep = path.join(dir, "deep.json");
  const deepText = configText({ depth: DEEPEST });
  writeFileSync(deep, deepText);
  const all = errorsOf(deepText);

  it("lists 2 of the 4,000 errors of a Config 4,000 levels deep (84 KB) by default, and says it found 4,000", async () => {
    expect(all).toHaveLength(DEEPEST);
    const text = await runCli(["validate", "config", deep]);
    expect(text.code).toBe(1);
    const lines = text.stdout.split("\n").slice(0, -1);
    const { errors } = listing(all);
    expect(errors).toHaveLength(2);
    expect(lines).toHaveLength(3);
    expect(lines.slice(0, 2).map((line) => line.split(" ")[1])).toEqual(errors.map((error) => error.pointer));
    expect(lines[2]).toBe(
      `${deep}: 3998 more errors were found and not listed (4000 in all): raise --max-errors to list more`,
    );
    expect(text.stdout.length).toBeLessThanOrEqual(bound(DEFAULT_MAX_ERRORS, deepText.length));

    const json = await runCli(["validate", "config", deep, "--format", "json"]);
    expect(json.code).toBe(1);
    const [result] = (JSON.parse(json.stdout) as { results: { errors: ValidationError[]; errorCount?: number }[] })
      .results;
    expect(result?.errorCount).toBe(DEEPEST);
    expect(result?.errors.map((error) => error.pointer)).toEqual(errors.map((error) => error.pointer));
    expect(json.stdout.length).toBeLessThanOrEqual(bound(DEFAULT_MAX_ERRORS, deepText.length));
  });

  it(`lists each input's and each NDJSON record's errors by the rule, for generated Configs and caps (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(shapes, { minLength: 1, maxLength: 3 }), caps, async (records, maxErrors) => {
        const texts = records.map(configText);
        const file = path.join(dir, `records-${records.length}.ndjson`);
        writeFileSync(file, `${texts.join("\n")}\n`);
        const flag = maxErrors === undefined ? [] : ["--max-errors", String(maxErrors)];
        const run = await runCli(["validate", "config", file, "--ndjson", "--format", "json", ...flag]);
        expect(run.code).toBe(1);
        const lines = run.stdout
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as { errors: ValidationError[]; errorCount?: number; line?: number });
        expect(lines.pop()).toEqual({
          summary: { records: records.length, valid: 0, invalid: records.length, unreadable: 0 },
        });
        lines.forEach((record, index) => {
          const expected = listing(errorsOf(texts[index] as string), maxErrors);
          expect(record.errors.map((error) => error.pointer)).toEqual(expected.errors.map((error) => error.pointer));
          expect(record.errorCount).toBe(expected.errorCount);
          expect(JSON.stringify(record).length).toBeLessThanOrEqual(
            bound(maxErrors ?? DEFAULT_MAX_ERRORS, (texts[index] as string).length),
          );
        });
      }),
      { ...FC, numRuns: 6 },
    );
  });

  it("passes --max-errors to the NDJSON worker threads", async () => {
    const run = await builtRunValidateCommand();
    let stdout = "";
    const wide = configText({ width: 50 });
    const file = path.join(dir, "wide.ndjson");
    writeFileSync(file, `${wide}\n${deepText}\n`);
    const code = await run({
      name: "config",
      lenient: false,
      ndjson: true,
      maxRecordBytes: 1 << 20,
      maxErrors: 3,
      format: "json",
      inputs: [file],
      stdin: process.stdin,
      stdout: (text) => (stdout += text),
      stderr: () => {},
      progress: false,
      workerThreads: 2,
      parallelFromBytes: 0,
    });
    expect(code).toBe(1);
    const [first, second] = stdout.split("\n").map((line) => line && (JSON.parse(line) as Record<string, unknown>));
    expect(first).toMatchObject({ line: 1, errorCount: 51, errors: listing(errorsOf(wide), 3).errors.map(located) });
    expect(second).toMatchObject({ line: 2, errorCount: DEEPEST });
    expect((second as { errors: unknown[] }).errors).toHaveLength(1);
  });

  it("refuses a --max-errors that is not a whole number of at least 1 (exit 2, the flag named)", async () => {
    for (const wrong of ["0", "-1", "1.5", "ten", ""]) {
      const run = await runInProcess(validateCommand, ["config", deep, `--max-errors=${wrong}`]);
      expect(run).toEqual({
        code: 2,
        stdout: "",
        stderr: "specfirst validate: --max-errors is a whole number of errors, at least 1 (default 100)\n",
      });
    }
  });
});

/** An error as the CLI's JSON lists it: pointer and message (its line and column are not compared here). */
const located = (error: ValidationError) => ({ pointer: error.pointer, message: error.message });

describe("the proxy (--enforce) over real HTTP", () => {
  const proxies = new Map<number | undefined, Promise<{ proxy: RunningProxy; log: string[] }>>();
  let upstream: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    upstream = await listenOnLoopback((_req, res) => res.writeHead(204).end());
  });
  afterAll(async () => {
    for (const started of proxies.values()) await (await started).proxy.close();
    await upstream.close();
  });
  /** One enforcing proxy per cap, one worker thread checking the bodies over 64 KiB. */
  const proxyWith = (maxErrors: number | undefined) => {
    let started = proxies.get(maxErrors);
    if (started === undefined) {
      const log: string[] = [];
      started = createProxy({
        upstream: upstream.url,
        enforce: true,
        checkThreads: 1,
        log: (line) => log.push(line),
        warn: () => {},
        ...(maxErrors === undefined ? {} : { maxErrors }),
      }).then((proxy) => ({ proxy, log }));
      proxies.set(maxErrors, started);
    }
    return started;
  };

  it(`answers 400 with the listed errors and errorCount, and logs them and one maxErrors line (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(shapes, caps, async (shape, maxErrors) => {
        const { proxy, log } = await proxyWith(maxErrors);
        log.length = 0;
        const body = configText(shape);
        const answer = await fetch(`${proxy.url}/v1/configs`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: "Key proxy-cap-key" },
          body,
        });
        expect(answer.status).toBe(400);
        const all = errorsOf(body);
        const expected = listing(all, maxErrors);
        expectListing(await answer.text(), all, body, maxErrors);
        const lines = log.map((line) => JSON.parse(line) as { pointer: string; keyword: string; message: string });
        const unlisted =
          expected.errorCount === undefined
            ? []
            : [
                {
                  pointer: "",
                  keyword: "maxErrors",
                  message: `${all.length - expected.errors.length} more errors were found and not listed (${all.length} in all)`,
                },
              ];
        expect(lines.map(({ pointer, keyword, message }) => ({ pointer, keyword, message }))).toEqual([
          ...expected.errors,
          ...unlisted,
        ]);
        expect(log.join("\n").length).toBeLessThanOrEqual(
          bound(maxErrors ?? DEFAULT_MAX_ERRORS, body.length) + lines.length * 128,
        );
      }),
      FC,
    );
  });

  it("takes --max-errors on the command line, and refuses one that is not a whole number of at least 1", async () => {
    const run = await runInProcess(proxyCommand, ["--upstream", upstream.url, "--port", "0", "--max-errors", "0"]);
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: "specfirst proxy: --max-errors is a whole number, at least 1\n",
    });
    await expect(createProxy({ upstream: upstream.url, maxErrors: 0 })).rejects.toThrow(/^maxErrors is a whole number/);
  });
});

describe("the middleware with the real framework", () => {
  const apps: { name: string; url: string; close: () => Promise<void> }[] = [];
  const fastifies = new Map<number | undefined, Promise<{ url: string; app: FastifyInstance }>>();
  /** The cap a request asks its handler to be built with (the middleware takes it as an option). */
  const capOf = (value: string | null | undefined) =>
    value === undefined || value === null ? {} : { maxErrors: Number(value) };

  beforeAll(async () => {
    const app = express();
    app.post("/body", (req, res, next) => validateBody("config", capOf(req.get("x-cap")))(req, res, next));
    app.post("/v1/configs", (req, res, next) =>
      expressRoute("POST /v1/configs", capOf(req.get("x-cap")))(req, res, next),
    );
    app.use((_req: unknown, res: express.Response) => res.status(204).end());
    apps.push({ name: "express", ...(await listenOnLoopback(app as never)) });

    const hono = new Hono();
    hono.post("/body", (c) =>
      withValidBody("config", () => new Response(null, { status: 204 }), capOf(c.req.header("x-cap")))(c.req.raw),
    );
    hono.post("/v1/configs", (c) =>
      webRoute("POST /v1/configs", () => new Response(null, { status: 204 }), capOf(c.req.header("x-cap")))(c.req.raw),
    );
    const server = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: hono.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
    });
    apps.push({
      name: "hono",
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    for (const started of fastifies.values()) await (await started).app.close();
  });

  /** Fastify takes the cap when the plugin is registered: one instance per cap. */
  const fastifyWith = (maxErrors: number | undefined) => {
    let started = fastifies.get(maxErrors);
    if (started === undefined) {
      started = (async () => {
        const app = Fastify();
        await app.register(specfirst, maxErrors === undefined ? {} : { maxErrors });
        app.post("/body", { schema: { body: "config" } }, async (_request, reply) => reply.code(204).send());
        app.post(
          "/v1/configs",
          { preValidation: fastifyRoute("POST /v1/configs", maxErrors === undefined ? {} : { maxErrors }) },
          async (_request, reply) => reply.code(204).send(),
        );
        return { url: await app.listen({ port: 0, host: "127.0.0.1" }), app };
      })();
      fastifies.set(maxErrors, started);
    }
    return started;
  };

  it(`answers 400 with the listed errors and errorCount, in Express, Fastify and Hono, body and route (seed ${SEED})`, async () => {
    const framework = fc.constantFrom("express", "fastify", "hono");
    await fc.assert(
      fc.asyncProperty(framework, fc.boolean(), shapes, caps, async (name, route, shape, maxErrors) => {
        const base =
          name === "fastify" ? (await fastifyWith(maxErrors)).url : apps.find((app) => app.name === name)?.url;
        const body = configText(shape);
        const answer = await fetch(`${base}${route ? "/v1/configs" : "/body"}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: "Key middleware-cap-key",
            ...(maxErrors === undefined ? {} : { "x-cap": String(maxErrors) }),
          },
          body,
        });
        expect(answer.status).toBe(400);
        const all = errorsOf(body);
        expectListing(await answer.text(), route ? under("/body", all) : all, body, maxErrors);
      }),
      { ...FC, numRuns: 40 },
    );
  });

  it("refuses a maxErrors that is not a whole number of at least 1, when the middleware is made", async () => {
    const refused = /^maxErrors is a whole number of errors, at least 1/;
    for (const maxErrors of [0, -3, 2.5, Number.NaN]) {
      expect(() => validateBody("config", { maxErrors })).toThrow(refused);
      expect(() => expressRoute("POST /v1/configs", { maxErrors })).toThrow(refused);
      expect(() => fastifyRoute("POST /v1/configs", { maxErrors })).toThrow(refused);
      expect(() => webRoute("POST /v1/configs", () => new Response(), { maxErrors })).toThrow(refused);
      await expect(
        withValidBody("config", () => new Response(), { maxErrors })(new Request("http://x/")),
      ).rejects.toThrow(refused);
      const app = Fastify();
      await expect(app.register(specfirst, { maxErrors }).ready()).rejects.toThrow(refused);
      await app.close();
    }
  });
});

describe("the webhook handler on node:http", () => {
  const inbound = readJson<Record<string, unknown>>(
    path.join(ROOT, "openapi", "examples", "messaging", "inbound-message-text-plain.json"),
  );
  const delivery = {
    ...inbound,
    type: "application/vnd.lime.collection+json",
    content: { itemType: "text/plain", items: Array.from({ length: 150 }, () => 1) },
  };
  const handlerWith = (maxErrors?: number) =>
    createWebhookHandler({
      client: createMessagingClient({ baseUrl: "http://127.0.0.1:9", accessKey: "webhook-cap-key" }),
      onError: () => {},
      ...(maxErrors === undefined ? {} : { maxErrors }),
    });

  it("answers a delivery with 150 errors 400 with the first 100, or maxErrors, and errorCount 150", async () => {
    for (const [maxErrors, listed] of [
      [undefined, 100],
      [7, 7],
      [150, 150],
    ] as const) {
      const served = await listenOnLoopback(handlerWith(maxErrors));
      try {
        const answer = await fetch(`${served.url}/messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(delivery),
        });
        expect(answer.status).toBe(400);
        const body = (await answer.json()) as { errors: ValidationError[]; errorCount?: number };
        expect(body.errorCount).toBe(listed < 150 ? 150 : undefined);
        expect(body.errors).toHaveLength(listed);
        expect(body.errors[0]?.pointer).toBe("/content/items/0");
        expect(body.errors[listed - 1]?.pointer).toBe(`/content/items/${listed - 1}`);
      } finally {
        await served.close();
      }
    }
  });

  it("refuses a maxErrors that is not a whole number of at least 1 when the handler is created", () => {
    for (const maxErrors of [0, -1, 1.5, Number.NaN]) expect(() => handlerWith(maxErrors)).toThrow(/maxErrors/);
  });
});
