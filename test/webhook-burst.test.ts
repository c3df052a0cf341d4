/**
 * The webhook handler under a burst (docs/webhooks.md, plan limits and idle()): answers do not wait for the plan limiter, every reply and
 * acknowledgement is still sent, in order and under the limits; receivers registered by media type, predicate and
 * event; outstanding work awaited with `idle()` or handed to `waitUntil`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMessagingClient, createWebhookHandler, type WebhookErrorContext } from "../generated/client.js";
import { startApiServer, type ApiServer, type Received } from "./helpers/api-server.js";

// An api server per test: sends a failed test left queued must not reach the next test's server.
let api: ApiServer;
let bot: Server | undefined;
let botUrl = "";
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
  if (bot !== undefined) await new Promise<void>((resolve) => bot?.close(() => resolve()));
  bot = undefined;
});

/** Each call the bot answered, by its URL: when it arrived and when the answer was finished (`performance.now()`). */
let answers = new Map<string, { arrived: number; finished: number }>();
async function serve(handler: ReturnType<typeof createWebhookHandler>): Promise<void> {
  answers = new Map();
  bot = createServer((request, response) => {
    const arrived = performance.now();
    response.on("finish", () => answers.set(request.url ?? "", { arrived, finished: performance.now() }));
    void handler(request, response);
  });
  await new Promise<void>((resolve) => bot?.listen(0, "127.0.0.1", resolve));
  botUrl = `http://127.0.0.1:${(bot.address() as AddressInfo).port}`;
}

const inbound = (n: number, type = "text/plain", content: unknown = `message ${n}`) => ({
  id: `in-${n}`,
  from: `55319888${String(n).padStart(5, "0")}@sms.example.net`,
  to: "bot@msging.net",
  type,
  content,
});

/** The largest number of requests in any window of `ms` milliseconds. */
function busiestWindow(requests: Received[], ms: number): number {
  const times = requests.map((request) => request.at).sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= ms) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe("webhook answers independent of the limiter", () => {
  it("answers a burst of 100 inbound messages on the Free plan without waiting for the limiter (500 ms each required, printed), then sends every reply and consumed/failed notification, in order and under the limits", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "burst-key", limits: "free" });
    const errors: WebhookErrorContext[] = [];
    const handler = createWebhookHandler({
      client,
      onError: (_error, context) => errors.push(context),
      async onMessage(message, { reply }) {
        const n = Number(String(message.id).slice(3));
        if (n % 10 === 9) throw new Error(`cannot handle ${n}`);
        // Every fifth message gets a reply (20 replies: 3 per second on Free), all get a notification (6 per second).
        if (n % 5 === 0) await reply({ type: "text/plain", content: `echo ${n}` });
      },
    });
    await serve(handler);
    // Message n is posted to /messages?n=<n>, so that the bot's answer to it can be found (the handler ignores the URL).
    const answerTimes = await Promise.all(
      Array.from({ length: 100 }, async (_unused, n) => {
        const started = performance.now();
        const response = await fetch(`${botUrl}/messages?n=${n}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(inbound(n)),
        });
        expect(response.status).toBe(200);
        expect(await response.text()).toBe("");
        return performance.now() - started;
      }),
    );
    const slowest = Math.max(...answerTimes);
    expect(answers.size).toBe(100);
    const slowestAtBot = Math.max(...[...answers.values()].map((answer) => answer.finished - answer.arrived));
    // The requirement is 500 ms at the bot, from arrival to answer (printed below). Timed bounds are generous here,
    // for a loaded shared machine (the queued sends take about 17 s); what proves that the answers did not wait for
    // the limiter is the order checked after idle(): each answer was finished before any send it queued arrived.
    expect(slowestAtBot).toBeLessThan(10_000);
    // As the service sees it (100 connections opened at once by the test's fetch).
    expect(slowest).toBeLessThan(10_000);
    // Work is still outstanding: the limiter holds most sends.
    expect(api.on("/notifications").length).toBeLessThan(100);
    await handler.idle();
    const replies = api.on("/messages");
    const notifications = api.on("/notifications");
    expect(replies).toHaveLength(20);
    expect(notifications).toHaveLength(100);
    const sentFor = (n: number) => [
      ...notifications.filter((request) => (JSON.parse(request.body) as { id: string }).id === `in-${n}`),
      ...replies.filter((request) => (JSON.parse(request.body) as { content: string }).content === `echo ${n}`),
    ];
    for (let n = 0; n < 100; n++) {
      const finished = answers.get(`/messages?n=${n}`)?.finished as number;
      for (const send of sentFor(n))
        expect(send.at, `a send queued by message ${n} arrived before its answer was finished`).toBeGreaterThan(
          finished,
        );
    }
    expect(errors).toHaveLength(10);
    expect(errors.every((context) => context.stage === "onMessage")).toBe(true);
    const sent = notifications.map(
      (request) => JSON.parse(request.body) as { id: string; event: string; reason?: unknown },
    );
    expect(
      sent
        .filter((notification) => notification.event === "failed")
        .map((notification) => notification.id)
        .sort(),
    ).toEqual(Array.from({ length: 10 }, (_u, k) => `in-${k * 10 + 9}`).sort());
    expect(sent.filter((notification) => notification.event === "consumed")).toHaveLength(90);
    // A confirmation no longer waits behind its message's reply (docs/webhooks.md; test/webhook-load.test.ts proves it).
    // Under the Free plan's limits at the server: 3 messages and 6 notifications in any second.
    expect(busiestWindow(replies, 1000)).toBeLessThanOrEqual(3);
    expect(busiestWindow(notifications, 1000)).toBeLessThanOrEqual(6);
    console.log(
      `webhook burst: slowest answer at the bot ${slowestAtBot.toFixed(0)} ms (required: under 500 ms); as the caller saw it ${slowest.toFixed(0)} ms (median ${answerTimes.sort((a, b) => a - b)[50]?.toFixed(0)} ms)`,
    );
  }, 90_000);

  it("hands each envelope's work to waitUntil, and answerAfterProcessing answers only once it is done", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "test-key" });
    const handed: Promise<void>[] = [];
    let finished = false;
    await serve(
      createWebhookHandler({
        client,
        waitUntil: (work) => void handed.push(work),
        async onMessage() {
          await new Promise((resolve) => setTimeout(resolve, 200));
          finished = true;
        },
      }),
    );
    const response = await fetch(`${botUrl}/messages`, { method: "POST", body: JSON.stringify(inbound(1)) });
    expect(response.status).toBe(200);
    expect(finished).toBe(false);
    expect(handed).toHaveLength(1);
    await handed[0];
    expect(finished).toBe(true);
    expect(api.on("/notifications")).toHaveLength(1);

    const after = createWebhookHandler({
      client,
      answerAfterProcessing: true,
      onMessage: () => new Promise((resolve) => setTimeout(resolve, 100)),
    });
    await expect(after.handle(inbound(2))).resolves.toEqual({ status: 200 });
    expect(api.on("/notifications")).toHaveLength(2);
  });
});

describe("receivers registered with filters", () => {
  it("routes messages by media type or predicate (every match runs; onMessage only when none did) and notifications by event, fire-and-forget", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "test-key" });
    const calls: string[] = [];
    const errors: string[] = [];
    const handler = createWebhookHandler({
      client,
      onError: (error, context) => errors.push(`${context.stage}: ${(error as Error).message}`),
      onMessage: (message) => void calls.push(`fallback ${message.type}`),
      onNotification: (notification) => void calls.push(`any notification ${notification.event}`),
    })
      .onMessage(
        { type: "application/vnd.lime.select+json" },
        (message) => void calls.push(`select ${message.content.options?.length ?? 0}`),
      )
      .onMessage(
        (message) => typeof message.content === "string" && message.content.startsWith("!"),
        (message) => void calls.push(`command ${String(message.content)}`),
      )
      .onMessage({ type: "text/plain" }, (message) => void calls.push(`text ${message.content}`))
      .onNotification({ event: "failed" }, (notification) => {
        calls.push(`failed ${notification.reason?.code}`);
        throw new Error("ignored");
      })
      .onNotification({ event: "failed" }, () => void calls.push("second failed receiver"));
    await handler.handle(
      inbound(1, "application/vnd.lime.select+json", { text: "Pick", options: [{ order: 1, text: "a" }] }),
    );
    await handler.handle(inbound(2, "text/plain", "!help"));
    await handler.handle(inbound(3, "application/vnd.lime.media-link+json", { uri: "https://x.example/a.png" }));
    // Inbound notifications carry id, from, to and event (the notifications webhook row).
    await handler.handle({
      id: "m-1",
      from: "postmaster@msging.net",
      to: "bot@example.net",
      event: "failed",
      reason: { code: 42 },
    });
    await handler.handle({
      id: "m-2",
      from: "5531988887777@sms.example.net",
      to: "bot@example.net",
      event: "consumed",
    });
    await handler.idle();
    expect(calls).toEqual([
      "select 1",
      "command !help",
      "text !help",
      "fallback application/vnd.lime.media-link+json",
      "failed 42",
      "second failed receiver",
      "any notification consumed",
    ]);
    expect(errors).toEqual(["onNotification: ignored"]);
    // Every processed message was acknowledged once, whichever receivers ran.
    expect(
      api
        .on("/notifications")
        .map((request) => (JSON.parse(request.body) as { id: string; event: string }).id)
        .sort(),
    ).toEqual(["in-1", "in-2", "in-3"]);
    expect(() => handler.onMessage(42 as never, () => {})).toThrow(TypeError);
  });
});
