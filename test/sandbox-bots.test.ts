import type { RequestListener, Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { commands, consumedNotification, createMessagingClient, createWebhookHandler } from "../generated/client.js";
import { createEchoBot } from "../examples/echo-bot/bot.js";
import type { Message } from "../generated/types.js";
import { createSandbox, type Sandbox } from "../runtime/sandbox/server.js";
import { listenOnLoopback } from "./helpers/loopback.js";

// Bots run against the sandbox over real HTTP on loopback. Addresses under example.net are placeholders.
const ACCESS_KEY = "sandbox-bots-access-key";
const CUSTOMER = "1042221589186385@messenger.example.net/instance-1";
// Generous: the webhook handler answers first and sends `consumed` after, on a machine that may be busy.
const NOTIFY_TIMEOUT_MS = 1500;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function listen(listener: RequestListener | Server): Promise<string> {
  const { url, close } = await listenOnLoopback(listener);
  cleanups.push(close);
  return url;
}

/** A started sandbox, closed after the test; `bot` (a server or request listener) becomes both webhooks. */
async function sandboxWithBot(bot: (sandbox: Sandbox) => RequestListener | Server): Promise<Sandbox> {
  const sandbox = createSandbox({ accessKey: ACCESS_KEY, notifyTimeoutMs: NOTIFY_TIMEOUT_MS });
  await sandbox.start();
  cleanups.push(() => sandbox.close());
  const url = await listen(bot(sandbox));
  sandbox.setWebhooks({ messages: `${url}/messages`, notifications: `${url}/notifications` });
  return sandbox;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("sandbox: the echo bot example end to end", () => {
  it("inbound message → echo to the customer → consumed, and no violations", async () => {
    const logs: string[] = [];
    const sandbox = await sandboxWithBot(
      (sandbox) =>
        createEchoBot({
          baseUrl: sandbox.url,
          accessKey: ACCESS_KEY,
          log: (line: string) => logs.push(line),
        }) as Server,
    );
    const response = await fetch(`${sandbox.url}/_sandbox/inbound`, {
      method: "POST",
      body: JSON.stringify({ id: "in-echo-1", from: CUSTOMER, type: "text/plain", content: "Where is my order?" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-specfirst-sandbox")).toBe("control");
    const { delivery } = (await response.json()) as { delivery: { outcome: unknown } };
    expect(delivery.outcome).toEqual({ status: 200 });
    // The handler answers at once and sends the reply, then `consumed`, after.
    await sandbox.waitFor((state) => state.received.messages[0]?.acknowledgedWith === "consumed");

    // The echo: the received `from`, unchanged, as `to`.
    expect(sandbox.sent.messages).toMatchObject([
      {
        via: "POST /messages",
        outcome: "delivered",
        message: { to: CUSTOMER, type: "text/plain", content: "Where is my order?" },
      },
    ]);
    const echoId = sandbox.sent.messages[0]?.message.id;
    expect(echoId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sandbox.sent.notifications).toMatchObject([
      { notification: { id: "in-echo-1", from: CUSTOMER, event: "consumed" }, matchesDelivered: true },
    ]);

    // The bot receives the notifications about its echo, in order.
    await sandbox.waitFor(
      (state) => state.received.notifications.filter((entry) => entry.outcome !== undefined).length === 4,
    );
    expect(logs).toEqual([
      `message ${echoId}: accepted`,
      `message ${echoId}: dispatched`,
      `message ${echoId}: received`,
      `message ${echoId}: consumed`,
    ]);

    await wait(NOTIFY_TIMEOUT_MS + 100);
    expect(sandbox.violations).toEqual([]);
    expect(sandbox.rejected).toEqual([]);
  });

  it("a bot that reports a failure with failed is within the contract", async () => {
    const sandbox = await sandboxWithBot((sandbox) =>
      createWebhookHandler({
        client: createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY }),
        onMessage() {
          throw Object.assign(new Error("order service down"), { code: 503 });
        },
        onError() {},
      }),
    );
    await sandbox.inbound({ id: "in-fail-1", from: CUSTOMER, type: "text/plain", content: "hi" });
    await sandbox.waitFor((state) => state.received.messages[0]?.acknowledgedWith === "failed");
    expect(sandbox.sent.notifications).toMatchObject([
      { notification: { id: "in-fail-1", event: "failed", reason: { code: 503 } } },
    ]);
    await wait(NOTIFY_TIMEOUT_MS + 100);
    expect(sandbox.violations).toEqual([]);
  });
});

describe("sandbox: contract violations of a bot", () => {
  it("records a bot that forgets to confirm, once the notify timeout has passed", async () => {
    const sandbox = await sandboxWithBot(() => (_request, response) => {
      response.writeHead(200).end(); // processed, but no consumed notification
    });
    const delivery = await sandbox.inbound({ id: "in-forgot-1", from: CUSTOMER, type: "text/plain", content: "hi" });
    expect(delivery.outcome).toEqual({ status: 200 });
    expect(sandbox.violations).toEqual([]); // not yet: the bot has notifyTimeoutMs
    const [violation] = await sandbox.waitFor(
      (state) => (state.violations.length > 0 ? state.violations : undefined),
      NOTIFY_TIMEOUT_MS + 2000,
    );
    expect(violation).toMatchObject({
      kind: "missing-notification",
      messageId: "in-forgot-1",
      detail: expect.stringContaining(`${NOTIFY_TIMEOUT_MS} ms`),
    });
    const state = (await (await fetch(`${sandbox.url}/_sandbox/state`)).json()) as {
      violations: unknown[];
      received: { messages: { acknowledgedWith?: string }[] };
    };
    expect(state.violations).toEqual([violation]);
    expect(state.received.messages[0]?.acknowledgedWith).toBeUndefined();
  });

  it("records a webhook answered with an error status", async () => {
    const sandbox = await sandboxWithBot(() => (_request, response) => {
      response.writeHead(500).end();
    });
    const delivery = await sandbox.inbound({ id: "in-500-1", from: CUSTOMER, type: "text/plain", content: "hi" });
    expect(delivery.outcome).toEqual({ status: 500 });
    expect(sandbox.violations).toMatchObject([
      { kind: "webhook-error-status", messageId: "in-500-1", detail: "the messages webhook answered HTTP 500" },
    ]);
  });

  it("records a notification whose from is not the message's originator", async () => {
    const sandbox = await sandboxWithBot((sandbox) => {
      const client = createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY });
      return (request, response) => {
        request.resume();
        request.on("end", async () => {
          await client.sendNotification({
            ...consumedNotification({ id: "in-from-1", from: CUSTOMER }),
            from: "someone-else@messenger.example.net",
          });
          response.writeHead(200).end();
        });
      };
    });
    await sandbox.inbound({ id: "in-from-1", from: CUSTOMER, type: "text/plain", content: "hi" });
    expect(sandbox.violations).toMatchObject([{ kind: "notification-from-mismatch", messageId: "in-from-1" }]);
  });

  it("records a webhook that cannot be reached", async () => {
    const sandbox = createSandbox({
      accessKey: ACCESS_KEY,
      messagesWebhook: "http://127.0.0.1:9/messages",
      notifyTimeoutMs: NOTIFY_TIMEOUT_MS,
    });
    await sandbox.start();
    cleanups.push(() => sandbox.close());
    const delivery = await sandbox.inbound({ from: CUSTOMER, type: "text/plain", content: "hi" });
    expect(delivery.outcome).toMatchObject({ error: expect.any(String) });
    expect(delivery.envelope.id).toMatch(/^[0-9a-f-]{36}$/); // a customer message gets an id
    expect(sandbox.violations).toMatchObject([{ kind: "webhook-unreachable" }]);
  });
});

describe("sandbox: close()", () => {
  it("cancels pending schedules and acknowledgement timers", async () => {
    const sandbox = createSandbox({ accessKey: ACCESS_KEY, notifyTimeoutMs: NOTIFY_TIMEOUT_MS });
    await sandbox.start();
    let calls = 0;
    const bot = await listen((request, response) => {
      calls++;
      request.resume();
      response.writeHead(200).end();
    });
    sandbox.setWebhooks({ messages: `${bot}/messages`, notifications: `${bot}/notifications` });
    const client = createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY });
    const scheduler = { to: "postmaster@scheduler.sandbox.example.net" };
    // Due before the test closes the sandbox, even on a busy machine; the test then waits past it.
    const soon = new Date(Date.now() + NOTIFY_TIMEOUT_MS).toISOString();
    const far = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString(); // beyond one setTimeout's range
    for (const [id, when] of [
      ["soon-1", soon],
      ["far-1", far],
    ] as const) {
      const message: Message = { id, to: CUSTOMER, type: "text/plain", content: "later" };
      expect((await client.sendCommand(commands.setSchedule({ message, when }, scheduler))).status).toBe("success");
    }
    const inboundAt = Date.now();
    await sandbox.inbound({ from: CUSTOMER, type: "text/plain", content: "hi" }); // the bot has NOTIFY_TIMEOUT_MS to confirm
    expect(calls).toBe(1);
    await sandbox.close();
    // Past both deadlines, the schedule's and the confirmation's (the later one), with a margin.
    await wait(inboundAt + NOTIFY_TIMEOUT_MS + 400 - Date.now());
    expect(sandbox.sent.messages).toEqual([]); // the schedule did not fire
    expect(sandbox.violations).toEqual([]); // the acknowledgement timer did not run
    expect(calls).toBe(1);
    await expect(fetch(`${sandbox.url}/_sandbox/state`)).rejects.toThrow();
  });
});
