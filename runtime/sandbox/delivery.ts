import type { Message, Notification } from "../../generated/types.js";
import {
  now,
  type InboundDelivery,
  type SentMessage,
  type StateStore,
  type WebhookDelivery,
  type WebhookOutcome,
} from "./state.js";

/** Reason of the `failed` notification of a message to a failing recipient: the seed's sample, 42. */
export const DESTINATION_NOT_FOUND = Object.freeze({ code: 42, description: "Destination not found" });

export interface DeliveryOptions {
  store: StateStore;
  /** The bot's node address (`to` of every notification the sandbox sends). */
  bot: string;
  /** The service's postmaster address (`from` of `accepted`, `dispatched` and `failed`). */
  postmaster: string;
  messagesWebhook: string | undefined;
  notificationsWebhook: string | undefined;
  notifyTimeoutMs: number;
  webhookTimeoutMs: number;
  /** Recipients (`to` of a message the bot sends) that get `failed` with reason 42. */
  failRecipients: RegExp;
}

/**
 * The sandbox's side of delivery: notifications about the bot's messages, POSTed to the notifications webhook in
 * the seed's order, and customer messages POSTed to the messages webhook with the bot's `consumed` / `failed`
 * awaited for `notifyTimeoutMs`.
 */
export class Delivery {
  readonly #options: DeliveryOptions;
  readonly #abort = new AbortController();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #inFlight = new Set<Promise<unknown>>();
  /** Customer messages delivered to the bot, by id. */
  readonly #delivered = new Map<string, { entry: InboundDelivery; timer?: NodeJS.Timeout }>();
  /** Notification POSTs go one after the other, so the bot receives them in the seed's order. */
  #chain: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(options: DeliveryOptions) {
    this.#options = options;
  }

  get #store(): StateStore {
    return this.#options.store;
  }

  /** Keeps track of a promise so `idle()` and `close()` can wait for it. */
  #track<T>(promise: Promise<T>): Promise<T> {
    this.#inFlight.add(promise);
    const done = () => this.#inFlight.delete(promise);
    promise.then(done, done);
    return promise;
  }

  /** POSTs an envelope to a webhook; never rejects. Error statuses and missing answers are recorded as violations. */
  async #post(
    url: string,
    envelope: Message | Notification,
    which: "messages" | "notifications",
  ): Promise<WebhookOutcome> {
    const signal = AbortSignal.any([this.#abort.signal, AbortSignal.timeout(this.#options.webhookTimeoutMs)]);
    const id = typeof envelope.id === "string" ? envelope.id : undefined;
    try {
      // Redirects are not followed: a 3xx is the bot's answer (the seed does not show the expected answer). The URL is
      // fetched as given, so a secret in its query reaches the bot (docs/webhooks.md#authenticating-the-service).
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(envelope),
        signal,
        redirect: "manual",
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status >= 400) {
        this.#store.violation("webhook-error-status", `the ${which} webhook answered HTTP ${response.status}`, id);
      }
      return { status: response.status };
    } catch (caught) {
      const reason = this.#abort.signal.aborted
        ? "the sandbox closed"
        : signal.aborted
          ? `no answer within ${this.#options.webhookTimeoutMs} ms`
          : describeNetworkError(caught);
      if (!this.#abort.signal.aborted)
        this.#store.violation("webhook-unreachable", `the ${which} webhook could not be reached: ${reason}`, id);
      return { error: reason };
    }
  }

  /** Sends a notification to the bot's notifications webhook (queued behind the earlier ones). */
  #notify(notification: Notification): void {
    const url = this.#options.notificationsWebhook ?? null;
    const entry: WebhookDelivery<Notification> = { at: now(), url, envelope: notification };
    this.#store.state.received.notifications.push(entry);
    this.#store.changed();
    if (url === null) {
      entry.outcome = { skipped: "no webhook configured" };
      this.#store.changed();
      return;
    }
    const run = async () => {
      if (this.#closed) return;
      entry.outcome = await this.#post(url, notification, "notifications");
      this.#store.changed();
    };
    this.#chain = this.#track(this.#chain.then(run));
  }

  /**
   * A message the bot sent was accepted: records it and queues its notifications. With an `id`: `accepted`,
   * `dispatched` (from the postmaster), `received`, `consumed` (from the recipient); to a failing recipient,
   * `accepted` then `failed` with reason 42. Without an `id`: none (the seed: no notifications, even on failure).
   */
  messageSent(message: Message, via: SentMessage["via"]): SentMessage {
    const id = message.id;
    const fails = this.#options.failRecipients.test(message.to);
    const sent: SentMessage = {
      at: now(),
      message,
      via,
      outcome: id === undefined ? "no id" : fails ? "failed" : "delivered",
    };
    this.#store.state.sent.messages.push(sent);
    this.#store.changed();
    if (id === undefined) return sent;
    const { bot, postmaster } = this.#options;
    this.#notify({ id, from: postmaster, to: bot, event: "accepted" });
    if (fails) {
      this.#notify({ id, from: postmaster, to: bot, event: "failed", reason: { ...DESTINATION_NOT_FOUND } });
      return sent;
    }
    this.#notify({ id, from: postmaster, to: bot, event: "dispatched" });
    this.#notify({ id, from: message.to, to: bot, event: "received" });
    this.#notify({ id, from: message.to, to: bot, event: "consumed" });
    return sent;
  }

  /** True when a messages webhook is configured. */
  get canDeliverInbound(): boolean {
    return this.#options.messagesWebhook !== undefined;
  }

  /** The webhook URLs in use. */
  get webhooks(): { messages: string | undefined; notifications: string | undefined } {
    return { messages: this.#options.messagesWebhook, notifications: this.#options.notificationsWebhook };
  }

  /** Points the sandbox at the bot's webhooks (a bot on an ephemeral port is known only once it listens). */
  setWebhooks(webhooks: { messages?: string | undefined; notifications?: string | undefined }): void {
    if ("messages" in webhooks) this.#options.messagesWebhook = webhooks.messages;
    if ("notifications" in webhooks) this.#options.notificationsWebhook = webhooks.notifications;
  }

  /**
   * Delivers a customer message to the bot's messages webhook and starts waiting for its `consumed` or `failed`
   * notification. Resolves when the bot answered the webhook call (or did not).
   */
  deliverInbound(message: Message): Promise<InboundDelivery> {
    const url = this.#options.messagesWebhook ?? null;
    const entry: InboundDelivery = { at: now(), url, envelope: message };
    this.#store.state.received.messages.push(entry);
    this.#store.changed();
    if (url === null) {
      entry.outcome = { skipped: "no webhook configured" };
      return Promise.resolve(entry);
    }
    const id = message.id;
    if (id !== undefined) {
      const record: { entry: InboundDelivery; timer?: NodeJS.Timeout } = { entry };
      this.#delivered.set(id, record);
      const timeoutMs = this.#options.notifyTimeoutMs;
      record.timer = this.#timer(() => {
        record.timer = undefined;
        if (entry.acknowledgedWith === undefined) {
          this.#store.violation(
            "missing-notification",
            `the bot sent neither consumed nor failed for a delivered message within ${timeoutMs} ms (the seed: for each processed message the bot must send a consumed notification, on problems a failed notification)`,
            id,
          );
        }
      }, timeoutMs);
    }
    return this.#track(
      (async () => {
        entry.outcome = await this.#post(url, message, "messages");
        // The bot never got the message (already a violation): no acknowledgement is awaited.
        const record = id === undefined ? undefined : this.#delivered.get(id);
        if ("error" in entry.outcome && record?.entry === entry && record.timer !== undefined) {
          clearTimeout(record.timer);
          this.#timers.delete(record.timer);
          record.timer = undefined;
        }
        this.#store.changed();
        return entry;
      })(),
    );
  }

  /**
   * A notification the bot sent: marks the delivered message it names as acknowledged (`consumed` or `failed`).
   * Returns whether its `id` names a delivered message. A `from` that is not the message's originator is a violation.
   */
  notificationReceived(notification: Notification): boolean {
    const id = notification.id;
    const record = id === undefined ? undefined : this.#delivered.get(id);
    if (record === undefined) return false;
    const originator = record.entry.envelope.from;
    if (notification.from !== undefined && originator !== undefined && notification.from !== originator) {
      this.#store.violation(
        "notification-from-mismatch",
        `a ${notification.event} notification about a delivered message carries a from that is not the message's originator (the seed: the message originator's address in from)`,
        id,
      );
    }
    if (
      (notification.event === "consumed" || notification.event === "failed") &&
      record.entry.acknowledgedWith === undefined
    ) {
      record.entry.acknowledgedWith = notification.event;
      if (record.timer !== undefined) {
        clearTimeout(record.timer);
        this.#timers.delete(record.timer);
        record.timer = undefined;
      }
      this.#store.changed();
    }
    return true;
  }

  #timer(run: () => void, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      run();
    }, ms);
    this.#timers.add(timer);
    return timer;
  }

  /** Resolves when no webhook POST is in flight or queued. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Forgets delivered messages and pending acknowledgement timers (state reset). */
  reset(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#delivered.clear();
  }

  /** Cancels timers and in-flight webhook POSTs. */
  async close(): Promise<void> {
    this.#closed = true;
    this.reset();
    this.#abort.abort();
    await this.idle();
  }
}

function describeNetworkError(caught: unknown): string {
  const cause = caught instanceof Error ? (caught.cause as { code?: unknown } | undefined) : undefined;
  if (cause !== undefined && typeof cause?.code === "string") return cause.code;
  return caught instanceof Error ? caught.name : "network error";
}
