import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMessagingClient, createWebhookHandler, type WebhookErrorContext, type WebhookHandlerOptions } from "../generated/client.js";
import type { InboundMessage, InboundNotification, Message, Notification } from "../generated/types.js";
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

describe("webhook handler on node:http", () => {
  it("dispatches a message to onMessage, answers 200 and then sends the consumed notification", async () => {
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
  });

  it("sends a failed notification with a reason when onMessage throws, and still answers 200", async () => {
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

  it("uses failureReason for the reason, and code 1 by default", async () => {
    await startBot({
      onMessage() {
        throw new Error("boom");
      },
      failureReason: (error, message) => ({ code: 7, description: `${(error as Error).message} on ${message.type}` }),
    });
    await post("/messages", inbound);
    expect(JSON.parse(api.received[0]?.body ?? "")).toMatchObject({ event: "failed", reason: { code: 7, description: "boom on text/plain" } });
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

  it("dispatches a notification to onNotification and ignores an exception there", async () => {
    const notifications: Notification[] = [];
    const errors: string[] = [];
    await startBot({
      onNotification(notification) {
        notifications.push(notification);
        throw new Error("receiver broke");
      },
      onError: (_error, context) => errors.push(context.stage),
    });
    const response = await post("/notifications", failedInbound);
    expect(response.status).toBe(200);
    expect(notifications).toEqual([failedInbound]);
    expect(errors).toEqual(["onNotification"]);
    expect(api.received).toEqual([]);
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

    const secret = "s3cr3t-in-body";
    const broken = await post("/messages", `{"to": "a@b.c", "content": "${secret}`);
    expect(broken.status).toBe(400);
    const brokenText = await broken.text();
    expect(JSON.parse(brokenText)).toEqual({ errors: [{ pointer: "", message: "must be valid JSON", keyword: "json" }] });
    expect(brokenText).not.toContain(secret);
    // The strict reader: a repeated key and invalid UTF-8 are not JSON the handler accepts.
    const repeated = await post("/messages", '{"id":"m1","to":"a@b.c","to":"c@d.e","type":"text/plain","content":"hi"}');
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toEqual({ errors: [{ pointer: "", message: "must be valid JSON", keyword: "json" }] });

    // A command has no `event`, so it is checked as a message (the webhook without x-specfirst-match) and fails.
    const command = await post("/messages", { id: "c1", method: "get", uri: "/ping" });
    expect(command.status).toBe(400);
    expect(await command.json()).toEqual({ errors: expect.arrayContaining([{ pointer: "/to", message: "is required", keyword: "required" }]) });
    expect((await post("/messages", [1, 2])).status).toBe(400);
    expect(calls).toEqual([]);
    expect(api.received).toEqual([]);
  });

  it("answers 405 to other methods and 413 to a body over maxBodyBytes", async () => {
    await startBot({ maxBodyBytes: 64, onMessage: () => {} });
    const get = await fetch(`${botUrl}/messages`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const large = await post("/messages", { ...inbound, content: "x".repeat(200) });
    expect(large.status).toBe(413);
    expect(api.received).toEqual([]);
  });

  it("still answers 200 when the consumed notification cannot be sent, reporting it to onError", async () => {
    const contexts: string[] = [];
    api.answer("/notifications", { status: 401, body: "no" });
    await startBot({ onMessage: () => {}, onError: (error, context) => contexts.push(`${context.stage} ${(error as Error).name}`) });
    expect((await post("/messages", inbound)).status).toBe(200);
    expect(contexts).toEqual(["sendNotification UnauthorizedError"]);
  });
});

describe("webhook handler with a parsed body (frameworks)", () => {
  it("handle(body) validates, dispatches and returns what to answer", async () => {
    const seen: unknown[] = [];
    const client = createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY });
    // The same message twice: de-duplication off, so each runs the handler.
    const handler = createWebhookHandler({ client, deduplicate: false, onMessage: (message) => void seen.push(message), onError: () => {} });
    await expect(handler.handle(inbound)).resolves.toEqual({ status: 200 });
    await expect(handler.handle(JSON.stringify(inbound))).resolves.toEqual({ status: 200 });
    await expect(handler.handle({ id: "m1", from: "postmaster@example.net", to: "mybot@example.net", event: "read" })).resolves.toEqual({
      status: 400,
      body: { errors: [{ pointer: "/event", message: "must be one of accepted, dispatched, received, consumed, failed", keyword: "enum" }] },
    });
    await handler.idle();
    expect(seen).toEqual([inbound, inbound]);
    expect(api.on("/notifications")).toHaveLength(2);
  });

  it("reads request.body when a framework has parsed it already", async () => {
    const client = createMessagingClient({ baseUrl: api.url, accessKey: ACCESS_KEY });
    const handler = createWebhookHandler({ client, onMessage: () => {} });
    const written: { status?: number; body?: string; headers: Record<string, string> } = { headers: {} };
    const request = { method: "POST", body: { to: "a@b.c" }, async *[Symbol.asyncIterator]() {} };
    const response = {
      statusCode: 0,
      headersSent: false,
      setHeader: (name: string, value: string) => void (written.headers[name] = value),
      end: (chunk?: string) => void Object.assign(written, { status: response.statusCode, body: chunk }),
    };
    await handler(request, response);
    expect(written).toEqual({ status: 400, body: expect.stringContaining('"pointer":"/type"'), headers: { "Content-Type": "application/json" } });
  });

  it("needs a messaging client", () => {
    expect(() => createWebhookHandler({} as never)).toThrow(/options.client must be a messaging client/);
  });
});
