import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Message } from "../../generated/types.js";
import { validate } from "../../generated/validators.js";
import type { ValidationError } from "../validation/result.js";
import { CommandProcessor } from "./commands.js";
import { handleConfigs } from "./configs.js";
import { Delivery } from "./delivery.js";
import {
  checkControlRequest,
  controlHostsOf,
  error,
  isObject,
  parseBody,
  readBody,
  SANDBOX_HEADER,
  sendJson,
} from "./http.js";
import { handleMessaging, notPlayed, reject, type HandlerContext } from "./messaging.js";
import { operationsAt, webhookSchema, type SandboxOperation } from "./operations.js";
import { SlidingWindowLimiter, type SandboxPlan } from "./rate-limit.js";
import { DEFAULT_HISTORY_LIMIT, StateStore, type InboundDelivery, type SandboxState, type Violation } from "./state.js";

export type {
  SandboxState,
  Violation,
  ViolationKind,
  SentMessage,
  SentNotification,
  CommandExchange,
  InboundDelivery,
  WebhookDelivery,
  WebhookOutcome,
  ScheduleEntry,
  StoredConfig,
  RejectedRequest,
  SandboxCounts,
} from "./state.js";
export { MAX_AUTOMATIC_REDELIVERIES } from "./delivery.js";
export type { SandboxPlan } from "./rate-limit.js";

/** Defaults of the sandbox (the CLI's too, except the port: the CLI listens on 8080 by default). */
export const SANDBOX_DEFAULTS = Object.freeze({
  host: "127.0.0.1",
  /** Sandbox's choice: a well-known key, so examples work without configuration. */
  accessKey: "sandbox-access-key",
  /** Sandbox's choice, as `accessKey`. */
  configsKey: "sandbox-configs-key",
  bot: "bot@sandbox.example.net",
  notifyTimeoutMs: 5000,
  webhookTimeoutMs: 10_000,
  /** Sandbox's choice: messages to `unknown@<any domain>` fail with reason 42 (destination not found). */
  failRecipients: "^unknown@",
  /** Sandbox's choice: entries each history list keeps (the oldest dropped first, the counts kept). */
  historyLimit: DEFAULT_HISTORY_LIMIT,
});

export interface SandboxOptions {
  /** Port to listen on; default 0 (an ephemeral port, read it from `sandbox.port` or `sandbox.url`). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Messaging access key, expected as `Authorization: Key <accessKey>`. Default `sandbox-access-key`. */
  accessKey?: string;
  /** Configs API key, expected as `Authorization: <configsKey>`. Default `sandbox-configs-key`. */
  configsKey?: string;
  /** The bot's node address. Default `bot@sandbox.example.net`. */
  bot?: string;
  /** The bot's messages URL: customer messages (`POST /_sandbox/inbound`) are POSTed there. */
  messagesWebhook?: string;
  /** The bot's notifications URL: notifications about the bot's messages are POSTed there. */
  notificationsWebhook?: string;
  /** Refuse requests over the plan's per-second limits with 429. Default: no limit. */
  plan?: SandboxPlan;
  /** How long the bot has to send `consumed` or `failed` for a delivered message. Default 5000. */
  notifyTimeoutMs?: number;
  /** How long a webhook POST may take before it counts as unanswered. Default 10000. */
  webhookTimeoutMs?: number;
  /** Recipients of the bot's messages that get `failed` with reason 42. Default `/^unknown@/`. */
  failRecipients?: RegExp | string;
  /**
   * Check the bot's requests with the strict variants (`message-strict`, `command-strict`): a field a content document
   * does not list (media-link `url` for `uri`) is refused with 400. Stricter than the seed. Default false.
   */
  strict?: boolean;
  /** Called with each contract violation as it is recorded (the CLI prints one line on stderr). */
  onViolation?: (violation: Violation) => void;
  /**
   * Deliver a customer message again when the bot has not confirmed it this long after a delivery, up to
   * `MAX_AUTOMATIC_REDELIVERIES` (5) times. Default: never.
   */
  redeliverAfterMs?: number;
  /**
   * Entries kept in each history list (`sent.*`, `received.*`, `eventTracks`, `rejected`, `violations`), the oldest
   * dropped first; `counts` keeps the totals. Default 10000.
   */
  historyLimit?: number;
}

/** A customer message for `inbound()`: `to` defaults to the bot and `id` to a new UUID. */
export type InboundMessage = Omit<Message, "to" | "id"> & { to?: string; id?: string };

export interface Sandbox {
  /** Listens; resolves with the base URL (`http://<host>:<port>`). */
  start(): Promise<string>;
  /** Stops listening, cancels pending schedules and acknowledgement timers, aborts webhook POSTs in flight. */
  close(): Promise<void>;
  /** `http://<host>:<port>` once started ("" before). */
  readonly url: string;
  /** The port listened on (0 before start). */
  readonly port: number;
  readonly accessKey: string;
  readonly configsKey: string;
  readonly bot: string;
  /** Live views of the state (`state()` for a copy). */
  readonly sent: SandboxState["sent"];
  readonly received: SandboxState["received"];
  readonly scheduled: SandboxState["scheduled"];
  readonly violations: SandboxState["violations"];
  readonly configs: SandboxState["configs"];
  readonly rejected: SandboxState["rejected"];
  /** A copy of everything recorded: what `GET /_sandbox/state` answers. */
  state(): SandboxState;
  /** Delivers a customer message to the bot's messages webhook (as `POST /_sandbox/inbound`). */
  inbound(message: InboundMessage): Promise<InboundDelivery>;
  /** Delivers a message delivered before (by its `id`) again, as `POST /_sandbox/redeliver`; throws for an unknown id. */
  redeliver(id: string): Promise<InboundDelivery>;
  /** Points the sandbox at the bot's webhooks after start. */
  setWebhooks(webhooks: { messages?: string | undefined; notifications?: string | undefined }): void;
  /**
   * Resolves with the first truthy value `check(state)` returns, checking now and after every change; rejects after
   * `timeoutMs` (default 5000).
   */
  waitFor<T>(check: (state: SandboxState) => T | undefined | null | false, timeoutMs?: number): Promise<T>;
  /** Resolves when no webhook POST is in flight or queued. */
  idle(): Promise<void>;
  /** Forgets everything recorded and cancels pending schedules and timers. */
  reset(): void;
}

/** What the sandbox POSTs to the bot's messages webhook: the schema the published document names for it. */
const INBOUND_MESSAGE_SCHEMA = webhookSchema("messageReceived");

/**
 * Checks and completes a customer message: `to` defaults to the bot, `id` to a new UUID; then it must be valid
 * against the messages webhook's payload schema (`inbound-message`: `from` is required, the customer's address).
 */
export function inboundMessage(
  value: unknown,
  bot: string,
): { ok: true; message: Message } | { ok: false; errors: ValidationError[] } {
  if (!isObject(value)) return { ok: false, errors: [error("", "must be a message object", "type")] };
  const message = { ...value, id: value.id ?? randomUUID(), to: value.to ?? bot } as Message;
  const result = validate(INBOUND_MESSAGE_SCHEMA, message);
  return result.valid ? { ok: true, message } : { ok: false, errors: [...result.errors] };
}

function toRegExp(pattern: RegExp | string): RegExp {
  return typeof pattern === "string" ? new RegExp(pattern) : pattern;
}

/** A contract sandbox of both APIs; see docs/sandbox.md#what-it-does. Call `start()` to listen. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  const bot = options.bot ?? SANDBOX_DEFAULTS.bot;
  const accessKey = options.accessKey ?? SANDBOX_DEFAULTS.accessKey;
  const configsKey = options.configsKey ?? SANDBOX_DEFAULTS.configsKey;
  if (!validate("node-address", bot).valid) throw new TypeError("bot must be a node address, name@domain");
  if (accessKey === "" || configsKey === "")
    throw new TypeError("the access key and the configs key must not be empty");
  const postmaster = `postmaster@${(bot.split("@")[1] ?? "").split("/")[0]}`;
  const controlHosts = controlHostsOf(host);
  const historyLimit = options.historyLimit ?? SANDBOX_DEFAULTS.historyLimit;
  if (!(Number.isSafeInteger(historyLimit) && historyLimit > 0))
    throw new TypeError("historyLimit must be a positive integer (entries kept per history list)");
  const redeliverAfterMs = options.redeliverAfterMs;
  if (redeliverAfterMs !== undefined && !(Number.isFinite(redeliverAfterMs) && redeliverAfterMs > 0))
    throw new TypeError("redeliverAfterMs must be a positive number of milliseconds");
  const store = new StateStore(historyLimit);
  store.onViolation = options.onViolation;
  const delivery = new Delivery({
    store,
    bot,
    postmaster,
    messagesWebhook: options.messagesWebhook,
    notificationsWebhook: options.notificationsWebhook,
    notifyTimeoutMs: options.notifyTimeoutMs ?? SANDBOX_DEFAULTS.notifyTimeoutMs,
    webhookTimeoutMs: options.webhookTimeoutMs ?? SANDBOX_DEFAULTS.webhookTimeoutMs,
    failRecipients: toRegExp(options.failRecipients ?? SANDBOX_DEFAULTS.failRecipients),
    redeliverAfterMs,
  });
  const commands = new CommandProcessor({ store, delivery, bot, postmaster });
  const limiter = new SlidingWindowLimiter(options.plan);
  const context: HandlerContext = {
    store,
    delivery,
    commands,
    limiter,
    accessKey,
    configsKey,
    strict: options.strict ?? false,
  };
  let server: Server | undefined;
  let url = "";
  let port = 0;

  const control = (response: ServerResponse, status: number, body: unknown) =>
    sendJson(response, status, body, { [SANDBOX_HEADER]: "control" });

  const reset = () => {
    commands.reset();
    delivery.reset();
    limiter.reset();
    store.state = StateStore.empty();
    store.changed();
  };

  /** The API an operation belongs to picks its key and behaviour; an API the sandbox does not play gets 501. */
  function handleOperation(
    operation: SandboxOperation,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    if (operation.api === "messaging") return handleMessaging(context, operation, request, response);
    if (operation.api === "configs") return handleConfigs(context, operation, request, response);
    return notPlayed(context, operation, request, response);
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? "/", "http://sandbox").pathname;
    const method = request.method ?? "";
    if (path === "/_sandbox" || path.startsWith("/_sandbox/")) {
      const refused = checkControlRequest(request, controlHosts);
      if (refused !== undefined) {
        await readBody(request).catch(() => undefined);
        return control(response, 403, { errors: [refused] });
      }
    }
    const routes: Record<string, Partial<Record<string, () => Promise<void>>>> = {
      "/_sandbox/state": { GET: async () => control(response, 200, store.snapshot()) },
      "/_sandbox/reset": {
        POST: async () => {
          await readBody(request);
          reset();
          control(response, 200, { reset: true });
        },
      },
      "/_sandbox/webhooks": {
        GET: async () => control(response, 200, delivery.webhooks),
        PUT: async () => {
          const parsed = parseBody((await readBody(request)) ?? new Uint8Array(0));
          const value = parsed.ok ? parsed.value : undefined;
          const urls = isObject(value) ? value : undefined;
          const bad =
            urls === undefined
              ? [""]
              : ["messages", "notifications"].filter(
                  (key) => urls[key] !== undefined && urls[key] !== null && !isHttpUrl(urls[key]),
                );
          if (urls === undefined || bad.length > 0) {
            control(response, 400, {
              errors: bad.map((key) =>
                error(
                  key === "" ? "" : `/${key}`,
                  key === "" ? "must be a JSON object { messages, notifications }" : "must be an http(s) URL or null",
                  "type",
                ),
              ),
            });
            return;
          }
          const next: { messages?: string | undefined; notifications?: string | undefined } = {};
          if ("messages" in urls) next.messages = (urls.messages as string | null) ?? undefined;
          if ("notifications" in urls) next.notifications = (urls.notifications as string | null) ?? undefined;
          delivery.setWebhooks(next);
          control(response, 200, delivery.webhooks);
        },
      },
      "/_sandbox/inbound": {
        POST: async () => {
          const bytes = await readBody(request);
          const parsed =
            bytes === undefined
              ? { ok: false as const, errors: [error("", "the body is larger than 1 MiB", "size")] }
              : parseBody(bytes);
          if (!parsed.ok) return control(response, 400, { errors: parsed.errors });
          const checked = inboundMessage(parsed.value, bot);
          if (!checked.ok) return control(response, 400, { errors: checked.errors });
          if (!delivery.canDeliverInbound)
            return control(response, 409, {
              errors: [
                error(
                  "",
                  "no messages webhook: start the sandbox with --messages-webhook <url> or PUT /_sandbox/webhooks",
                  "webhook",
                ),
              ],
            });
          control(response, 200, { delivery: await delivery.deliverInbound(checked.message) });
        },
      },
      "/_sandbox/redeliver": {
        POST: async () => {
          const bytes = await readBody(request);
          const parsed = bytes === undefined ? undefined : parseBody(bytes);
          const value = parsed?.ok === true ? parsed.value : undefined;
          const id = isObject(value) && typeof value.id === "string" && value.id !== "" ? value.id : undefined;
          if (id === undefined)
            return control(response, 400, { errors: [error("/id", "must be the id of a delivered message", "type")] });
          const redelivered = delivery.redeliver(id);
          if (redelivered === undefined)
            return control(response, 404, {
              errors: [error("/id", "names no message delivered to the bot (or one past the history limit)", "id")],
            });
          control(response, 200, { delivery: await redelivered });
        },
      },
    };
    // An operation's path is matched exactly, or by its template (`/v1/{tenant}/items/{sku}`).
    for (const operation of operationsAt(path))
      (routes[path] ??= {})[operation.method] = () => handleOperation(operation, request, response);
    const handlers = routes[path];
    const handler = handlers?.[method];
    if (handler !== undefined) return handler();
    await readBody(request).catch(() => undefined);
    if (handlers === undefined) {
      reject(
        context,
        request,
        response,
        404,
        [error("", "no such path in the two API descriptions or the sandbox's control endpoints", "path")],
        "404 for a path that is not an operation of either API",
      );
    } else {
      const allow = Object.keys(handlers).join(", ");
      reject(
        context,
        request,
        response,
        405,
        [error("", `the method must be ${allow}`, "method")],
        "405 for a method the operation does not have",
        { allow },
      );
    }
  }

  const sandbox: Sandbox = {
    async start() {
      if (server !== undefined) throw new Error("the sandbox is already started");
      const listening = createServer((request, response) => {
        route(request, response).catch(() => {
          if (!response.headersSent)
            sendJson(
              response,
              500,
              {
                errors: [error("", "the sandbox failed to handle the request", "internal")],
                sandbox: "The sandbox's choice, not the platform's: an internal error of the sandbox",
              },
              { [SANDBOX_HEADER]: "choice" },
            );
          else response.destroy();
        });
      });
      server = listening;
      await new Promise<void>((resolve, reject) => {
        listening.once("error", reject);
        listening.listen(options.port ?? 0, host, () => {
          listening.off("error", reject);
          resolve();
        });
      });
      port = (listening.address() as AddressInfo).port;
      url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
      return url;
    },
    async close() {
      commands.close();
      await delivery.close();
      const listening = server;
      if (listening === undefined) return;
      await new Promise<void>((resolve) => {
        listening.close(() => resolve());
        listening.closeAllConnections();
      });
    },
    get url() {
      return url;
    },
    get port() {
      return port;
    },
    accessKey,
    configsKey,
    bot,
    get sent() {
      return store.state.sent;
    },
    get received() {
      return store.state.received;
    },
    get scheduled() {
      return store.state.scheduled;
    },
    get violations() {
      return store.state.violations;
    },
    get configs() {
      return store.state.configs;
    },
    get rejected() {
      return store.state.rejected;
    },
    state: () => store.snapshot(),
    async inbound(message) {
      const checked = inboundMessage(message, bot);
      if (!checked.ok)
        throw new TypeError(
          `invalid inbound message: ${checked.errors.map((e) => `${e.pointer || "/"} ${e.message}`).join("; ")}`,
        );
      if (!delivery.canDeliverInbound)
        throw new Error("no messages webhook: pass messagesWebhook or call setWebhooks()");
      return delivery.deliverInbound(checked.message);
    },
    redeliver(id) {
      const redelivered = delivery.redeliver(id);
      if (redelivered === undefined)
        throw new Error("redeliver: no message delivered to the bot has this id (or it is past the history limit)");
      return redelivered;
    },
    setWebhooks: (webhooks) => delivery.setWebhooks(webhooks),
    waitFor(check, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        let unsubscribe = () => {};
        const timer = setTimeout(() => {
          unsubscribe();
          reject(new Error(`sandbox.waitFor: the condition was not met within ${timeoutMs} ms`));
        }, timeoutMs);
        const test = () => {
          const value = check(store.state);
          if (value !== undefined && value !== null && value !== false) {
            clearTimeout(timer);
            unsubscribe();
            resolve(value);
          }
        };
        unsubscribe = store.subscribe(test);
        test();
      });
    },
    idle: () => delivery.idle(),
    reset,
  };
  return sandbox;
}

/** True for an absolute http: or https: URL. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const parsed = new URL(value);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}
