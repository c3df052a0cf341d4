/**
 * Type tests of the generated messaging client, checked by `tsc -p tsconfig.json` (`npm run typecheck`); nothing
 * here runs. Each `@ts-expect-error` line must fail to compile, and each `expectTypeOf` must hold.
 */
import { expectTypeOf } from "vitest";
import { commands, createMessagingClient, createWebhookHandler, type MessagingClient, type ReceivedMessage } from "../../generated/messaging/index.js";
import type { ChatState, DistributionList, Message, PlainText, Select } from "../../generated/messaging/types.js";

declare const client: MessagingClient;

// ---- Completion-friendly signatures: the media type parameter lists the known types and takes any string. ----
type SendMessageType = Parameters<MessagingClient["sendMessage"]>[0]["type"];
expectTypeOf<"text/plain">().toMatchTypeOf<SendMessageType>();
expectTypeOf<"application/vnd.lime.select+json">().toMatchTypeOf<SendMessageType>();
expectTypeOf<"application/x-custom">().toMatchTypeOf<SendMessageType>();
// `keyof ContentByType | (string & {})` as the constraint: what an editor offers after `type: "`.
type MessageTypeParameter = MessagingClient["sendMessage"] extends <T extends infer C>(body: Message<T & string>, ...rest: never[]) => unknown ? C : never;
expectTypeOf<keyof import("../../generated/messaging/types.js").ContentByType>().toMatchTypeOf<MessageTypeParameter>();

export async function sends(): Promise<void> {
  await client.sendMessage({ to: "a@b.c", type: "text/plain", content: "hi" });
  await client.sendMessage({ to: "a@b.c", type: "application/vnd.lime.select+json", content: { text: "Pick", options: [{ order: 1, text: "One" }] } });
  await client.sendMessage({ to: "a@b.c", type: "application/x-custom", content: { any: "thing" } });
  // @ts-expect-error text/plain content is a string
  await client.sendMessage({ to: "a@b.c", type: "text/plain", content: { text: "x" } });

  // ---- Response typing: a command's response carries the resource type of the request. ----
  const lists = await client.sendCommand(commands.getLists({ to: "postmaster@lists.example.net" }));
  expectTypeOf(lists.resource).toEqualTypeOf<DistributionList | undefined>();
  const set = await client.sendCommand(commands.setList({ identity: "news@lists.example.net" }, { to: "postmaster@lists.example.net" }));
  expectTypeOf(set.resource).toEqualTypeOf<DistributionList | undefined>();
  const other = await client.sendCommand({ id: "1", method: "get", uri: "/things", type: "application/x-thing+json" });
  expectTypeOf(other.resource).toEqualTypeOf<{ [k: string]: unknown } | undefined>();
  const ping = await client.sendCommand(commands.ping());
  expectTypeOf(ping.status).toEqualTypeOf<"success" | "failure">();

  // ---- Options: a key supplier, middleware, per-call headers. ----
  const rotating = createMessagingClient({ baseUrl: "https://x.example", accessKey: async () => "k" });
  rotating.use({ onRequest: ({ request }) => request, onResponse: ({ response }) => response, onError: ({ error }) => void error }).use({});
  await rotating.sendMessage({ to: "a@b.c", type: "text/plain", content: "hi" }, { headers: { "X-Trace": "1" }, signal: AbortSignal.timeout(1000) });
  // @ts-expect-error the key supplier gives a string
  createMessagingClient({ baseUrl: "https://x.example", accessKey: () => 42 });
}

// ---- Narrowing in onMessage: `switch (message.type)` gives each known type its content. ----
createWebhookHandler({
  client,
  onMessage(message, { reply }) {
    expectTypeOf(message).toEqualTypeOf<ReceivedMessage>();
    switch (message.type) {
      case "text/plain":
        expectTypeOf(message.content).toEqualTypeOf<PlainText>();
        return reply({ type: "text/plain", content: message.content.toUpperCase() });
      case "application/vnd.lime.select+json":
        expectTypeOf(message.content).toEqualTypeOf<Select>();
        return message.content.options?.[0]?.order;
      case "application/vnd.lime.chatstate+json":
        expectTypeOf(message.content).toEqualTypeOf<ChatState>();
        return message.content.state;
      case "application/vnd.lime.collection+json":
      case "application/vnd.lime.container+json":
      case "application/vnd.lime.media-link+json":
        return message.type;
      default: {
        // Another media type: a string at run time, content a string or an object.
        const type: string = message.type;
        expectTypeOf(message.content).toEqualTypeOf<string | { [k: string]: unknown }>();
        return type;
      }
    }
  },
  onNotification(notification) {
    if (notification.event === "failed") expectTypeOf(notification.reason).toMatchTypeOf<{ code: number } | undefined>();
  },
})
  // Receivers by media type are typed by it; by predicate or event, they get the received union.
  .onMessage({ type: "application/vnd.lime.select+json" }, (message) => {
    expectTypeOf(message.content).toEqualTypeOf<Select>();
  })
  .onMessage({ type: "application/x-custom" }, (message) => {
    expectTypeOf(message).toEqualTypeOf<ReceivedMessage>();
  })
  .onMessage((message) => message.type === "text/plain", (_message, { reply }) => reply({ type: "text/plain", content: "ok" }))
  .onNotification({ event: "failed" }, (notification) => notification.reason?.code)
  // @ts-expect-error not a notification event
  .onNotification({ event: "read" }, () => {});
