/**
 * The proxy at the wire: raw sockets (node:net) send generated request sequences through `createProxy` to node:http,
 * Express 5 and Fastify 5 upstreams behind the proxy's keep-alive pool, and each upstream records every request it
 * reads. Generated: the method (a body on every method), the path (declared, a variant, undeclared), the media type,
 * the body (valid, invalid, a whole `POST /messages` request inside it), the framing (none, Content-Length, chunked
 * in pieces, chunk extensions, trailers, and ambiguous framings: both headers, Content-Length twice, transfer codings
 * other than chunked, malformed chunk sizes), several requests pipelined on one connection, written in pieces.
 * The oracle: the upstream reads exactly the requests the client framed and the proxy passed (never a request hidden
 * in a body, never an invalid body under `--enforce`), each framed once; the client gets the answers in order.
 *
 * Then the statuses the proxy answers itself at the wire: 415 for a media type other than `application/json` (and
 * a charset other than UTF-8), 405 with `Allow` for an undeclared method, 408 for a slow upload, and no 503 for 64
 * concurrent clients, nor for a request while 32 slow uploads trickle. No assertion is on a duration.
 */
import { spawn } from "node:child_process";
import express from "express";
import Fastify from "fastify";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProxy, ROUTES, type RunningProxy, type Violation } from "../runtime/proxy/server.js";
import { runCli, runtimeCli } from "./helpers/cli.js";
import { ROOT } from "./helpers/fixtures.js";
import { validate } from "../generated/validators.js";

const SEED = Number(process.env.FC_SEED ?? Date.now() % 1_000_000);

/** A request as an upstream read it. */
interface Seen {
  seq: string;
  method: string;
  url: string;
  /** The body as the framework gave it (Fastify gives none for GET, HEAD and TRACE). */
  body: string | undefined;
  headers: IncomingHttpHeaders;
}

interface Upstream {
  name: string;
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

const record = (seen: Seen[], method: string, url: string, headers: IncomingHttpHeaders, body: unknown) =>
  seen.push({
    seq: String(headers["x-seq"]),
    method,
    url,
    body: Buffer.isBuffer(body) ? body.toString("latin1") : typeof body === "string" ? body : undefined,
    headers,
  });

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closing = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

async function nodeUpstream(): Promise<Upstream> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      record(seen, req.method ?? "", req.url ?? "", req.headers, Buffer.concat(chunks));
      res.writeHead(200, { "content-type": "text/plain", "content-length": 2 }).end("ok");
    });
  });
  return { name: "node:http", url: await listen(server), seen, close: closing(server) };
}

async function expressUpstream(): Promise<Upstream> {
  const seen: Seen[] = [];
  const app = express();
  app.use(express.raw({ type: () => true, limit: "1mb" }));
  app.use((req, res) => {
    record(seen, req.method, req.originalUrl, req.headers, req.body);
    res.status(200).type("text/plain").send("ok");
  });
  const server = createServer(app);
  return { name: "Express 5", url: await listen(server), seen, close: closing(server) };
}

async function fastifyUpstream(): Promise<Upstream> {
  const seen: Seen[] = [];
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  const handler = (
    req: { method: string; url: string; headers: IncomingHttpHeaders; body: unknown },
    reply: { code(status: number): { send(text: string): void } },
  ) => {
    record(seen, req.method, req.url, req.headers, req.body);
    reply.code(200).send("ok");
  };
  app.all("/*", handler);
  app.setNotFoundHandler(handler);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    name: "Fastify 5",
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    seen,
    close: () => app.close(),
  };
}

// --- the generated requests ---

const VALID: Record<string, string> = {
  "/messages": '{"to":"a@b.c","type":"text/plain","content":"hi"}',
  "/commands": '{"id":"1","method":"get","uri":"/ping"}',
  "/v1/configs": '{"name":"c","input":{"kafka":{"consumer_group":"g"}}}',
};
const INVALID_MESSAGE = '{"to":"x","type":"text/plain","content":{"$gt":""}}';
/** A whole request in a body: if an upstream ever reads it as a request, it was smuggled. */
const SMUGGLED = `POST /messages HTTP/1.1\r\nHost: x\r\nX-Seq: smuggled\r\nContent-Type: application/json\r\nContent-Length: ${INVALID_MESSAGE.length}\r\n\r\n${INVALID_MESSAGE}`;
/** Content-Length shorter than the smuggled request's body: the rest would corrupt the next request on the connection. */
const MIS_SIZED = SMUGGLED.replace(`Content-Length: ${INVALID_MESSAGE.length}`, "Content-Length: 200");
const BODIES = ["", "{}", INVALID_MESSAGE, SMUGGLED, MIS_SIZED, "to=not-an-address&content[$gt]=", "x".repeat(300)];

const DECLARED = ROUTES.map((route) => route.path);
const PATHS = [...DECLARED, "/MESSAGES", "/other", "/other/deep"];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  'Application/JSON;charset="UTF-8"',
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded",
  "text/plain",
  undefined,
];

/** The framings a client may use; the ambiguous ones (and those Node's parser refuses) follow. */
const GOOD_FRAMINGS = ["length", "chunked", "chunked-extensions", "chunked-trailer"] as const;
const BAD_FRAMINGS = [
  "length-and-chunked",
  "chunked-and-length",
  "length-twice-differing",
  "length-twice-same",
  "length-list",
  "transfer-identity-chunked",
  "transfer-gzip-chunked",
  "transfer-chunked-identity",
  "transfer-empty",
  "chunk-size-0x",
  "chunk-size-negative",
  "chunk-size-overflow",
  "chunk-size-space",
  "chunk-bare-lf",
  "chunk-missing-crlf",
] as const;
type FramingKind = "none" | (typeof GOOD_FRAMINGS)[number] | (typeof BAD_FRAMINGS)[number];

interface Intended {
  seq: string;
  method: string;
  target: string;
  contentType: string | undefined;
  body: string;
  framing: FramingKind;
  /** Where the body is cut into chunks (chunked framings). */
  cuts: number[];
  close?: boolean;
}

const intended = fc.record({
  method: fc.constantFrom(...METHODS),
  path: fc.constantFrom(...PATHS),
  query: fc.constantFrom("", "?q=1"),
  contentType: fc.constantFrom(...CONTENT_TYPES),
  body: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...BODIES) },
    { weight: 3, arbitrary: fc.constantFrom(...Object.values(VALID)) },
  ),
  framing: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom<FramingKind>("none", ...GOOD_FRAMINGS) },
    { weight: 1, arbitrary: fc.constantFrom<FramingKind>(...BAD_FRAMINGS) },
  ),
  cuts: fc.array(fc.nat({ max: 400 }), { maxLength: 4 }),
});

/** A body is sent with no framing only when it is empty (else its bytes are the next request, as the client meant). */
const sequence = fc
  .tuple(
    fc.array(intended, { minLength: 1, maxLength: 3 }),
    fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 4 }),
  )
  .map(([requests, splits]) => ({
    requests: requests.map((r): Omit<Intended, "seq"> => ({
      method: r.method,
      target: r.path + r.query,
      contentType: r.contentType,
      body: r.framing === "none" ? "" : r.body,
      framing: r.framing,
      cuts: r.cuts,
    })),
    splits,
  }));

const hexSize = (text: string) => Buffer.byteLength(text, "latin1").toString(16);

function chunksOf(body: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (body.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const point of [...points, body.length]) {
    if (point > from) pieces.push(body.slice(from, point));
    from = Math.max(from, point);
  }
  return pieces;
}

function serialized(r: Intended): string {
  const head = [`${r.method} ${r.target} HTTP/1.1`, "Host: proxy.test", `X-Seq: ${r.seq}`];
  if (r.contentType !== undefined) head.push(`Content-Type: ${r.contentType}`);
  if (r.close === true) head.push("Connection: close");
  const length = Buffer.byteLength(r.body, "latin1");
  const chunked = (extension = "", trailer = "") =>
    `${chunksOf(r.body, r.cuts)
      .map((piece) => `${hexSize(piece)}${extension}\r\n${piece}\r\n`)
      .join("")}0${extension}\r\n${trailer}\r\n`;
  const framed = (headers: string[], body: string) => `${[...head, ...headers].join("\r\n")}\r\n\r\n${body}`;
  switch (r.framing) {
    case "none":
      return framed([], "");
    case "length":
      return framed([`Content-Length: ${length}`], r.body);
    case "chunked":
      return framed(["Transfer-Encoding: chunked"], chunked());
    case "chunked-extensions":
      return framed(["Transfer-Encoding: chunked"], chunked(';ext=1;q="a b"'));
    case "chunked-trailer":
      return framed(["Transfer-Encoding: chunked", "Trailer: X-Sum"], chunked("", "X-Sum: 1\r\n"));
    case "length-and-chunked":
      return framed([`Content-Length: ${length}`, "Transfer-Encoding: chunked"], chunked());
    case "chunked-and-length":
      return framed(["Transfer-Encoding: chunked", `Content-Length: ${length + 5}`], chunked());
    case "length-twice-differing":
      return framed([`Content-Length: ${length}`, `Content-Length: ${length + 1}`], r.body);
    case "length-twice-same":
      return framed([`Content-Length: ${length}`, `Content-Length: ${length}`], r.body);
    case "length-list":
      return framed([`Content-Length: ${length}, ${length}`], r.body);
    case "transfer-identity-chunked":
      return framed(["Transfer-Encoding: identity, chunked"], chunked());
    case "transfer-gzip-chunked":
      return framed(["Transfer-Encoding: gzip, chunked"], chunked());
    case "transfer-chunked-identity":
      return framed(["Transfer-Encoding: chunked, identity"], r.body);
    case "transfer-empty":
      return framed(["Transfer-Encoding: "], r.body);
    case "chunk-size-0x":
      return framed(["Transfer-Encoding: chunked"], `0x${hexSize(r.body)}\r\n${r.body}\r\n0\r\n\r\n`);
    case "chunk-size-negative":
      return framed(["Transfer-Encoding: chunked"], `-${hexSize(r.body)}\r\n${r.body}\r\n0\r\n\r\n`);
    case "chunk-size-overflow":
      return framed(["Transfer-Encoding: chunked"], `1000000000000000${hexSize(r.body)}\r\n${r.body}\r\n0\r\n\r\n`);
    case "chunk-size-space":
      return framed(["Transfer-Encoding: chunked"], `${hexSize(r.body)} \r\n${r.body}\r\n0\r\n\r\n`);
    case "chunk-bare-lf":
      return framed(["Transfer-Encoding: chunked"], `${hexSize(r.body)}\n${r.body}\n0\n\n`);
    case "chunk-missing-crlf":
      return framed(["Transfer-Encoding: chunked"], `${hexSize(r.body)}\r\n${r.body}XX0\r\n\r\n`);
  }
}

const MAX_BODY_BYTES = 200;

/** Whether `body` is valid for the operation at `path` (JSON.parse is as strict as the proxy's reader on these bodies). */
function validBody(path: string, body: string): boolean {
  const route = ROUTES.find((candidate) => candidate.path === path);
  try {
    return validate(route!.requestSchema as never, JSON.parse(body)).valid;
  } catch {
    return false;
  }
}

/**
 * What the proxy must do with a request: forward it (the upstream reads it and answers 200), or answer `status`
 * itself; `closes`: the connection ends after it (an answer sent with the body unread, or a framing refused), so
 * requests pipelined after it may or may not be read, and are never answered.
 */
function verdict(r: Intended, enforce: boolean): { forward: boolean; status: number | undefined; closes: boolean } {
  if ((BAD_FRAMINGS as readonly string[]).includes(r.framing))
    return { forward: false, status: undefined, closes: true };
  const hasBody = r.framing !== "none" && (r.framing !== "length" || r.body.length > 0);
  const refuse = (status: number, read = false) => ({ forward: false, status, closes: hasBody && !read });
  const forward = { forward: true, status: 200, closes: r.close === true };
  const path = r.target.replace(/\?.*/, "");
  if (!enforce || !PATHS.slice(0, DECLARED.length + 1).includes(path)) return forward;
  if (path === "/MESSAGES") return refuse(404);
  if (r.method !== "POST") return refuse(405);
  if (r.contentType === undefined || !/^application\/json(; ?charset="?utf-8"?)?$/i.test(r.contentType))
    return refuse(415);
  if (r.body.length > MAX_BODY_BYTES) return refuse(413);
  if (!validBody(path, r.body)) return refuse(400, true);
  return forward;
}

/** Writes `text` in pieces, collects what comes back until the connection closes. */
function exchange(port: number, text: string, splits: number[]): Promise<string> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, "127.0.0.1");
    socket.setTimeout(20_000, () => socket.destroy()); // a hung exchange shows as missing answers, not a hung test
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(received));
    const bytes = Buffer.from(text, "latin1");
    const points = [...new Set(splits.map((at) => at % bytes.length))].sort((a, b) => a - b);
    let from = 0;
    const next = () => {
      const to = points.shift() ?? bytes.length;
      if (to > from) socket.write(bytes.subarray(from, to));
      from = Math.max(from, to);
      if (from < bytes.length) setImmediate(next);
    };
    socket.on("connect", next);
  });
}

const statusesOf = (received: string) => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

describe(`the proxy frames every request it forwards (fast-check seed ${SEED})`, () => {
  const upstreams: Upstream[] = [];
  const proxies: { upstream: Upstream; enforce: boolean; proxy: RunningProxy }[] = [];
  beforeAll(async () => {
    upstreams.push(await nodeUpstream(), await expressUpstream(), await fastifyUpstream());
    for (const upstream of upstreams)
      for (const enforce of [true, false])
        proxies.push({
          upstream,
          enforce,
          proxy: await createProxy({
            upstream: upstream.url,
            enforce,
            maxBodyBytes: MAX_BODY_BYTES,
            log: () => {},
            warn: () => {},
          }),
        });
  });
  afterAll(async () => {
    await Promise.all(proxies.map(({ proxy }) => proxy.close()));
    await Promise.all(upstreams.map((upstream) => upstream.close()));
  });

  it("an upstream reads exactly the requests the client framed and the proxy passed, whatever the framing", async () => {
    let run = 0;
    const all = new Map<string, { r: Intended; forward: boolean; upstream: Upstream }>();
    const mustArrive: { seq: string; upstream: Upstream }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: proxies.length - 1 }), sequence, async (which, { requests, splits }) => {
        const { upstream, enforce, proxy } = proxies[which]!;
        run++;
        const sent: Intended[] = [
          ...requests.map((r, i) => ({ ...r, seq: `${run}.${i}` })),
          {
            method: "GET",
            target: "/other?last",
            contentType: undefined,
            body: "",
            framing: "none",
            cuts: [],
            close: true,
            seq: `${run}.last`,
          },
        ];
        const received = await exchange(proxy.port, sent.map(serialized).join(""), splits);
        const expected: (number | undefined)[] = [];
        let open = true;
        let refusedFraming = false;
        for (const r of sent) {
          const { forward, status, closes } = verdict(r, enforce);
          all.set(r.seq, { r, forward, upstream });
          if (!open) continue;
          expected.push(status);
          if (forward) mustArrive.push({ seq: r.seq, upstream });
          if (closes) {
            open = false;
            refusedFraming = status === undefined;
          }
        }
        const statuses = statusesOf(received);
        // A refused framing closes the connection; an answer then owed to an earlier request is never sent.
        const answered = refusedFraming ? expected.slice(0, -1) : expected;
        expect(statuses.length).toBeLessThanOrEqual(expected.length);
        expect(statuses.slice(0, answered.length)).toEqual(
          refusedFraming ? answered.slice(0, statuses.length) : answered,
        );
        // Node's parser (400), the framing check (501), a refusal decided on the headers before the body broke, or
        // the answer of an upstream that answered from the headers (Fastify's GET) before the body broke.
        if (refusedFraming && statuses.length === expected.length) {
          const refused = sent[expected.length - 1]!;
          const fromHeaders = upstream.seen.some((seen) => seen.seq === refused.seq && seen.body === undefined);
          expect([400, 404, 405, 413, 415, 501, ...(fromHeaders ? [200] : [])]).toContain(statuses.at(-1));
        }
      }),
      { numRuns: 1000, seed: SEED },
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // requests pipelined after a closing answer may still arrive
    for (const upstream of upstreams)
      for (const seen of upstream.seen)
        expect(
          all.get(seen.seq),
          `${upstream.name} read a request nobody framed: ${seen.method} ${seen.url} (${seen.seq})`,
        ).toBeDefined();
    for (const upstream of upstreams) {
      for (const seen of upstream.seen) {
        const sent = all.get(seen.seq);
        const { r, forward } = sent!;
        expect(sent!.upstream.name).toBe(upstream.name);
        // A request the proxy does not check is streamed as it arrives: when its framing breaks, the upstream's
        // connection is reset before the body ends, so no upstream reads its body (Fastify answers a HEAD, a GET
        // or a TRACE from its headers alone, without reading the body).
        const headersOnly = seen.body === undefined && (BAD_FRAMINGS as readonly string[]).includes(r.framing);
        expect(forward || headersOnly, `${upstream.name} read ${JSON.stringify(r)}`).toBe(true);
        expect({ seq: seen.seq, method: seen.method, url: seen.url }).toEqual({
          seq: r.seq,
          method: r.method,
          url: r.target,
        });
        if (seen.body !== undefined) expect(seen.body, `${upstream.name} read ${JSON.stringify(r)}`).toBe(r.body);
        if (headersOnly) continue;
        expect(seen.headers["content-type"]).toBe(r.contentType);
        // Framed once: a length or chunked, never both, and nothing for no body.
        const { "content-length": length, "transfer-encoding": coding } = seen.headers;
        expect(length === undefined || coding === undefined).toBe(true);
        if (length !== undefined) expect(Number(length)).toBe(Buffer.byteLength(r.body, "latin1"));
        if (coding !== undefined) expect(coding).toBe("chunked");
      }
    }
    for (const upstream of upstreams) {
      const seqs = upstream.seen.map((seen) => seen.seq);
      expect(new Set(seqs).size, `${upstream.name}: a request read twice`).toBe(seqs.length);
    }
    for (const { seq, upstream } of mustArrive)
      expect(
        upstream.seen.some((seen) => seen.seq === seq),
        `${upstream.name} never read ${seq}`,
      ).toBe(true);
  }, 180_000);
});

describe("answers in order", () => {
  it("gives a request one answer: none after the upstream's when the request's body then breaks", async () => {
    const upstream = await fastifyUpstream();
    const proxy = await createProxy({ upstream: upstream.url, enforce: true, log: () => {}, warn: () => {} });
    try {
      const received = await new Promise<string>((resolve) => {
        const socket = connect(proxy.port, "127.0.0.1");
        let text = "";
        socket.on("data", (chunk: Buffer) => {
          const first = text === "";
          text += chunk.toString();
          // Fastify answered the GET from its headers: now the rest of the body, with a broken chunk.
          if (first) socket.write("zz\r\n0\r\n\r\n");
        });
        socket.on("close", () => resolve(text));
        socket.write("GET /other HTTP/1.1\r\nHost: x\r\nX-Seq: 1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n");
      });
      expect(statusesOf(received)).toEqual([200]);
      expect(upstream.seen).toEqual([expect.objectContaining({ method: "GET", url: "/other", body: undefined })]);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});

// --- the statuses the proxy answers itself ---

const MESSAGE = VALID["/messages"]!;

/** Sends one request exactly as given (http.request keeps the header's spelling) and gives the status and body. */
function send(
  url: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  body = "",
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const outgoing = request(
      {
        hostname,
        port,
        path: target,
        method,
        agent: false,
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** An Express 5 service as express-generator sets one up (JSON and URL-encoded bodies), recording what its handlers get. */
async function expressApp(): Promise<Upstream & { bodies: unknown[] }> {
  const seen: Seen[] = [];
  const bodies: unknown[] = [];
  const app = express();
  app.use(express.json(), express.urlencoded({ extended: true }));
  app.use((req, res) => {
    record(seen, req.method, req.originalUrl, req.headers, undefined);
    bodies.push(req.body);
    res.status(202).end();
  });
  const server = createServer(app);
  return { name: "Express 5", url: await listen(server), seen, bodies, close: closing(server) };
}

/** A media type as a client may spell it, and whether the proxy should accept it. */
const mediaType = fc
  .record({
    type: fc.constantFrom(
      "application/json",
      "APPLICATION/JSON",
      "Application/Json",
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data",
      "application/json-patch+json",
      "application/vnd.api+json",
      "application/jsonx",
      "text/json",
      "application/*",
    ),
    parameters: fc.array(
      fc.constantFrom(
        "charset=utf-8",
        "charset=UTF-8",
        'charset="utf-8"',
        "Charset=Utf-8",
        "charset=utf-16",
        "charset=utf-16le",
        "charset=iso-8859-1",
        "charset=utf8",
        'charset="utf-16"',
        "boundary=x",
        "foo=bar",
        "charset=",
      ),
      { maxLength: 2 },
    ),
    separator: fc.constantFrom(";", "; ", " ; ", ";\t"),
  })
  .map(({ type, parameters, separator }) => ({
    header: [type, ...parameters].join(separator),
    accepted:
      type.toLowerCase() === "application/json" &&
      parameters.length <= 1 &&
      parameters.every((parameter) => /^charset="?utf-8"?$/i.test(parameter)),
  }));

describe("media types: a checked operation takes application/json, charset UTF-8, only", () => {
  let app: Awaited<ReturnType<typeof expressApp>>;
  let proxy: RunningProxy;
  let reporting: RunningProxy;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await expressApp();
    proxy = await createProxy({ upstream: app.url, enforce: true, log: () => {}, warn: () => {} });
    reporting = await createProxy({ upstream: app.url, log: (line) => lines.push(line), warn: () => {} });
  });
  afterAll(async () => {
    await Promise.all([proxy.close(), reporting.close()]);
    await app.close();
  });

  it("answers 415, naming what is accepted, to any other media type or charset; passes the accepted ones", async () => {
    await fc.assert(
      fc.asyncProperty(mediaType, async ({ header, accepted }) => {
        const before = app.seen.length;
        const answer = await send(proxy.url, "POST", "/messages", { "content-type": header }, MESSAGE);
        if (accepted) {
          expect(answer.status, header).toBe(202);
          expect(app.seen.at(-1)?.headers["content-type"]).toBe(header); // forwarded as checked
          return;
        }
        expect({ header, status: answer.status }).toEqual({ header, status: 415 });
        expect(answer.headers.accept).toBe("application/json");
        expect(JSON.parse(answer.text)).toEqual({
          errors: [
            {
              pointer: "",
              message:
                "the body's media type is not accepted: send Content-Type application/json (a charset, if given, utf-8)",
              keyword: "contentType",
            },
          ],
        });
        expect(app.seen.length).toBe(before);
      }),
      { numRuns: 300, seed: SEED },
    );
    // No Content-Type at all is refused too.
    expect((await send(proxy.url, "POST", "/messages", {}, MESSAGE)).status).toBe(415);
  });

  it("never lets a URL-encoded body reach express.urlencoded() as an object; without --enforce, reports it", async () => {
    const form = "to=not-an-address&type=text%2Fplain&content[$gt]=";
    const before = app.bodies.length;
    const refused = await send(
      proxy.url,
      "POST",
      "/messages",
      { "content-type": "application/x-www-form-urlencoded" },
      form,
    );
    expect(refused.status).toBe(415);
    expect(app.bodies.length).toBe(before);
    // Straight to the service, the same request is an attacker's object.
    await send(app.url, "POST", "/messages", { "content-type": "application/x-www-form-urlencoded" }, form);
    expect(app.bodies.at(-1)).toEqual({ to: "not-an-address", type: "text/plain", content: { $gt: "" } });

    lines.length = 0;
    expect((await send(reporting.url, "POST", "/messages", { "content-type": "text/plain" }, MESSAGE)).status).toBe(
      202,
    );
    expect(lines.map((line) => JSON.parse(line) as Violation)).toEqual([
      expect.objectContaining({ operation: "sendMessage", method: "POST", pointer: "", keyword: "contentType" }),
    ]);
  });

  it("forwards the Content-Type it checked: not a second one, nor none when Connection names it", async () => {
    const raw = (headers: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(proxy.port, "127.0.0.1", () =>
          socket.write(
            `POST /messages HTTP/1.1\r\nHost: x\r\n${headers}Content-Length: ${MESSAGE.length}\r\nConnection: close\r\n\r\n${MESSAGE}`,
          ),
        );
        let answer = "";
        socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
        socket.on("close", () => resolve(answer));
      });
    for (const headers of [
      "Content-Type: application/json\r\nContent-Type: application/x-www-form-urlencoded\r\n",
      "Content-Type: application/json\r\nConnection: content-type, content-length\r\n",
    ]) {
      expect(await raw(headers)).toMatch(/^HTTP\/1\.1 202 /);
      expect(app.seen.at(-1)?.headers["content-type"]).toBe("application/json");
      expect(app.bodies.at(-1)).toEqual(JSON.parse(MESSAGE));
    }
    // The first Content-Type is the one Node's parser, and so the proxy, reads.
    expect(await raw("Content-Type: text/plain\r\nContent-Type: application/json\r\n")).toMatch(/^HTTP\/1\.1 415 /);
  });

  it("every operation of both documents declares application/json as its only request media type", () => {
    const declared: string[][] = [];
    for (const api of ["messaging", "configs"]) {
      const document = parseYaml(readFileSync(path.join(ROOT, "generated/openapi", `${api}.yaml`), "utf8")) as {
        paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
      };
      for (const operations of Object.values(document.paths))
        for (const operation of Object.values(operations))
          if (operation.requestBody !== undefined) declared.push(Object.keys(operation.requestBody.content));
    }
    expect(declared.length).toBe(ROUTES.length);
    expect(new Set(declared.flat())).toEqual(new Set(["application/json"]));
  });
});

describe("methods: a declared path takes only its declared methods", () => {
  it("answers 405 with Allow under --enforce, reports and forwards without it", async () => {
    const upstream = await nodeUpstream();
    const lines: string[] = [];
    const strict = await createProxy({ upstream: upstream.url, enforce: true, log: () => {}, warn: () => {} });
    const lax = await createProxy({ upstream: upstream.url, log: (line) => lines.push(line), warn: () => {} });
    try {
      for (const route of ROUTES)
        for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PURGE"]) {
          const headers = { "content-type": "application/json", "x-seq": "405" };
          const refused = await send(strict.url, method, route.path, headers, MESSAGE);
          expect({ method, path: route.path, status: refused.status, allow: refused.headers.allow }).toEqual({
            method,
            path: route.path,
            status: 405,
            allow: "POST",
          });
          if (method !== "HEAD")
            expect(JSON.parse(refused.text)).toEqual({
              errors: [
                {
                  pointer: "",
                  message: `method ${method} is not declared for ${route.path}: send POST ${route.path}`,
                  keyword: "method",
                },
              ],
            });
          expect(upstream.seen).toEqual([]);
        }
      const passed = await send(lax.url, "PUT", "/messages?x=1", { "content-type": "application/json" }, MESSAGE);
      expect(passed.status).toBe(200);
      expect(upstream.seen).toEqual([expect.objectContaining({ method: "PUT", url: "/messages?x=1", body: MESSAGE })]);
      expect(lines.map((line) => JSON.parse(line) as Violation)).toEqual([
        {
          direction: "request",
          operation: "sendMessage",
          method: "PUT",
          path: "/messages",
          pointer: "",
          message: "method PUT is not declared for /messages: send POST /messages",
          keyword: "method",
        },
      ]);
    } finally {
      await Promise.all([strict.close(), lax.close()]);
      await upstream.close();
    }
  });
});

describe("availability: slow bodies hold no slot, and a busy proxy queues rather than refuses", () => {
  /** A service that answers each request `delayMs` after reading it, counting the bodies its handler got. */
  async function slowService(delayMs: number): Promise<Upstream> {
    const seen: Seen[] = [];
    const timers = new Set<NodeJS.Timeout>();
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        record(seen, req.method ?? "", req.url ?? "", req.headers, Buffer.concat(chunks));
        const timer = setTimeout(
          () => (timers.delete(timer), res.writeHead(202, { "content-length": 0 }).end()),
          delayMs,
        );
        timers.add(timer);
      });
    });
    const close = closing(server);
    return {
      name: "node:http, answering late",
      url: await listen(server),
      seen,
      close: () => (timers.forEach(clearTimeout), close()),
    };
  }

  /** Opens a connection that sends the headers of a `POST /messages`, `first` body bytes, then one every `everyMs` (not the last). */
  function trickle(port: number, everyMs: number, first = 1): { socket: Socket; answer: Promise<string> } {
    const socket = connect(port, "127.0.0.1");
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.on("error", () => {});
      socket.on("close", () => (clearInterval(timer), resolve(text)));
    });
    socket.on("connect", () => {
      socket.write(
        `POST /messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MESSAGE.length}\r\n\r\n${MESSAGE.slice(0, first)}`,
      );
      let sent = first;
      timer = setInterval(() => {
        if (sent < MESSAGE.length - 1) socket.write(MESSAGE[sent++]!);
      }, everyMs);
    });
    return { socket, answer };
  }

  /** Resolves once the proxy's server has received `count` requests (their headers). */
  const requestsArrived = (proxy: RunningProxy, count: number) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      const onRequest = () => {
        if (++seen < count) return;
        proxy.server.off("request", onRequest);
        resolve();
      };
      proxy.server.on("request", onRequest);
    });

  it("answers 408, and closes the connection, when a body arrives slower than the minimum rate after the grace period", async () => {
    const upstream = await nodeUpstream();
    const proxy = await createProxy({
      upstream: upstream.url,
      enforce: true,
      minBodyRate: { bytesPerSecond: 240, graceMs: 500 },
      log: () => {},
      warn: () => {},
    });
    try {
      const slow = trickle(proxy.port, 50); // 20 bytes a second
      const answer = await slow.answer;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer).toContain(
        '{"errors":[{"pointer":"","message":"the request body arrived slower than 240 bytes per second","keyword":"timeout"}]}',
      );
      expect(upstream.seen).toEqual([]);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });

  it("the default minimum rate is Kestrel's: 240 bytes a second after a 5 s grace period", async () => {
    const { DEFAULT_MIN_BODY_RATE } = await import("../runtime/proxy/server.js");
    expect(DEFAULT_MIN_BODY_RATE).toEqual({ bytesPerSecond: 240, graceMs: 5000 });
  });

  it("answers a valid request while 32 slow bodies trickle in (the default 32 in flight)", async () => {
    const upstream = await nodeUpstream();
    const proxy = await createProxy({ upstream: upstream.url, enforce: true, log: () => {}, warn: () => {} });
    const slow: ReturnType<typeof trickle>[] = [];
    try {
      const arrived = requestsArrived(proxy, 32);
      for (let i = 0; i < 32; i++) slow.push(trickle(proxy.port, 200));
      await arrived;
      const answer = await send(proxy.url, "POST", "/messages", { "content-type": "application/json" }, MESSAGE);
      expect(answer.status).toBe(200);
      expect(upstream.seen).toHaveLength(1);
    } finally {
      for (const { socket } of slow) socket.destroy();
      await proxy.close();
      await upstream.close();
    }
  });

  it("gives 64 concurrent clients sending valid bodies no 503 with the defaults: they wait their turn", async () => {
    const upstream = await slowService(20);
    const proxy = await createProxy({ upstream: upstream.url, enforce: true, log: () => {}, warn: () => {} });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 64 }, async () => {
          const mine: number[] = [];
          for (let i = 0; i < 5; i++)
            mine.push(
              (await send(proxy.url, "POST", "/messages", { "content-type": "application/json" }, MESSAGE)).status,
            );
          return mine;
        }),
      );
      expect(statuses.flat().filter((status) => status !== 202)).toEqual([]);
      expect(upstream.seen).toHaveLength(64 * 5);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });

  it("answers 503 busy when --max-queued requests wait already, or a body would pass --max-buffered-bytes", async () => {
    const upstream = await slowService(60_000);
    const queued = await createProxy({
      upstream: upstream.url,
      maxInFlight: 1,
      maxQueued: 1,
      log: () => {},
      warn: () => {},
    });
    const budget = await createProxy({
      upstream: upstream.url,
      maxBodyBytes: 60,
      maxBufferedBytes: 60,
      log: () => {},
      warn: () => {},
    });
    const slow: ReturnType<typeof trickle>[] = [];
    try {
      const post = (proxy: RunningProxy) =>
        send(proxy.url, "POST", "/messages", { "content-type": "application/json" }, MESSAGE);
      const arrivedBoth = requestsArrived(queued, 2);
      const inFlight = post(queued);
      const waiting = post(queued);
      await arrivedBoth;
      await new Promise((resolve) => setTimeout(resolve, 100)); // both bodies read: one in flight, one waiting
      const refused = await post(queued);
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe("1");
      expect(JSON.parse(refused.text)).toEqual({
        errors: [
          { pointer: "", message: "the proxy holds 1 exchanges and 1 waiting already: retry later", keyword: "busy" },
        ],
      });
      void inFlight.catch(() => {});
      void waiting.catch(() => {});

      // 49 bytes of one body held (its last byte never sent) leave 11 of 60: a 50-byte body does not fit.
      const arrived = requestsArrived(budget, 1);
      slow.push(trickle(budget.port, 60_000, MESSAGE.length - 1));
      await arrived;
      await new Promise((resolve) => setTimeout(resolve, 100)); // its bytes read
      const over = await post(budget);
      expect(over.status).toBe(503);
      expect(JSON.parse(over.text).errors[0].message).toBe(
        "the proxy holds 60 bytes of request bodies already: retry later",
      );
    } finally {
      for (const { socket } of slow) socket.destroy();
      await Promise.all([queued.close(), budget.close()]);
      await upstream.close();
    }
  });
});

describe("the command line", () => {
  it("takes --max-queued, --max-buffered-bytes and --min-body-rate, and refuses values out of range", async () => {
    expect(await runCli(["proxy", "--upstream", "http://127.0.0.1:1", "--port", "0", "--max-queued", "1.5"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "specfirst proxy: --max-queued is a whole number, at least 0\n",
    });
    const tooSmall = ["--max-body-bytes", "100", "--max-buffered-bytes", "99"];
    expect(await runCli(["proxy", "--upstream", "http://127.0.0.1:1", "--port", "0", ...tooSmall])).toEqual({
      code: 2,
      stdout: "",
      stderr: "specfirst proxy: --max-buffered-bytes is at least --max-body-bytes (100)\n",
    });
    expect((await runCli(["proxy", "--help"])).stdout).toMatch(/--min-body-rate <n>[\s\S]*408 "timeout"/);

    const hung: ServerResponse[] = [];
    const upstream = createServer((req, res) => void (req.resume(), hung.push(res)));
    const child = spawn(
      process.execPath,
      [
        await runtimeCli(),
        "proxy",
        "--upstream",
        await listen(upstream),
        "--port",
        "0",
        "--max-in-flight",
        "1",
        "--max-queued",
        "0",
        "--max-buffered-bytes",
        "2000000",
        "--min-body-rate",
        "0",
      ],
      { cwd: ROOT },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.on("close", () => reject(new Error(`exited: ${out}`)));
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
          if (match) resolve(match[1]!);
        });
      });
      const first = send(url, "POST", "/messages", { "content-type": "application/json" }, MESSAGE);
      void first.catch(() => {});
      await new Promise<void>((resolve) => upstream.once("request", () => resolve()));
      const refused = await send(url, "POST", "/messages", { "content-type": "application/json" }, MESSAGE);
      expect(refused.status).toBe(503);
    } finally {
      child.kill("SIGTERM");
      for (const res of hung) res.destroy();
      await closing(upstream)();
    }
  });
});

describe("a body streamed on, cut off", () => {
  it("never reaches the upstream whole when the client goes away part way, chunked or with a length", async () => {
    // Each request the upstream reads: whether its body ended, or the connection broke first.
    const outcomes: string[] = [];
    const started: (() => void)[] = [];
    const upstream = createServer((req, res) => {
      started.shift()?.();
      let bytes = 0;
      req.on("data", (chunk: Buffer) => (bytes += chunk.length));
      req.on("end", () => {
        outcomes.push(`whole ${req.url} ${bytes} B`);
        res.writeHead(202, { "content-length": "0" }).end();
      });
      req.on("aborted", () => outcomes.push(`broken ${req.url}`));
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    // Not checked: a path no document declares, and (reporting only) a declared body over maxBodyBytes.
    const proxy = await createProxy({ upstream: base, maxBodyBytes: 16, log: () => {}, warn: () => {} });
    const head = (target: string, framing: string) =>
      `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\n`;
    const cases = [
      ["/other", "Transfer-Encoding: chunked\r\n", "20\r\n" + "x".repeat(32) + "\r\n"],
      ["/other", "Content-Length: 1000\r\n", "y".repeat(500)],
      ["/messages", "Transfer-Encoding: chunked\r\n", "20\r\n" + "z".repeat(32) + "\r\n"],
      ["/messages", "Content-Length: 1000\r\n", "w".repeat(500)],
    ] as const;
    try {
      for (const [target, framing, part] of cases) {
        const reached = new Promise<void>((resolve) => started.push(resolve));
        const socket = connect((proxy.server.address() as AddressInfo).port, "127.0.0.1");
        socket.on("error", () => {});
        socket.write(head(target, framing) + part);
        await reached; // the proxy has forwarded the request's head: its body is being streamed on
        const count = outcomes.length;
        socket.destroy();
        for (let i = 0; i < 200 && outcomes.length === count; i++) await new Promise((r) => setTimeout(r, 10));
        expect(outcomes.at(-1), `${target} ${framing.trim()}`).toBe(`broken ${target}`);
      }
      expect(outcomes.filter((outcome) => outcome.startsWith("whole"))).toEqual([]);
    } finally {
      await proxy.close();
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});
