/**
 * The webhook handler's run-time (runtime/client/webhook.ts) with hand-written descriptors and validators: dispatch,
 * acknowledgement, failure reasons, status codes, body limits, onError. What the generated module adds (the real
 * schemas and acknowledgement of the messaging source) is in webhook.test.ts. Proves docs/webhooks.md.
 */
import { describe, expect, it } from "vitest";
import {
  createClient,
  createWebhookHandler,
  type ApiDescriptor,
  type CallOptions,
  type WebhookContext,
  type WebhookErrorContext,
  type WebhookHandler,
  type WebhookHandlerOptions,
  type WebhookDescriptor,
} from "../runtime/client/index.js";
import type { ValidationError, ValidationResult, Validates } from "../runtime/validation/result.js";
import { useWebhookBot } from "./helpers/webhook-bot.js";

const ACCESS_KEY = "webhook-test-key";
const EVENTS = ["accepted", "dispatched", "received", "consumed", "failed"];

// ---- Payload types and validators, as a generated module would have them. ----

interface Message {
  id?: string;
  from?: string;
  to: string;
  type: string;
  content: unknown;
  [field: string]: unknown;
}
interface Notification {
  id?: string;
  from?: string;
  event: string;
  reason?: { code: number; description?: string };
  [field: string]: unknown;
}

const inbound: Message = {
  id: "5d8c1a3e-7f2b-4c9d-a1e0-3b6f9c2d8e41",
  from: "1042221589186385@messenger.example.net/instance-1",
  to: "mybot@example.net",
  type: "text/plain",
  content: "Where is my order?",
  metadata: { "messenger.seq": "4" },
};
const failedInbound: Notification = {
  id: "9b1e6f2a-3c4d-4e5f-8a7b-1c2d3e4f5a6b",
  from: "postmaster@messenger.example.net",
  to: "mybot@example.net",
  event: "failed",
  reason: { code: 42, description: "Destination not found" },
};

const VALID: ValidationResult = Object.freeze({ valid: true });
function fakeValidate(name: string, data: unknown): ValidationResult {
  const fields = data as Record<string, unknown>;
  const errors: ValidationError[] = [];
  const need = (...names: string[]) => {
    for (const field of names)
      if (!Object.hasOwn(fields, field))
        errors.push({ pointer: `/${field}`, message: "is required", keyword: "required" });
  };
  if (name === "message") need("to", "type", "content");
  if (name === "notification") {
    need("event");
    if (Object.hasOwn(fields, "event") && !EVENTS.includes(fields.event as string))
      errors.push({ pointer: "/event", message: `must be one of ${EVENTS.join(", ")}`, keyword: "enum" });
    if (fields.event === "failed") need("reason");
  }
  if (name === "command-response") need("id", "method", "status");
  return errors.length === 0 ? VALID : { valid: false, errors };
}
let validatorLoads = 0;
const loadValidators = async (): Promise<Validates> => {
  validatorLoads++;
  return { validate: fakeValidate };
};

const messageWebhook: WebhookDescriptor = {
  name: "messageReceived",
  operationId: "receiveMessage",
  schema: "message",
  handler: "onMessage",
  match: null,
  acknowledge: { operation: "sendNotification", success: "consumed", failure: "failed" },
};
const notificationWebhook: WebhookDescriptor = {
  name: "notificationReceived",
  operationId: "receiveNotification",
  schema: "notification",
  handler: "onNotification",
  match: { required: ["event"] },
  acknowledge: null,
};

const messagingApi = (webhooks: WebhookDescriptor[] = [messageWebhook, notificationWebhook]): ApiDescriptor => ({
  api: "messaging",
  title: "Messaging",
  factory: "createMessagingClient",
  credential: {
    option: "accessKey",
    security: { kind: "apiKey", in: "header", name: "Authorization", prefix: "Key " },
  },
  planLimits: null,
  operations: [
    {
      operationId: "sendMessage",
      method: "POST",
      path: "/messages",
      schema: "message",
      success: [202],
      responses: {},
      response: "none",
      category: null,
      idempotentWith: "id",
    },
    {
      operationId: "sendNotification",
      method: "POST",
      path: "/notifications",
      schema: "notification",
      success: [202],
      responses: {},
      response: "none",
      category: null,
      idempotentWith: null,
    },
  ],
  webhooks,
  loadValidators,
});

interface MessagingClient {
  sendMessage(body: Message, options?: CallOptions): Promise<void>;
  sendNotification(body: Notification, options?: CallOptions): Promise<void>;
}
/** The handler options of the messaging API, specialised as a generated module does. */
interface MessagingHandlers {
  onMessage?(message: Message, context: WebhookContext<MessagingClient>): unknown;
  onNotification?(notification: Notification): unknown;
}
type Options = WebhookHandlerOptions<MessagingHandlers, MessagingClient, Message | Notification, Message>;
const messagingWebhookHandler = (options: Options): WebhookHandler => createWebhookHandler(messagingApi(), options);

const bot = useWebhookBot();

const messagingClient = () =>
  createClient<MessagingClient>(messagingApi(), { baseUrl: bot.api.url, accessKey: ACCESS_KEY });

const startBot = (options: Omit<Options, "client">) =>
  bot.serve(messagingWebhookHandler({ client: messagingClient(), onError: () => {}, ...options }));

const post = (route: string, body: unknown, init?: RequestInit) => bot.post(route, body, init);

describe("webhook handler on node:http", () => {
  it("dispatches a message to onMessage, then sends the consumed notification, then answers 200", async () => {
    const seen: Message[] = [];
    await startBot({
      async onMessage(message) {
        seen.push(message);
        // The notification is sent only after onMessage completes.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(bot.api.on("/notifications")).toEqual([]);
      },
    });
    const response = await post("/messages", inbound);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
    expect(seen).toEqual([inbound]);
    const [notification, ...others] = bot.api.received;
    expect(others).toEqual([]);
    expect(notification).toMatchObject({
      method: "POST",
      path: "/notifications",
      headers: { authorization: `Key ${ACCESS_KEY}`, "content-type": "application/json" },
    });
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
    expect(bot.api.received.map((request) => request.path)).toEqual(["/notifications"]);
    expect(JSON.parse(bot.api.received[0]?.body ?? "")).toEqual({
      id: inbound.id,
      from: inbound.from,
      event: "failed",
      reason: { code: 42, description: "The bot failed to process the message" },
    });
    expect(errors).toEqual([{ stage: "onMessage", envelope: inbound }]);
  });

  it("uses failureReason for the reason; code 1 and a default description otherwise", async () => {
    await startBot({
      onMessage() {
        throw new Error("boom");
      },
      failureReason: (error, message) => ({ code: 7, description: `${(error as Error).message} on ${message.type}` }),
    });
    await post("/messages", inbound);
    expect(JSON.parse(bot.api.received[0]?.body ?? "")).toMatchObject({
      event: "failed",
      reason: { code: 7, description: "boom on text/plain" },
    });
    bot.api.received.length = 0;

    const stages: string[] = [];
    await startBot({
      onMessage() {
        throw "not an Error";
      },
      failureReason: () => {
        throw new Error("reason broke");
      },
      onError: (_error, context) => stages.push(context.stage),
    });
    await post("/messages", inbound);
    expect(JSON.parse(bot.api.received[0]?.body ?? "")).toMatchObject({
      event: "failed",
      reason: { code: 1, description: "The bot failed to process the message" },
    });
    expect(stages).toEqual(["onMessage", "failureReason"]);
  });

  it("uses a safe default reason: error.code when an integer, else 1, and a fixed description (no exception text)", async () => {
    await startBot({
      onMessage() {
        throw Object.assign(new Error("secret internals: db password hunter2"), { code: "EFAIL" });
      },
    });
    await post("/messages", inbound);
    const sent = JSON.parse(bot.api.received[0]?.body ?? "") as Notification;
    expect(sent.reason).toEqual({ code: 1, description: "The bot failed to process the message" });
    expect(bot.api.received[0]?.body).not.toContain("hunter2");
  });

  it("puts the exception's message (first 500 characters) in the default reason with exposeErrorMessages", async () => {
    await startBot({
      exposeErrorMessages: true,
      onMessage() {
        throw Object.assign(new Error("x".repeat(600)), { code: 42 });
      },
    });
    await post("/messages", inbound);
    expect((JSON.parse(bot.api.received[0]?.body ?? "") as Notification).reason).toEqual({
      code: 42,
      description: "x".repeat(500),
    });
  });

  it("replies through the context and sends no notification for a message without id", async () => {
    await startBot({
      async onMessage(message, { reply, client }) {
        expect(typeof client.sendMessage).toBe("function");
        await reply({ type: "text/plain", content: `echo: ${String(message.content)}` });
      },
    });
    const { id: _id, ...withoutId } = inbound;
    expect((await post("/messages", withoutId)).status).toBe(200);
    expect(bot.api.received.map((request) => request.path)).toEqual(["/messages"]);
    expect(JSON.parse(bot.api.received[0]?.body ?? "")).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      to: inbound.from,
      type: "text/plain",
      content: "echo: Where is my order?",
    });
  });

  it("sends no notification for a message whose id is empty, and acknowledges with none when there is no onMessage", async () => {
    await startBot({ onMessage: () => {} });
    expect((await post("/messages", { ...inbound, id: "" })).status).toBe(200);
    expect(bot.api.received).toEqual([]);
    await startBot({});
    expect((await post("/messages", inbound)).status).toBe(200);
    expect(bot.api.received).toEqual([]);
  });

  it("dispatches a notification (it has `event`) to onNotification and ignores an exception there", async () => {
    const notifications: Notification[] = [];
    const errors: string[] = [];
    await startBot({
      onMessage: () => void errors.push("wrong handler"),
      onNotification(notification) {
        notifications.push(notification);
        throw new Error("receiver broke");
      },
      onError: (_error, context) => errors.push(context.stage),
    });
    // Dispatch is by the payload's fields, not by the URL.
    const response = await post("/messages", failedInbound);
    expect(response.status).toBe(200);
    expect(notifications).toEqual([failedInbound]);
    expect(errors).toEqual(["onNotification"]);
    expect(bot.api.received).toEqual([]);
  });

  it("answers 400 with the validator's errors for an invalid payload, and calls no handler", async () => {
    const calls: string[] = [];
    await startBot({
      onMessage: () => void calls.push("message"),
      onNotification: () => void calls.push("notification"),
    });
    const noTo = await post("/messages", { id: "m1", type: "text/plain", content: "hi" });
    expect(noTo.status).toBe(400);
    expect(noTo.headers.get("content-type")).toBe("application/json");
    expect(await noTo.json()).toEqual({ errors: [{ pointer: "/to", message: "is required", keyword: "required" }] });

    const failedWithoutReason = await post("/notifications", { id: "m1", event: "failed" });
    expect(await failedWithoutReason.json()).toEqual({
      errors: [{ pointer: "/reason", message: "is required", keyword: "required" }],
    });

    const secret = "s3cr3t-in-body";
    const broken = await post("/messages", `{"to": "a@b.c", "content": "${secret}`);
    expect(broken.status).toBe(400);
    const brokenText = await broken.text();
    expect(JSON.parse(brokenText)).toEqual({
      errors: [{ pointer: "", message: "must be valid JSON", keyword: "json" }],
    });
    expect(brokenText).not.toContain(secret);
    // The strict reader: a repeated key is not JSON the handler accepts.
    const repeated = await post(
      "/messages",
      '{"id":"m1","to":"a@b.c","to":"c@d.e","type":"text/plain","content":"hi"}',
    );
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toEqual({
      errors: [{ pointer: "", message: "must be valid JSON", keyword: "json" }],
    });

    // A command matches no webhook by its fields, so it falls to the message webhook and fails its schema.
    const command = await post("/messages", { id: "c1", method: "get", uri: "/ping" });
    expect(command.status).toBe(400);
    expect(await command.json()).toEqual({
      errors: ["/to", "/type", "/content"].map((pointer) => ({ pointer, message: "is required", keyword: "required" })),
    });
    for (const body of ["[1, 2]", "null", '"text"', "42"]) {
      const answer = await post("/messages", body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        errors: [{ pointer: "", message: "must be a message or a notification envelope", keyword: "kind" }],
      });
    }
    expect(calls).toEqual([]);
    expect(bot.api.received).toEqual([]);
  });

  it("decodes UTF-8 strictly: invalid bytes are a 400, never replaced", async () => {
    const seen: Message[] = [];
    await startBot({ onMessage: (message) => void seen.push(message) });
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"to":"a@b.c","type":"text/plain","content":"'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}'),
    ]);
    const response = await post("/messages", bytes);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [{ pointer: "", message: "must be valid JSON", keyword: "json" }],
    });
    expect((await post("/messages", { to: "a@b.c", type: "text/plain", content: "olá ✓" })).status).toBe(200);
    expect(seen.map((message) => message.content)).toEqual(["olá ✓"]);
  });

  it("answers 405 with Allow: POST to other methods and 413 to a body over maxBodyBytes", async () => {
    await startBot({ maxBodyBytes: 64, onMessage: () => {} });
    const get = await fetch(`${bot.url}/messages`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await get.json()).toEqual({
      errors: [{ pointer: "", message: "only POST is accepted", keyword: "method" }],
    });
    const large = await post("/messages", { ...inbound, content: "x".repeat(200) });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({
      errors: [{ pointer: "", message: "is larger than 64 bytes", keyword: "maxBodyBytes" }],
    });
    expect(bot.api.received).toEqual([]);
  });

  it("still answers 200 when the consumed notification cannot be sent, reporting it to onError", async () => {
    const contexts: string[] = [];
    bot.api.answer("/notifications", { status: 401, body: "no" });
    await startBot({
      onMessage: () => {},
      onError: (error, context) => contexts.push(`${context.stage} ${(error as Error).name}`),
    });
    expect((await post("/messages", inbound)).status).toBe(200);
    expect(contexts).toEqual(["sendNotification UnauthorizedError"]);
  });

  it("answers 500 when reading the request fails, and survives an onError that throws", async () => {
    const stages: string[] = [];
    const handler = messagingWebhookHandler({
      client: messagingClient(),
      onMessage: () => {},
      onError: (_error, context) => {
        stages.push(context.stage);
        throw new Error("onError broke");
      },
    });
    const request = {
      method: "POST",
      async *[Symbol.asyncIterator]() {
        yield new Uint8Array([123]);
        throw new Error("connection reset");
      },
    };
    const written: { status?: number; body?: string; headers: Record<string, string> } = { headers: {} };
    const response = {
      statusCode: 0,
      headersSent: false,
      setHeader: (name: string, value: string) => void (written.headers[name] = value),
      end: (chunk?: string) => void Object.assign(written, { status: response.statusCode, body: chunk }),
    };
    await handler(request, response);
    expect(written).toEqual({
      status: 500,
      body: JSON.stringify({ errors: [{ pointer: "", message: "could not be processed", keyword: "internal" }] }),
      headers: { "Content-Type": "application/json" },
    });
    expect(stages).toEqual(["request"]);
  });
});

describe("webhook handler with a parsed body (frameworks)", () => {
  it("handle(body) takes an object, JSON text or bytes, validates, dispatches and returns what to answer", async () => {
    const seen: unknown[] = [];
    validatorLoads = 0;
    // The same message in three forms: de-duplication off, so each runs the handler.
    const handler = messagingWebhookHandler({
      client: messagingClient(),
      deduplicate: false,
      onMessage: (message) => void seen.push(message),
      onError: () => {},
    });
    // Loaded once, as the handler is created (every call is validated; a first burst must not wait for them).
    expect(validatorLoads).toBe(1);
    await expect(handler.handle(inbound)).resolves.toEqual({ status: 200 });
    await expect(handler.handle(JSON.stringify(inbound))).resolves.toEqual({ status: 200 });
    await expect(handler.handle(new TextEncoder().encode(JSON.stringify(inbound)))).resolves.toEqual({ status: 200 });
    await expect(handler.handle({ event: "read" })).resolves.toEqual({
      status: 400,
      body: {
        errors: [
          {
            pointer: "/event",
            message: "must be one of accepted, dispatched, received, consumed, failed",
            keyword: "enum",
          },
        ],
      },
    });
    expect(validatorLoads).toBe(1);
    await handler.idle();
    expect(seen).toEqual([inbound, inbound, inbound]);
    expect(bot.api.on("/notifications")).toHaveLength(3);
  });

  it("reads request.body when a framework has parsed it already", async () => {
    const handler = messagingWebhookHandler({ client: messagingClient(), onMessage: () => {} });
    const written: { status?: number; body?: string; headers: Record<string, string> } = { headers: {} };
    const request = { method: "POST", body: { to: "a@b.c" }, async *[Symbol.asyncIterator]() {} };
    const response = {
      statusCode: 0,
      headersSent: false,
      setHeader: (name: string, value: string) => void (written.headers[name] = value),
      end: (chunk?: string) => void Object.assign(written, { status: response.statusCode, body: chunk }),
    };
    await handler(request, response);
    expect(written).toEqual({
      status: 400,
      body: expect.stringContaining('"pointer":"/type"'),
      headers: { "Content-Type": "application/json" },
    });
  });

  it("needs a client with the acknowledging and replying operations when a webhook acknowledges, and valid options", () => {
    expect(() => createWebhookHandler(messagingApi(), {} as never)).toThrow(
      /options.client must be a messaging client \(from createMessagingClient\), with sendNotification and sendMessage/,
    );
    expect(() => createWebhookHandler(messagingApi(), { client: { sendNotification: () => {} } })).toThrow(
      /options.client must be a messaging client/,
    );
    expect(() => createWebhookHandler(messagingApi(), null as never)).toThrow(/needs an options object/);
    expect(() => messagingWebhookHandler({ client: messagingClient(), maxBodyBytes: 0 })).toThrow(
      /maxBodyBytes must be a positive integer/,
    );
    // No acknowledging webhook: no client needed.
    expect(() => createWebhookHandler(messagingApi([notificationWebhook]), { client: undefined })).not.toThrow();
  });
});

describe("webhook dispatch for any number of webhooks", () => {
  const statusWebhook: WebhookDescriptor = {
    name: "responseReceived",
    operationId: "receiveResponse",
    schema: "command-response",
    handler: "onResponse",
    match: { required: ["status", "method"] },
    acknowledge: null,
  };

  it("sends a payload to the first webhook whose required fields it all has, else to the fallback", async () => {
    const calls: string[] = [];
    const handler = createWebhookHandler(messagingApi([statusWebhook, notificationWebhook, messageWebhook]), {
      client: messagingClient(),
      onResponse: (payload: { id: string }) => void calls.push(`response ${payload.id}`),
      onNotification: (payload: { event: string }) => void calls.push(`notification ${payload.event}`),
      onMessage: (payload: { content: unknown }) => void calls.push(`message ${String(payload.content)}`),
      onError: () => {},
    });
    await expect(handler.handle({ id: "c1", method: "get", status: "success", event: "x" })).resolves.toEqual({
      status: 200,
    });
    await expect(handler.handle({ id: "c2", status: "success" })).resolves.toEqual({
      status: 400,
      body: {
        errors: [
          { pointer: "/to", message: "is required", keyword: "required" },
          { pointer: "/type", message: "is required", keyword: "required" },
          { pointer: "/content", message: "is required", keyword: "required" },
        ],
      },
    });
    await expect(handler.handle({ event: "consumed" })).resolves.toEqual({ status: 200 });
    await expect(handler.handle({ to: "a@b.c", type: "text/plain", content: "hi" })).resolves.toEqual({ status: 200 });
    // An inherited field does not count as the payload's own.
    await expect(
      handler.handle(
        Object.assign(Object.create({ event: "consumed" }) as object, {
          to: "a@b.c",
          type: "text/plain",
          content: "own",
        }),
      ),
    ).resolves.toEqual({ status: 200 });
    expect(calls).toEqual(["response c1", "notification consumed", "message hi", "message own"]);
  });

  it("answers 400 naming the kinds it takes when no webhook applies and there is no fallback", async () => {
    const handler = createWebhookHandler(messagingApi([statusWebhook, notificationWebhook]), {
      client: undefined,
      onResponse: () => {},
      onNotification: () => {},
    });
    await expect(handler.handle({ to: "a@b.c", type: "text/plain", content: "hi" })).resolves.toEqual({
      status: 400,
      body: {
        errors: [{ pointer: "", message: "must be a command-response or a notification envelope", keyword: "kind" }],
      },
    });
  });
});
