/**
 * The sandbox and the webhook handler agree on redelivery (docs/sandbox.md#control-endpoints, docs/webhooks.md):
 * the sandbox delivers a message again on a control call or when it is left unconfirmed, counts a redelivered id as
 * one message confirmed once, and flags a message handled twice. Over loopback, with the real handler.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createMessagingClient, createWebhookHandler } from "../generated/client.js";
import {
  createSandbox,
  MAX_AUTOMATIC_REDELIVERIES,
  type Sandbox,
  type SandboxOptions,
} from "../runtime/sandbox/server.js";
import { listenOnLoopback } from "./helpers/loopback.js";

const ACCESS_KEY = "redelivery-access-key";
const customer = (n: number) => `55319555${String(n).padStart(5, "0")}@sms.example.net`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A sandbox whose messages webhook is a handler of the generated module (its runs counted by id). */
async function botAndSandbox(
  options: SandboxOptions = {},
  handlerOptions: Partial<Parameters<typeof createWebhookHandler>[0]> = {},
): Promise<{ sandbox: Sandbox; runs: Map<string, number>; handler: ReturnType<typeof createWebhookHandler> }> {
  const sandbox = createSandbox({ accessKey: ACCESS_KEY, notifyTimeoutMs: 1_500, ...options });
  await sandbox.start();
  cleanups.push(() => sandbox.close());
  const runs = new Map<string, number>();
  const handler = createWebhookHandler({
    client: createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY }),
    onError: () => {},
    onMessage: async (message) => {
      runs.set(String(message.id), (runs.get(String(message.id)) ?? 0) + 1);
      // Long enough for a concurrent copy to arrive while it runs.
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
    ...handlerOptions,
  });
  const { url, close } = await listenOnLoopback(handler);
  cleanups.push(close);
  sandbox.setWebhooks({ messages: `${url}/messages` });
  return { sandbox, runs, handler };
}

const events = (sandbox: Sandbox, id: string) =>
  sandbox.sent.notifications.filter((entry) => entry.notification.id === id).map((entry) => entry.notification.event);

describe("a redelivered message is one message, confirmed once", () => {
  it("copies delivered one after the other or at once: one entry, one run, one consumed, no violation", async () => {
    const { sandbox, runs, handler } = await botAndSandbox();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 5 }), fc.boolean(), fc.nat(), async (copies, atOnce, n) => {
        const id = `copies-${n}-${copies}-${String(atOnce)}-${runs.size}`;
        const message = { id, from: customer(n % 100), type: "text/plain", content: "hi" };
        if (atOnce) await Promise.all(Array.from({ length: copies }, () => sandbox.inbound(message)));
        else for (let copy = 0; copy < copies; copy++) await sandbox.inbound(message);
        await handler.idle();
        const entries = sandbox.received.messages.filter((entry) => entry.envelope.id === id);
        expect(entries).toHaveLength(1);
        expect(entries[0]?.deliveries).toBe(copies);
        expect(entries[0]?.acknowledgedWith).toBe("consumed");
        expect(runs.get(id)).toBe(1);
        expect(events(sandbox, id)).toEqual(["consumed"]);
      }),
      { numRuns: 12 },
    );
    // Past the notify timeout of every copy: no missing-notification for any of them.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(sandbox.violations).toEqual([]);
    expect(sandbox.state().counts.receivedMessages).toBe(runs.size);
    expect(sandbox.state().counts.redeliveries).toBeGreaterThanOrEqual(12);
  });

  it("flags a message handled twice: a bot without a redelivery window confirms the redelivered copy again", async () => {
    const { sandbox, runs, handler } = await botAndSandbox({}, { deduplicate: false });
    const message = { id: "twice-1", from: customer(1), type: "text/plain", content: "hi" };
    await sandbox.inbound(message);
    await handler.idle();
    await sandbox.redeliver("twice-1");
    await handler.idle();
    expect(runs.get("twice-1")).toBe(2);
    expect(events(sandbox, "twice-1")).toEqual(["consumed", "consumed"]);
    expect(sandbox.violations.map((violation) => [violation.kind, violation.messageId])).toEqual([
      ["handled-twice", "twice-1"],
    ]);
    expect(sandbox.violations[0]?.detail).toMatch(/confirmed a delivered message twice \(consumed, then consumed\)/);
  });
});

describe("redelivery", () => {
  it("POST /_sandbox/redeliver delivers a delivered message again; 404 for an id it never delivered, 400 without one", async () => {
    const { sandbox, runs, handler } = await botAndSandbox();
    await sandbox.inbound({ id: "control-1", from: customer(2), type: "text/plain", content: "hi" });
    const redeliver = (body: string) => fetch(`${sandbox.url}/_sandbox/redeliver`, { method: "POST", body });
    const answer = await redeliver(JSON.stringify({ id: "control-1" }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-specfirst-sandbox")).toBe("control");
    expect(((await answer.json()) as { delivery: { deliveries: number; outcome: unknown } }).delivery).toMatchObject({
      deliveries: 2,
      outcome: { status: 200 },
    });
    await handler.idle();
    expect(runs.get("control-1")).toBe(1);
    const unknown = await redeliver(JSON.stringify({ id: "never-delivered" }));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { errors: { pointer: string }[] }).errors[0]?.pointer).toBe("/id");
    for (const body of ["", "{", "[]", JSON.stringify({ id: 5 }), JSON.stringify({ id: "" })])
      expect((await redeliver(body)).status, body).toBe(400);
    expect(() => sandbox.redeliver("never-delivered")).toThrow(/no message delivered to the bot has this id/);
  });

  it("redeliverAfterMs: a message the bot refused (503) is delivered again and confirmed; one never confirmed is delivered 5 more times at most", async () => {
    let refusals = 1;
    const { sandbox, runs } = await botAndSandbox({ redeliverAfterMs: 100, notifyTimeoutMs: 2000 });
    const inner = createWebhookHandler({
      client: createMessagingClient({ baseUrl: sandbox.url, accessKey: ACCESS_KEY }),
      onMessage: (message) => void runs.set(String(message.id), (runs.get(String(message.id)) ?? 0) + 1),
    });
    const { url, close } = await listenOnLoopback((request, response) => {
      if (refusals-- > 0) {
        response.statusCode = 503;
        return void response.end();
      }
      void inner(request, response);
    });
    cleanups.push(close);
    sandbox.setWebhooks({ messages: `${url}/messages` });
    await sandbox.inbound({ id: "refused-once", from: customer(3), type: "text/plain", content: "hi" });
    await sandbox.waitFor((state) => state.received.messages[0]?.acknowledgedWith === "consumed");
    expect(sandbox.received.messages[0]?.deliveries).toBe(2);
    expect(runs.get("refused-once")).toBe(1);

    // A bot that answers 200 and never confirms.
    const silent = await listenOnLoopback((_request, response) => void response.end());
    cleanups.push(silent.close);
    sandbox.setWebhooks({ messages: `${silent.url}/messages` });
    await sandbox.inbound({ id: "never-confirmed", from: customer(4), type: "text/plain", content: "hi" });
    await sandbox.waitFor(
      (state) =>
        state.received.messages.find((entry) => entry.envelope.id === "never-confirmed")?.deliveries ===
        1 + MAX_AUTOMATIC_REDELIVERIES,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sandbox.received.messages.find((entry) => entry.envelope.id === "never-confirmed")?.deliveries).toBe(
      1 + MAX_AUTOMATIC_REDELIVERIES,
    );
  });
});
