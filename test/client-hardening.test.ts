/**
 * The messaging client hardened for real bots (docs/client.md: aborts, middleware, headers, key rotation, logging), over real HTTP on loopback through the generated module:
 * abort reasons, middleware, per-call headers, key rotation and the logger (no key in any error whatever the server
 * echoes: test/key-redaction.test.ts).
 */
import { getEventListeners } from "node:events";
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import {
  AbortedError,
  BadRequestError,
  TimeoutError,
  createMessagingClient,
  type ClientLogEntry,
} from "../generated/client.js";
import { startApiServer, type ApiServer } from "./helpers/api-server.js";
import { leaks } from "./helpers/key-encodings.js";

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
});

const text = (content: string, id?: string) => ({
  ...(id === undefined ? {} : { id }),
  to: "5531988887777@sms.example.net",
  type: "text/plain" as const,
  content,
});

describe("abort reasons", () => {
  it("rejects as TimeoutError for AbortSignal.timeout() and any signal whose reason is a TimeoutError DOMException; AbortedError otherwise", async () => {
    // A server of its own: a connection the earlier tests left in the pool could be closed under this test's request.
    const api = await startApiServer();
    onTestFinished(() => api.close());
    api.answer(
      "/messages",
      { status: 202, delayMs: 2000 },
      { status: 202, delayMs: 2000 },
      { status: 202, delayMs: 2000 },
    );
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "key-0001" });
    const timedOut = await client
      .sendMessage(text("a"), { signal: AbortSignal.timeout(50) })
      .catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect(timedOut).toMatchObject({
      name: "TimeoutError",
      message: "POST /messages timed out (the caller's signal)",
      cause: { name: "TimeoutError" },
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException("took too long", "TimeoutError")), 30);
    expect(
      await client.sendMessage(text("b"), { signal: controller.signal }).catch((error: unknown) => error),
    ).toBeInstanceOf(TimeoutError);
    const plain = new AbortController();
    setTimeout(() => plain.abort(), 30);
    const aborted = await client.sendMessage(text("c"), { signal: plain.signal }).catch((error: unknown) => error);
    expect(aborted).toBeInstanceOf(AbortedError);
    expect((aborted as Error).cause).toMatchObject({ name: "AbortError" });
    // Already timed out before the call: nothing is sent.
    const early = AbortSignal.timeout(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const before = api.received.length;
    expect(await client.sendMessage(text("d"), { signal: early }).catch((error: unknown) => error)).toBeInstanceOf(
      TimeoutError,
    );
    expect(api.received.length).toBe(before);
  });

  it("a caller's abort tears the request down, and a signal kept for many calls (a bot's shutdown signal) collects no listener", async () => {
    const api = await startApiServer();
    onTestFinished(() => api.close());
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "key-0001" });
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
    const timed = await client
      .sendMessage(text("slow too"), { signal: new AbortController().signal, timeoutMs: 100 })
      .catch((error: unknown) => error);
    expect(timed).toBeInstanceOf(TimeoutError);
    await vi.waitFor(() => expect(api.received[201]?.abandoned).toBe(true));
  });

  it("a signal timing out while waiting for the limiter or between retries is a TimeoutError too", async () => {
    const client = createMessagingClient({
      baseUrl: api.url,
      accessKey: "key-0001",
      limits: { messages: 1 },
      retry: { maxDelayMs: 5000 },
    });
    await client.sendMessage(text("first"));
    expect(
      await client.sendMessage(text("queued"), { signal: AbortSignal.timeout(50) }).catch((error: unknown) => error),
    ).toBeInstanceOf(TimeoutError);
    api.answer("/messages", { status: 503, headers: { "retry-after": "3" } });
    const retrying = createMessagingClient({ baseUrl: api.url, accessKey: "key-0001", retry: { maxDelayMs: 5000 } });
    expect(
      await retrying
        .sendMessage(text("x", "id-1"), { signal: AbortSignal.timeout(300) })
        .catch((error: unknown) => error),
    ).toBeInstanceOf(TimeoutError);
  });
});

describe("bot ergonomics", () => {
  it("client.use: onRequest may replace the request, onResponse sees the response, onError sees the (redacted) error", async () => {
    const seen: string[] = [];
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "key-mw-01" });
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
            seen.push(`error ${(error as Error).name} ${JSON.stringify(error).includes("key-mw-01")}`);
          },
        },
        { onRequest: () => void seen.push("second hook") },
      ),
    ).toBe(client);
    expect(Object.keys(client)).toEqual(["sendMessage", "sendNotification", "sendCommand"]);
    await client.sendMessage(text("hi"));
    expect(api.received[0]?.headers).toMatchObject({
      "x-request-id": "r-1",
      authorization: "Key key-mw-01",
      "content-type": "application/json",
    });
    expect(JSON.parse(api.received[0]?.body ?? "")).toEqual(text("hi"));
    api.answer("/messages", { status: 400, body: "bad key key-mw-01" });
    await expect(client.sendMessage(text("again"))).rejects.toBeInstanceOf(BadRequestError);
    expect(seen).toEqual([
      "request sendMessage 1 POST /messages",
      "second hook",
      "response 202",
      "request sendMessage 1 POST /messages",
      "second hook",
      "response 400",
      "error BadRequestError false",
    ]);
  });

  it("per-call and per-client headers go on the request; the credential's header cannot be replaced by them", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "key-h-001", headers: { "X-Bot": "echo" } });
    await client.sendMessage(text("hi"), { headers: { "X-Trace": "t-1", Authorization: "Key other" } });
    expect(api.received[0]?.headers).toMatchObject({
      "x-bot": "echo",
      "x-trace": "t-1",
      authorization: "Key key-h-001",
    });
    // In any case (fetch would otherwise join both values into one header).
    await createMessagingClient({
      baseUrl: api.url,
      accessKey: "key-h-001",
      headers: { authorization: "Key client", "content-type": "text/plain" },
    }).sendMessage(text("hi"), { headers: { AUTHORIZATION: "Key call" } });
    expect(api.received[1]?.headers).toMatchObject({
      authorization: "Key key-h-001",
      "content-type": "application/json",
    });
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
    api.answer("/messages", {
      status: 400,
      body: JSON.stringify({ old: keys[0], oldEncoded: encodeURIComponent(keys[0] as string), now: keys[1] }),
    });
    const error = (await client.sendMessage(text("two")).catch((rejection: unknown) => rejection)) as BadRequestError;
    expect(api.received.map((request) => request.headers.authorization)).toEqual([`Key ${keys[0]}`, `Key ${keys[1]}`]);
    expect(error.body).toBe(JSON.stringify({ old: "[REDACTED]", oldEncoded: "[REDACTED]", now: "[REDACTED]" }));
    const sync = createMessagingClient({ baseUrl: api.url, accessKey: () => "sync-key" });
    await sync.sendMessage(text("three"));
    expect(api.received.at(-1)?.headers.authorization).toBe("Key sync-key");
    // A supplier that fails rejects the call without quoting anything of it.
    const failing = createMessagingClient({
      baseUrl: api.url,
      accessKey: () => Promise.reject(new Error("vault down: token=abc")),
    });
    const failure = await failing.sendMessage(text("four")).catch((rejection: unknown) => rejection);
    expect(failure).toMatchObject({ name: "NetworkError" });
    expect(JSON.stringify(failure) + inspect(failure)).not.toContain("abc");
  });

  it("the logger sees requests, responses, retries and errors with redacted data only", async () => {
    const key = "log+key/with=chars";
    const entries: ClientLogEntry[] = [];
    const client = createMessagingClient({
      baseUrl: api.url,
      accessKey: key,
      retry: { baseDelayMs: 1 },
      logger: (entry) => entries.push(entry),
    });
    api.answer(
      "/messages",
      { status: 503, body: `down, key ${key}` },
      { status: 400, body: JSON.stringify({ key: `Key ${key}` }) },
    );
    await expect(client.sendMessage(text("x", "id-log"))).rejects.toBeInstanceOf(BadRequestError);
    expect(
      entries.map(
        (entry) =>
          `${entry.level} ${entry.event} ${entry.attempt}${entry.status === undefined ? "" : ` ${entry.status}`}`,
      ),
    ).toEqual([
      "debug request 1",
      "debug response 1 503",
      "warn retry 1 503",
      "debug request 2",
      "debug response 2 400",
      "error error 2 400",
    ]);
    const everything = entries
      .map((entry) => `${JSON.stringify(entry)} ${inspect(entry, { depth: null, showHidden: true })}`)
      .join("\n");
    expect(leaks(everything, key)).toEqual([]);
    // No body either (docs/client.md#behaviour: "never headers, bodies or the query"): an error is its name and message.
    expect(everything).not.toMatch(/down|\[REDACTED\]|body/);
    expect(entries.at(-1)?.error).toEqual({
      name: "BadRequestError",
      message: "POST /messages answered HTTP 400 Bad Request",
    });
  });
});
