/**
 * Every middleware adapter reads a body sent with `Content-Encoding` as `express.json()` (body-parser) does
 * (docs/validating.md#middleware-and-proxy): gzip, deflate and br (and x-gzip) inflated, the body limit applied to the
 * bytes received and to the bytes decoded, so that a zip bomb is refused 413 without being inflated past the limit;
 * one coding only (a list, or an unknown one, 415); a body that cannot be decoded 400. Real Express 5, Fastify 5 and
 * Hono on @hono/node-server over loopback, requests written on raw sockets (exact headers, chunked or not, split
 * into generated pieces), with body-parser beside them as the reference.
 */
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync, constants as zlib } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import express from "express";
import fc from "fast-check";
import Fastify, { type FastifyInstance } from "fastify";
import { Hono } from "hono";
import type { Server } from "node:http";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateBody } from "../runtime/middleware/express.js";
import { specfirst } from "../runtime/middleware/fastify.js";
import { validateRequest } from "../runtime/middleware/web.js";
import { LIMIT, TOO_LARGE, newLog, type HandlerLog } from "./helpers/middleware-cases.js";
import { rawRequest, type RawAnswer } from "./helpers/raw-http.js";

type Coding = "gzip" | "x-gzip" | "deflate" | "br" | "identity";
const encode = (coding: Coding, bytes: Uint8Array, level = 6): Buffer => {
  switch (coding) {
    case "gzip":
    case "x-gzip":
      return gzipSync(bytes, { level });
    case "deflate":
      return deflateSync(bytes, { level });
    case "br":
      return brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: Math.min(level, 11) } });
    case "identity":
      return Buffer.from(bytes);
  }
};

interface Target {
  name: string;
  port: () => number;
  log: HandlerLog;
}

const expressLog = newLog();
const parserLog = newLog();
const fastifyLog = newLog();
const honoLog = newLog();
let expressServer: Server;
let fastify: FastifyInstance;
let hono: ServerType;

const portOf = (server: { address(): unknown }) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  const app = express();
  app.post("/messages", validateBody("message", { limit: LIMIT }), (req, res) => {
    expressLog.bodies.push(req.body);
    res.status(202).end();
  });
  // The reference: body-parser, as express.json() inflates, with the same limit.
  app.post("/parsed", express.json({ limit: LIMIT, type: () => true }), (req, res) => {
    parserLog.bodies.push(req.body);
    res.status(202).end();
  });
  // Errors of body-parser: answered with their status, nothing else.
  app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(error.status ?? 500).end();
  });
  await new Promise<void>((resolve) => {
    expressServer = app.listen(0, "127.0.0.1", () => resolve());
  });

  fastify = Fastify();
  await fastify.register(specfirst, { limit: LIMIT });
  fastify.post("/messages", { schema: { body: "message" } }, async (request, reply) => {
    fastifyLog.bodies.push(request.body);
    return reply.code(202).send();
  });
  await fastify.listen({ port: 0, host: "127.0.0.1" });

  const honoApp = new Hono();
  honoApp.post("/messages", async (c) => {
    const checked = await validateRequest(c.req.raw, "message", { limit: LIMIT });
    if (checked.response) return checked.response;
    honoLog.bodies.push(checked.data);
    return c.body(null, 202);
  });
  await new Promise<void>((resolve) => {
    hono = serve({ fetch: honoApp.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
});

afterAll(async () => {
  expressServer.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => expressServer.close(resolve)),
    fastify.close(),
    new Promise((resolve) => hono.close(resolve)),
  ]);
});

const TARGETS: Target[] = [
  { name: "Express 5 (validateBody)", port: () => portOf(expressServer), log: expressLog },
  { name: "Fastify 5 (plugin)", port: () => portOf(fastify.server), log: fastifyLog },
  { name: "Hono on @hono/node-server (validateRequest)", port: () => portOf(hono), log: honoLog },
];

/** Splits bytes into pieces at the given fractions (the chunks of a chunked body, or of no body at all). */
const piecesOf = (bytes: Uint8Array, cuts: number[]): Uint8Array[] => {
  const at = [...new Set(cuts.map((cut) => Math.floor(cut * bytes.byteLength)))].sort((a, b) => a - b);
  return [0, ...at].map((start, index) => bytes.subarray(start, at[index] ?? bytes.byteLength));
};

/** POSTs `body` with `encoding` (undefined: no header) on a raw socket, chunked in `cuts` pieces or with a length. */
function send(
  port: number,
  path: string,
  body: Uint8Array,
  encoding: string | undefined,
  cuts?: number[],
): Promise<RawAnswer> {
  return rawRequest(port, {
    method: "POST",
    path,
    headers: { Host: `127.0.0.1:${port}`, "Content-Type": "application/json", "Content-Encoding": encoding },
    ...(cuts === undefined ? { body } : { chunks: piecesOf(body, cuts) }),
  });
}

/** A header value naming `coding` as a client may spell it (case, surrounding spaces). */
const spelled = (coding: Coding) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: coding.length, maxLength: coding.length }),
      fc.constantFrom("", " ", "  "),
    )
    .map(([upper, space]) => `${space}${[...coding].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("")}${space}`);

const message = fc
  .record({
    content: fc.string({ maxLength: 300 }),
    pad: fc.nat(1500),
    valid: fc.boolean(),
  })
  .map(({ content, pad, valid }) =>
    valid
      ? { to: "5531988887777@sms.example.net", type: "text/plain", content: content + " ".repeat(pad) }
      : { to: "5531988887777@sms.example.net", type: "text/plain", content: pad },
  );

/**
 * Zip bombs under the limit as sent: the first bytes of 64 MiB of spaces compressed, which inflate to megabytes (br:
 * the whole 64 MiB) and then end too soon, so that a reader inflating to the end would find them broken (400), not
 * over the limit (413).
 */
const BOMBS = (["gzip", "deflate", "br"] as const).map((coding) => {
  const whole = encode(coding, Buffer.alloc(64 * 1024 * 1024, 0x20), 9);
  return [coding, whole.subarray(0, Math.min(whole.length - 16, LIMIT - 1))] as const;
});

const errorsOf = (answer: RawAnswer) =>
  (JSON.parse(answer.body) as { errors: { pointer: string; keyword: string }[] }).errors;

describe.each(TARGETS)("$name", (target) => {
  it("reads gzip, x-gzip, deflate, br and identity bodies in any spelling, whole or in generated chunks, as body-parser reads them", async () => {
    await fc.assert(
      fc.asyncProperty(
        message,
        fc
          .constantFrom<Coding>("gzip", "x-gzip", "deflate", "br", "identity")
          .chain((coding) => fc.tuple(fc.constant(coding), spelled(coding))),
        fc.integer({ min: 1, max: 9 }),
        fc.option(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), { nil: undefined }),
        async (value, [coding, header], level, cuts) => {
          const json = Buffer.from(JSON.stringify(value));
          fc.pre(json.length <= LIMIT);
          const body = encode(coding, json, level);
          fc.pre(body.length <= LIMIT);
          const before = target.log.bodies.length;
          const answer = await send(target.port(), "/messages", body, header, cuts);
          if (value.content === undefined || typeof value.content !== "string") {
            expect(answer.status, header).toBe(400);
            expect(errorsOf(answer)).toContainEqual(expect.objectContaining({ pointer: "/content", keyword: "type" }));
            expect(target.log.bodies.length).toBe(before);
          } else {
            expect(answer.status, header).toBe(202);
            expect(target.log.bodies.at(-1)).toEqual(value);
          }
          // body-parser reads the same request alike (x-gzip aside: it knows only gzip, deflate and br)
          if (coding !== "x-gzip") {
            const reference = await send(portOf(expressServer), "/parsed", body, header, cuts);
            expect(reference.status, header).toBe(202);
            expect(parserLog.bodies.at(-1)).toEqual(value);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses a zip bomb 413 without inflating it past the limit: gzip, deflate and br streams of 64 MiB, cut short", async () => {
    for (const [coding, bomb] of BOMBS) {
      for (const cuts of [undefined, [0.25, 0.5, 0.75]]) {
        const before = target.log.bodies.length;
        const answer = await send(target.port(), "/messages", bomb, coding, cuts);
        expect(answer.status, `${coding} ${cuts === undefined ? "length" : "chunked"}`).toBe(413);
        expect(answer.headers.connection).toBe("close");
        expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
        expect(target.log.bodies.length).toBe(before);
      }
    }
  });

  it("applies the limit to the decoded bytes: exactly the limit is read, one byte more is 413", async () => {
    const exact = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "" });
    const padded = Buffer.from(exact.replace('""', `"${"y".repeat(LIMIT - exact.length)}"`));
    expect(padded.length).toBe(LIMIT);
    const over = Buffer.from(exact.replace('""', `"${"y".repeat(LIMIT + 1 - exact.length)}"`));
    for (const coding of ["gzip", "x-gzip", "deflate", "br"] as const) {
      expect((await send(target.port(), "/messages", encode(coding, padded), coding)).status, coding).toBe(202);
      const refused = await send(target.port(), "/messages", encode(coding, over), coding);
      expect(refused.status, coding).toBe(413);
      expect(JSON.parse(refused.body)).toEqual(TOO_LARGE);
    }
  });

  it("refuses 415 an encoding it does not read, a list of codings or a repeated header, without calling the handler", async () => {
    const json = Buffer.from(JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" }));
    const before = target.log.bodies.length;
    for (const [header, body] of [
      ["compress", json],
      ["zstd", json],
      ["gzip, br", brotliCompressSync(gzipSync(json))],
      ["gzip, gzip", gzipSync(gzipSync(json))],
      ["identity, gzip", gzipSync(json)],
      ["gzip;q=1", gzipSync(json)],
      ["deflate-raw", deflateRawSync(json)],
    ] as const) {
      const answer = await send(target.port(), "/messages", body, header);
      expect(answer.status, header).toBe(415);
      expect(answer.headers.connection).toBe("close");
      expect(errorsOf(answer)).toEqual([
        {
          pointer: "",
          message:
            "unsupported content encoding: send the body as identity, gzip, x-gzip, deflate or br, one coding only",
          keyword: "contentEncoding",
        },
      ]);
    }
    // the header sent twice (Node joins the two lines into a list)
    const twice = await rawRequest(target.port(), {
      method: "POST",
      path: "/messages",
      headers: {
        Host: "127.0.0.1",
        "Content-Type": "application/json",
        "Content-Encoding": "gzip",
        "content-encoding": "gzip",
      },
      body: gzipSync(json),
    });
    expect(twice.status).toBe(415);
    expect(target.log.bodies.length).toBe(before);
  });

  it("refuses 400 a body that cannot be decoded (generated garbage, truncated, or another coding's data), without calling the handler", async () => {
    const json = Buffer.from(JSON.stringify({ to: "a@b.c", type: "text/plain", content: "x".repeat(200) }));
    const before = target.log.bodies.length;
    const undecodable: [string, Uint8Array][] = [
      ["gzip", gzipSync(json).subarray(0, 30)],
      ["deflate", deflateSync(json).subarray(0, 30)],
      ["br", brotliCompressSync(json).subarray(0, 20)],
      ["gzip", deflateSync(json)],
      ["deflate", gzipSync(json)],
      ["deflate", deflateRawSync(json)],
      ["gzip", json],
      ["gzip", new Uint8Array(0)],
      ["gzip", Buffer.concat([gzipSync(json), Buffer.from("trailing garbage")])],
    ];
    for (const [coding, body] of undecodable) {
      const answer = await send(target.port(), "/messages", body, coding);
      expect(answer.status, coding).toBe(400);
      expect(errorsOf(answer), coding).toEqual([
        { pointer: "", message: `body cannot be decoded (content-encoding ${coding})`, keyword: "contentEncoding" },
      ]);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("gzip", "deflate"),
        fc.uint8Array({ minLength: 1, maxLength: 200 }),
        async (coding, bytes) => {
          const answer = await send(target.port(), "/messages", bytes, coding);
          expect(answer.status).toBe(400);
          expect(errorsOf(answer)[0]?.keyword).toBe("contentEncoding");
        },
      ),
      { numRuns: 40 },
    );
    expect(target.log.bodies.length).toBe(before);
  });

  it("closes the connection after a refused encoding, and a pooled client's next request succeeds", async () => {
    const agent = new Agent({ connections: 1 });
    const url = `http://127.0.0.1:${target.port()}/messages`;
    const json = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" });
    try {
      for (const [encoding, body] of [
        ["zstd", Buffer.from(json)],
        ["gzip", Buffer.from("not gzip at all")],
        ["gzip", gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20))],
        ["gzip", gzipSync(Buffer.from(json))],
      ] as const) {
        const first = await request(url, {
          method: "POST",
          headers: { "content-type": "application/json", "content-encoding": encoding },
          body,
          dispatcher: agent,
        });
        await first.body.text();
        const next = await request(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: json,
          dispatcher: agent,
        });
        await next.body.text();
        expect(next.statusCode, encoding).toBe(202);
      }
    } finally {
      await agent.close();
    }
  });
});
