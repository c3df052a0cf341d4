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
  /** Deliver a message again when it is still unconfirmed this long after a delivery (`MAX_AUTOMATIC_REDELIVERIES` times at most); undefined: never. */
  redeliverAfterMs: number | undefined;
}

/** Redeliveries of one message that `redeliverAfterMs` makes at most. */
export const MAX_AUTOMATIC_REDELIVERIES = 5;

/** A customer message delivered to the bot, with its clocks. */
interface Delivered {
  entry: InboundDelivery;
  /** Records `missing-notification` when it fires. */
  timer?: NodeJS.Timeout | undefined;
  /** Delivers it again when it fires (`redeliverAfterMs`). */
  redeliverTimer?: NodeJS.Timeout | undefined;
  /** Redeliveries made by `redeliverAfterMs` so far. */
  automatic: number;
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
  /** Customer messages delivered to the bot, by id (the latest `historyLimit`). */
  readonly #delivered = new Map<string, Delivered>();
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
    this.#store.add("receivedNotifications", entry);
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
    this.#store.add("sentMessages", sent);
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
   * notification (and, with `redeliverAfterMs`, the clock of its redelivery). A message whose `id` was delivered
   * before is a redelivery: the same entry, `deliveries` counted up, its clocks started again unless it is confirmed.
   * Resolves when the bot answered the webhook call (or did not).
   */
  deliverInbound(message: Message): Promise<InboundDelivery> {
    const url = this.#options.messagesWebhook ?? null;
    const id = message.id;
    let record = id === undefined ? undefined : this.#delivered.get(id);
    let entry: InboundDelivery;
    if (record === undefined) {
      entry = { at: now(), url, envelope: message, deliveries: 1 };
      this.#store.add("receivedMessages", entry);
    } else {
      entry = record.entry;
      Object.assign(entry, { at: now(), url, envelope: message, deliveries: entry.deliveries + 1 });
      delete entry.outcome;
      this.#store.state.counts.redeliveries++;
    }
    this.#store.changed();
    if (url === null) {
      entry.outcome = { skipped: "no webhook configured" };
      return Promise.resolve(entry);
    }
    if (id !== undefined) {
      record ??= this.#remember(id, entry);
      if (entry.acknowledgedWith === undefined) this.#startClocks(id, record);
    }
    const delivered = record;
    return this.#track(
      (async () => {
        const outcome = await this.#post(url, message, "messages");
        entry.outcome = outcome;
        // The bot never got the message (already a violation): no acknowledgement is awaited (a redelivery may follow).
        if ("error" in outcome && delivered !== undefined) this.#stop(delivered, "timer");
        this.#store.changed();
        return entry;
      })(),
    );
  }

  /** Delivers a message delivered before again (by its `id`); undefined when no delivered message has that id. */
  redeliver(id: string): Promise<InboundDelivery> | undefined {
    const record = this.#delivered.get(id);
    return record === undefined ? undefined : this.deliverInbound(record.entry.envelope);
  }

  /** Keeps a delivered message by its id, forgetting the oldest past the history limit. */
  #remember(id: string, entry: InboundDelivery): Delivered {
    const record: Delivered = { entry, automatic: 0 };
    this.#delivered.set(id, record);
    if (this.#delivered.size > this.#store.historyLimit) {
      const [oldest] = this.#delivered.values();
      if (oldest !== undefined) {
        this.#stop(oldest, "timer");
        this.#stop(oldest, "redeliverTimer");
        this.#delivered.delete(oldest.entry.envelope.id as string);
      }
    }
    return record;
  }

  /** (Re)starts a delivered message's notify clock, and its redelivery clock with `redeliverAfterMs`. */
  #startClocks(id: string, record: Delivered): void {
    const timeoutMs = this.#options.notifyTimeoutMs;
    this.#stop(record, "timer");
    record.timer = this.#timer(() => {
      record.timer = undefined;
      if (record.entry.acknowledgedWith === undefined) {
        this.#store.violation(
          "missing-notification",
          `the bot sent neither consumed nor failed for a delivered message within ${timeoutMs} ms (the seed: for each processed message the bot must send a consumed notification, on problems a failed notification)`,
          id,
        );
      }
    }, timeoutMs);
    const redeliverAfterMs = this.#options.redeliverAfterMs;
    this.#stop(record, "redeliverTimer");
    if (redeliverAfterMs === undefined || record.automatic >= MAX_AUTOMATIC_REDELIVERIES) return;
    record.redeliverTimer = this.#timer(() => {
      record.redeliverTimer = undefined;
      if (record.entry.acknowledgedWith !== undefined || this.#closed) return;
      record.automatic++;
      void this.deliverInbound(record.entry.envelope);
    }, redeliverAfterMs);
  }

  /** Cancels one of a delivered message's clocks. */
  #stop(record: Delivered, clock: "timer" | "redeliverTimer"): void {
    const timer = record[clock];
    if (timer === undefined) return;
    clearTimeout(timer);
    this.#timers.delete(timer);
    record[clock] = undefined;
  }

  /**
   * A notification the bot sent: marks the delivered message it names as acknowledged (`consumed` or `failed`); a
   * second one is a `handled-twice` violation. Returns whether its `id` names a delivered message. A `from` that is
   * not the message's originator is a violation.
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
    if (notification.event === "consumed" || notification.event === "failed") {
      const first = record.entry.acknowledgedWith;
      if (first === undefined) {
        record.entry.acknowledgedWith = notification.event;
        this.#stop(record, "timer");
        this.#stop(record, "redeliverTimer");
        this.#store.changed();
      } else {
        this.#store.violation(
          "handled-twice",
          `the bot confirmed a delivered message twice (${first}, then ${notification.event}): a message, redelivered or not, is handled once and confirmed once`,
          id,
        );
      }
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
