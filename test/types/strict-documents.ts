/**
 * Type tests of the strict content documents (`StrictMessage`, the type of what `validate("message-strict")`
 * accepts), checked by `tsc -p tsconfig.json` (`npm run typecheck`); nothing here runs. Each `@ts-expect-error` line
 * must fail to compile.
 */
import { expectTypeOf } from "vitest";
import { isMessageStrict, type StrictMessage } from "../../generated/messaging/validators.js";
import type { Message } from "../../generated/messaging/types.js";

const to = "5531988887777@sms.example.net";

// The seed's documents are open: the typo compiles against Message.
export const open: Message<"application/vnd.lime.media-link+json"> = { to, type: "application/vnd.lime.media-link+json", content: { type: "image/png", url: "https://cdn.example.net/a.png" } };

export const link: StrictMessage = { to, type: "application/vnd.lime.media-link+json", content: { type: "image/png", uri: "https://cdn.example.net/a.png" } };
// @ts-expect-error media-link `url` for `uri`
export const linkTypo: StrictMessage = { to, type: "application/vnd.lime.media-link+json", content: { type: "image/png", url: "https://cdn.example.net/a.png" } };
export const select: StrictMessage<"application/vnd.lime.select+json"> = { to, type: "application/vnd.lime.select+json", content: { text: "Pick", options: [{ order: 1, text: "Yes" }] } };
// @ts-expect-error a select option's `label` for `text`
export const selectTypo: StrictMessage<"application/vnd.lime.select+json"> = { to, type: "application/vnd.lime.select+json", content: { text: "Pick", options: [{ order: 1, label: "Yes" }] } };
export const collection: StrictMessage = { to, type: "application/vnd.lime.collection+json", content: { itemType: "application/vnd.lime.media-link+json", items: [{ uri: "https://cdn.example.net/a.png" }] } };
// @ts-expect-error a collection item's typo
export const collectionTypo: StrictMessage = { to, type: "application/vnd.lime.collection+json", content: { itemType: "application/vnd.lime.media-link+json", items: [{ url: "https://cdn.example.net/a.png" }] } };
// The envelope stays open, and so does a document of a media type no rule declares.
export const envelopeExtra: StrictMessage = { to, type: "text/plain", content: "hi", extra: 1 };
declare const other: Message<`${string}\u0000(another media type)`>;
export const otherType: StrictMessage = other;

export function narrows(data: unknown): void {
  if (isMessageStrict(data) && data.type === "application/vnd.lime.media-link+json") {
    expectTypeOf(data.content.uri).toEqualTypeOf<string | undefined>();
    // @ts-expect-error no index signature: an unlisted field is not there
    void data.content.url;
  }
}
