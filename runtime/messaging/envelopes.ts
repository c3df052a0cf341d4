/** Envelopes a bot builds from one it received: replies and delivery notifications; and command-response checks. */
import { CommandFailedError, type Reason } from "../client/errors.js";
import { newMessageId } from "./ids.js";

export type { Reason };

/** What `reply` sends: `type` and `content`, and `id` (default a new UUID; `null` for none, as for chat states). */
export interface ReplyContent<T extends string = string, C = unknown> {
  type: T;
  content: C;
  id?: string | null | undefined;
}

/** The message `reply` builds. */
export type ReplyMessage<T extends string = string, C = unknown> = {
  id?: string;
  to: string;
  type: T;
  content: C;
};

/**
 * A message answering `received`: its `from`, unchanged (instance included), as `to`. `id` defaults to a new UUID;
 * pass `id: null` for no id (the originator then gets no notifications, as recommended for chat states). Throws a
 * `TypeError` when `received` has no `from`.
 *
 * `T` is a `const` type parameter: the media type stays the literal written (`"text/plain"`, not `string`) even
 * inline in `client.sendMessage(reply(received, { type, content }))`, so the client checks `content` against it
 * (`NoInfer` in the result: the call's own arguments decide `T` and `C`, not what the client accepts).
 */
export function reply<const T extends string, C>(
  received: { readonly from?: unknown },
  message: ReplyContent<T, C>,
): ReplyMessage<NoInfer<T>, NoInfer<C>> {
  const to = received?.from;
  if (typeof to !== "string" || to === "")
    throw new TypeError("reply: the received message has no `from` address to answer");
  const id = message.id === undefined ? newMessageId() : message.id;
  return id === null
    ? { to, type: message.type, content: message.content }
    : { id, to, type: message.type, content: message.content };
}

/** A delivery notification about a received envelope (a type alias, not an interface, so it fits open envelope types). */
export type NotificationFor<E extends string = string> = {
  id: string;
  from?: string;
  event: E;
  reason?: Reason;
};

/** What a notification is built from: the received envelope's `id` and `from`. */
export interface Received {
  readonly id?: unknown;
  readonly from?: unknown;
}

/**
 * `{ from: string }` when the received envelope surely has a `from` (an `InboundMessage`, whose `from` is
 * required), so the notification is an `OutboundNotification` (`id`, `event` and `from` required) by its type.
 */
export type FromOf<R> = R extends { readonly from: string } ? { from: string } : unknown;

/**
 * The notification of `event` about a received envelope: its `id`, its originator's address in `from`, and
 * `reason` when given (`reason.code` must then be an integer). Throws a `TypeError` when the envelope has no `id`
 * (its originator wants no notifications). The webhook handler builds its acknowledgements with this, with the
 * event names of the descriptor.
 */
export function notificationFor<E extends string, R extends Received = Received>(
  received: R,
  event: E,
  reason?: Reason,
): NotificationFor<E> & FromOf<R> {
  if (reason !== undefined && !Number.isInteger(reason?.code))
    throw new TypeError(`${event} notification: \`reason.code\` must be an integer`);
  const id = received?.id;
  if (typeof id !== "string" || id === "")
    throw new TypeError(
      `${event} notification: the received message has no \`id\` (its originator wants no notifications)`,
    );
  // `from` before `event`, as the seed's examples write it.
  const from = received.from;
  const notification: NotificationFor<E> = typeof from === "string" ? { id, from, event } : { id, event };
  if (reason !== undefined) notification.reason = reason;
  return notification as NotificationFor<E> & FromOf<R>;
}

/** The `consumed` notification for a received message: its `id`, its originator's address in `from`. */
export function consumedNotification<R extends Received>(received: R): NotificationFor<"consumed"> & FromOf<R> {
  return notificationFor(received, "consumed");
}

/** The `failed` notification for a received message, with the mandatory `reason` (`code` an integer). */
export function failedNotification<R extends Received>(
  received: R,
  reason: Reason,
): NotificationFor<"failed"> & { reason: Reason } & FromOf<R> {
  if (!Number.isInteger(reason?.code)) throw new TypeError("failed notification: `reason.code` must be an integer");
  return notificationFor(received, "failed", reason) as NotificationFor<"failed"> & { reason: Reason } & FromOf<R>;
}

/**
 * Returns a command response whose `status` is `success`; throws `CommandFailedError` (with `reason` and `code`)
 * for any other. One line: `const account = assertSuccess(await client.sendCommand(commands.account()));`
 */
export function assertSuccess<R extends { readonly status?: unknown }>(response: R): R & { status: "success" } {
  if (response?.status === "success") return response as R & { status: "success" };
  throw new CommandFailedError(response);
}
