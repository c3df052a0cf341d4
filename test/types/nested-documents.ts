/**
 * Type tests of documents inside documents (a container or a collection in a message, in a container, in a
 * collection), checked by `tsc -p tsconfig.json` (`npm run typecheck`); nothing here runs. Each `@ts-expect-error`
 * line must fail to compile, and each `expectTypeOf` must hold.
 */
import { expectTypeOf } from "vitest";
import { createWebhookHandler, type MessagingClient, type OtherMediaType } from "../../generated/messaging/index.js";
import type {
  ChatState,
  Collection,
  Container,
  ContentByType,
  ItemsByType,
  KnownCollection,
  KnownContainer,
  KnownMessage,
  MediaLink,
  Message,
  PlainText,
  Select,
  ValueByType,
} from "../../generated/messaging/types.js";

declare const client: MessagingClient;
const to = "5531988887777@sms.example.net";
const CONTAINER = "application/vnd.lime.container+json";
const COLLECTION = "application/vnd.lime.collection+json";

// ---- The generics: `Collection<T>` types `items` from `itemType` as `Container<T>` types `value` from `type`. ----
expectTypeOf<Collection<"text/plain">["items"]>().toEqualTypeOf<string[] | undefined>();
expectTypeOf<Collection<"application/vnd.lime.select+json">["items"]>().toEqualTypeOf<Select[] | undefined>();
expectTypeOf<Container<"application/vnd.lime.media-link+json">["value"]>().toEqualTypeOf<MediaLink | undefined>();
// Another media type: the open document the schema allows (any item, any value).
expectTypeOf<Collection<"image/png">["items"]>().toEqualTypeOf<unknown[] | undefined>();
expectTypeOf<Container<"image/png">["value"]>().toEqualTypeOf<unknown>();
expectTypeOf<Collection<OtherMediaType>["items"]>().toEqualTypeOf<unknown[] | undefined>();
// The known forms, one per media type of the map.
expectTypeOf<Extract<KnownCollection, { itemType?: "text/plain" }>>().toEqualTypeOf<Collection<"text/plain">>();
expectTypeOf<Extract<KnownContainer, { type?: "application/vnd.lime.chatstate+json" }>>().toEqualTypeOf<Container<"application/vnd.lime.chatstate+json">>();
expectTypeOf<KnownCollection["itemType"]>().toEqualTypeOf<keyof ItemsByType | undefined>();
// Every map puts a container or a collection as its known forms and its open form, so that it narrows where it sits.
expectTypeOf<ContentByType[typeof CONTAINER]>().toEqualTypeOf<KnownContainer | Container<OtherMediaType>>();
expectTypeOf<ValueByType[typeof COLLECTION]>().toEqualTypeOf<KnownCollection | Collection<OtherMediaType>>();
expectTypeOf<ItemsByType[typeof CONTAINER]>().toEqualTypeOf<KnownContainer | Container<OtherMediaType>>();

// ---- A container in a message: `switch (message.content.type)` narrows `value`. ----
export function describeContainer(message: KnownMessage): string | undefined {
  switch (message.type) {
    case CONTAINER:
      switch (message.content.type) {
        case "application/vnd.lime.select+json":
          expectTypeOf(message.content.value).toEqualTypeOf<Select | undefined>();
          return message.content.value?.options?.map((option) => option.text).join(", ");
        case "text/plain":
          expectTypeOf(message.content.value).toEqualTypeOf<PlainText | undefined>();
          return message.content.value?.toUpperCase();
        case "application/vnd.lime.chatstate+json":
          expectTypeOf(message.content.value).toEqualTypeOf<ChatState | undefined>();
          return message.content.value?.state;
        case "application/vnd.lime.media-link+json":
        case COLLECTION:
        case CONTAINER:
        case undefined:
          return message.content.type;
        default: {
          // Another media type: the open container, its value anything.
          expectTypeOf(message.content).toEqualTypeOf<Container<OtherMediaType>>();
          expectTypeOf(message.content.value).toEqualTypeOf<unknown>();
          const type: string = message.content.type;
          return type;
        }
      }
    case COLLECTION:
      if (message.content.itemType === "text/plain") {
        expectTypeOf(message.content.items).toEqualTypeOf<string[] | undefined>();
        return message.content.items?.join("\n");
      }
      return undefined;
    default:
      return undefined;
  }
}

// ---- Recursion: a container of a collection of containers, written and read. ----
export const nested: Message<typeof CONTAINER> = {
  to,
  type: CONTAINER,
  content: {
    type: COLLECTION,
    value: {
      itemType: CONTAINER,
      items: [
        { type: "text/plain", value: "Order A-1001: shipped" },
        { type: "application/vnd.lime.chatstate+json", value: { state: "composing" } },
        { type: COLLECTION, value: { itemType: "text/plain", items: ["deeper"] } },
      ],
    },
  },
};

export function innermostTexts(message: KnownMessage): string[] {
  if (message.type !== CONTAINER || message.content.type !== COLLECTION) return [];
  const collection = message.content.value;
  if (collection?.itemType !== CONTAINER) return [];
  expectTypeOf(collection.items).toEqualTypeOf<(KnownContainer | Container<OtherMediaType>)[] | undefined>();
  return (collection.items ?? []).flatMap((item) => (item.type === "text/plain" && item.value !== undefined ? [item.value] : []));
}

// ---- A document of the wrong type, at any depth, is an error. ----
// @ts-expect-error the items of a text/plain collection are strings
export const numbers: Message<typeof COLLECTION> = { to, type: COLLECTION, content: { itemType: "text/plain", items: [1, 2] } };
// @ts-expect-error a select container's value is the Select document, not a string
export const selectAsText: Message<typeof CONTAINER> = { to, type: CONTAINER, content: { type: "application/vnd.lime.select+json", value: "First" } };
// @ts-expect-error `typing` is not a chat state, three levels down
export const deepTyping: ValueByType[typeof COLLECTION] = { itemType: CONTAINER, items: [{ type: "application/vnd.lime.chatstate+json", value: { state: "typing" } }] };
// @ts-expect-error select options carry an integer order, inside a collection of selects
export const selectItems: Collection<"application/vnd.lime.select+json"> = { itemType: "application/vnd.lime.select+json", items: [{ options: [{ order: "1" }] }] };

export async function sends(): Promise<void> {
  // The client checks the nested documents too.
  await client.sendMessage({ to, type: CONTAINER, content: { type: "text/plain", value: "hi" } });
  await client.sendMessage({ to, type: COLLECTION, content: { itemType: "application/vnd.lime.select+json", items: [{ text: "Pick", options: [{ order: 1, text: "One" }] }] } });
  // @ts-expect-error a text/plain container holds a string
  await client.sendMessage({ to, type: CONTAINER, content: { type: "text/plain", value: { text: "hi" } } });
  // Another media type inside a container is written through `OtherMediaType` (a string at run time).
  const type: string = "application/vnd.example.location+json";
  await client.sendMessage({ to, type: CONTAINER, content: { type: type as OtherMediaType, value: { latitude: -23.5 } } });
}

// ---- The webhook handler's receivers get the same narrowing. ----
createWebhookHandler({
  client,
  onMessage(message) {
    if (message.type === CONTAINER && message.content.type === "application/vnd.lime.select+json") {
      expectTypeOf(message.content.value).toEqualTypeOf<Select | undefined>();
      return message.content.value?.options?.[0]?.order;
    }
    if (message.type === COLLECTION && message.content.itemType === CONTAINER) {
      for (const item of message.content.items ?? []) if (item.type === "text/plain") expectTypeOf(item.value).toEqualTypeOf<string | undefined>();
    }
    return undefined;
  },
}).onMessage({ type: COLLECTION }, (message) => {
  if (message.content.itemType === "text/plain") expectTypeOf(message.content.items).toEqualTypeOf<string[] | undefined>();
  // @ts-expect-error the items of a media-link collection are media links, not strings
  if (message.content.itemType === "application/vnd.lime.media-link+json") expectTypeOf(message.content.items).toEqualTypeOf<string[] | undefined>();
});
