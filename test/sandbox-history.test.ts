/**
 * The sandbox's history is bounded (docs/sandbox.md#what-it-does): each history list keeps `historyLimit` entries
 * (10,000 by default), the oldest dropped first, and `counts` keeps the totals; after 200,000 messages its heap stays
 * under the documented bound.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { createMessagingClient } from "../generated/client.js";
import { createSandbox, SANDBOX_DEFAULTS } from "../runtime/sandbox/server.js";
import { distBuilt, ROOT } from "./helpers/fixtures.js";

const ACCESS_KEY = "history-access-key";
/** docs/sandbox.md: the heap a full history adds to an idle sandbox, for text messages. */
const DOCUMENTED_BOUND_MB = 32;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

describe("bounded history", () => {
  it("keeps historyLimit entries per list through the API, the oldest dropped first, and counts every one", async () => {
    const sandbox = createSandbox({ accessKey: ACCESS_KEY, historyLimit: 20 });
    await sandbox.start();
    cleanups.push(() => sandbox.close());
    const client = createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY });
    for (let n = 0; n < 50; n++) {
      await client.sendMessage({ id: `m-${n}`, to: "5531988887777@sms.example.net", type: "text/plain", content: "x" });
      await client.sendCommand({ id: `c-${n}`, method: "get", uri: "/ping" });
      await client.sendMessage({ to: "", type: "text/plain", content: "x" } as never).catch(() => undefined);
    }
    await sandbox.idle();
    const state = sandbox.state();
    expect(state.sent.messages.map((entry) => entry.message.id)).toEqual(
      Array.from({ length: 20 }, (_unused, n) => `m-${n + 30}`),
    );
    expect(state.sent.commands).toHaveLength(20);
    expect(state.received.notifications).toHaveLength(20);
    expect(state.rejected).toHaveLength(20);
    expect(state.counts).toMatchObject({
      sentMessages: 50,
      sentCommands: 50,
      receivedNotifications: 200,
      rejected: 50,
    });
    expect(() => createSandbox({ historyLimit: 0 })).toThrow(/historyLimit must be a positive integer/);
    expect(SANDBOX_DEFAULTS.historyLimit).toBe(10_000);
  });

  it("after 200,000 messages (and their confirmations, replies and notifications) stays under its documented memory bound", async () => {
    await distBuilt();
    const sandbox = pathToFileURL(path.join(ROOT, "dist/runtime/sandbox")).href;
    // What the sandbox records for each message, in a process of its own whose heap is measured after a collection:
    // a customer message delivered, the bot's consumed and its reply, and the reply's four notifications.
    const script = `
      const { StateStore } = await import("${sandbox}/state.js");
      const { Delivery } = await import("${sandbox}/delivery.js");
      const store = new StateStore();
      const delivery = new Delivery({ store, bot: "bot@sandbox.example.net", postmaster: "postmaster@sandbox.example.net",
        messagesWebhook: undefined, notificationsWebhook: undefined, notifyTimeoutMs: 5000, webhookTimeoutMs: 10000,
        failRecipients: /^unknown@/, redeliverAfterMs: undefined });
      gc();
      const idle = process.memoryUsage().heapUsed;
      for (let n = 0; n < 200000; n++) {
        const customer = "55319" + String(n).padStart(8, "0") + "@sms.example.net";
        await delivery.deliverInbound({ id: "in-" + n, from: customer, to: "bot@sandbox.example.net", type: "text/plain", content: "hello " + n });
        delivery.messageSent({ id: "out-" + n, to: customer, type: "text/plain", content: "echo hello " + n }, "POST /messages");
        const notification = { id: "in-" + n, from: customer, to: "bot@sandbox.example.net", event: "consumed" };
        store.add("sentNotifications", { at: new Date().toISOString(), notification, matchesDelivered: delivery.notificationReceived(notification) });
      }
      gc();
      const { sent, received, counts } = store.state;
      console.log(JSON.stringify({ growth: process.memoryUsage().heapUsed - idle, counts,
        kept: [sent.messages.length, sent.notifications.length, received.messages.length, received.notifications.length] }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--expose-gc",
      "--input-type=module",
      "-e",
      script,
    ]);
    const measured = JSON.parse(stdout) as { growth: number; counts: Record<string, number>; kept: number[] };
    expect(measured.kept).toEqual([10_000, 10_000, 10_000, 10_000]);
    expect(measured.counts).toMatchObject({
      sentMessages: 200_000,
      sentNotifications: 200_000,
      receivedMessages: 200_000,
      receivedNotifications: 800_000,
    });
    console.log(`sandbox history after 200,000 messages: ${(measured.growth / 1e6).toFixed(1)} MB above idle`);
    expect(measured.growth / 1e6).toBeLessThan(DOCUMENTED_BOUND_MB);
  });
});
