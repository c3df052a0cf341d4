/**
 * The webhook handler under a burst (issue 17): answers do not wait for the plan limiter, every reply and
 * acknowledgement is still sent, in order and under the limits; receivers registered by media type, predicate and
 * event; outstanding work awaited with `idle()` or handed to `waitUntil`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMessagingClient, createWebhookHandler, type WebhookErrorContext } from "../generated/client.js";
import { startApiServer, type ApiServer, type Received } from "./helpers/api-server.js";

let api: ApiServer;
let bot: Server | undefined;
let botUrl = "";
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
});
afterEach(async () => {
  if (bot !== undefined) await new Promise<void>((resolve) => bot?.close(() => resolve()));
  bot = undefined;
});

/** How long the bot took to answer each call: from the request's arrival to the end of its answer. */
let handlerTimes: number[] = [];
async function serve(handler: ReturnType<typeof createWebhookHandler>): Promise<void> {
  handlerTimes = [];
  bot = createServer((request, response) => {
    const started = performance.now();
    response.on("finish", () => handlerTimes.push(performance.now() - started));
    void handler(request, response);
  });
  await new Promise<void>((resolve) => bot?.listen(0, "127.0.0.1", resolve));
  botUrl = `http://127.0.0.1:${(bot.address() as AddressInfo).port}`;
}

const inbound = (n: number, type = "text/plain", content: unknown = `message ${n}`) => ({ id: `in-${n}`, from: `55319888${String(n).padStart(5, "0")}@sms.example.net`, to: "bot@msging.net", type, content });

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
  it(
    "answers a burst of 100 inbound messages on the Free plan within 500 ms each, then sends every reply and consumed/failed notification, in order and under the limits",
    async () => {
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
      const answerTimes = await Promise.all(
        Array.from({ length: 100 }, async (_unused, n) => {
          const started = performance.now();
          const response = await fetch(`${botUrl}/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(inbound(n)) });
          expect(response.status).toBe(200);
          expect(await response.text()).toBe("");
          return performance.now() - started;
        }),
      );
      const slowest = Math.max(...answerTimes);
      // At the bot, from arrival to answer: within 500 ms each (the queued sends would take about 17 s).
      expect(handlerTimes).toHaveLength(100);
      expect(Math.max(...handlerTimes)).toBeLessThan(500);
      // As the service sees it (100 connections opened at once by the test's fetch): a generous bound for a loaded shared machine.
      expect(slowest).toBeLessThan(5000);
      // Work is still outstanding: the limiter holds most sends.
      expect(api.on("/notifications").length).toBeLessThan(100);
      await handler.idle();
      const replies = api.on("/messages");
      const notifications = api.on("/notifications");
      expect(replies).toHaveLength(20);
      expect(notifications).toHaveLength(100);
      expect(errors).toHaveLength(10);
      expect(errors.every((context) => context.stage === "onMessage")).toBe(true);
      const sent = notifications.map((request) => JSON.parse(request.body) as { id: string; event: string; reason?: unknown });
      expect(sent.filter((notification) => notification.event === "failed").map((notification) => notification.id).sort()).toEqual(Array.from({ length: 10 }, (_u, k) => `in-${k * 10 + 9}`).sort());
      expect(sent.filter((notification) => notification.event === "consumed")).toHaveLength(90);
      // Each replied message: its reply went out before its consumed notification.
      for (const request of replies) {
        const echoed = Number((JSON.parse(request.body) as { content: string }).content.slice(5));
        const acknowledgement = notifications.find((notification) => (JSON.parse(notification.body) as { id: string }).id === `in-${echoed}`);
        expect(acknowledgement?.at).toBeGreaterThan(request.at);
      }
      // Under the Free plan's limits at the server: 3 messages and 6 notifications in any second.
      expect(busiestWindow(replies, 1000)).toBeLessThanOrEqual(3);
      expect(busiestWindow(notifications, 1000)).toBeLessThanOrEqual(6);
      console.log(`webhook burst: slowest answer at the bot ${Math.max(...handlerTimes).toFixed(0)} ms; as the caller saw it ${slowest.toFixed(0)} ms (median ${answerTimes.sort((a, b) => a - b)[50]?.toFixed(0)} ms)`);
    },
    90_000,
  );

  it("hands each envelope's work to waitUntil, and answerAfterProcessing answers only once it is done", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "k" });
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

    const after = createWebhookHandler({ client, answerAfterProcessing: true, onMessage: () => new Promise((resolve) => setTimeout(resolve, 100)) });
    await expect(after.handle(inbound(2))).resolves.toEqual({ status: 200 });
    expect(api.on("/notifications")).toHaveLength(2);
  });
});

describe("receivers registered with filters", () => {
  it("routes messages by media type or predicate (every match runs; onMessage only when none did) and notifications by event, fire-and-forget", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: "k" });
    const calls: string[] = [];
    const errors: string[] = [];
    const handler = createWebhookHandler({
      client,
      onError: (error, context) => errors.push(`${context.stage}: ${(error as Error).message}`),
      onMessage: (message) => void calls.push(`fallback ${message.type}`),
      onNotification: (notification) => void calls.push(`any notification ${notification.event}`),
    })
      .onMessage({ type: "application/vnd.lime.select+json" }, (message) => void calls.push(`select ${message.content.options?.length ?? 0}`))
      .onMessage((message) => typeof message.content === "string" && message.content.startsWith("!"), (message) => void calls.push(`command ${String(message.content)}`))
      .onMessage({ type: "text/plain" }, (message) => void calls.push(`text ${message.content}`))
      .onNotification({ event: "failed" }, (notification) => {
        calls.push(`failed ${notification.reason?.code}`);
        throw new Error("ignored");
      })
      .onNotification({ event: "failed" }, () => void calls.push("second failed receiver"));
    await handler.handle(inbound(1, "application/vnd.lime.select+json", { text: "Pick", options: [{ order: 1, text: "a" }] }));
    await handler.handle(inbound(2, "text/plain", "!help"));
    await handler.handle(inbound(3, "application/vnd.lime.media-link+json", { uri: "https://x.example/a.png" }));
    // Inbound notifications carry id, from, to and event (the notifications webhook row).
    await handler.handle({ id: "m-1", from: "postmaster@msging.net", to: "bot@example.net", event: "failed", reason: { code: 42 } });
    await handler.handle({ id: "m-2", from: "5531988887777@sms.example.net", to: "bot@example.net", event: "consumed" });
    await handler.idle();
    expect(calls).toEqual(["select 1", "command !help", "text !help", "fallback application/vnd.lime.media-link+json", "failed 42", "second failed receiver", "any notification consumed"]);
    expect(errors).toEqual(["onNotification: ignored"]);
    // Every processed message was acknowledged once, whichever receivers ran.
    expect(api.on("/notifications").map((request) => (JSON.parse(request.body) as { id: string; event: string }).id).sort()).toEqual(["in-1", "in-2", "in-3"]);
    expect(() => handler.onMessage(42 as never, () => {})).toThrow(TypeError);
  });
});
