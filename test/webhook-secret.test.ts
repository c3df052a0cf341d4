/**
 * The webhook secret (runtime/client/webhook-secret.ts): a handler created with `secret` answers 401, before it reads
 * the body, every call whose URL does not carry it; a forged call leaves no trace (no receiver, no send, nothing in the
 * redelivery window or the limiter). Attacked over real HTTP on loopback, raw sockets, Express 5, Fastify 5, Hono and
 * the sandbox. Proves docs/webhooks.md#authenticating-the-service.
 */
import { serve, type ServerType } from "@hono/node-server";
import express from "express";
import fc from "fast-check";
import Fastify from "fastify";
import { Hono } from "hono";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createMessagingClient,
  createWebhookHandler,
  type MessagingWebhookHandler,
  type WebhookHandlerOptions,
} from "../generated/client.js";
import type { InboundMessage } from "../generated/types.js";
import { createEchoBot } from "../examples/echo-bot/bot.js";
import { createSandbox, type Sandbox } from "../runtime/sandbox/server.js";
import { startApiServer, type ApiServer } from "./helpers/api-server.js";
import { runtimeCli } from "./helpers/cli.js";
import { ROOT, readJson } from "./helpers/fixtures.js";
import { listenOnLoopback } from "./helpers/loopback.js";
import { spawn } from "node:child_process";

const ACCESS_KEY = "webhook-secret-test-key";
/** 40 characters, with every punctuation character a secret may hold. */
const SECRET = "Kq7Xv2Lr9-Tz4Kp8_Wm3Ns6.Yb1Hc5Jd0~Fg2Qw";
const NEXT_SECRET = "0f9e8d7c6b5a49382716a5b4c3d2e1f00f9e8d7c6b5a4938";
const ATTACKER = "attacker@evil.example.net";
const inbound = readJson<InboundMessage<"text/plain">>(
  path.join(ROOT, "openapi", "examples", "messaging", "inbound-message-text-plain.json"),
);
const message = (id: string, from = inbound.from): InboundMessage<"text/plain"> => ({ ...inbound, id, from });
const withSecret = (route: string, secret = SECRET) => `${route}?secret=${secret}`;

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

/** A generated handler whose client sends to the fake API, recording what its receivers and onError saw. */
function botHandler(options: Partial<WebhookHandlerOptions> = {}) {
  const handled: string[] = [];
  const errors: unknown[] = [];
  const handler = createWebhookHandler({
    client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
    secret: SECRET,
    async onMessage(received, { reply }) {
      handled.push(received.id ?? "");
      await reply({ type: "text/plain", content: `echo: ${String(received.content)}` });
    },
    onNotification(notification) {
      handled.push(`notification ${notification.id ?? ""}`);
    },
    onError: (error) => errors.push(error),
    ...options,
  });
  return { handler, handled, errors };
}

const served: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((close) => close()));
});
async function serveOnLoopback(listener: Parameters<typeof listenOnLoopback>[0]): Promise<string> {
  const { url, close } = await listenOnLoopback(listener);
  served.push(close);
  return url;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

// ---- Spellings of a URL's query, generated. ----

/** `%XX` of an ASCII character, the hex digits in either case. */
const percent = (character: string, upper: boolean) => {
  const hex = character.charCodeAt(0).toString(16).padStart(2, "0");
  return `%${upper ? hex.toUpperCase() : hex}`;
};
/** `text` with each character percent-encoded or not, as the flags say (cycled). */
const spelled = (text: string, flags: readonly { encode: boolean; upper: boolean }[]) =>
  [...text]
    .map((character, index) => {
      const flag = flags[index % Math.max(flags.length, 1)];
      return flag?.encode === true ? percent(character, flag.upper) : character;
    })
    .join("");
const encodingFlags = fc.array(fc.record({ encode: fc.boolean(), upper: fc.boolean() }), { maxLength: 50 });
/** Other query parameters, none of them named `secret` once decoded. */
const otherParameters = fc.array(
  fc.tuple(
    fc.constantFrom("utm_source", "a", "Secret", "SECRET", "secrets", "token", "x-y", ""),
    fc.string({ maxLength: 12 }),
  ),
  { maxLength: 3 },
);
const query = (parameters: readonly [string, string][]) =>
  parameters.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
/** Where a handler may be mounted: any path (the query is what is read). */
const mountPath = fc.constantFrom("/messages", "/notifications", "/", "/hooks/bot-1/messages", "/a%20b/messages");

const SECRET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
const secretLike = (options: { minLength: number; maxLength: number }) =>
  fc.string({ unit: fc.constantFrom(...SECRET_ALPHABET), ...options });

/** A forged call: a URL that does not carry the secret as one `secret` parameter, and the headers sent with it. */
interface Forgery {
  what: string;
  url: string;
  headers?: Record<string, string>;
}
const forgeries: fc.Arbitrary<Forgery> = fc.oneof(
  fc.record({ path: mountPath, others: otherParameters }).map(({ path: route, others }) => ({
    what: "no secret",
    url: others.length === 0 ? route : `${route}?${query(others).join("&")}`,
  })),
  secretLike({ minLength: SECRET.length, maxLength: SECRET.length })
    .filter((value) => value !== SECRET)
    .map((value) => ({ what: "a wrong secret of the same length", url: withSecret("/messages", value) })),
  fc
    .oneof(
      fc.nat({ max: SECRET.length - 1 }).map((length) => SECRET.slice(0, length)),
      fc.nat({ max: SECRET.length - 1 }).map((start) => SECRET.slice(start + 1)),
      secretLike({ minLength: 1, maxLength: 8 }).map((extra) => SECRET + extra),
      secretLike({ minLength: 1, maxLength: 8 }).map((extra) => extra + SECRET),
    )
    .map((value) => ({ what: "the secret cut or extended", url: withSecret("/messages", value) })),
  fc
    .uniqueArray(fc.nat({ max: SECRET.length - 1 }), { minLength: 1 })
    .filter((positions) => positions.some((position) => /[a-z]/i.test(SECRET.charAt(position))))
    .map((positions) => {
      const flipped = [...SECRET]
        .map((character, index) =>
          positions.includes(index)
            ? character === character.toUpperCase()
              ? character.toLowerCase()
              : character.toUpperCase()
            : character,
        )
        .join("");
      return { what: "the secret in another case", url: withSecret("/messages", flipped) };
    }),
  fc
    .tuple(fc.nat({ max: SECRET.length - 1 }), fc.constantFrom("%25", "%2525", "+", "%20", "%00", "%2B", " "))
    .map(([position, inserted]) => {
      const character = SECRET.charAt(position);
      // A double-encoded character (%2561 is "%61", not "a"), or a character that is not in any secret.
      const replacement = inserted.startsWith("%25") ? `${inserted}${percent(character, false).slice(1)}` : inserted;
      const spoiled = inserted.startsWith("%25")
        ? SECRET.slice(0, position) + replacement + SECRET.slice(position + 1)
        : SECRET.slice(0, position) + replacement + SECRET.slice(position);
      return { what: "the secret double-encoded or with a character added", url: withSecret("/messages", spoiled) };
    }),
  fc
    .tuple(fc.constantFrom(SECRET, "wrong"), fc.constantFrom(SECRET, "wrong"), otherParameters)
    .map(([first, second, others]) => ({
      what: "the secret parameter repeated",
      url: `/messages?${[`secret=${first}`, ...query(others), `secret=${second}`].join("&")}`,
    })),
  fc.constantFrom(
    { what: "secret repeated with an encoded name", url: `/messages?secret=${SECRET}&s%65cret=${SECRET}` },
    { what: "secret with no value", url: "/messages?secret" },
    { what: "secret empty", url: "/messages?secret=" },
    { what: "secret as another name's value", url: `/messages?token=${SECRET}` },
    { what: "secret under another case of the name", url: `/messages?Secret=${SECRET}` },
    { what: "secret after a semicolon", url: `/messages?x=1;secret=${SECRET}` },
    { what: "secret as a path segment", url: `/messages/${SECRET}` },
    { what: "secret as the first path segment", url: `/${SECRET}/messages` },
    { what: "secret in the path as a query", url: `/messages%3Fsecret=${SECRET}` },
    { what: "secret in a bracketed name", url: `/messages?secret[]=${SECRET}` },
  ),
  fc
    .constantFrom<Record<string, string>>(
      { authorization: `Bearer ${SECRET}` },
      { authorization: `Key ${SECRET}` },
      { "x-webhook-secret": SECRET },
      { "x-telegram-bot-api-secret-token": SECRET },
      { cookie: `secret=${SECRET}` },
      { referer: `http://127.0.0.1/messages?secret=${SECRET}` },
    )
    .map((headers) => ({ what: "the secret in a header, not the URL", url: "/messages", headers })),
);

/** The secret as some URL may spell it: characters percent-encoded, other parameters around it, any mount path. */
const acceptedUrls = fc
  .record({
    route: mountPath,
    value: encodingFlags,
    name: encodingFlags,
    before: otherParameters,
    after: otherParameters,
  })
  .map(
    ({ route, value, name, before, after }) =>
      `${route}?${[...query(before), `${spelled("secret", name)}=${spelled(SECRET, value)}`, ...query(after)].join("&")}`,
  );

describe("createWebhookHandler({ secret }): the check at creation", () => {
  it("refuses a secret shorter than 32 characters, longer than 256, holding a character a URL would encode, an empty list or a non-string, naming the rule and nothing of the value", () => {
    const client = createMessagingClient({ baseUrl: "http://127.0.0.1:9", accessKey: ACCESS_KEY });
    const refused: unknown[] = [
      "",
      "a".repeat(31),
      SECRET.slice(0, 31),
      "b".repeat(257),
      `${SECRET} `,
      `${SECRET}+`,
      `${SECRET}/`,
      `${SECRET}%41`,
      `${SECRET}é`,
      `${SECRET}\n`,
      [],
      [SECRET, "short-secret"],
      [SECRET, 42],
      42,
      null,
      { secret: SECRET },
    ];
    for (const secret of refused) {
      let thrown: unknown;
      try {
        createWebhookHandler({ client, secret: secret as string });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(secret)).toBeInstanceOf(TypeError);
      const text = (thrown as Error).message;
      expect(text).toMatch(/^createWebhookHandler: secret/);
      if (typeof secret === "string" && secret !== "") expect(text).not.toContain(secret.slice(0, 8));
      if (typeof secret === "string") expect(text).not.toContain(`${String(secret.length)} `);
    }
    expect(() => createWebhookHandler({ client, secret: "a".repeat(31) })).toThrow(
      'createWebhookHandler: secret must be 32 to 256 characters, each a letter, a digit, "-", ".", "_" or "~" (generate one with `openssl rand -hex 32`)',
    );
    expect(() => createWebhookHandler({ client, secret: [SECRET, "x"] })).toThrow(
      /^createWebhookHandler: secret\[1\] /,
    );
    // The bounds and every character allowed.
    for (const secret of ["a".repeat(32), "b".repeat(256), SECRET_ALPHABET, [SECRET, NEXT_SECRET]])
      expect(() => createWebhookHandler({ client, secret })).not.toThrow();
  });
});

describe("createWebhookHandler({ secret }) over real HTTP", () => {
  it("answers 401 to every forged URL (none, wrong, cut, extended, another case, double-encoded, repeated, in the path or a header): no receiver runs, the client sends nothing, and the real delivery with the same id is then handled", async () => {
    const { handler, handled, errors } = botHandler();
    const url = await serveOnLoopback(handler);
    const realId = "real-message-1";
    let forged = 0;
    await fc.assert(
      fc.asyncProperty(forgeries, async ({ url: target, headers }) => {
        forged += 1;
        // The attacker sends the real message's id, with an address of its choosing to be replied to.
        const response = await post(`${url}${target}`, message(realId, ATTACKER), headers);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          errors: [
            {
              pointer: "",
              message: "the call is not authenticated: its URL must carry the webhook's secret",
              keyword: "secret",
            },
          ],
        });
      }),
      { numRuns: 300 },
    );
    // The notifications URL is no way round either.
    const notification = { id: realId, from: ATTACKER, to: inbound.to, event: "consumed" };
    expect((await post(`${url}/notifications`, notification)).status).toBe(401);
    await handler.idle();
    expect(forged).toBeGreaterThanOrEqual(300);
    expect(handled).toEqual([]);
    expect(api.received).toEqual([]);
    expect(errors).toEqual([]);

    // The real delivery: not taken for a redelivery, handled, replied to the real customer and confirmed.
    const real = await post(`${url}${withSecret("/messages")}`, message(realId));
    expect(real.status).toBe(200);
    await handler.idle();
    expect(handled).toEqual([realId]);
    expect(api.received.map((request) => [request.path, JSON.parse(request.body) as unknown])).toEqual([
      ["/messages", expect.objectContaining({ to: inbound.from, content: `echo: ${inbound.content}` })],
      ["/notifications", { id: realId, from: inbound.from, event: "consumed" }],
    ]);
    // A redelivery with the secret is still one.
    expect((await post(`${url}${withSecret("/messages")}`, message(realId))).status).toBe(200);
    await handler.idle();
    expect(handled).toEqual([realId]);
  });

  it("accepts the secret however the URL spells it: characters percent-encoded in either case, other parameters around it, any mount path", async () => {
    const { handler, handled } = botHandler({ onMessage: (received) => void handled.push(received.id ?? "") });
    const url = await serveOnLoopback(handler);
    const expected: string[] = [];
    await fc.assert(
      fc.asyncProperty(acceptedUrls, async (target) => {
        const id = `accepted-${String(expected.length)}`;
        expected.push(id);
        const response = await post(`${url}${target}`, message(id));
        expect(response.status, target).toBe(200);
      }),
      { numRuns: 200 },
    );
    await handler.idle();
    expect(handled).toEqual(expected);
  });

  it("with a list of secrets (the portal's URL being changed) accepts each of them and nothing else", async () => {
    const { handler, handled } = botHandler({ secret: [SECRET, NEXT_SECRET] });
    const url = await serveOnLoopback(handler);
    expect((await post(`${url}${withSecret("/messages", SECRET)}`, message("old-url"))).status).toBe(200);
    expect((await post(`${url}${withSecret("/messages", NEXT_SECRET)}`, message("new-url"))).status).toBe(200);
    for (const target of [
      withSecret("/messages", SECRET.slice(1)),
      withSecret("/messages", `${SECRET}${NEXT_SECRET}`),
      `/messages?secret=${SECRET}&secret=${NEXT_SECRET}`,
      "/messages",
    ])
      expect((await post(`${url}${target}`, message("forged"))).status, target).toBe(401);
    await handler.idle();
    expect(handled).toEqual(["old-url", "new-url"]);
  });

  it("checks the secret before the method: a GET without it is 401, with it 405", async () => {
    const { handler } = botHandler();
    const url = await serveOnLoopback(handler);
    expect((await fetch(`${url}/messages`)).status).toBe(401);
    const allowed = await fetch(`${url}${withSecret("/messages")}`);
    expect(allowed.status).toBe(405);
    expect(allowed.headers.get("allow")).toBe("POST");
  });

  it("handle(body, { url }) checks the URL the framework saw; without one it answers 401", async () => {
    const { handler, handled } = botHandler({ onMessage: (received) => void handled.push(received.id ?? "") });
    const body = JSON.stringify(message("through-handle"));
    expect(await handler.handle(body)).toMatchObject({ status: 401 });
    expect(await handler.handle(body, {})).toMatchObject({ status: 401 });
    expect(await handler.handle(body, { url: "/messages" })).toMatchObject({ status: 401 });
    // The fragment is no part of the query; an absolute URL (web-standard Request.url) is read as well.
    expect(await handler.handle(body, { url: `/messages#?secret=${SECRET}` })).toMatchObject({ status: 401 });
    expect(await handler.handle(body, { url: `/messages?x=1#secret=${SECRET}` })).toMatchObject({ status: 401 });
    // An invalid body is not even looked at without the secret.
    expect(await handler.handle("not json", { url: "/messages" })).toMatchObject({ status: 401 });
    await handler.idle();
    expect(handled).toEqual([]);
    expect(await handler.handle(body, { url: `https://bot.example.net${withSecret("/messages")}#top` })).toEqual({
      status: 200,
    });
    await handler.idle();
    expect(handled).toEqual(["through-handle"]);
  });

  it("says nothing of the secret: every 401 is one fixed answer, and nothing reaches onError or the default stderr line", async () => {
    const stderr = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const handler = createWebhookHandler({
        client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
        secret: SECRET,
        onMessage: () => undefined,
      });
      const url = await serveOnLoopback(handler);
      const answers = new Set<string>();
      for (const target of ["/messages", withSecret("/messages", SECRET.slice(0, -1)), withSecret("/messages", "x")]) {
        const response = await post(`${url}${target}`, message("quiet"));
        const headers = [...response.headers].filter(([name]) => name !== "date" && name !== "keep-alive");
        answers.add(JSON.stringify([response.status, headers, await response.text()]));
      }
      expect(answers.size).toBe(1);
      expect([...answers][0]).toMatch(/^\[401,/);
      expect([...answers][0]).not.toContain(SECRET.slice(0, 8));
      await handler.idle();
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
  });
});

// ---- Raw sockets: what the handler does before a body arrives, and with a body it leaves unread. ----

/** Writes `parts` to a new connection and resolves with everything read until `done(text)` says so or the server closes. */
function rawExchange(port: number, parts: string[], done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
      if (done(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(text));
    for (const part of parts) socket.write(part);
  });
}
/** The statuses of the answers read (a body ends with no newline, so the next status line follows on the same line). */
const statusLines = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));

describe("createWebhookHandler({ secret }) on raw sockets", () => {
  it(
    "answers a forged call 401 before its body arrives (a body announced and never sent)",
    { timeout: 20_000 },
    async () => {
      const { handler, handled } = botHandler();
      const url = await serveOnLoopback(handler);
      const port = Number(new URL(url).port);
      const body = JSON.stringify(message("slow-forged", ATTACKER));
      const answer = await rawExchange(
        port,
        [
          `POST /messages HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length + 1_000_000)}\r\n\r\n`,
          body.slice(0, 10),
        ],
        (text) => text.includes("\r\n\r\n"),
      );
      expect(statusLines(answer)).toEqual([401]);
      await handler.idle();
      expect(handled).toEqual([]);
    },
  );

  it("skips the unread body of a forged call on a kept-alive connection: the next request on it is read as sent", async () => {
    const { handler, handled } = botHandler({ onMessage: (received) => void handled.push(received.id ?? "") });
    const url = await serveOnLoopback(handler);
    const port = Number(new URL(url).port);
    // The forged body is itself a well-formed request with the secret: it must never be taken for one.
    const smuggled = JSON.stringify(message("smuggled"));
    const inner = `POST ${withSecret("/messages")} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: ${String(smuggled.length)}\r\n\r\n${smuggled}`;
    const real = JSON.stringify(message("after-forged"));
    const answer = await rawExchange(
      port,
      [
        `POST /messages HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: ${String(inner.length)}\r\n\r\n${inner}`,
        `POST ${withSecret("/messages")} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: ${String(real.length)}\r\n\r\n${real}`,
        `POST /messages HTTP/1.1\r\nHost: bot\r\nX-Webhook-Secret: ${SECRET}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${real.length.toString(16)}\r\n${real}\r\n0\r\n\r\n`,
      ],
      (text) => statusLines(text).length === 3,
    );
    expect(statusLines(answer)).toEqual([401, 200, 401]);
    await handler.idle();
    expect(handled).toEqual(["after-forged"]);
  });

  it("reads the secret from an absolute-form request target too", async () => {
    const { handler, handled } = botHandler({ onMessage: (received) => void handled.push(received.id ?? "") });
    const url = await serveOnLoopback(handler);
    const port = Number(new URL(url).port);
    const body = JSON.stringify(message("absolute-form"));
    const request = (target: string) =>
      `POST ${target} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length)}\r\n\r\n${body}`;
    const answer = await rawExchange(
      port,
      [request(`${url}/messages`), request(`${url}${withSecret("/messages")}`)],
      (text) => statusLines(text).length === 2,
    );
    expect(statusLines(answer)).toEqual([401, 200]);
    await handler.idle();
    expect(handled).toEqual(["absolute-form"]);
  });
});

// ---- The frameworks a bot mounts the handler in (docs/webhooks.md#authenticating-the-service). ----

describe("createWebhookHandler({ secret }) in the frameworks", () => {
  it("Express 5: the listener on a route, under app.use at a prefix, and after express.json(), refuses forged calls and serves the secret's", async () => {
    const { handler, handled } = botHandler({ onMessage: (received) => void handled.push(received.id ?? "") });
    const app = express();
    app.post("/messages", handler);
    app.use("/hooks/bot-1", handler);
    app.post("/parsed", express.json(), handler);
    const url = await serveOnLoopback(createServer(app));
    for (const route of ["/messages", "/hooks/bot-1/messages", "/parsed"]) {
      expect((await post(`${url}${route}`, message(`forged ${route}`, ATTACKER))).status, route).toBe(401);
      expect((await post(`${url}${route}?other=1&secret`, message(`forged ${route}`, ATTACKER))).status).toBe(401);
      expect((await post(`${url}${route}?other=1&secret=${SECRET}`, message(route))).status, route).toBe(200);
    }
    await handler.idle();
    expect(handled).toEqual(["/messages", "/hooks/bot-1/messages", "/parsed"]);
  });

  it("Fastify 5 and Hono: handle(body, { url: request.url }) refuses forged calls and serves the secret's", async () => {
    const { handler, handled } = botHandler({ onMessage: (received) => void handled.push(received.id ?? "") });
    const fastify = Fastify();
    fastify.post("/messages", async (request, reply) => {
      const result = await handler.handle(request.body, { url: request.url });
      return reply
        .code(result.status)
        .headers(result.headers ?? {})
        .send(result.body ?? "");
    });
    await fastify.listen({ port: 0, host: "127.0.0.1" });
    served.push(() => fastify.close());
    const fastifyUrl = `http://127.0.0.1:${String((fastify.server.address() as AddressInfo).port)}`;

    const hono = new Hono();
    hono.post("/messages", async (c) => {
      const result = await handler.handle(await c.req.text(), { url: c.req.url });
      return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
        status: result.status,
        headers: result.headers ?? {},
      });
    });
    const honoServer = await new Promise<ServerType>((resolve) => {
      const server = serve({ fetch: hono.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(server));
    });
    served.push(() => new Promise((resolve) => honoServer.close(() => resolve())));
    const honoUrl = `http://127.0.0.1:${String((honoServer.address() as AddressInfo).port)}`;

    for (const [name, url] of [
      ["fastify", fastifyUrl],
      ["hono", honoUrl],
    ] as const) {
      expect((await post(`${url}/messages`, message(`forged ${name}`, ATTACKER))).status, name).toBe(401);
      expect(
        (await post(`${url}/messages?secret=${SECRET.slice(1)}`, message(`forged ${name}`, ATTACKER))).status,
      ).toBe(401);
      expect((await post(`${url}/messages?secret=${SECRET}&utm=x`, message(name))).status, name).toBe(200);
    }
    await handler.idle();
    expect(handled).toEqual(["fastify", "hono"]);
  });
});

describe("examples/echo-bot with webhookSecret", () => {
  it("refuses a forged message and echoes the one whose URL carries the secret", async () => {
    const url = await serveOnLoopback(
      createEchoBot({ baseUrl: api.url, accessKey: ACCESS_KEY, webhookSecret: SECRET, log: () => undefined }) as Server,
    );
    expect((await post(`${url}/messages`, message("echo-forged", ATTACKER))).status).toBe(401);
    expect((await post(`${url}${withSecret("/messages")}`, message("echo-real"))).status).toBe(200);
    await api.waitFor(2);
    expect(api.received.map((request) => [request.path, JSON.parse(request.body) as unknown])).toEqual([
      ["/messages", expect.objectContaining({ to: inbound.from, content: inbound.content })],
      ["/notifications", { id: "echo-real", from: inbound.from, event: "consumed" }],
    ]);
  });
});

// ---- The sandbox delivering to a URL with the secret (docs/sandbox.md). ----

describe("the sandbox delivers to a webhook URL that carries a secret", () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it("300 forged calls with the real message's id leave a Free-plan bot untouched: the real message is echoed to the real customer and confirmed in time, with no violation", async () => {
    sandbox = createSandbox({ accessKey: ACCESS_KEY, plan: "free" });
    const baseUrl = await sandbox.start();
    const handled: string[] = [];
    const handler: MessagingWebhookHandler = createWebhookHandler({
      client: createMessagingClient({ baseUrl, accessKey: ACCESS_KEY, limits: "free" }),
      secret: SECRET,
      async onMessage(received, { reply }) {
        handled.push(`${received.id ?? ""} from ${received.from}`);
        await reply({ type: "text/plain", content: `echo: ${String(received.content)}` });
      },
      onError: () => undefined,
    });
    const botUrl = await serveOnLoopback(handler);
    sandbox.setWebhooks({
      messages: `${botUrl}/messages?source=sandbox&secret=${SECRET}`,
      notifications: `${botUrl}/notifications?secret=${SECRET}&source=sandbox`,
    });
    const realId = "in-customer-1";
    const forgedAnswers = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        post(
          `${botUrl}/messages${index % 2 === 0 ? "" : "?secret=guess"}`,
          message(index < 10 ? realId : `forged-${String(index)}`, ATTACKER),
        ).then((response) => response.status),
      ),
    );
    expect(new Set(forgedAnswers)).toEqual(new Set([401]));

    const delivery = await sandbox.inbound({
      id: realId,
      from: inbound.from,
      type: "text/plain",
      content: "Where is my order?",
    });
    expect(delivery.outcome).toEqual({ status: 200 });
    await sandbox.waitFor((state) => state.received.messages[0]?.acknowledgedWith === "consumed");
    await handler.idle();
    expect(handled).toEqual([`${realId} from ${inbound.from}`]);
    expect(sandbox.sent.messages.map((sent) => [sent.message.to, sent.message.content])).toEqual([
      [inbound.from, "echo: Where is my order?"],
    ]);
    // The sandbox's notifications about the echo reach the bot through its notifications URL, secret and all.
    await sandbox.waitFor((state) => state.received.notifications.filter((entry) => entry.outcome).length === 4);
    expect(sandbox.received.notifications.map((entry) => entry.outcome)).toEqual(Array(4).fill({ status: 200 }));
    expect(sandbox.violations).toEqual([]);

    // The sandbox pointed at the URL without the secret: the bot's 401 is a violation it reports.
    sandbox.setWebhooks({ messages: `${botUrl}/messages` });
    const refused = await sandbox.inbound({ from: inbound.from, type: "text/plain", content: "again" });
    expect(refused.outcome).toEqual({ status: 401 });
    expect(sandbox.violations.map((violation) => violation.kind)).toEqual(["webhook-error-status"]);
    expect(JSON.stringify(sandbox.violations)).not.toContain(SECRET);
  });

  it("specfirst sandbox --messages-webhook and --notifications-webhook with ?secret= deliver to the bot (CLI)", async () => {
    // The bot listens first (its URL goes in the flags); its client is made once the sandbox printed its own.
    let handler: MessagingWebhookHandler | undefined;
    const handled: string[] = [];
    const botServer: Server = createServer((request, response) => void handler?.(request, response));
    const botUrl = await serveOnLoopback(botServer);
    const child = spawn(
      process.execPath,
      [
        await runtimeCli(),
        "sandbox",
        "--port",
        "0",
        "--access-key",
        ACCESS_KEY,
        "--messages-webhook",
        `${botUrl}/messages?secret=${SECRET}&bot=1`,
        "--notifications-webhook",
        `${botUrl}/notifications?bot=1&secret=${SECRET}`,
        "--notify-timeout-ms",
        "4000",
      ],
      { cwd: ROOT },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    try {
      const sandboxUrl = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", () => {
          const match = /^listening on (http:\/\/\S+)$/m.exec(stdout);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        void exited.then(() => reject(new Error(`the sandbox exited:\n${stdout}\n${stderr}`)));
      });
      handler = createWebhookHandler({
        client: createMessagingClient({ baseUrl: sandboxUrl, accessKey: ACCESS_KEY }),
        secret: SECRET,
        async onMessage(received, { reply }) {
          handled.push(received.id ?? "");
          await reply({ type: "text/plain", content: "echo" });
        },
        onNotification: (notification) => void handled.push(notification.event),
      });
      const response = await fetch(`${sandboxUrl}/_sandbox/inbound`, {
        method: "POST",
        body: JSON.stringify({ id: "cli-in-1", from: inbound.from, type: "text/plain", content: "hi" }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { delivery: { outcome: unknown } }).delivery.outcome).toEqual({
        status: 200,
      });
      // The echo's four notifications come back through the notifications URL.
      for (let polls = 0; handled.length < 5 && polls < 500; polls += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(handled).toEqual(["cli-in-1", "accepted", "dispatched", "received", "consumed"]);
      const state = (await (await fetch(`${sandboxUrl}/_sandbox/state`)).json()) as {
        received: { messages: { acknowledgedWith?: string }[] };
        violations: unknown[];
      };
      expect(state.received.messages[0]?.acknowledgedWith).toBe("consumed");
      expect(state.violations).toEqual([]);
      expect(stderr).toBe("");

      // Pointed at the URL without its secret, the sandbox is refused, and says so without the secret.
      const moved = await fetch(`${sandboxUrl}/_sandbox/webhooks`, {
        method: "PUT",
        body: JSON.stringify({ messages: `${botUrl}/messages?bot=1` }),
      });
      expect(moved.status).toBe(200);
      const refused = await fetch(`${sandboxUrl}/_sandbox/inbound`, {
        method: "POST",
        body: JSON.stringify({ id: "cli-in-2", from: inbound.from, type: "text/plain", content: "hi" }),
      });
      expect(((await refused.json()) as { delivery: { outcome: unknown } }).delivery.outcome).toEqual({
        status: 401,
      });
      expect(handled).toEqual(["cli-in-1", "accepted", "dispatched", "received", "consumed"]);
      for (let polls = 0; !stderr.includes("\n") && polls < 500; polls += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stderr).toBe(
        "violation: webhook-error-status (message cli-in-2): the messages webhook answered HTTP 401\n",
      );
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  });
});
