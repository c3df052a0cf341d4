/**
 * The receivers of a webhook handler (webhook.ts): which webhook a payload is, and who receives it. A receiver is
 * registered with a filter (`handler.on(name, filter, receiver)`); the handler option of the webhook's name receives
 * what no registered receiver's filter matches.
 */
import type { WebhookDescriptor } from "./descriptor.js";

/** A receiver of a webhook's payloads (a handler option, or one registered with `on`). */
export type Receiver = (payload: unknown, context?: unknown) => unknown;

/** Which webhook a payload is, and the registry of receivers. */
export interface Receivers {
  /** The webhook of a payload: the first whose `match.required` fields it all has (own properties), else the one without `match`. */
  webhookOf(data: unknown): WebhookDescriptor | undefined;
  /** What a payload no webhook takes is told: "must be a message or a notification envelope". */
  readonly noneTakes: string;
  /** The receivers of a payload: every registered one whose filter matches, in order, else the handler option (if any). */
  of(webhook: WebhookDescriptor, payload: Record<string, unknown>): Receiver[];
  /** Registers `receiver` for the payloads of handler `name` that `filter` takes; a `TypeError` for a wrong argument. */
  register(name: string, filter: unknown, receiver: unknown): void;
}

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** "a message or a notification": the kinds the webhooks accept, for the 400 of a payload none of them takes. */
const kindsAccepted = (webhooks: readonly WebhookDescriptor[]) =>
  webhooks.map((webhook) => `${/^[aeiou]/i.test(webhook.schema) ? "an" : "a"} ${webhook.schema}`).join(" or ");

/**
 * The receivers of the webhooks of API `api`; `options` holds the handler options (`onMessage`, …), read when a
 * payload arrives.
 */
export function createReceivers(
  api: string,
  webhooks: readonly WebhookDescriptor[],
  options: Readonly<Record<string, unknown>>,
): Receivers {
  const matching = webhooks.filter((webhook) => webhook.match !== null);
  const fallback = webhooks.find((webhook) => webhook.match === null);
  // Receivers registered with a filter, per webhook handler name, in registration order.
  const registered = new Map<string, { accepts: (payload: Record<string, unknown>) => boolean; receive: Receiver }[]>(
    webhooks.map((webhook) => [webhook.handler, []]),
  );
  return {
    webhookOf(data) {
      if (!isJsonObject(data)) return undefined;
      for (const webhook of matching)
        if (webhook.match?.required.every((field) => Object.hasOwn(data, field))) return webhook;
      return fallback;
    },
    noneTakes: `must be ${kindsAccepted(webhooks)} envelope`,
    of(webhook, payload) {
      const chosen = (registered.get(webhook.handler) ?? [])
        .filter((receiver) => receiver.accepts(payload))
        .map((receiver) => receiver.receive);
      if (chosen.length > 0) return chosen;
      const option = options[webhook.handler];
      return typeof option === "function" ? [option as Receiver] : [];
    },
    register(name, filter, receiver) {
      const list = registered.get(name);
      if (list === undefined)
        throw new TypeError(
          `on: ${api} has no webhook handler ${String(name)}; expected ${webhooks.map((webhook) => webhook.handler).join(" or ")}`,
        );
      if (typeof receiver !== "function") throw new TypeError(`${name}: the receiver must be a function`);
      let accepts: (payload: Record<string, unknown>) => boolean;
      if (typeof filter === "function") {
        accepts = (payload) => (filter as (payload: unknown) => unknown)(payload) === true;
      } else if (isJsonObject(filter)) {
        const expected = Object.entries(filter);
        accepts = (payload) =>
          expected.every(([field, value]) => Object.hasOwn(payload, field) && payload[field] === value);
      } else {
        throw new TypeError(`${name}: the filter must be an object of field values or a predicate`);
      }
      list.push({ accepts, receive: receiver as Receiver });
    },
  };
}
