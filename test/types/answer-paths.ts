/**
 * Type tests of every way a bot answers, each typed by media type: the webhook context's `reply`, the `reply()`
 * helper inline and through a variable, the command builders and the notification helpers. Checked by the
 * project's type check; nothing here runs. Each `@ts-expect-error` line must fail to compile.
 */
import { expectTypeOf } from "vitest";
import { commands, createWebhookHandler, type MessagingClient, type ReceivedMessage } from "../../generated/messaging/index.js";
import type { MediaLink } from "../../generated/messaging/types.js";
import { consumedNotification, failedNotification, notificationFor, reply } from "../../runtime/messaging/index.js";

declare const client: MessagingClient;
declare const received: ReceivedMessage;
const MEDIA_LINK = "application/vnd.lime.media-link+json";
const image: MediaLink = { type: "image/jpeg", uri: "https://example.com/a.jpg" };

export async function helperReply(): Promise<void> {
  // ---- `reply()` inline: the media type stays a literal, so the client checks the content. ----
  await client.sendMessage(reply(received, { type: MEDIA_LINK, content: image }));
  await client.sendMessage(reply(received, { type: "text/plain", content: "ok" }));
  await client.sendMessage(reply(received, { type: "application/x-custom", content: { any: "thing" } }));
  // @ts-expect-error a media-link is a document, not a string
  await client.sendMessage(reply(received, { type: MEDIA_LINK, content: "oops" }));
  // @ts-expect-error text/plain content is a string
  await client.sendMessage(reply(received, { type: "text/plain", content: 42 }));

  // ---- `reply()` through a variable. ----
  const answer = reply(received, { type: MEDIA_LINK, content: "oops" });
  expectTypeOf(answer.type).toEqualTypeOf<"application/vnd.lime.media-link+json">();
  // @ts-expect-error the variable keeps the literal media type: the content is checked when sent
  await client.sendMessage(answer);
}

// ---- The webhook context's `reply`: generic in the media type. ----
createWebhookHandler({
  client,
  async onMessage(_message, { reply: answer }) {
    await answer({ type: MEDIA_LINK, content: image });
    await answer({ type: "text/plain", content: "ok", id: null });
    await answer({ type: "application/x-custom", content: { any: "thing" } });
    // @ts-expect-error a media-link is a document, not a number
    await answer({ type: MEDIA_LINK, content: 42 });
    // @ts-expect-error text/plain content is a string
    await answer({ type: "text/plain", content: { text: "x" } });
  },
});

export async function builders(): Promise<void> {
  // ---- Command builders: the resource is the document of the command's media type. ----
  await client.sendCommand(commands.setList({ identity: "news@lists.example.net" }, { to: "postmaster@lists.example.net" }));
  // @ts-expect-error a distribution list's identity is a string
  commands.setList({ identity: 42 }, { to: "postmaster@lists.example.net" });

  // ---- Notification helpers: what `sendNotification` takes, `failed` with its reason. ----
  const inbound = received;
  await client.sendNotification(consumedNotification(inbound));
  await client.sendNotification(failedNotification(inbound, { code: 1, description: "no" }));
  // @ts-expect-error a failed notification needs its reason
  await client.sendNotification(notificationFor(inbound, "failed"));
  // @ts-expect-error `event` is one of the seed's events
  await client.sendNotification(notificationFor(inbound, "read"));
}
