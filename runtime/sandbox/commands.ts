import type {
  Command,
  CommandResponse,
  CommandResponseFields,
  DistributionList,
  EventTrack,
  Message,
  Reason,
} from "../../generated/types.js";
import { validate } from "../../generated/validators.js";
import type { Delivery } from "./delivery.js";
import { isObject } from "./http.js";
import { now, type ScheduleEntry, type StateStore } from "./state.js";

/**
 * Reason codes of failed commands. The seed shows no catalogue: 60 is its sample for an invalid list identifier;
 * the others are the sandbox's choice (listed in docs/sandbox.md#choices-where-the-seeds-are-silent).
 */
export const REASONS = Object.freeze({
  /** Seed sample (set /lists failure). Also used for get/delete of a list identifier that names no list. */
  invalidListIdentifier: { code: 60, description: "Invalid list identifier" },
  /** Sandbox's choice: a URI or a method the sandbox does not serve. */
  unsupported: { code: 1, description: "Not supported by the sandbox" },
  /** Sandbox's choice: get or delete of a schedule that does not exist. */
  notFound: { code: 2, description: "Resource not found (sandbox)" },
  /** Sandbox's choice: a resource without what the operation needs (a schedule without message or when). */
  invalidResource: { code: 3, description: "Invalid resource (sandbox)" },
}) satisfies Record<string, Reason>;

/** The path of a command URI, its first segment and the rest (decoded): `/lists/news%40b.example.net` → `/lists`, `news@b.example.net`. */
export function splitUri(uri: string): { base: string; rest: string | undefined } {
  const path = uri.split(/[?#]/, 1)[0] ?? "";
  const match = /^(\/[^/]*)(?:\/(.*))?$/.exec(path);
  if (match === null) return { base: path, rest: undefined };
  let rest = match[2];
  if (rest !== undefined) {
    try {
      rest = decodeURIComponent(rest);
    } catch {
      // an undecodable segment stays as written
    }
  }
  return { base: match[1] ?? path, rest: rest === "" ? undefined : rest };
}

const MAX_TIMER_MS = 2 ** 31 - 1;

export interface CommandsOptions {
  store: StateStore;
  delivery: Delivery;
  bot: string;
  postmaster: string;
}

type Answer = Pick<CommandResponse, "status" | "type" | "resource" | "reason" | "metadata">;

const success = (fields: Omit<Answer, "status"> = {}): Answer => ({ status: "success", ...fields });
const failure = (reason: Reason, description?: string): Answer => ({
  status: "failure",
  reason: { code: reason.code, description: description ?? reason.description },
});

/**
 * The server and the three extensions the seed lists, in memory: `/ping`, `/account`, distribution lists
 * (`/lists`), schedules (`/schedules`, which send their message at `when`) and event tracking (`/event-track`).
 * Commands are routed by `uri` only; extension names in `to` are never interpreted.
 */
export class CommandProcessor {
  readonly #options: CommandsOptions;
  readonly #lists = new Map<string, DistributionList>();
  readonly #schedules = new Map<string, { entry: ScheduleEntry; timer: NodeJS.Timeout | undefined }>();
  #scheduleCount = 0;

  constructor(options: CommandsOptions) {
    this.#options = options;
  }

  /** Answers a valid command request that is not `observe`. */
  handle(command: Command & { id: string; method: CommandResponse["method"] }): CommandResponse {
    const answer = this.#answer(command);
    const fields: CommandResponseFields & Answer = {
      id: command.id,
      from: command.to ?? this.#options.postmaster,
      to: command.from ?? this.#options.bot,
      method: command.method,
      ...answer,
    };
    // The rules between `method`, `status` and `resource` (`CommandResponseRules`) hold by the handlers: every
    // `failure` carries `reason`, every `get` success its resource.
    const response = fields as CommandResponse;
    this.#options.store.add("sentCommands", { at: now(), command, response });
    this.#options.store.changed();
    return response;
  }

  #answer(command: Command & { method: CommandResponse["method"] }): Answer {
    const { base, rest } = splitUri(command.uri);
    const resource = isObject(command.resource) ? command.resource : undefined;
    switch (base) {
      case "/ping":
        if (rest !== undefined || command.method !== "get") break;
        return success({ type: "application/vnd.lime.ping+json", resource: {} });
      case "/account":
        if (rest !== undefined || command.method !== "get") break;
        // The account fields are not shown in the seed: an illustrative resource.
        return success({
          type: "application/vnd.lime.account+json",
          resource: { fullName: this.#options.bot.split("@")[0] ?? this.#options.bot },
        });
      case "/lists":
        return this.#listsCommand(command.method, rest, resource);
      case "/schedules":
        return this.#schedulesCommand(command.method, rest, resource);
      case "/event-track":
        return this.#eventTrack(command.method, rest, resource);
    }
    return failure(REASONS.unsupported, `${REASONS.unsupported.description}: ${command.method} on this uri`);
  }

  #listsCommand(method: string, rest: string | undefined, resource: Record<string, unknown> | undefined): Answer {
    const listUri = (identity: string) => ({ "#command.uri": `lime://${this.#options.bot}/lists/${identity}` });
    if ((method === "set" || method === "merge") && rest === undefined) {
      const identity = resource?.identity;
      if (typeof identity !== "string" || !validate("node-address", identity).valid)
        return failure(REASONS.invalidListIdentifier);
      this.#lists.set(identity, { ...(resource as DistributionList), identity });
      this.#syncLists();
      return success({ metadata: listUri(identity) });
    }
    if (method === "get" && rest === undefined) {
      return success({
        type: "application/vnd.lime.collection+json",
        resource: { itemType: "application/vnd.ext.distribution-list+json", items: [...this.#lists.values()] },
      });
    }
    if ((method === "get" || method === "delete") && rest !== undefined) {
      const list = this.#lists.get(rest);
      if (list === undefined) return failure(REASONS.invalidListIdentifier);
      if (method === "get") return success({ type: "application/vnd.ext.distribution-list+json", resource: list });
      this.#lists.delete(rest);
      this.#syncLists();
      return success({ metadata: listUri(rest) });
    }
    return failure(
      REASONS.unsupported,
      `${REASONS.unsupported.description}: ${method} on /lists${rest === undefined ? "" : "/<identity>"}`,
    );
  }

  #syncLists(): void {
    this.#options.store.state.lists = [...this.#lists.values()];
    this.#options.store.changed();
  }

  #schedulesCommand(method: string, rest: string | undefined, resource: Record<string, unknown> | undefined): Answer {
    if (method === "set" && rest === undefined) {
      const message = resource?.message;
      const when = resource?.when;
      if (!validate("message", message).valid || typeof when !== "string" || !validate("schedule", resource).valid) {
        return failure(
          REASONS.invalidResource,
          `${REASONS.invalidResource.description}: a schedule needs a valid message and when`,
        );
      }
      const name = typeof resource?.name === "string" ? resource.name : undefined;
      const key = this.schedule(message as Message, when, name);
      return success({ metadata: { "#command.uri": `lime://${this.#options.bot}/schedules/${key}` } });
    }
    if (method === "get" && rest === undefined) {
      return success({
        type: "application/vnd.lime.collection+json",
        resource: {
          itemType: "application/vnd.ext.schedule+json",
          items: [...this.#schedules.values()]
            .filter(({ entry }) => entry.state === "pending")
            .map(({ entry }) => entry.schedule),
        },
      });
    }
    if ((method === "get" || method === "delete") && rest !== undefined) {
      const record = this.#schedules.get(rest);
      if (record === undefined || record.entry.state !== "pending") return failure(REASONS.notFound);
      if (method === "get")
        return success({ type: "application/vnd.ext.schedule+json", resource: record.entry.schedule });
      this.#cancel(rest);
      return success();
    }
    return failure(
      REASONS.unsupported,
      `${REASONS.unsupported.description}: ${method} on /schedules${rest === undefined ? "" : "/<id>"}`,
    );
  }

  /**
   * Schedules a message: at `when` (at once when it is past) it is sent as if the bot had POSTed it, with its
   * notifications. A schedule is known by its message's `id` (or a key of the sandbox's when it has none); setting
   * one with the same id replaces it. Returns the key.
   */
  schedule(message: Message, when: string, name?: string): string {
    const key = message.id ?? `schedule-${++this.#scheduleCount}`;
    if (this.#schedules.get(key)?.entry.state === "pending") this.#cancel(key);
    const entry: ScheduleEntry = {
      at: now(),
      schedule: { message, when, ...(name === undefined ? {} : { name }) },
      state: "pending",
    };
    const record: { entry: ScheduleEntry; timer: NodeJS.Timeout | undefined } = { entry, timer: undefined };
    this.#schedules.set(key, record);
    this.#options.store.state.scheduled.push(entry);
    this.#options.store.changed();
    const due = Date.parse(when);
    const arm = () => {
      const wait = due - Date.now();
      if (wait > MAX_TIMER_MS) {
        record.timer = setTimeout(arm, MAX_TIMER_MS);
        return;
      }
      record.timer = setTimeout(
        () => {
          record.timer = undefined;
          entry.state = "fired";
          this.#options.delivery.messageSent(message, "schedule");
        },
        Math.max(0, wait),
      );
    };
    arm();
    return key;
  }

  #cancel(key: string): void {
    const record = this.#schedules.get(key);
    if (record === undefined) return;
    if (record.timer !== undefined) clearTimeout(record.timer);
    record.timer = undefined;
    if (record.entry.state === "pending") record.entry.state = "cancelled";
    this.#options.store.changed();
  }

  #eventTrack(method: string, rest: string | undefined, resource: Record<string, unknown> | undefined): Answer {
    if (method === "set" && rest === undefined && resource !== undefined) {
      this.#options.store.add("eventTracks", { at: now(), event: resource as EventTrack });
      this.#options.store.changed();
      return success();
    }
    if (method === "get" && rest === undefined) {
      return success({
        type: "application/vnd.lime.collection+json",
        resource: {
          itemType: "application/vnd.ext.eventTrack+json",
          items: this.#options.store.state.eventTracks.map(({ event }) => event),
        },
      });
    }
    return failure(
      REASONS.unsupported,
      `${REASONS.unsupported.description}: ${method} on /event-track${rest === undefined ? "" : "/..."}`,
    );
  }

  /** Cancels every pending schedule and forgets lists (state reset). */
  reset(): void {
    for (const key of this.#schedules.keys()) this.#cancel(key);
    this.#schedules.clear();
    this.#lists.clear();
  }

  /** Cancels every pending schedule's timer. */
  close(): void {
    for (const record of this.#schedules.values()) {
      if (record.timer !== undefined) clearTimeout(record.timer);
      record.timer = undefined;
    }
  }
}
