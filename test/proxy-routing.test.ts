/**
 * The enforcing proxy cannot be bypassed by a spelling of a declared path: for every declared POST path, at least 500
 * generated spellings (case, repeated and trailing slashes, `\`, dot segments plain and percent-encoded, encoded
 * unreserved characters in both hex cases and encoded twice, `%2F`, matrix parameters, query strings, fragments,
 * and combinations) carry an invalid body through `--enforce` to real routers on loopback — Express 5 (default
 * routing), Fastify 5 (default, and with its laxest router options), and a node:http router on
 * `new URL(req.url, base).pathname` (decoded, case and trailing slash ignored) — and the bodies that reach a
 * handler are counted: 0. The same spellings sent straight to the routers do reach handlers (the generator finds
 * real bypasses), and a valid body at the declared path still does through the proxy.
 */
import express from "express";
import Fastify from "fastify";
import fc from "fast-check";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProxy, ROUTES, type RunningProxy, type Violation } from "../runtime/proxy/server.js";

const POST_PATHS = ROUTES.filter((route) => route.method === "POST").map((route) => route.path);
const INVALID = '{"to":"x","type":"text/plain","content":42}';
/**
 * Distinct spellings generated per declared path. The proxy's verdict on a request depends on its method, target and
 * body, not on the upstream behind it, so each spelling is sent through the proxy once, to one of the routers in
 * turn (a quarter of them each): every spelling is tried end to end against a real router, and twice as many distinct
 * spellings are tried as when each router had the same 500 sent to it.
 */
const SPELLINGS_PER_PATH = 1000;

/** An upstream router: its base URL, and the bodies its declared-path handlers received. */
interface Upstream {
  name: string;
  url: string;
  reached: string[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function expressUpstream(): Promise<Upstream> {
  const reached: string[] = [];
  const app = express();
  app.use(express.text({ type: "*/*" }));
  for (const path of POST_PATHS)
    app.post(path, (req, res) => void (reached.push(String(req.body)), res.status(202).end()));
  const server = createServer(app);
  const url = await listen(server);
  return {
    name: "Express 5 (default routing)",
    url,
    reached,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function fastifyUpstream(lax: boolean): Promise<Upstream> {
  const reached: string[] = [];
  const app = Fastify(
    lax
      ? { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, caseSensitive: false, useSemicolonDelimiter: true }
      : {},
  );
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
  for (const path of POST_PATHS)
    app.post(
      path,
      async (req, reply) => (
        reached.push(typeof req.body === "string" ? req.body : JSON.stringify(req.body)),
        reply.code(202).send()
      ),
    );
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const name = lax
    ? "Fastify 5 (ignoreTrailingSlash, ignoreDuplicateSlashes, caseSensitive: false, useSemicolonDelimiter)"
    : "Fastify 5 (default routing)";
  return { name, url, reached, close: () => app.close() };
}

/** A hand-rolled router as many services write one: the WHATWG-resolved path, decoded, without case or trailing slashes. */
async function nodeHttpUpstream(): Promise<Upstream> {
  const reached: string[] = [];
  const declared = new Set(POST_PATHS);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let path: string;
      try {
        path = decodeURIComponent(new URL(req.url ?? "/", "http://upstream.test").pathname)
          .toLowerCase()
          .replace(/\/+$/, "");
      } catch {
        return void res.writeHead(400).end();
      }
      if (req.method !== "POST" || !declared.has(path)) return void res.writeHead(404).end();
      reached.push(Buffer.concat(chunks).toString());
      res.writeHead(202).end();
    });
  });
  const url = await listen(server);
  return {
    name: "node:http on new URL(req.url, base).pathname",
    url,
    reached,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Sends `body` to `base` + `target` exactly as written (http.request sends its `path` unparsed; fetch would resolve it). */
function post(base: string, target: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const outgoing = request(
      {
        hostname,
        port,
        path: target,
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

// --- the spellings ---

const hex = (char: string, upper: boolean) => {
  const code = char.charCodeAt(0).toString(16).padStart(2, "0");
  return `%${upper ? code.toUpperCase() : code}`;
};

/** `arbitrary` mostly, else one of `others` (each spelling changes a few things, so that each router's own laxness shows). */
const mostly = <T>(usual: T, others: readonly T[], weight = 12) =>
  fc.oneof({ weight, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: fc.constantFrom(...others) });

/** One character of a segment: as is, in the other case, percent-encoded (either hex case, either letter case), or encoded twice. */
const character = (char: string) =>
  fc.oneof(
    { weight: 30, arbitrary: fc.constant(char) },
    { weight: 6, arbitrary: fc.constant(char.toUpperCase()) },
    { weight: 1, arbitrary: fc.boolean().map((upper) => hex(char, upper)) },
    { weight: 1, arbitrary: fc.boolean().map((upper) => hex(upper ? char.toUpperCase() : char, upper)) },
    { weight: 1, arbitrary: fc.constant(`%25${hex(char, true).slice(1)}`) },
  );

/** Something a router may drop before a segment: a dot segment (plain or encoded), `x/..`, an empty segment. */
const filler = mostly("", ["./", "%2e/", "%2E/", "x/../", "abc/%2e%2e/", "abc/.%2E/", "/", "//", ".\\", "%2e%2e/"]);
/** A separator: `/` mostly, else doubled, `\` (WHATWG reads it as `/`), `%2F`, or with an empty matrix segment. */
const separator = mostly("/", ["//", "///", "\\", "%2F", "%2f", "/;x=1/"]);
/** Matrix parameters on a segment. */
const matrix = mostly("", [";jsessionid=0A1B2C", ";", ";a=1;b=2"], 8);
/** Before the path: usually nothing, else a dot segment or `..` above the root. */
const prefix = mostly("", ["/.", "/..", "/%2e%2e", "/%2E", "//", "/./."]);
/** What may follow the path: a trailing slash or dot segment, a query string, a fragment, matrix parameters. */
const tail = mostly(
  "",
  [
    "/",
    "//",
    "/.",
    "/%2e",
    "/./",
    "?q=1",
    "?",
    "#frag",
    "?a=1#b",
    ";x=1",
    "/;x=1",
    "/?q",
    "%3Fq=1",
    "%23x",
    "/x/..",
    "/%2e%2e/messages",
  ],
  4,
);

function spelling(path: string): fc.Arbitrary<string> {
  const segments = path.split("/").filter((segment) => segment !== "");
  const segment = (name: string) =>
    fc
      .tuple(
        fc.tuple(...[...name].map(character)).map((chars) => chars.join("")),
        matrix,
      )
      .map(([text, params]) => text + params);
  return fc
    .tuple(prefix, fc.tuple(...segments.map((name) => fc.tuple(separator, filler, segment(name)))), tail)
    .map(([start, parts, end]) => `${start}${parts.map(([sep, fill, text]) => `${sep}${fill}${text}`).join("")}${end}`)
    .map((text) => (text.startsWith("/") ? text : `/${text}`));
}

/** At least `count` distinct spellings of `path` (the path itself among them: invalid there is refused too). */
function spellingsOf(path: string, count: number, seed: number): string[] {
  const found = new Set<string>([path]);
  for (let round = 0; found.size < count && round < 20; round++)
    for (const text of fc.sample(spelling(path), { numRuns: count, seed: seed + round })) found.add(text);
  return [...found];
}

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  for (let at = 0; at < items.length; at += width) await Promise.all(items.slice(at, at + width).map(task));
}

// --- the test ---

const upstreams: Upstream[] = [];
const proxies = new Map<Upstream, RunningProxy>();
const SEED = Number(process.env.FC_SEED ?? Date.now() % 1_000_000);

beforeAll(async () => {
  upstreams.push(
    await expressUpstream(),
    await fastifyUpstream(false),
    await fastifyUpstream(true),
    await nodeHttpUpstream(),
  );
  for (const upstream of upstreams)
    proxies.set(upstream, await createProxy({ upstream: upstream.url, enforce: true, log: () => {}, warn: () => {} }));
});

afterAll(async () => {
  await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
  await Promise.all(upstreams.map((upstream) => upstream.close()));
});

describe(`the enforcing proxy against real routers (fast-check seed ${SEED})`, () => {
  it.each(POST_PATHS)(
    `no invalid body reaches a handler through ${SPELLINGS_PER_PATH}+ spellings of %s`,
    async (path) => {
      const spellings = spellingsOf(path, SPELLINGS_PER_PATH, SEED);
      expect(spellings.length).toBeGreaterThanOrEqual(SPELLINGS_PER_PATH);
      for (const [index, upstream] of upstreams.entries()) {
        // Straight to the router, the generator's spellings do get through: they are real bypasses to guard against.
        const bypasses: string[] = [];
        for (let at = 0; at < spellings.length && bypasses.length <= 5; at += 32) {
          await inBatches(spellings.slice(at, at + 32), 32, async (target) => {
            if (target !== path && (await post(upstream.url, target, INVALID)) === 202) bypasses.push(target);
          });
        }
        expect(
          bypasses.length,
          `${upstream.name}: spellings other than ${path} routed to it without the proxy`,
        ).toBeGreaterThan(5);

        upstream.reached.length = 0;
        const through: string[] = [];
        const statuses = new Set<number>();
        const share = spellings.filter((_, at) => at % upstreams.length === index);
        await inBatches(share, 32, async (target) => {
          const status = await post(proxies.get(upstream)!.url, target, INVALID);
          statuses.add(status);
          if (status === 202) through.push(target);
        });
        expect({ upstream: upstream.name, reached: upstream.reached.length, through }).toEqual({
          upstream: upstream.name,
          reached: 0,
          through: [],
        });
        expect([...statuses].every((status) => status === 400 || status === 404)).toBe(true);
      }
    },
  );

  it("still passes a valid body at each declared path, and a refused variant names the path to use", async () => {
    const valid: Record<string, string> = {
      "/messages": '{"to":"a@b.c","type":"text/plain","content":"hi"}',
      "/notifications": '{"id":"1","from":"a@b.c","to":"b@b.c","event":"received"}',
      "/commands": '{"id":"1","method":"get","uri":"/ping"}',
      "/v1/configs": '{"name":"c","input":{"kafka":{"consumer_group":"g"}}}',
    };
    for (const upstream of upstreams) {
      upstream.reached.length = 0;
      for (const path of POST_PATHS)
        expect(
          await post(proxies.get(upstream)!.url, `${path}?trace=1`, valid[path]!),
          `${upstream.name} ${path}`,
        ).toBe(202);
      expect(upstream.reached).toEqual(POST_PATHS.map((path) => valid[path]));
    }
    const proxy = proxies.get(upstreams[0]!)!;
    const refused = await fetch(`${proxy.url}/MESSAGES`, { method: "POST", body: INVALID });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({
      errors: [
        {
          pointer: "",
          message: "path /MESSAGES is a variant of /messages: send it as POST /messages",
          keyword: "path",
        },
      ],
    });
  });

  it("refuses a lower-case method and an absolute-form target (Express routes both to app.post)", async () => {
    const upstream = upstreams[0]!;
    upstream.reached.length = 0;
    const raw = (line: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(proxies.get(upstream)!.port, "127.0.0.1", () =>
          socket.end(
            `${line}\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${INVALID.length}\r\n\r\n${INVALID}`,
          ),
        );
        let answer = "";
        socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
        socket.on("close", () => resolve(answer));
      });
    expect(await raw("post /messages HTTP/1.1")).toMatch(/^HTTP\/1\.1 400 /);
    const absolute = await raw("POST http://upstream.test/messages HTTP/1.1");
    expect(absolute).toMatch(/^HTTP\/1\.1 400 /);
    expect(absolute).toContain('"keyword":"path"');
    expect(upstream.reached).toEqual([]);
  });

  it("without --enforce, reports a variant (and the body's violations) and forwards the target exactly as received", async () => {
    const seen: string[] = [];
    const upstream = createServer(
      (req, res) => void (seen.push(req.url ?? ""), req.resume(), res.writeHead(202).end()),
    );
    const lines: string[] = [];
    const proxy = await createProxy({
      upstream: await listen(upstream),
      log: (line) => lines.push(line),
      warn: () => {},
    });
    try {
      for (const target of ["/./messages?q=1", "/MESSAGES", "/%6Dessages;jsessionid=1"])
        expect(await post(proxy.url, target, INVALID)).toBe(202);
      expect(seen).toEqual(["/./messages?q=1", "/MESSAGES", "/%6Dessages;jsessionid=1"]);
      const violations = lines.map((line) => JSON.parse(line) as Violation);
      expect(violations.filter((v) => v.keyword === "path").map((v) => v.message)).toEqual([
        "path /./messages is a variant of /messages: send it as POST /messages",
        "path /MESSAGES is a variant of /messages: send it as POST /messages",
        "path /%6Dessages;… is a variant of /messages: send it as POST /messages", // a session id is not logged
      ]);
      expect(violations.filter((v) => v.pointer === "/content")).toHaveLength(3);
    } finally {
      await proxy.close();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});
