import type {
  Command,
  CommandResponse,
  Config,
  DistributionList,
  EventTrack,
  Message,
  Notification,
  OutboundNotification,
} from "../../generated/types.js";
import type { ValidationError } from "../validation/result.js";

/**
 * What the sandbox saw and did, kept in memory. Every entry carries `at`, an ISO 8601 timestamp. The whole state is
 * plain JSON: `GET /_sandbox/state` answers `sandbox.state()`.
 */

/** Outcome of one POST the sandbox made to a bot webhook. */
export type WebhookOutcome =
  /** The bot answered; `status` is its HTTP status. */
  | { status: number }
  /** No answer: connection refused, timeout, ... (`error` is a short description, never a body). */
  | { error: string }
  /** No webhook URL configured: the envelope was only recorded. */
  | { skipped: "no webhook configured" };

/** A message the bot sent (`POST /messages`, or a schedule that fired). */
export interface SentMessage {
  at: string;
  message: Message;
  /** `"schedule"` when a schedule of the scheduler extension sent it. */
  via: "POST /messages" | "schedule";
  /** Delivery simulated for the recipient: `delivered` (accepted → consumed), `failed` (reason 42), or `no id` (no notifications). */
  outcome: "delivered" | "failed" | "no id";
}

/** A notification the bot sent with `POST /notifications`. */
export interface SentNotification {
  at: string;
  notification: OutboundNotification;
  /** Whether its `id` names a message the sandbox delivered to the bot's messages webhook. */
  matchesDelivered: boolean;
}

/** A command the bot sent with `POST /commands`, and the response envelope the sandbox answered. */
export interface CommandExchange {
  at: string;
  command: Command;
  response: CommandResponse;
}

/** An envelope the sandbox POSTed to one of the bot's webhooks. */
export interface WebhookDelivery<E> {
  at: string;
  url: string | null;
  envelope: E;
  /** Undefined while the POST is in flight. */
  outcome?: WebhookOutcome;
}

/**
 * A customer message delivered to the bot's messages webhook, and how the bot acknowledged it. A message delivered
 * again (same `id`: `redeliver`, `redeliverAfterMs`, or `POST /_sandbox/inbound` with a known id) stays one entry:
 * `outcome` and `at` are its latest delivery's.
 */
export interface InboundDelivery extends WebhookDelivery<Message> {
  /** How many times it was POSTed to the bot: 1, plus one per redelivery. */
  deliveries: number;
  /** The `consumed` or `failed` notification the bot sent for it, once it did (the first, if it sent more). */
  acknowledgedWith?: "consumed" | "failed";
}

/** A schedule of the scheduler extension. */
export interface ScheduleEntry {
  at: string;
  schedule: { message: Message; when: string; name?: string };
  state: "pending" | "fired" | "cancelled";
}

/** A configuration accepted by `POST /v1/configs`; secret fields are replaced with "[REDACTED]". */
export interface StoredConfig {
  at: string;
  id: string;
  config: Config;
}

/** A request the sandbox refused (400, 401, 404, 405, 413, 429). `errors` never quote the payload. */
export interface RejectedRequest {
  at: string;
  method: string;
  path: string;
  status: number;
  errors: ValidationError[];
}

/** Kinds of contract violation the sandbox records. */
export type ViolationKind =
  /** The bot sent neither `consumed` nor `failed` for a delivered message within the notify timeout (the seed's rule for HTTP bots). */
  | "missing-notification"
  /** The bot answered a webhook call with an error status (4xx or 5xx). */
  | "webhook-error-status"
  /** The bot's webhook did not answer (refused, reset, timed out). */
  | "webhook-unreachable"
  /** A notification about a delivered message whose `from` is not the message's originator (the seed: "the message originator's address in `from`"). */
  | "notification-from-mismatch"
  /** A second `consumed` or `failed` for one delivered message: it was handled twice (a redelivery run again, or confirmed twice). */
  | "handled-twice";

export interface Violation {
  at: string;
  kind: ViolationKind;
  /** The id of the message concerned, when there is one. */
  messageId?: string;
  /** Plain words; never quotes message content. */
  detail: string;
}

/** Everything the sandbox recorded, as JSON. */
export interface SandboxState {
  /** What the bot sent: messages (and fired schedules), notifications, commands with their responses. */
  sent: { messages: SentMessage[]; notifications: SentNotification[]; commands: CommandExchange[] };
  /** What the sandbox POSTed to the bot: customer messages and delivery notifications. */
  received: { messages: InboundDelivery[]; notifications: WebhookDelivery<Notification>[] };
  /** Schedules of the scheduler extension. */
  scheduled: ScheduleEntry[];
  /** Distribution lists of the broadcast lists extension. */
  lists: DistributionList[];
  /** Events recorded by the event tracking extension. */
  eventTracks: { at: string; event: EventTrack }[];
  /** Configurations accepted by `POST /v1/configs` (secrets redacted). */
  configs: StoredConfig[];
  /** Requests the sandbox refused. */
  rejected: RejectedRequest[];
  /** Contract violations of the bot. */
  violations: Violation[];
  /**
   * How many entries each history list above ever received (an entry dropped past `historyLimit` stays counted),
   * and how many redeliveries there were.
   */
  counts: SandboxCounts;
}

/** Totals of what the sandbox recorded, kept when the oldest entries of a history list are dropped. */
export interface SandboxCounts {
  sentMessages: number;
  sentNotifications: number;
  sentCommands: number;
  /** Distinct customer messages delivered (a redelivery counts in `redeliveries`). */
  receivedMessages: number;
  receivedNotifications: number;
  redeliveries: number;
  eventTracks: number;
  rejected: number;
  violations: number;
}

/** The history lists, by their count's name. */
interface Histories {
  sentMessages: SentMessage;
  sentNotifications: SentNotification;
  sentCommands: CommandExchange;
  receivedMessages: InboundDelivery;
  receivedNotifications: WebhookDelivery<Notification>;
  eventTracks: SandboxState["eventTracks"][number];
  rejected: RejectedRequest;
  violations: Violation;
}

/** Entries each history list keeps when `historyLimit` does not say: the oldest is dropped first. */
export const DEFAULT_HISTORY_LIMIT = 10_000;

export function now(): string {
  return new Date().toISOString();
}

/** The state, plus change listeners for `waitFor`. */
export class StateStore {
  state: SandboxState = StateStore.empty();
  /** Entries kept per history list (sent, received, eventTracks, rejected, violations). */
  readonly historyLimit: number;
  readonly #listeners = new Set<() => void>();
  /** Called with each violation as it is recorded. */
  onViolation: ((violation: Violation) => void) | undefined;

  constructor(historyLimit: number = DEFAULT_HISTORY_LIMIT) {
    this.historyLimit = historyLimit;
  }

  static empty(): SandboxState {
    return {
      sent: { messages: [], notifications: [], commands: [] },
      received: { messages: [], notifications: [] },
      scheduled: [],
      lists: [],
      eventTracks: [],
      configs: [],
      rejected: [],
      violations: [],
      counts: {
        sentMessages: 0,
        sentNotifications: 0,
        sentCommands: 0,
        receivedMessages: 0,
        receivedNotifications: 0,
        redeliveries: 0,
        eventTracks: 0,
        rejected: 0,
        violations: 0,
      },
    };
  }

  /** Appends an entry to a history list and counts it; past `historyLimit` entries the oldest is dropped. */
  add<K extends keyof Histories>(name: K, entry: Histories[K]): void {
    const { state } = this;
    const lists: { [Name in keyof Histories]: Histories[Name][] } = {
      sentMessages: state.sent.messages,
      sentNotifications: state.sent.notifications,
      sentCommands: state.sent.commands,
      receivedMessages: state.received.messages,
      receivedNotifications: state.received.notifications,
      eventTracks: state.eventTracks,
      rejected: state.rejected,
      violations: state.violations,
    };
    const list = lists[name];
    list.push(entry);
    if (list.length > this.historyLimit) list.shift();
    state.counts[name]++;
  }

  /** Call after every change. */
  changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  violation(kind: ViolationKind, detail: string, messageId?: string): void {
    const violation: Violation = { at: now(), kind, ...(messageId === undefined ? {} : { messageId }), detail };
    this.add("violations", violation);
    this.changed();
    this.onViolation?.(violation);
  }

  /** A deep copy: plain JSON, safe to hand out. */
  snapshot(): SandboxState {
    return structuredClone(this.state);
  }
}
