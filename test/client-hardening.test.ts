/**
 * The messaging client hardened for real bots (issue 17), over real HTTP on loopback through the generated module:
 * no key in any error whatever the server echoes (property-tested), abort reasons, middleware, per-call headers,
 * key rotation and the logger.
 */
import { getEventListeners } from "node:events";
import { inspect } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { AbortedError, BadRequestError, TimeoutError, createMessagingClient, type ClientLogEntry } from "../generated/client.js";
import { createRedactor } from "../runtime/client/redact-secret.js";
import { startApiServer, type ApiServer } from "./helpers/api-server.js";

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
});

const text = (content: string, id?: string) => ({ ...(id === undefined ? {} : { id }), to: "5531988887777@sms.example.net", type: "text/plain" as const, content });

// ---- The encodings a server may echo a key in. ----

const hex = (value: number, width: number, upper: boolean) => {
  const digits = value.toString(16).padStart(width, "0");
  return upper ? digits.toUpperCase() : digits;
};
const utf16Units = (key: string) => key.split("").map((unit) => unit.charCodeAt(0));
const ENCODINGS: Readonly<Record<string, (key: string) => string>> = {
  raw: (key) => key,
  uri: (key) => encodeURIComponent(key),
  "uri lower-case": (key) => encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
  "uri every byte": (key) => [...new TextEncoder().encode(key)].map((byte) => `%${hex(byte, 2, true)}`).join(""),
  form: (key) => new URLSearchParams({ k: key }).toString().slice(2),
  json: (key) => JSON.stringify(key).slice(1, -1),
  "json .NET (\\u00XX upper-case for + and friends)": (key) => JSON.stringify(key).slice(1, -1).replace(/[+<>&'=/]/g, (c) => `\\u${hex(c.charCodeAt(0), 4, true)}`),
  "json \\u everything, lower-case": (key) => utf16Units(key).map((unit) => `\\u${hex(unit, 4, false)}`).join(""),
  "json \\u everything, upper-case": (key) => utf16Units(key).map((unit) => `\\u${hex(unit, 4, true)}`).join(""),
  "json PHP (\\/)": (key) => JSON.stringify(key).slice(1, -1).replace(/\//g, "\\/"),
  "json twice": (key) => JSON.stringify(JSON.stringify(key)),
  "json three times": (key) => JSON.stringify(JSON.stringify(JSON.stringify(key))),
  "json .NET twice": (key) => JSON.stringify(JSON.stringify({ echo: key }).replace(/[+=/]/g, (c) => `\\u${hex(c.charCodeAt(0), 4, true)}`)),
  "html decimal": (key) => [...key].map((c) => `&#${c.codePointAt(0)};`).join(""),
  "html hex": (key) => [...key].map((c) => `&#x${hex(c.codePointAt(0) as number, 0, false)};`).join(""),
  "html hex upper": (key) => [...key].map((c) => `&#X${hex(c.codePointAt(0) as number, 0, true)};`).join(""),
  "html escaped only where needed": (key) => key.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
  "uri inside json": (key) => JSON.stringify({ url: `https://x.example/?key=${encodeURIComponent(key)}` }),
};
const NAMES = Object.keys(ENCODINGS);

/** Keys with the awkward characters: `+ / = " \ space`, quotes, `%`, `&`, Latin-1 letters (what an HTTP header can carry). */
const headerKey = fc.string({ unit: fc.constantFrom(..."abcXYZ0189+/=\"\\ '%&<>#;:?é ÿ".split("")), minLength: 8, maxLength: 40 }).filter((key) => key.trim() === key && /[^a-zA-Z0-9]/.test(key));
/** Any Unicode key (astral characters included), for the redactor alone (fetch cannot put them in a header). */
const unicodeKey = fc.string({ unit: fc.oneof(fc.constantFrom(..."+/=\"\\ '%&<>".split("")), fc.constantFrom(..."aZ09".split("")), fc.constantFrom("é", "ü", "€", "ﬁ", "中", "😀", "\u2028")), minLength: 8, maxLength: 30 });

/** Every form of `key` that must not appear anywhere in `text`. */
const leaks = (text: string, key: string): string[] => NAMES.map((name) => `${name}: ${ENCODINGS[name]?.(key) ?? ""}`).filter((entry) => text.includes(entry.slice(entry.indexOf(": ") + 2)));

describe("no key in any error, whatever the server echoes", () => {
  it("property: a 400 echoing the key (and the whole Authorization value) in random mixes of encodings leaks nothing in message, stack, body, JSON.stringify or util.inspect", async () => {
    await fc.assert(
      fc.asyncProperty(headerKey, fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 5 }), async (key, names) => {
        api.reset();
        // The server echoes what it got in the header, key and whole Authorization value alike, in each chosen encoding.
        const echoed = names.flatMap((name) => [ENCODINGS[name]?.(key), ENCODINGS[name]?.(`Key ${key}`)]).join(" | ");
        api.answer("/messages", { status: 400, body: `{"error":"bad key","echo":"${echoed}"}` });
        const client = createMessagingClient({ baseUrl: api.url, accessKey: key });
        const error = await client.sendMessage(text("hi")).then(
          () => undefined,
          (rejection: unknown) => rejection,
        );
        expect(error).toBeInstanceOf(BadRequestError);
        expect(api.received[0]?.headers.authorization).toBe(`Key ${Buffer.from(key, "latin1").toString("latin1")}`);
        const seen = [(error as Error).message, (error as Error).stack ?? "", (error as BadRequestError).body, JSON.stringify(error), inspect(error, { depth: null, showHidden: true })].join("\n");
        expect(leaks(seen, key)).toEqual([]);
        expect((error as BadRequestError).body).toContain("[REDACTED]");
      }),
      { numRuns: 150 },
    );
  });

  it("property: the redactor finds any Unicode key in every encoding, alone or nested in JSON text", () => {
    fc.assert(
      fc.property(unicodeKey, fc.constantFrom(...NAMES), fc.string({ maxLength: 5 }), (key, name, filler) => {
        fc.pre(!key.includes("[REDACTED]"));
        const redact = createRedactor([`Key ${key}`, key]);
        const form = ENCODINGS[name]?.(key) ?? "";
        const redacted = redact(`${filler}${form}${filler} / ${JSON.stringify({ nested: JSON.stringify({ key }) })}`);
        expect(leaks(redacted, key)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("abort reasons", () => {
  it("rejects as TimeoutError for AbortSignal.timeout() and any signal whose reason is a TimeoutError DOMException; AbortedError otherwise", async () => {
    // A server of its own: a connection the earlier tests left in the pool could be closed under this test's request.
    const api = await startApiServer();
    onTestFinished(() => api.close());
    api.answer("/messages", { status: 202, delayMs: 2000 }, { status: 202, delayMs: 2000 }, { status: 202, delayMs: 2000 });
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "k-1" });
    const timedOut = await client.sendMessage(text("a"), { signal: AbortSignal.timeout(50) }).catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect(timedOut).toMatchObject({ name: "TimeoutError", message: "POST /messages timed out (the caller's signal)", cause: { name: "TimeoutError" } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException("took too long", "TimeoutError")), 30);
    expect(await client.sendMessage(text("b"), { signal: controller.signal }).catch((error: unknown) => error)).toBeInstanceOf(TimeoutError);
    const plain = new AbortController();
    setTimeout(() => plain.abort(), 30);
    const aborted = await client.sendMessage(text("c"), { signal: plain.signal }).catch((error: unknown) => error);
    expect(aborted).toBeInstanceOf(AbortedError);
    expect((aborted as Error).cause).toMatchObject({ name: "AbortError" });
    // Already timed out before the call: nothing is sent.
    const early = AbortSignal.timeout(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const before = api.received.length;
    expect(await client.sendMessage(text("d"), { signal: early }).catch((error: unknown) => error)).toBeInstanceOf(TimeoutError);
    expect(api.received.length).toBe(before);
  });

  it("a caller's abort tears the request down, and a signal kept for many calls (a bot's shutdown signal) collects no listener", async () => {
    const api = await startApiServer();
    onTestFinished(() => api.close());
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "k-1" });
    const shutdown = new AbortController();
    // Node's fetch leaves a listener on the signal it is given until a garbage collection; the client hands it one
    // of the request's own.
    for (let index = 0; index < 200; index++) await client.sendMessage(text(`m${index}`), { signal: shutdown.signal });
    expect(getEventListeners(shutdown.signal, "abort")).toHaveLength(0);
    api.answer("/messages", { status: 202, delayMs: 5000 });
    const pending = client.sendMessage(text("slow"), { signal: shutdown.signal }).catch((error: unknown) => error);
    await api.waitFor(201);
    shutdown.abort();
    expect(await pending).toBeInstanceOf(AbortedError);
    await vi.waitFor(() => expect(api.received[200]?.abandoned).toBe(true));
    expect(api.received.slice(0, 200).every((request) => !request.abandoned)).toBe(true);
    // With a caller's signal, the request's own signal also fires on the client's timeout.
    api.answer("/messages", { status: 202, delayMs: 5000 });
    const timed = await client.sendMessage(text("slow too"), { signal: new AbortController().signal, timeoutMs: 100 }).catch((error: unknown) => error);
    expect(timed).toBeInstanceOf(TimeoutError);
    await vi.waitFor(() => expect(api.received[201]?.abandoned).toBe(true));
  });

  it("a signal timing out while waiting for the limiter or between retries is a TimeoutError too", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "k-1", limits: { messages: 1 }, retry: { maxDelayMs: 5000 } });
    await client.sendMessage(text("first"));
    expect(await client.sendMessage(text("queued"), { signal: AbortSignal.timeout(50) }).catch((error: unknown) => error)).toBeInstanceOf(TimeoutError);
    api.answer("/messages", { status: 503, headers: { "retry-after": "3" } });
    const retrying = createMessagingClient({ baseUrl: api.url, accessKey: "k-1", retry: { maxDelayMs: 5000 } });
    expect(await retrying.sendMessage(text("x", "id-1"), { signal: AbortSignal.timeout(300) }).catch((error: unknown) => error)).toBeInstanceOf(TimeoutError);
  });
});

describe("bot ergonomics", () => {
  it("client.use: onRequest may replace the request, onResponse sees the response, onError sees the (redacted) error", async () => {
    const seen: string[] = [];
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "k-mw" });
    expect(
      client.use(
        {
          onRequest({ request, operationId, attempt }) {
            seen.push(`request ${operationId} ${attempt} ${request.method} ${new URL(request.url).pathname}`);
            const headers = new Headers(request.headers);
            headers.set("X-Request-Id", "r-1");
            return new Request(request, { headers });
          },
          onResponse({ response }) {
            seen.push(`response ${response.status}`);
          },
          onError({ error }) {
            seen.push(`error ${(error as Error).name} ${JSON.stringify(error).includes("k-mw")}`);
          },
        },
        { onRequest: () => void seen.push("second hook") },
      ),
    ).toBe(client);
    expect(Object.keys(client)).toEqual(["sendMessage", "sendNotification", "sendCommand"]);
    await client.sendMessage(text("hi"));
    expect(api.received[0]?.headers).toMatchObject({ "x-request-id": "r-1", authorization: "Key k-mw", "content-type": "application/json" });
    expect(JSON.parse(api.received[0]?.body ?? "")).toEqual(text("hi"));
    api.answer("/messages", { status: 400, body: "bad key k-mw" });
    await expect(client.sendMessage(text("again"))).rejects.toBeInstanceOf(BadRequestError);
    expect(seen).toEqual(["request sendMessage 1 POST /messages", "second hook", "response 202", "request sendMessage 1 POST /messages", "second hook", "response 400", "error BadRequestError false"]);
  });

  it("per-call and per-client headers go on the request; the credential's header cannot be replaced by them", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "k-h", headers: { "X-Bot": "echo" } });
    await client.sendMessage(text("hi"), { headers: { "X-Trace": "t-1", Authorization: "Key other" } });
    expect(api.received[0]?.headers).toMatchObject({ "x-bot": "echo", "x-trace": "t-1", authorization: "Key k-h" });
    // In any case (fetch would otherwise join both values into one header).
    await createMessagingClient({ baseUrl: api.url, accessKey: "k-h", headers: { authorization: "Key client", "content-type": "text/plain" } }).sendMessage(text("hi"), { headers: { AUTHORIZATION: "Key call" } });
    expect(api.received[1]?.headers).toMatchObject({ authorization: "Key k-h", "content-type": "application/json" });
  });

  it("accessKey may be a function (sync or async) called per request; every key it ever gave stays redacted", async () => {
    const keys = ["first-key/+=", "second-key/+="];
    let calls = 0;
    const client = createMessagingClient({
      baseUrl: api.url,
      accessKey: async () => keys[Math.min(calls++, 1)] as string,
    });
    await client.sendMessage(text("one"));
    // The server echoes the old key (a stale cache, a log line) while the client already sends the new one.
    api.answer("/messages", { status: 400, body: JSON.stringify({ old: keys[0], oldEncoded: encodeURIComponent(keys[0] as string), now: keys[1] }) });
    const error = (await client.sendMessage(text("two")).catch((rejection: unknown) => rejection)) as BadRequestError;
    expect(api.received.map((request) => request.headers.authorization)).toEqual([`Key ${keys[0]}`, `Key ${keys[1]}`]);
    expect(error.body).toBe(JSON.stringify({ old: "[REDACTED]", oldEncoded: "[REDACTED]", now: "[REDACTED]" }));
    const sync = createMessagingClient({ baseUrl: api.url, accessKey: () => "sync-key" });
    await sync.sendMessage(text("three"));
    expect(api.received.at(-1)?.headers.authorization).toBe("Key sync-key");
    // A supplier that fails rejects the call without quoting anything of it.
    const failing = createMessagingClient({ baseUrl: api.url, accessKey: () => Promise.reject(new Error("vault down: token=abc")) });
    const failure = await failing.sendMessage(text("four")).catch((rejection: unknown) => rejection);
    expect(failure).toMatchObject({ name: "NetworkError" });
    expect(JSON.stringify(failure) + inspect(failure)).not.toContain("abc");
  });

  it("the logger sees requests, responses, retries and errors with redacted data only", async () => {
    const key = "log+key/with=chars";
    const entries: ClientLogEntry[] = [];
    const client = createMessagingClient({ baseUrl: api.url, accessKey: key, retry: { baseDelayMs: 1 }, logger: (entry) => entries.push(entry) });
    api.answer("/messages", { status: 503, body: `down, key ${key}` }, { status: 400, body: JSON.stringify({ key: `Key ${key}` }) });
    await expect(client.sendMessage(text("x", "id-log"))).rejects.toBeInstanceOf(BadRequestError);
    expect(entries.map((entry) => `${entry.level} ${entry.event} ${entry.attempt}${entry.status === undefined ? "" : ` ${entry.status}`}`)).toEqual([
      "debug request 1",
      "debug response 1 503",
      "warn retry 1 503",
      "debug request 2",
      "debug response 2 400",
      "error error 2 400",
    ]);
    const everything = entries.map((entry) => `${JSON.stringify(entry)} ${inspect(entry, { depth: null, showHidden: true })}`).join("\n");
    expect(leaks(everything, key)).toEqual([]);
    // No body either (the README: "never headers or bodies"): an error is its name and message.
    expect(everything).not.toMatch(/down|\[REDACTED\]|body/);
    expect(entries.at(-1)?.error).toEqual({ name: "BadRequestError", message: "POST /messages answered HTTP 400 Bad Request" });
  });
});
