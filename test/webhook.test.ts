/**
 * The webhook handler through the generated module (generated/client.js): what the messaging source declares reaches
 * the handler — its inbound schemas, its acknowledgement (x-specfirst-acknowledge), its reply operation. The handler's
 * mechanics (dispatch, failure reasons, status codes, body limits, onError) are tested once, with hand-written
 * descriptors, in runtime-webhook.test.ts. Proves docs/webhooks.md.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMessagingClient, createWebhookHandler, type WebhookErrorContext, type WebhookHandlerOptions } from "../generated/client.js";
import type { InboundMessage, InboundNotification, Message } from "../generated/types.js";
import { startApiServer, type ApiServer } from "./helpers/api-server.js";
import { ROOT, readJson } from "./helpers/fixtures.js";

const ACCESS_KEY = "webhook-test-key";
const EXAMPLES = path.join(ROOT, "openapi", "examples", "messaging");
const inbound = readJson<InboundMessage<"text/plain">>(path.join(EXAMPLES, "inbound-message-text-plain.json"));
const failedInbound = readJson<InboundNotification>(path.join(EXAMPLES, "inbound-notification-failed.json"));

let api: ApiServer;
let bot: Server | undefined;
let botUrl = "";
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
beforeEach(() => {
  api.received.length = 0;
});
afterEach(async () => {
  if (bot !== undefined) await new Promise<void>((resolve) => bot?.close(() => resolve()));
  bot = undefined;
});

/** The webhook handler on a real node:http server on loopback. */
let served: ReturnType<typeof createWebhookHandler> | undefined;
async function startBot(options: Omit<WebhookHandlerOptions, "client">): Promise<void> {
  const client = createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY });
  served = createWebhookHandler({ client, onError: () => {}, ...options });
  bot = createServer(served);
  await new Promise<void>((resolve) => bot?.listen(0, "127.0.0.1", resolve));
  botUrl = `http://127.0.0.1:${(bot.address() as AddressInfo).port}`;
}

/** POSTs to the bot; resolves with its answer once the envelope's background processing is over too. */
const post = async (route: string, body: unknown, init: RequestInit = {}) => {
  const response = await fetch(`${botUrl}${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body), ...init });
  await served?.idle();
  return response;
};

describe("the generated messaging webhook handler", () => {
  it("acknowledges as the source's x-specfirst-acknowledge says: consumed once onMessage completes, failed with a reason when it throws", async () => {
    const seen: Message[] = [];
    await startBot({
      async onMessage(message) {
        seen.push(message);
        // The notification is sent only after onMessage completes.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(api.on("/notifications")).toEqual([]);
      },
    });
    const response = await post("/messages", inbound);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
    expect(seen).toEqual([inbound]);
    const [notification, ...others] = api.received;
    expect(others).toEqual([]);
    expect(notification).toMatchObject({ method: "POST", path: "/notifications", headers: { authorization: `Key ${ACCESS_KEY}`, "content-type": "application/json" } });
    expect(JSON.parse(notification?.body ?? "")).toEqual({ id: inbound.id, from: inbound.from, event: "consumed" });

    await new Promise<void>((resolve) => bot?.close(() => resolve()));
    api.received.length = 0;
    const errors: WebhookErrorContext[] = [];
    await startBot({
      onMessage() {
        throw Object.assign(new Error("order service unavailable"), { code: 42 });
      },
      onError: (_error, context) => errors.push(context),
    });
    expect((await post("/messages", inbound)).status).toBe(200);
    expect(api.received.map((request) => request.path)).toEqual(["/notifications"]);
    expect(JSON.parse(api.received[0]?.body ?? "")).toEqual({ id: inbound.id, from: inbound.from, event: "failed", reason: { code: 42, description: "The bot failed to process the message" } });
    expect(errors).toEqual([{ stage: "onMessage", envelope: inbound }]);
  });

  it("replies through the context (POST /messages), then sends the consumed notification", async () => {
    await startBot({
      async onMessage(message, { reply }) {
        await reply({ type: "text/plain", content: `echo: ${String(message.content)}` });
      },
    });
    expect((await post("/messages", inbound)).status).toBe(200);
    expect(api.received.map((request) => request.path)).toEqual(["/messages", "/notifications"]);
    expect(JSON.parse(api.received[0]?.body ?? "")).toMatchObject({ to: inbound.from, type: "text/plain", content: "echo: Where is my order?" });
  });

  it("validates with the inbound schemas: an inbound message carries id, from, to, type and content; a notification id, from, to and event", async () => {
    const calls: string[] = [];
    const seen: { message?: InboundMessage; notification?: InboundNotification } = {};
    await startBot({
      onMessage: (message) => {
        // The handler's payload is the inbound type: `from` is a string, not optional.
        const from: string = message.from;
        calls.push(from);
        seen.message = message;
      },
      onNotification: (notification) => {
        const to: string = notification.to;
        calls.push(to);
        seen.notification = notification;
      },
    });
    for (const field of ["id", "from", "to", "type", "content"] as const) {
      const { [field]: _dropped, ...partial } = inbound;
      const answer = await post("/messages", partial);
      expect(answer.status, field).toBe(400);
      expect(await answer.json(), field).toEqual({ errors: [{ pointer: `/${field}`, message: expect.stringMatching(/^is required/), keyword: "required" }] });
    }
    for (const field of ["id", "from", "to"] as const) {
      const { [field]: _dropped, ...partial } = failedInbound;
      const answer = await post("/notifications", partial);
      expect(answer.status, field).toBe(400);
      expect(await answer.json(), field).toEqual({ errors: [{ pointer: `/${field}`, message: "is required", keyword: "required" }] });
    }
    expect(calls).toEqual([]);
    expect(api.received).toEqual([]);
    expect((await post("/messages", inbound)).status).toBe(200);
    expect((await post("/notifications", failedInbound)).status).toBe(200);
    expect(calls).toEqual([inbound.from, failedInbound.to]);
    expect(seen).toEqual({ message: inbound, notification: failedInbound });
  });

  it("answers 400 with the validator's errors for an invalid envelope, and calls no handler", async () => {
    const calls: string[] = [];
    await startBot({ onMessage: () => void calls.push("message"), onNotification: () => void calls.push("notification") });
    const noTo = await post("/messages", { id: "m1", from: "c@sms.example.net", type: "text/plain", content: "hi" });
    expect(noTo.status).toBe(400);
    expect(noTo.headers.get("content-type")).toBe("application/json");
    expect(await noTo.json()).toEqual({ errors: [{ pointer: "/to", message: "is required", keyword: "required" }] });

    const failedWithoutReason = await post("/notifications", { id: "m1", from: "postmaster@example.net", to: "mybot@example.net", event: "failed" });
    expect(await failedWithoutReason.json()).toEqual({ errors: [{ pointer: "/reason", message: "is required", keyword: "required" }] });

    const unknownEvent = await post("/notifications", { id: "m1", from: "postmaster@example.net", to: "mybot@example.net", event: "read" });
    expect(await unknownEvent.json()).toEqual({ errors: [{ pointer: "/event", message: "must be one of accepted, dispatched, received, consumed, failed", keyword: "enum" }] });

    // A command has no `event`, so it is checked as a message (the webhook without x-specfirst-match) and fails.
    const command = await post("/messages", { id: "c1", method: "get", uri: "/ping" });
    expect(command.status).toBe(400);
    expect(await command.json()).toEqual({ errors: expect.arrayContaining([{ pointer: "/to", message: "is required", keyword: "required" }]) });
    expect(calls).toEqual([]);
    expect(api.received).toEqual([]);
  });

  it("needs a messaging client", () => {
    expect(() => createWebhookHandler({} as never)).toThrow(/options.client must be a messaging client/);
  });
});
