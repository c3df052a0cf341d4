/**
 * Confirmations that survive (docs/webhooks.md#behaviour): the webhook handler sends its confirmations and replies
 * again after a 429 (never before its Retry-After), a 503 or a reset connection, within a bound; one given up is
 * reported to onError with the message id, and sent when the message is delivered again. Over loopback, against a
 * fake API and against the sandbox behind a proxy that refuses every second notification.
 */
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  BadRequestError,
  createMessagingClient,
  createWebhookHandler,
  RateLimitedError,
  type WebhookErrorContext,
} from "../generated/client.js";
import { createSandbox } from "../runtime/sandbox/server.js";
import { startApiServer, type Answer, type ApiServer } from "./helpers/api-server.js";
import { listenOnLoopback } from "./helpers/loopback.js";
import { startRoundRobinProxy } from "./helpers/round-robin-proxy.js";

const ACCESS_KEY = "confirmations-access-key";
const FAST = { baseDelayMs: 1, maxDelayMs: 5 };
const message = (id: string) => ({
  id,
  from: "5531988880000@sms.example.net",
  to: "bot@example.net",
  type: "text/plain",
  content: "x",
});

/** A refusal the handler's sends survive: 429 (Retry-After in seconds or as a date already past), 503, a reset. */
const survivable = fc.oneof(
  fc.constant<Answer>({ status: 429, headers: { "retry-after": "0" } }),
  fc.constant<Answer>({ status: 429, headers: { "retry-after": new Date(Date.now() - 60_000).toUTCString() } }),
  fc.constant<Answer>({ status: 429 }),
  fc.constant<Answer>({ status: 503 }),
  fc.constant<Answer>({ status: 503, headers: { "retry-after": "0" } }),
  fc.constant<Answer>({ status: 202, reset: true }),
);

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
afterEach(() => api.reset());

describe("the handler's sends survive 429, 503 and a reset", () => {
  it("a confirmation refused fewer times than the attempts allow arrives once, and nothing is reported", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(survivable, { maxLength: 4 }), async (refusals) => {
        api.reset();
        api.answer("/notifications", ...refusals);
        const reports: unknown[] = [];
        const handler = createWebhookHandler({
          client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
          sendRetry: FAST,
          onError: (error) => void reports.push(error),
          onMessage: () => {},
        });
        await handler.handle(message("survives"));
        await handler.idle();
        const sent = api.on("/notifications");
        expect(sent).toHaveLength(refusals.length + 1);
        expect(new Set(sent.map((request) => request.body)).size).toBe(1);
        // The bookkeeping counts one confirmation, however often it was sent.
        expect(reports).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it("never sends again before the server's Retry-After", async () => {
    api.answer("/notifications", { status: 429, headers: { "retry-after": "1" } });
    const handler = createWebhookHandler({
      client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
      sendRetry: FAST,
      onMessage: () => {},
    });
    await handler.handle(message("retry-after"));
    await handler.idle();
    const [refused, accepted] = api.on("/notifications");
    // The backoff alone would have waited at most 5 ms.
    expect((accepted?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it("replies survive too: a reply refused with 429, then 503, is sent on the third attempt", async () => {
    api.answer("/messages", { status: 429, headers: { "retry-after": "0" } }, { status: 503 });
    const handler = createWebhookHandler({
      client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
      sendRetry: FAST,
      onError: (error) => expect.fail(String(error)),
      onMessage: (_message, { reply }) => reply({ type: "text/plain", content: "hi" }),
    });
    await handler.handle(message("reply-survives"));
    await handler.idle();
    expect(api.on("/messages")).toHaveLength(3);
    expect(new Set(api.on("/messages").map((request) => JSON.parse(request.body).id as string)).size).toBe(1);
  });

  it("gives up after the bound, reports the message id, and sends the confirmation when the message is delivered again (the handler is not run again)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(survivable, { minLength: 5, maxLength: 5 }), async (refusals) => {
        api.reset();
        api.answer("/notifications", ...refusals);
        const reports: [unknown, WebhookErrorContext][] = [];
        let runs = 0;
        const handler = createWebhookHandler({
          client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
          sendRetry: FAST,
          onError: (error, context) => void reports.push([error, context]),
          onMessage: () => void runs++,
        });
        await handler.handle(message("given-up"));
        await handler.idle();
        expect(api.on("/notifications")).toHaveLength(5);
        expect(reports.map(([, context]) => [context.stage, context.messageId])).toEqual([
          ["sendNotification", "given-up"],
        ]);
        // Redelivered: the confirmation given up is sent now, once.
        await handler.handle(message("given-up"));
        await handler.idle();
        await handler.handle(message("given-up"));
        await handler.idle();
        expect(runs).toBe(1);
        expect(api.on("/notifications")).toHaveLength(6);
        expect(JSON.parse(api.on("/notifications").at(-1)?.body ?? "{}")).toMatchObject({
          id: "given-up",
          event: "consumed",
        });
      }),
      { numRuns: 10 },
    );
  });

  it("gives up at once on a Retry-After beyond maxRetryAfterMs, and never retries what it should not (400, sendRetry: false)", async () => {
    const cases: [Answer, Parameters<typeof createWebhookHandler>[0]["sendRetry"], unknown][] = [
      [{ status: 429, headers: { "retry-after": "120" } }, FAST, RateLimitedError],
      [{ status: 400, body: { errors: [{ pointer: "/to", message: "no" }] } }, FAST, BadRequestError],
      [{ status: 429, headers: { "retry-after": "0" } }, false, RateLimitedError],
    ];
    for (const [answer, sendRetry, expected] of cases) {
      api.reset();
      api.answer("/notifications", answer);
      const reports: [unknown, WebhookErrorContext][] = [];
      const handler = createWebhookHandler({
        client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
        sendRetry,
        onError: (error, context) => void reports.push([error, context]),
        onMessage: () => {},
      });
      await handler.handle(message("once"));
      await handler.idle();
      expect(api.on("/notifications")).toHaveLength(1);
      expect(reports).toHaveLength(1);
      expect(reports[0]?.[0]).toBeInstanceOf(expected);
      expect(reports[0]?.[1].messageId).toBe("once");
    }
    expect(() =>
      createWebhookHandler({
        client: createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY }),
        sendRetry: { attempts: 0 },
      }),
    ).toThrow("createWebhookHandler: sendRetry.attempts must be a number of at least 1");
  });
});

describe("against the sandbox", () => {
  it("one process, with a sandbox that answers 429 to every second notification: every message is confirmed", async () => {
    const sandbox = createSandbox({ accessKey: ACCESS_KEY, plan: "free", notifyTimeoutMs: 10_000 });
    await sandbox.start();
    // Every second notification the bot sends is refused with 429 (Retry-After: 1) the first time it arrives.
    let seen = 0;
    const refused = new Set<string>();
    const proxy = await startRoundRobinProxy([sandbox.url], (path, body) => {
      if (path !== "/notifications" || refused.has(body)) return undefined;
      if (++seen % 2 === 1) return undefined;
      refused.add(body);
      return { status: 429, headers: { "retry-after": "1" } };
    });
    try {
      const handler = createWebhookHandler({
        client: createMessagingClient({ baseUrl: proxy.url, accessKey: ACCESS_KEY, limits: "free" }),
        onError: (error) => expect.fail(String(error)),
        onMessage: (incoming, { reply }) => reply({ type: "text/plain", content: `echo ${String(incoming.id)}` }),
      });
      const { url, close } = await listenOnLoopback(handler);
      try {
        sandbox.setWebhooks({ messages: `${url}/messages` });
        const ids = Array.from({ length: 12 }, (_unused, n) => `every-second-${n}`);
        await Promise.all(
          ids.map((id, n) =>
            sandbox.inbound({
              id,
              from: `55319888${String(n).padStart(5, "0")}@sms.example.net`,
              type: "text/plain",
              content: id,
            }),
          ),
        );
        await handler.idle();
        expect(refused.size).toBe(6);
        await sandbox.waitFor((state) =>
          state.received.messages.every((entry) => entry.acknowledgedWith === "consumed"),
        );
        for (const id of ids)
          expect(
            sandbox.sent.notifications
              .filter((entry) => entry.notification.id === id)
              .map((entry) => entry.notification.event),
          ).toEqual(["consumed"]);
        expect(sandbox.violations).toEqual([]);
      } finally {
        await close();
      }
    } finally {
      await proxy.close();
      await sandbox.close();
    }
  }, 60_000);
});
