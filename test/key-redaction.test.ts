/**
 * No key leak, by construction (docs/client.md, errors; docs/webhooks.md, errors): random keys, echoed by a real `node:http` server on loopback in every
 * encoding of test/helpers/key-encodings.ts (in a body, a header, a command failure reason, a redirect's Location,
 * or thrown by a middleware hook), never reach an error's message, stack, body, `JSON.stringify`, `util.inspect` or
 * cause chain, a logger entry, the webhook handler's default `onError` line or the `failed` notification it sends.
 * Also: the key is normalised once (trimmed as fetch trims a header), and redirects to another origin are refused.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { inspect } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  assertSuccess,
  commands,
  configsApi,
  createMessagingClient,
  createWebhookHandler,
  type ClientLogEntry,
} from "../generated/client.js";
import type { InboundMessage } from "../generated/types.js";
import { createClient, type SecurityDescriptor } from "../runtime/client/index.js";
import { createRedactor } from "../runtime/client/scrub-credential.js";
import {
  BYTE_ENCODINGS,
  BYTE_ENCODING_NAMES,
  ENCODINGS,
  ENCODING_NAMES,
  headerKey,
  keyPadding,
  leaks,
} from "./helpers/key-encodings.js";

// ---- A server on loopback whose answers are functions of the request (it echoes what it received). ----

interface Got {
  method: string;
  path: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}
type Responder = (request: Got) => Reply;

interface EchoServer {
  url: string;
  received: Got[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

async function startEchoServer(): Promise<EchoServer> {
  const received: Got[] = [];
  let responder: Responder = () => ({ status: 202 });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = request.url ?? "/";
      const got: Got = {
        method: request.method ?? "",
        path: new URL(url, "http://x").pathname,
        url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(got);
      const reply = responder(got);
      response.writeHead(reply.status, reply.headers);
      response.end(reply.body ?? "");
    });
  });
  // Longer than any synchronous test here: a pooled connection the server closed meanwhile would reset the next request.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    respond(next) {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let api: EchoServer;
let other: EchoServer;
beforeAll(async () => {
  [api, other] = await Promise.all([startEchoServer(), startEchoServer()]);
});
afterAll(() => Promise.all([api.close(), other.close()]));
beforeEach(() => {
  api.received.length = 0;
  other.received.length = 0;
});

const text = (content: string, id?: string) => ({
  ...(id === undefined ? {} : { id }),
  to: "5531988887777@sms.example.net",
  type: "text/plain" as const,
  content,
});

/** What a server that echoes the credential writes: the chosen encodings of the key and of the whole header value, as it received them. */
function echoOf(request: Got, names: readonly string[], byteNames: readonly string[] = []): Buffer {
  const authorization = String(request.headers.authorization);
  const key = authorization.replace(/^Key /, "");
  const texts = names.flatMap((name) => [ENCODINGS[name]?.(key) ?? "", ENCODINGS[name]?.(authorization) ?? ""]);
  const bytes = byteNames.flatMap((name) => [BYTE_ENCODINGS[name]?.(key) ?? Buffer.alloc(0), Buffer.from(" | ")]);
  return Buffer.concat([Buffer.from(`{"error":"bad key","echo":"${texts.join(" | ")}"} | `), ...bytes]);
}

/** Every way an error can be shown: message, stack, own fields, `String`, `JSON.stringify`, `util.inspect`, and the same for each cause. */
function renderings(error: unknown): string {
  const shown: string[] = [];
  for (
    let current = error, depth = 0;
    current !== undefined && current !== null && depth < 8;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const fields = current as { message?: unknown; stack?: unknown; body?: unknown };
    shown.push(
      String(current),
      String(fields.message),
      String(fields.stack),
      String(fields.body),
      JSON.stringify(current) ?? "",
      inspect(current, { depth: null, showHidden: true }),
    );
  }
  return shown.join("\n");
}
const logged = (entries: readonly ClientLogEntry[]) =>
  entries.map((entry) => `${JSON.stringify(entry)}\n${inspect(entry, { depth: null, showHidden: true })}`).join("\n");

const padded = fc
  .tuple(headerKey, keyPadding)
  .map(([key, { before, after }]) => ({ key, given: `${before}${key}${after}` }));
const encodingNames = fc.uniqueArray(fc.constantFrom(...ENCODING_NAMES), { minLength: 1, maxLength: 6 });
const byteEncodingNames = fc.subarray(BYTE_ENCODING_NAMES);

describe("the key is normalised once: the bytes sent are the bytes redacted", () => {
  it("a key read from a file with its trailing newline authenticates trimmed, and its echo is redacted from the error, JSON.stringify, util.inspect and the logger", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "specfirst-key-"));
    try {
      writeFileSync(path.join(directory, "key.txt"), "Sk_live-4f9a+b/c=\n");
      const accessKey = readFileSync(path.join(directory, "key.txt"), "utf8");
      const entries: ClientLogEntry[] = [];
      const client = createMessagingClient({ baseUrl: api.url, accessKey, logger: (entry) => entries.push(entry) });
      api.respond((request) => ({ status: 401, body: echoOf(request, ["raw", "json", "uri"]) }));
      const error = await client.sendMessage(text("hi")).catch((rejection: unknown) => rejection);
      expect(api.received[0]?.headers.authorization).toBe("Key Sk_live-4f9a+b/c=");
      expect(error).toMatchObject({ name: "UnauthorizedError", status: 401 });
      expect((error as { body: string }).body).toContain("[REDACTED]");
      expect(leaks(`${renderings(error)}\n${logged(entries)}`, "Sk_live-4f9a+b/c=")).toEqual([]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("refuses, when the client is made, a key a header cannot carry (line break, control character, beyond U+00FF), naming the option and quoting nothing", () => {
    const cases: [string, RegExp][] = [
      ["Sk_live-ab\ncd", /a line break at index 10/],
      ["Sk_live-ab\r\ncd", /a line break at index 10/],
      ["Sk_live-ab\u0000cd", /a control character at index 10/],
      ["Sk_live-ab\u007fcd", /a control character at index 10/],
      ["Sk_live-ab€cd", /beyond U\+00FF/],
    ];
    for (const [accessKey, why] of cases) {
      let error: unknown;
      try {
        createMessagingClient({ baseUrl: api.url, accessKey });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(
        /^createMessagingClient: accessKey cannot be sent in the Authorization header: it holds /,
      );
      expect((error as Error).message).toMatch(why);
      expect(renderings(error)).not.toMatch(/Sk_live|ab.cd/);
    }
    expect(() => createMessagingClient({ baseUrl: api.url, accessKey: " \n" })).toThrow(
      /accessKey must be a non-empty string/,
    );
  });

  it("a supplier returning such a key rejects the call with a NetworkError naming the option, and nothing is sent", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: () => "Sk_live-ab\ncd" });
    const error = await client.sendMessage(text("hi")).catch((rejection: unknown) => rejection);
    expect(error).toMatchObject({ name: "NetworkError" });
    expect((error as Error).message).toMatch(
      /accessKey cannot be sent in the Authorization header: it holds a line break/,
    );
    expect(renderings(error)).not.toContain("Sk_live");
    expect(api.received).toEqual([]);
  });
});

describe("property: no encoding of a random key leaks, whatever the server echoes", () => {
  it("a 400 echoing the key and the header value (raw, URI, JSON, HTML, base64 both alphabets and alignments, hex, UTF-16) in its body and headers: nothing in the error, its causes, the logger or onError", async () => {
    await fc.assert(
      fc.asyncProperty(padded, encodingNames, byteEncodingNames, async ({ key, given }, names, byteNames) => {
        api.received.length = 0;
        api.respond((request) => ({
          status: 400,
          headers: { "x-echo": ENCODINGS["base64 (UTF-8)"]?.(key) ?? "" },
          body: echoOf(request, names, byteNames),
        }));
        const entries: ClientLogEntry[] = [];
        const seenByHook: unknown[] = [];
        const client = createMessagingClient({
          baseUrl: api.url,
          accessKey: given,
          logger: (entry) => entries.push(entry),
        }).use({ onError: ({ error }) => void seenByHook.push(error) });
        const error = await client.sendMessage(text("hi")).catch((rejection: unknown) => rejection);
        expect(error).toMatchObject({ name: "BadRequestError" });
        // The exact bytes sent: the key trimmed of the whitespace around it.
        expect(api.received[0]?.headers.authorization).toBe(`Key ${key}`);
        expect((error as { body: string }).body).toContain("[REDACTED]");
        expect(seenByHook).toEqual([error]);
        expect(leaks(`${renderings(error)}\n${logged(entries)}`, key)).toEqual([]);
      }),
      { numRuns: 120 },
    );
  });

  it("every security scheme (bearer token, basic user:pass and its base64, an apiKey in another header or the query): the credential and the whole header value, echoed in every encoding, leak nowhere", async () => {
    type Scheme = [SecurityDescriptor, (secret: string) => unknown, (request: Got) => string[]];
    const header = (name: string) => (request: Got) => [String(request.headers[name])];
    const schemes: Scheme[] = [
      [{ kind: "bearer" }, (secret) => secret, header("authorization")],
      [{ kind: "apiKey", in: "header", name: "X-Api-Key", prefix: "" }, (secret) => secret, header("x-api-key")],
      [
        { kind: "apiKey", in: "query", name: "key", prefix: "" },
        (secret) => secret,
        (request) => [new URL(request.url, "http://x").searchParams.get("key") ?? "", request.url],
      ],
      [
        { kind: "basic" },
        (secret) => ({ username: "bot", password: secret }),
        (request) => {
          const authorization = String(request.headers.authorization);
          const pair = Buffer.from(authorization.replace(/^Basic /, ""), "base64").toString("utf8");
          return [authorization, pair, pair.slice(4)];
        },
      ],
    ];
    await fc.assert(
      fc.asyncProperty(
        padded,
        fc.constantFrom(...schemes),
        encodingNames,
        async ({ key, given }, [security, credential, echoed], names) => {
          api.received.length = 0;
          api.respond((request) => ({
            status: 403,
            body: echoed(request)
              .flatMap((value) => names.map((name) => ENCODINGS[name]?.(value) ?? ""))
              .join(" | "),
          }));
          const client = createClient(
            { ...configsApi, credential: { option: "secret", security } },
            { baseUrl: api.url, secret: credential(security.kind === "basic" ? key : given) },
          );
          const error = await client.createConfig?.({}).catch((rejection: unknown) => rejection);
          expect(error).toMatchObject({ name: "HttpError", status: 403 });
          // The basic password is sent as given (inside base64); every other credential trimmed.
          expect(echoed(api.received[0] as Got).join(" ")).toContain(security.kind === "basic" ? `bot:${key}` : key);
          expect(leaks(renderings(error), key)).toEqual([]);
          if (security.kind === "basic") expect(leaks(renderings(error), `bot:${key}`)).toEqual([]);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("a command failure quoting the key: CommandFailedError (message, reason, response), the webhook handler's default onError line and the failed notification it sends (exposeErrorMessages) hold none of it", async () => {
    const inbound: InboundMessage<"text/plain"> = {
      id: "5d8c1a3e-7f2b-4c9d-a1e0-3b6f9c2d8e41",
      from: "1042221589186385@messenger.example.net",
      to: "mybot@example.net",
      type: "text/plain",
      content: "hi",
    };
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await fc.assert(
        fc.asyncProperty(padded, encodingNames, async ({ key, given }, names) => {
          api.received.length = 0;
          printed.mockClear();
          api.respond((request) => {
            if (request.path !== "/commands") return { status: 202 };
            const command = JSON.parse(request.body) as { id: string; method: string };
            const description = `Invalid list identifier (caller key ${echoOf(request, names).toString("utf8")})`;
            return {
              status: 200,
              headers: { "content-type": "application/json" },
              body: JSON.stringify({
                id: command.id,
                from: "postmaster@example.net",
                to: "mybot@example.net",
                method: command.method,
                status: "failure",
                reason: { code: 60, description },
              }),
            };
          });
          const client = createMessagingClient({ baseUrl: api.url, accessKey: given });
          const failure = await client
            .sendCommand(commands.ping())
            .then(assertSuccess)
            .catch((rejection: unknown) => rejection);
          expect(failure).toMatchObject({ name: "CommandFailedError", code: 60 });
          expect((failure as Error).message).toMatch(
            /^Command [\w-]+ failed: reason 60 \(Invalid list identifier \(caller key .*\[REDACTED\]/s,
          );
          expect(leaks(renderings(failure), key)).toEqual([]);

          const handler = createWebhookHandler({
            client,
            exposeErrorMessages: true,
            answerAfterProcessing: true,
            async onMessage(_message, { client: bot }) {
              assertSuccess(await bot.sendCommand(commands.ping()));
            },
          });
          expect(await handler.handle(inbound)).toEqual({ status: 200 });
          const notification = api.received.find((request) => request.path === "/notifications");
          expect(JSON.parse(notification?.body ?? "{}")).toMatchObject({
            id: inbound.id,
            event: "failed",
            reason: {
              code: 60,
              description: expect.stringMatching(/^Command [\w-]+ failed: reason 60 \(Invalid list identifier/),
            },
          });
          const output = printed.mock.calls.map((call) => call.join(" ")).join("\n");
          expect(output).toMatch(/^specfirst webhook handler: onMessage failed: CommandFailedError: Command /);
          expect(leaks(`${notification?.body ?? ""}\n${output}`, key)).toEqual([]);
        }),
        { numRuns: 50 },
      );
    } finally {
      printed.mockRestore();
    }
  });

  it("a middleware hook throwing with the key (onRequest reads it from the request; onResponse from the echo) rejects with a redacted MiddlewareError", async () => {
    await fc.assert(
      fc.asyncProperty(
        padded,
        encodingNames,
        fc.constantFrom("onRequest" as const, "onResponse" as const),
        async ({ key, given }, names, hook) => {
          api.received.length = 0;
          api.respond(() => ({ status: 202 }));
          const quote = (authorization: string) =>
            `cannot sign with ${names.map((name) => ENCODINGS[name]?.(authorization) ?? "").join(" | ")}`;
          const client = createMessagingClient({ baseUrl: api.url, accessKey: given }).use(
            hook === "onRequest"
              ? {
                  onRequest({ request }) {
                    throw new Error(quote(request.headers.get("authorization") ?? ""));
                  },
                }
              : {
                  onResponse() {
                    throw Object.assign(new TypeError(quote(`Key ${key}`)), { cause: new Error(quote(key)) });
                  },
                },
          );
          const error = await client.sendMessage(text("hi")).catch((rejection: unknown) => rejection);
          expect(error).toMatchObject({ name: "MiddlewareError", hook });
          expect((error as Error).message).toMatch(
            new RegExp(`^POST /messages: the ${hook} middleware failed: cannot sign with .*\\[REDACTED\\]`, "s"),
          );
          expect(api.received).toHaveLength(hook === "onRequest" ? 0 : 1);
          expect(leaks(renderings(error), key)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a 307 to another origin whose Location echoes the key is not followed, and the RedirectError holds none of it", async () => {
    await fc.assert(
      fc.asyncProperty(padded, encodingNames, async ({ key, given }, names) => {
        api.received.length = 0;
        other.received.length = 0;
        api.respond((request) => ({
          status: 307,
          headers: {
            location: `${other.url}/landing/${encodeURIComponent(echoOf(request, names).toString("utf8"))}?key=${encodeURIComponent(key)}`,
          },
        }));
        const error = await createMessagingClient({ baseUrl: api.url, accessKey: given })
          .sendMessage(text("hi"))
          .catch((rejection: unknown) => rejection);
        expect(error).toMatchObject({ name: "RedirectError", status: 307, origin: other.url });
        expect(other.received).toEqual([]);
        expect(leaks(renderings(error), key)).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });

  it("the redactor alone: any Unicode key, in every encoding, nested in JSON or inside a longer base64 or hex text at any offset", () => {
    const unicodeKey = fc
      .string({
        unit: fc.oneof(
          fc.constantFrom(..."+/=-_\"\\ '%&<>".split("")),
          fc.constantFrom(..."aZ09".split("")),
          fc.constantFrom("é", "ü", "ÿ", "€", "ﬁ", "中", "😀", "\u2028"),
        ),
        minLength: 8,
        maxLength: 30,
      })
      .filter((key) => new Set(key).size >= 4);
    fc.assert(
      fc.property(
        unicodeKey,
        fc.constantFrom(...ENCODING_NAMES),
        fc.string({ maxLength: 5 }),
        fc.uint8Array({ maxLength: 5 }),
        fc.uint8Array({ maxLength: 5 }),
        (key, name, filler, before, after) => {
          // Latin-1 bytes exist only for a key of Latin-1 characters (every key a header can carry).
          fc.pre(!key.includes("[REDACTED]") && (!name.includes("Latin-1") || /^[\u0000-\u00ff]*$/.test(key)));
          const redact = createRedactor([`Key ${key}`, key]);
          const around = Buffer.concat([Buffer.from(before), Buffer.from(key), Buffer.from(after)]);
          const utf16 =
            new TextDecoder().decode(BYTE_ENCODINGS["utf-16le"]?.(key)) +
            new TextDecoder().decode(BYTE_ENCODINGS["utf-16be"]?.(key));
          const redacted = redact(
            [
              // a space between: a key glued to letters or digits is part of another word, left whole
              // (test/short-credentials.test.ts)
              `${filler} ${ENCODINGS[name]?.(key) ?? ""} ${filler}`,
              JSON.stringify({ nested: JSON.stringify({ key }) }),
              around.toString("base64"),
              around.toString("base64url"),
              around.toString("hex"),
              utf16,
            ].join(" / "),
          );
          expect(leaks(redacted, key)).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("the redactor leaves text alone that holds no form of the key, and matches the byte encodings only for secrets of 8 bytes or more", () => {
    const redact = createRedactor(["Key Sk_live-4f9a", "Sk_live-4f9a"]);
    const ordinary =
      'HTTP 400: {"error":"invalid","id":"5d8c1a3e-7f2b-4c9d-a1e0-3b6f9c2d8e41","token":"dGhpcyBpcyBub3QgaXQ="}';
    expect(redact(ordinary)).toBe(ordinary);
    expect(createRedactor(["k3y"])("azN5 6b3379 YQ==")).toBe("azN5 6b3379 YQ==");
  });
});

describe("redirects: followed only within the origin, with method, body and credential kept", () => {
  it("a cross-origin 307 or 308 rejects with RedirectError and the other host receives nothing (no body, no credential)", async () => {
    for (const status of [307, 308]) {
      other.received.length = 0;
      api.respond(() => ({ status, headers: { location: `${other.url}/messages` } }));
      const error = await createMessagingClient({ baseUrl: api.url, accessKey: "Sk_live-redirect" })
        .sendMessage(text("hi"))
        .catch((rejection: unknown) => rejection);
      expect(error).toMatchObject({
        name: "RedirectError",
        status,
        origin: other.url,
        message: `POST /messages was redirected to another origin (${other.url}); not followed`,
      });
      expect(other.received).toEqual([]);
    }
  });

  it("a same-origin 307 or 308 is followed with the same method, body and credential", async () => {
    for (const status of [307, 308]) {
      api.received.length = 0;
      api.respond((request) =>
        request.path === "/messages" ? { status, headers: { location: "/v2/messages?moved=1" } } : { status: 202 },
      );
      await expect(
        createMessagingClient({ baseUrl: api.url, accessKey: "Sk_live-redirect" }).sendMessage(text("moved")),
      ).resolves.toBeUndefined();
      expect(
        api.received.map((request) => [
          request.method,
          request.url,
          request.headers.authorization,
          JSON.parse(request.body).content,
        ]),
      ).toEqual([
        ["POST", "/messages", "Key Sk_live-redirect", "moved"],
        ["POST", "/v2/messages?moved=1", "Key Sk_live-redirect", "moved"],
      ]);
    }
  });

  it("a 301, 302 or 303 (which would resend the POST as a GET), a loop, or a missing Location rejects with RedirectError", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "Sk_live-redirect" });
    for (const status of [301, 302, 303]) {
      api.received.length = 0;
      api.respond(() => ({ status, headers: { location: "/elsewhere" } }));
      await expect(client.sendMessage(text("hi"))).rejects.toMatchObject({
        name: "RedirectError",
        status,
        message: `POST /messages answered HTTP ${status}, a redirect that would resend it as a GET; not followed`,
      });
      expect(api.received).toHaveLength(1);
    }
    api.received.length = 0;
    api.respond(() => ({ status: 307, headers: { location: "/messages" } }));
    await expect(client.sendMessage(text("hi"))).rejects.toMatchObject({
      name: "RedirectError",
      message: "POST /messages was redirected more than 20 times; not followed",
    });
    expect(api.received).toHaveLength(21);
    api.respond(() => ({ status: 308 }));
    await expect(client.sendMessage(text("hi"))).rejects.toMatchObject({
      name: "RedirectError",
      message: "POST /messages answered HTTP 308 without a usable Location; not followed",
    });
  });

  it("does not name another origin whose host holds the key (a host is lower-cased, which the redaction cannot see through)", async () => {
    api.respond(() => ({ status: 307, headers: { location: "http://sk-live-hostkey9.attacker.example/x" } }));
    const error = await createMessagingClient({ baseUrl: api.url, accessKey: "Sk-Live-HostKey9" })
      .sendMessage(text("hi"))
      .catch((rejection: unknown) => rejection);
    expect(error).toMatchObject({
      name: "RedirectError",
      origin: "[REDACTED]",
      message: "POST /messages was redirected to another origin ([REDACTED]); not followed",
    });
    expect(renderings(error).toLowerCase()).not.toContain("sk-live-hostkey9");
  });
});
