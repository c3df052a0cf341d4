/**
 * The webhook handler through the generated module (generated/client.js): what the messaging source declares reaches
 * the handler — its inbound schemas, its acknowledgement (x-specfirst-acknowledge), its reply operation. The handler's
 * mechanics (dispatch, failure reasons, status codes, body limits, onError) are tested once, with hand-written
 * descriptors, in runtime-webhook.test.ts. Proves docs/webhooks.md.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createMessagingClient,
  createWebhookHandler,
  type WebhookErrorContext,
  type WebhookHandlerOptions,
} from "../generated/client.js";
import type { InboundMessage, InboundNotification } from "../generated/types.js";
import { useWebhookBot } from "./helpers/webhook-bot.js";
import { ROOT, readJson } from "./helpers/fixtures.js";

const ACCESS_KEY = "webhook-test-key";
const EXAMPLES = path.join(ROOT, "openapi", "examples", "messaging");
const inbound = readJson<InboundMessage<"text/plain">>(path.join(EXAMPLES, "inbound-message-text-plain.json"));
const failedInbound = readJson<InboundNotification>(path.join(EXAMPLES, "inbound-notification-failed.json"));

const bot = useWebhookBot();
const post = (route: string, body: unknown, init?: RequestInit) => bot.post(route, body, init);

/** Serves the generated handler with a messaging client of the fake API. */
const startBot = (options: Omit<WebhookHandlerOptions, "client">) =>
  bot.serve(
    createWebhookHandler({
      client: createMessagingClient({ baseUrl: bot.api.url, accessKey: ACCESS_KEY }),
      onError: () => {},
      ...options,
    }),
  );

describe("the generated messaging webhook handler", () => {
  it("replies through the context (POST /messages), then acknowledges as x-specfirst-acknowledge says: consumed, or failed with a reason", async () => {
    const errors: WebhookErrorContext[] = [];
    await startBot({
      async onMessage(message, { reply }) {
        if (message.content === "fail") throw Object.assign(new Error("order service unavailable"), { code: 42 });
        await reply({ type: "text/plain", content: `echo: ${String(message.content)}` });
      },
      onError: (_error, context) => errors.push(context),
    });
    const failing = { ...inbound, id: "7c9e6679-7425-40de-944b-e07fc1f90ae7", content: "fail" };
    for (const message of [inbound, failing]) {
      const answer = await post("/messages", message);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe("");
    }
    expect(
      bot.api.received.map((request) => `${request.method} ${request.path} ${request.headers.authorization}`),
    ).toEqual([
      `POST /messages Key ${ACCESS_KEY}`,
      `POST /notifications Key ${ACCESS_KEY}`,
      `POST /notifications Key ${ACCESS_KEY}`,
    ]);
    expect(bot.api.received.map((request) => JSON.parse(request.body) as unknown)).toEqual([
      { id: expect.any(String), to: inbound.from, type: "text/plain", content: "echo: Where is my order?" },
      { id: inbound.id, from: inbound.from, event: "consumed" },
      {
        id: failing.id,
        from: inbound.from,
        event: "failed",
        reason: { code: 42, description: "The bot failed to process the message" },
      },
    ]);
    expect(errors).toEqual([{ stage: "onMessage", envelope: failing }]);
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
      expect(await answer.json(), field).toEqual({
        errors: [{ pointer: `/${field}`, message: expect.stringMatching(/^is required/), keyword: "required" }],
      });
    }
    for (const field of ["id", "from", "to"] as const) {
      const { [field]: _dropped, ...partial } = failedInbound;
      const answer = await post("/notifications", partial);
      expect(answer.status, field).toBe(400);
      expect(await answer.json(), field).toEqual({
        errors: [{ pointer: `/${field}`, message: "is required", keyword: "required" }],
      });
    }
    expect(calls).toEqual([]);
    expect(bot.api.received).toEqual([]);
    expect((await post("/messages", inbound)).status).toBe(200);
    expect((await post("/notifications", failedInbound)).status).toBe(200);
    expect(calls).toEqual([inbound.from, failedInbound.to]);
    expect(seen).toEqual({ message: inbound, notification: failedInbound });
  });

  it("answers 400 with the validator's errors for an invalid envelope, and calls no handler", async () => {
    const calls: string[] = [];
    await startBot({
      onMessage: () => void calls.push("message"),
      onNotification: () => void calls.push("notification"),
    });
    const noTo = await post("/messages", { id: "m1", from: "c@sms.example.net", type: "text/plain", content: "hi" });
    expect(noTo.status).toBe(400);
    expect(noTo.headers.get("content-type")).toBe("application/json");
    expect(await noTo.json()).toEqual({ errors: [{ pointer: "/to", message: "is required", keyword: "required" }] });

    const failedWithoutReason = await post("/notifications", {
      id: "m1",
      from: "postmaster@example.net",
      to: "mybot@example.net",
      event: "failed",
    });
    expect(await failedWithoutReason.json()).toEqual({
      errors: [{ pointer: "/reason", message: "is required", keyword: "required" }],
    });

    const unknownEvent = await post("/notifications", {
      id: "m1",
      from: "postmaster@example.net",
      to: "mybot@example.net",
      event: "read",
    });
    expect(await unknownEvent.json()).toEqual({
      errors: [
        {
          pointer: "/event",
          message: "must be one of accepted, dispatched, received, consumed, failed",
          keyword: "enum",
        },
      ],
    });

    // A command has no `event`, so it is checked as a message (the webhook without x-specfirst-match) and fails.
    const command = await post("/messages", { id: "c1", method: "get", uri: "/ping" });
    expect(command.status).toBe(400);
    expect(await command.json()).toEqual({
      errors: expect.arrayContaining([{ pointer: "/to", message: "is required", keyword: "required" }]),
    });
    expect(calls).toEqual([]);
    expect(bot.api.received).toEqual([]);
  });

  it("needs a messaging client", () => {
    expect(() => createWebhookHandler({} as never)).toThrow(/options.client must be a messaging client/);
  });
});
