import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AbortedError, PLAN_LIMITS, RateLimitedError, ServerError, createMessagingClient, createRateLimiter } from "../generated/client.js";
import { startApiServer, type ApiServer } from "./helpers/api-server.js";

const ACCESS_KEY = "limits-test-key";
let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const text = (content: string, id?: string) => ({ ...(id === undefined ? {} : { id }), to: "5531988887777@sms.example.net", type: "text/plain" as const, content });

/** The largest number of timestamps inside any window of `windowMs` starting at one of them. */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.max(0, ...sorted.map((start) => sorted.filter((time) => time >= start && time < start + windowMs).length));
}

describe("plan limits", () => {
  it("come from the seed's two listings, Free being the same in both", () => {
    expect(PLAN_LIMITS).toEqual({
      free: { messages: 3, notifications: 6, commands: 48 },
      business: { messages: 250, notifications: 500, commands: 1000 },
      enterprise: { messages: 500, notifications: 1000, commands: 2000 },
      paid: { messages: 50, notifications: 100, commands: 200 },
    });
    expect(Object.isFrozen(PLAN_LIMITS.free)).toBe(true);
    expect(() => createRateLimiter("gold" as never)).toThrow(/expected one of: free, business, enterprise, paid/);
    expect(() => createRateLimiter({ messages: 0 })).toThrow(/positive integer/);
  });

  it("queue a burst of 7 messages on the Free plan: no 1-second window at the server holds more than 3, and all complete", async () => {
    const client = createMessagingClient({ baseUrl: server.url, accessKey: ACCESS_KEY, limits: "free" });
    const sends = Array.from({ length: 7 }, (_, index) => client.sendMessage(text(`burst ${index}`)));
    await expect(Promise.all(sends)).resolves.toHaveLength(7);
    const arrivals = server.on("/messages");
    expect(arrivals).toHaveLength(7);
    expect(busiestWindow(arrivals.map((request) => request.at), 1000)).toBeLessThanOrEqual(3);
    // In order: the queue is first in, first out.
    expect(arrivals.map((request) => (JSON.parse(request.body) as { content: string }).content)).toEqual(sends.map((_, index) => `burst ${index}`));
  });

  it("limit each kind on its own: a command is not held up by queued messages", async () => {
    const client = createMessagingClient({ baseUrl: server.url, accessKey: ACCESS_KEY, limits: { messages: 1 } });
    const messages = [client.sendMessage(text("one")), client.sendMessage(text("two"))];
    await client.sendCommand({ id: "c1", method: "get", uri: "/ping" });
    expect(server.on("/messages")).toHaveLength(1);
    await Promise.all(messages);
    expect(server.on("/messages")).toHaveLength(2);
  });

  it("abort a send waiting in line without sending it", async () => {
    const limiter = createRateLimiter({ messages: 1 });
    const client = createMessagingClient({ baseUrl: server.url, accessKey: ACCESS_KEY, limits: limiter });
    await client.sendMessage(text("first"));
    const controller = new AbortController();
    const waiting = client.sendMessage(text("second"), { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedError);
    await client.sendMessage(text("third"));
    expect(server.on("/messages").map((request) => (JSON.parse(request.body) as { content: string }).content)).toEqual(["first", "third"]);
  });
});

describe("retries", () => {
  const retrying = () => createMessagingClient({ baseUrl: server.url, accessKey: ACCESS_KEY, retry: { baseDelayMs: 5, maxDelayMs: 50 } });

  it.each([
    [429, { "retry-after": "0" }],
    [500, {}],
  ])("retry a message with an id after HTTP %i, then resolve on 202", async (status, headers) => {
    server.answer("/messages", { status, headers }, { status: 202 });
    await expect(retrying().sendMessage(text("idempotent", "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"))).resolves.toBeUndefined();
    const attempts = server.on("/messages");
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.body).toBe(attempts[0]?.body);
  });

  it.each([
    [429, RateLimitedError],
    [500, ServerError],
  ])("do not retry a message without an id after HTTP %i", async (status, type) => {
    server.answer("/messages", { status });
    await expect(retrying().sendMessage(text("no id"))).rejects.toBeInstanceOf(type);
    expect(server.on("/messages")).toHaveLength(1);
  });

  it("do not retry notifications or commands, nor anything when retries are off", async () => {
    server.answer("/notifications", { status: 503 });
    await expect(retrying().sendNotification({ id: "m1", from: "a@b.c", event: "consumed" })).rejects.toBeInstanceOf(ServerError);
    server.answer("/messages", { status: 503 });
    await expect(createMessagingClient({ baseUrl: server.url, accessKey: ACCESS_KEY }).sendMessage(text("x", "id-1"))).rejects.toBeInstanceOf(ServerError);
    expect(server.received).toHaveLength(2);
  });

  it("give up after the last attempt with the last error and the number of attempts", async () => {
    server.answer("/messages", { status: 500 }, { status: 502 }, { status: 503 });
    const client = createMessagingClient({ baseUrl: server.url, accessKey: ACCESS_KEY, retry: { attempts: 3, baseDelayMs: 1 } });
    const error = await client.sendMessage(text("x", "id-2")).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, attempts: 3 });
    expect(server.on("/messages")).toHaveLength(3);
  });

  it("do not retry a 400", async () => {
    server.answer("/messages", { status: 400 });
    await expect(retrying().sendMessage(text("x", "id-3"))).rejects.toMatchObject({ name: "BadRequestError", status: 400 });
    expect(server.received).toHaveLength(1);
  });
});
