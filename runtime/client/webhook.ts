/**
 * The webhook handler: the service's calls to the bot (`webhooks` of the OpenAPI document), served as a
 * `node:http` request listener or through `handle(body)` for frameworks that parse the body. Driven by the
 * descriptor's webhooks: which payload goes to which handler option (`match`), its schema, and the
 * acknowledgement sent after the handler (`acknowledge`).
 */
import { readBodyUpTo } from "../http/read-body.js";
import { readJson } from "../json/read-json.js";
import { notificationFor, reply as replyTo, type Reason, type ReplyContent } from "../messaging/envelopes.js";
import { listErrors, maxErrorsOption } from "../validation/listed-errors.js";
import type { ValidationError, Validates } from "../validation/result.js";
import type { ApiDescriptor, WebhookDescriptor } from "./descriptor.js";
import type { OperationMethods } from "./create-client.js";
import { HttpError, NetworkError, RateLimitedError, ServerError } from "./errors.js";
import { boundedKey, RecentKeys } from "./recent-keys.js";
import { CONFIRMATION_RETRY, resolveRetry, retryDelay, sleep, type ResolvedRetry, type RetryOptions } from "./retry.js";
import { redactorOf, type Redact } from "./scrub-credential.js";
import { isStore, memoryStore, scopeOf, type DeliveryRecord, type RedeliveryWindow, type Store } from "./store.js";
import { deepFreeze, observerOf, type CallOptions } from "./transport.js";
import { webhookUrlCheck, type WebhookSecret } from "./webhook-secret.js";
import { createReceivers, type Receiver } from "./webhook-receivers.js";

/** Largest body read from a request stream when `maxBodyBytes` is not given (1 MiB). */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

/** Message ids remembered for de-duplication when `deduplicate` does not say (the oldest is forgotten first). */
export const DEFAULT_DEDUPLICATE_MAX_IDS = 5000;
/** How long a message id is remembered when `deduplicate` does not say: 5 minutes. */
export const DEFAULT_DEDUPLICATE_WINDOW_MS = 300_000;

/** The redelivery window of `deduplicate`. */
export interface DeduplicateOptions {
  /** Message ids remembered at most (default 5000); the oldest is forgotten first. */
  maxIds?: number | undefined;
  /** How long an id is remembered after its first delivery, in milliseconds (default 300000: 5 minutes). */
  windowMs?: number | undefined;
  /**
   * Where the window is kept: this process (default), or a store every process of the bot shares
   * (`createRedisStore` of `specfirst/redis`; docs/webhooks.md#running-more-than-one-process).
   */
  store?: Store | undefined;
}

/** The part of a `node:http` `IncomingMessage` the handler reads (`body` when a framework parsed it already). */
export interface WebhookRequest {
  readonly method?: string | undefined;
  /** The request target (`/messages?secret=…`, or absolute): its query carries the `secret`. */
  readonly url?: string | undefined;
  readonly body?: unknown;
  [Symbol.asyncIterator](): AsyncIterator<unknown>;
}

/** The part of a `node:http` `ServerResponse` the handler writes. */
export interface WebhookResponse {
  statusCode: number;
  readonly headersSent: boolean;
  setHeader(name: string, value: string): unknown;
  end(chunk?: string): unknown;
}

/**
 * What the handler answers the service: 200 with no body once processed; 400, 401, 405, 413, 500 or 503 (the
 * redelivery window's store could not answer, with `Retry-After`) with `{ errors }`.
 */
export interface WebhookResult {
  status: number;
  /** The errors: at most `maxErrors`, with `errorCount` (the number found) when some were left out. */
  body?: { errors: ValidationError[]; errorCount?: number };
  headers?: Record<string, string>;
}

/** Where an error the handler did not let through happened. */
export interface WebhookErrorContext<Payload = unknown> {
  /**
   * The handler option (`onMessage`, `onNotification`), `failureReason`, the acknowledging operation
   * (`sendNotification`), the reply operation (`sendMessage`: a queued reply failed), `confirmation` (a warning: a
   * message confirmed twice, or left unconfirmed), `deduplicate` (the redelivery window's store could not answer), or
   * `request` (reading or processing the request failed).
   */
  stage: string;
  /** The message concerned: a confirmation or reply given up, or a message the redelivery window could not check. */
  messageId?: string;
  /** The payload being handled, when there is one. */
  envelope?: Payload;
}

/** Handed to the handler of an acknowledged webhook (a received message) next to the payload. */
export interface WebhookContext<Client = OperationMethods, Content = ReplyContent> {
  client: Client;
  /**
   * Answers the received payload: queues `reply(received, content)` (to = the received `from`, unchanged; a new
   * UUID `id` unless given) on the client's operation whose request schema is the webhook's (`sendMessage`).
   * Resolves once queued, without waiting for the limiter: the message is confirmed when the handler is done, and a
   * reply that fails is reported to `onError` (and turns the confirmation into `failed` with `confirmAfterReplies`).
   */
  reply(content: Content, options?: CallOptions): Promise<unknown>;
}

/**
 * The options every webhook handler takes. `Client` is the client sending acknowledgements and replies; `Payload`
 * the union of the webhooks' payload types (for `onError`); `Acknowledged` the payloads of acknowledged webhooks
 * (for `failureReason`).
 */
export interface WebhookHandlerBaseOptions<Client = OperationMethods, Payload = unknown, Acknowledged = Payload> {
  /** Sends the acknowledgements (`consumed` / `failed` notifications) and the replies. Needed when a webhook acknowledges. */
  client: Client;
  /**
   * The secret the webhook URL entered in the portal carries (`https://<bot_host>/messages?secret=<secret>`): a call
   * whose URL has no `secret` parameter, another value, or several, is answered 401 before its body is read. 32 to
   * 256 characters of `A-Z a-z 0-9 - . _ ~` (`openssl rand -hex 32`); an array accepts each of its secrets, while the
   * portal's URL changes. Default none: any caller is served (docs/webhooks.md#authenticating-the-service).
   */
  secret?: WebhookSecret | undefined;
  /**
   * Errors the handler does not let through (handler exceptions, failed acknowledgements). Default: one line on
   * stderr, with the client's credential redacted.
   */
  onError?: ((error: unknown, context: WebhookErrorContext<Payload>) => void) | undefined;
  /**
   * The `reason` of the failure acknowledgement for an exception of the handler. Default: `{ code: error.code when
   * an integer, else 1, description: "The bot failed to process the message" }` (the exception's message only with
   * `exposeErrorMessages: true`). Its description is sent with the client's credential redacted.
   */
  failureReason?: ((error: unknown, payload: Acknowledged) => Reason) | undefined;
  /** Put the exception's message (first 500 characters) in the default failure reason. Default false: it shows in the platform's message history. */
  exposeErrorMessages?: boolean | undefined;
  /**
   * Handed every background task (receivers, replies and acknowledgements of one envelope) as it starts, for hosts
   * that stop work after the answer (`waitUntil` of a serverless platform). `handler.idle()` is the other way.
   */
  waitUntil?: ((work: Promise<void>) => void) | undefined;
  /** Answer only after the receivers ran and the acknowledgement was sent (the queued sends included). Default false: answer once the envelope is valid. */
  answerAfterProcessing?: boolean | undefined;
  /** Largest body read from a request stream, in bytes (default 1048576); a larger one is answered 413. */
  maxBodyBytes?: number | undefined;
  /**
   * The most errors a 400 lists, in the order found (default 100; fewer when their pointers and messages pass
   * `maxErrors` KiB); the answer then holds `errorCount` too (docs/validating.md#errors-listed). A whole number, at
   * least 1.
   */
  maxErrors?: number | undefined;
  /**
   * The seed's client-library behaviour: send a `received` notification before the handler runs (then `consumed`
   * after it, `failed` when it throws, in that order). Default false: one confirmation per message.
   */
  notifyReceived?: boolean | undefined;
  /**
   * Confirm only once the replies the handler queued were sent: `failed` (reason from `failureReason`) when one of
   * them failed. Default false: the confirmation does not wait for the messages limiter.
   */
  confirmAfterReplies?: boolean | undefined;
  /**
   * Redelivery safety: a message whose `id` was delivered within the window is answered 200 without running the
   * handler again (messages without `id` never are). Default `{ maxIds: 5000, windowMs: 300000 }`; `false` for none.
   */
  deduplicate?: DeduplicateOptions | false | undefined;
  /**
   * Retries of the confirmations and replies after HTTP 429 (never before its `Retry-After`), 503 or a reset
   * connection. Default `{ attempts: 5, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 30000 }`; `false` for
   * none. One given up is reported to `onError` with its `messageId`.
   */
  sendRetry?: RetryOptions | false | undefined;
}

/**
 * The options of `createWebhookHandler`, generic so that a generated module specialises them: `Handlers` holds one
 * (optional) member per webhook, named by its `handler` (`onMessage?(message: Message, context: WebhookContext<
 * MessagingClient>): unknown`, `onNotification?(notification: Notification): unknown`). A generated module may as
 * well declare an interface extending `WebhookHandlerBaseOptions<Client, Payload, Acknowledged>` with those members.
 */
export type WebhookHandlerOptions<
  Handlers extends object = Record<never, never>,
  Client = OperationMethods,
  Payload = unknown,
  Acknowledged = Payload,
> = WebhookHandlerBaseOptions<Client, Payload, Acknowledged> & Handlers;

/** Which payloads a receiver takes: fields it must equal (`{ type: "text/plain" }`, `{ event: "failed" }`), or a predicate. */
export type ReceiverFilter<Payload = unknown> = Readonly<Record<string, unknown>> | ((payload: Payload) => boolean);

/** A `node:http` request listener (`http.createServer(handler)`), plus `handle(body)` for frameworks that parse the body. */
export interface WebhookHandler {
  (request: WebhookRequest, response: WebhookResponse): Promise<void>;
  /**
   * Validates a parsed body (or its JSON text or bytes) and returns what to answer the service; the receivers, the
   * replies and the acknowledgement run after, in the background (see `idle`), unless `answerAfterProcessing`. With
   * a `secret`, `request.url` (the request's URL) must carry it, else 401 before the body is looked at.
   */
  handle(body: unknown, request?: { readonly url?: string | undefined }): Promise<WebhookResult>;
  /** Resolves once no envelope is being processed: every receiver finished and every reply and acknowledgement was sent (or failed, reported to `onError`). */
  idle(): Promise<void>;
  /**
   * Registers a receiver of a webhook's payloads (`on("onMessage", filter, receiver)`; the generated handler has
   * typed `onMessage(filter, receiver)` / `onNotification(filter, receiver)` methods). Every receiver whose filter
   * matches runs, in the order registered; the handler option of the same name runs only when none matched.
   */
  on(handler: string, filter: ReceiverFilter<never>, receiver: (payload: never, context?: never) => unknown): this;
}

type Send = (body: unknown, options?: CallOptions) => Promise<unknown>;

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const problem = (message: string, keyword: string): ValidationError => ({ pointer: "", message, keyword });
const rejected = (status: number, errors: ValidationError[], headers?: Record<string, string>): WebhookResult =>
  headers === undefined ? { status, body: { errors } } : { status, body: { errors }, headers };
const OK: WebhookResult = Object.freeze({ status: 200 }) as WebhookResult;
/** The answer to a call whose URL does not carry the secret: one text whatever was wrong, naming nothing of the URL. */
const unauthenticated = (): WebhookResult =>
  rejected(401, [problem("the call is not authenticated: its URL must carry the webhook's secret", "secret")]);

/** The description of the default failure reason. */
export const DEFAULT_FAILURE_DESCRIPTION = "The bot failed to process the message";

/**
 * The default `reason` of a failure acknowledgement: `code` is the error's integer `code`, else 1; the description
 * is a fixed text, or with `exposeMessage` the error's message (first 500 characters).
 */
export function defaultFailureReason(error: unknown, exposeMessage = false): Reason {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return {
    code: typeof code === "number" && Number.isInteger(code) ? code : 1,
    description:
      exposeMessage && error instanceof Error && error.message !== ""
        ? error.message.slice(0, 500)
        : DEFAULT_FAILURE_DESCRIPTION,
  };
}

/**
 * The default `onError`: one line on stderr, redacted. A client error's message names the operation and the status,
 * and the server's reasons when it gave them (`BadRequestError: POST /commands answered HTTP 400 Bad Request:
 * /to must be ...`); a `confirmation` warning is said as such.
 */
const defaultOnError =
  (redact: Redact) =>
  (error: unknown, context: WebhookErrorContext): void => {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const what = context.stage === "confirmation" ? "warning" : `${context.stage} failed`;
    console.error(`specfirst webhook handler: ${what}: ${redact(detail).split("\n")[0]}`);
  };

/** A warning of the confirmation bookkeeping (a message confirmed twice, or never), reported with stage `confirmation`. */
export class ConfirmationWarning extends Error {
  /** The message concerned. */
  declare readonly messageId: string;

  constructor(messageId: string, message: string) {
    super(message);
    this.messageId = messageId;
  }
}
Object.defineProperty(ConfirmationWarning.prototype, "name", {
  value: "ConfirmationWarning",
  writable: true,
  configurable: true,
});

function checkDeduplicate(value: unknown): { maxIds: number; windowMs: number; store: Store } | undefined {
  if (value === false) return undefined;
  if (value !== undefined && !isJsonObject(value))
    throw new TypeError("createWebhookHandler: deduplicate must be false or { maxIds, windowMs, store }");
  const given: DeduplicateOptions = value ?? {};
  const maxIds = given.maxIds ?? DEFAULT_DEDUPLICATE_MAX_IDS;
  const windowMs = given.windowMs ?? DEFAULT_DEDUPLICATE_WINDOW_MS;
  if (!(Number.isInteger(maxIds) && maxIds > 0))
    throw new TypeError("createWebhookHandler: deduplicate.maxIds must be a positive integer");
  if (!(typeof windowMs === "number" && Number.isFinite(windowMs) && windowMs > 0))
    throw new TypeError("createWebhookHandler: deduplicate.windowMs must be a positive number of milliseconds");
  const store = given.store ?? memoryStore;
  if (!isStore(store))
    throw new TypeError(
      "createWebhookHandler: deduplicate.store must be a store ({ rateLimiter, redeliveryWindow }), e.g. createRedisStore(...)",
    );
  return { maxIds, windowMs, store };
}

/** What the handler's sends survive (`sendRetry`): 429, 503, and a connection reset before the answer. */
const RESET_CODES: ReadonlySet<string> = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);
const isSurvivable = (error: unknown): boolean =>
  error instanceof RateLimitedError ||
  (error instanceof ServerError && error.status === 503) ||
  (error instanceof NetworkError && error.code !== undefined && RESET_CODES.has(error.code));

/** The event of the notification `notifyReceived` sends before the handler runs (the seed's client library's). */
const RECEIVED_EVENT = "received";

/** Waits for every reply queued so far (and any queued meanwhile); their errors (undefined for a reply sent). */
async function settledReplies(replies: Promise<unknown>[]): Promise<unknown[]> {
  let errors: unknown[] = [];
  while (errors.length < replies.length) errors = await Promise.all([...replies]);
  return errors;
}

/** A reason whose description is redacted (the platform shows it in the message history). */
const redactedReason = (reason: Reason, redact: Redact): Reason =>
  typeof reason.description === "string" ? { ...reason, description: redact(reason.description) } : reason;

/** The options of a webhook handler as it uses them: checked and defaulted (`readHandlerOptions`). */
interface HandlerSettings {
  readonly client: Record<string, unknown> | undefined;
  /** The client operation a reply goes through, per acknowledged webhook: the one whose request schema is the webhook's. */
  readonly replyOperations: ReadonlyMap<WebhookDescriptor, string>;
  /** Redacts the client's credential: from the default report and from every failure reason sent. */
  readonly redact: Redact;
  readonly onError: (error: unknown, context: WebhookErrorContext) => void;
  readonly failureReason: ((error: unknown, payload: unknown) => Reason) | undefined;
  readonly exposeErrorMessages: boolean;
  readonly maxBodyBytes: number;
  readonly maxErrors: number;
  readonly waitUntil: ((work: Promise<void>) => void) | undefined;
  readonly answerAfterProcessing: boolean;
  readonly notifyReceived: boolean;
  readonly confirmAfterReplies: boolean;
  /** The redelivery window's bounds, also those of the confirmation bookkeeping; undefined with `deduplicate: false`. */
  readonly deduplicate: { maxIds: number; windowMs: number; store: Store } | undefined;
  readonly window: RedeliveryWindow | undefined;
  /** Whether a call's URL carries the secret; undefined without a `secret`. */
  readonly authenticates: ((url: string | undefined) => boolean) | undefined;
  readonly sendRetry: ResolvedRetry | undefined;
}

/** The settings of a handler's options, each checked in turn: a `TypeError` naming the first invalid one. */
function readHandlerOptions(descriptor: ApiDescriptor, fields: Readonly<Record<string, unknown>>): HandlerSettings {
  const client = fields.client as Record<string, unknown> | undefined;
  const replyOperations = new Map<WebhookDescriptor, string>();
  const needed = new Set<string>();
  for (const webhook of descriptor.webhooks) {
    if (webhook.acknowledge === null) continue;
    needed.add(webhook.acknowledge.operation);
    const replyOperation =
      webhook.reply ?? descriptor.operations.find((operation) => operation.schema === webhook.schema)?.operationId;
    if (replyOperation !== undefined) {
      replyOperations.set(webhook, replyOperation);
      needed.add(replyOperation);
    }
  }
  if (
    needed.size > 0 &&
    (client === null || typeof client !== "object" || [...needed].some((name) => typeof client[name] !== "function"))
  ) {
    throw new TypeError(
      `createWebhookHandler: options.client must be a ${descriptor.api} client (from ${descriptor.factory}), with ${[...needed].join(" and ")}`,
    );
  }
  // A client not made by `createClient` (a wrapper) has no known credential.
  const redact: Redact = redactorOf(client) ?? String;
  const onError = (fields.onError ?? defaultOnError(redact)) as (error: unknown, context: WebhookErrorContext) => void;
  const failureReason = fields.failureReason as ((error: unknown, payload: unknown) => Reason) | undefined;
  const maxBodyBytes = fields.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxErrors = maxErrorsOption(fields.maxErrors as number | undefined, "createWebhookHandler: maxErrors");
  const waitUntil = fields.waitUntil as ((work: Promise<void>) => void) | undefined;
  if (typeof onError !== "function") throw new TypeError("createWebhookHandler: onError must be a function");
  if (failureReason !== undefined && typeof failureReason !== "function")
    throw new TypeError("createWebhookHandler: failureReason must be a function");
  if (waitUntil !== undefined && typeof waitUntil !== "function")
    throw new TypeError("createWebhookHandler: waitUntil must be a function");
  if (!(typeof maxBodyBytes === "number" && Number.isInteger(maxBodyBytes) && maxBodyBytes > 0))
    throw new TypeError("createWebhookHandler: maxBodyBytes must be a positive integer");
  const deduplicate = checkDeduplicate(fields.deduplicate);
  const authenticates = webhookUrlCheck(fields.secret);
  const sendRetry: ResolvedRetry | undefined =
    fields.sendRetry === undefined
      ? CONFIRMATION_RETRY
      : resolveRetry(fields.sendRetry as RetryOptions | false, CONFIRMATION_RETRY, "createWebhookHandler: sendRetry");
  let window: RedeliveryWindow | undefined;
  if (deduplicate !== undefined) {
    const scope = scopeOf(client);
    if (scope === undefined && deduplicate.store !== memoryStore)
      throw new TypeError(
        `createWebhookHandler: deduplicate.store needs options.client made by ${descriptor.factory} (a digest of its credential names the store's keys)`,
      );
    window = deduplicate.store.redeliveryWindow(scope ?? (() => Promise.resolve("")), deduplicate);
  }
  return {
    client,
    replyOperations,
    redact,
    onError,
    failureReason,
    exposeErrorMessages: fields.exposeErrorMessages === true,
    maxBodyBytes,
    maxErrors,
    waitUntil,
    answerAfterProcessing: fields.answerAfterProcessing === true,
    notifyReceived: fields.notifyReceived === true,
    confirmAfterReplies: fields.confirmAfterReplies === true,
    deduplicate,
    window,
    authenticates,
    sendRetry,
  };
}

/**
 * Sends `body` with `send` (a client operation), again after a survivable failure (`sendRetry`); rejects when given
 * up. A body sent again is added to `retried`, so that the confirmation bookkeeping counts it once.
 */
async function sendSurviving(
  send: Send,
  body: unknown,
  sendRetry: ResolvedRetry | undefined,
  retried: WeakSet<object>,
  callOptions?: CallOptions,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await send(body, callOptions);
      return;
    } catch (error) {
      const delayMs =
        sendRetry === undefined || !isSurvivable(error)
          ? undefined
          : retryDelay(sendRetry, attempt, error instanceof HttpError ? error.retryAfterMs : undefined);
      if (delayMs === undefined) throw error;
      if (isJsonObject(body)) retried.add(body);
      await sleep(delayMs, callOptions?.signal ?? undefined);
    }
  }
}

/** The confirmations of the messages being processed and of those processed recently (`watchConfirmations`). */
interface ConfirmationBook {
  /** Starts counting the confirmations of message `id`, sent while its handler runs; returns their list. */
  begin(id: string): string[];
  /** Stops counting for message `id`; remembers how it was confirmed, to report a later confirmation as a second one. */
  end(id: string, confirmations: readonly string[]): void;
  /** The bodies of the handler's own retries: a confirmation is counted once, however often it is sent. */
  readonly retried: WeakSet<object>;
}

/**
 * The confirmation bookkeeping of this process: every send of a confirmation through the handler's client is seen
 * (the handler's own and any the bot sends itself), and a second confirmation of one message is reported to `warn`.
 * Ids are remembered within `bounds` (the redelivery window's, or the default ones when de-duplication is off).
 */
function watchConfirmations(
  webhooks: readonly WebhookDescriptor[],
  client: unknown,
  bounds: { maxIds: number; windowMs: number },
  warn: (id: string, text: string) => void,
): ConfirmationBook {
  // Message ids confirmed recently (by their bounded key), with how the handler confirmed them.
  const recent = new RecentKeys<{ confirmedWith?: string | undefined }>(bounds.maxIds, bounds.windowMs);
  // The confirmations sent so far for each message being processed, by its id.
  const inFlight = new Map<string, string[]>();
  const retried = new WeakSet<object>();
  const confirmationEvents = new Set(
    webhooks.flatMap((webhook) =>
      webhook.acknowledge === null ? [] : [webhook.acknowledge.success, webhook.acknowledge.failure],
    ),
  );
  const acknowledgeOperations = new Set(
    webhooks.flatMap((webhook) => (webhook.acknowledge === null ? [] : [webhook.acknowledge.operation])),
  );
  observerOf(client)?.((operationId, body) => {
    if (
      !acknowledgeOperations.has(operationId) ||
      !isJsonObject(body) ||
      typeof body.id !== "string" ||
      body.id === "" ||
      !confirmationEvents.has(body.event as string)
    )
      return;
    // A retry of a confirmation already counted.
    if (retried.has(body)) return;
    const id = body.id;
    const event = String(body.event);
    const confirmations = inFlight.get(id);
    if (confirmations !== undefined) {
      confirmations.push(event);
      if (confirmations.length > 1)
        warn(
          id,
          `message ${id} was confirmed twice (${confirmations.join(", then ")}): send each message's ${[...confirmationEvents].join("/")} in one place`,
        );
      return;
    }
    void boundedKey(id).then((key) => {
      const earlier = recent.get(key)?.confirmedWith;
      if (earlier !== undefined)
        warn(
          id,
          `message ${id} was confirmed twice (${earlier}, then ${event}): the webhook handler already confirmed it`,
        );
    });
  });
  /** Remembers how a message was confirmed, so that a later confirmation of the bot's own is reported as a second one. */
  async function recordConfirmed(id: string, confirmations: readonly string[]): Promise<void> {
    if (confirmations.length === 0) return;
    recent.set(await boundedKey(id), { confirmedWith: confirmations[0] });
  }
  return {
    begin(id) {
      const confirmations: string[] = [];
      inFlight.set(id, confirmations);
      return confirmations;
    },
    end(id, confirmations) {
      inFlight.delete(id);
      void recordConfirmed(id, confirmations);
    },
    retried,
  };
}

/**
 * The work of the envelopes being processed after their answer: `track` adds one (and hands it to `waitUntil`,
 * whose exceptions go to `report`), `idle` resolves once none is left.
 */
function workTracker(
  waitUntil: ((work: Promise<void>) => void) | undefined,
  report: (error: unknown, context: WebhookErrorContext) => void,
): { track(work: Promise<void>): void; idle(): Promise<void> } {
  const pending = new Set<Promise<void>>();
  let idleWaiters: (() => void)[] = [];
  return {
    track(work) {
      pending.add(work);
      void work.finally(() => {
        pending.delete(work);
        if (pending.size > 0) return;
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const wake of waiters) wake();
      });
      if (waitUntil !== undefined) {
        try {
          waitUntil(work);
        } catch (error) {
          report(error, { stage: "waitUntil" });
        }
      }
    },
    idle: () => (pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
  };
}

/** Writes `result` as the answer of a `node:http` response (unless its headers went out already). */
function writeResult(response: WebhookResponse, result: WebhookResult): void {
  if (response.headersSent) return;
  response.statusCode = result.status;
  for (const [name, value] of Object.entries(result.headers ?? {})) response.setHeader(name, value);
  if (result.body === undefined) {
    response.end();
  } else {
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify(result.body));
  }
}

/**
 * A handler for the service's webhook calls, for the webhooks of `descriptor`. A payload goes to the first webhook
 * whose `match.required` fields it all has (own properties), else to the webhook without `match`; none: 400. It is
 * validated against the webhook's schema (400 with the errors), then passed to `options[webhook.handler]`. For a
 * webhook with `acknowledge` and a payload with an `id`, the handler gets `{ client, reply }` and, once it is done,
 * the `success` notification is sent with `options.client[acknowledge.operation]`, or the `failure` one with a
 * reason when it threw; otherwise an exception of the handler is reported to `onError` and ignored
 * (fire-and-forget receivers). Answers 200 with no body once done; 401 first, to a call whose URL does not carry
 * the `secret`; 405 (`Allow: POST`) for other methods, 413 over `maxBodyBytes`, 500 when reading the request fails.
 */
export function createWebhookHandler<Options extends WebhookHandlerBaseOptions<unknown, never, never>>(
  descriptor: ApiDescriptor,
  options: Options,
): WebhookHandler {
  if (!isJsonObject(options)) throw new TypeError("createWebhookHandler needs an options object");
  deepFreeze(descriptor);
  const fields = options as Record<string, unknown>;
  const webhooks = descriptor.webhooks;
  const settings = readHandlerOptions(descriptor, fields);
  const { client, redact, window } = settings;
  const receivers = createReceivers(descriptor.api, webhooks, fields);

  let validators: Promise<Validates> | undefined;
  const loadValidators = (): Promise<Validates> =>
    (validators ??= descriptor.loadValidators().catch((error: unknown) => {
      validators = undefined;
      throw error;
    }));
  // Every call is validated: start loading the validators now, so that a first burst does not wait for them.
  loadValidators().catch(() => {
    // Retried (and reported as a 500) by the first call.
  });

  const report = (error: unknown, context: WebhookErrorContext): void => {
    try {
      settings.onError(error, context);
    } catch {
      // An onError that throws must not break the answer to the service.
    }
  };

  /** The `reason` of a `failed` confirmation for `failure` (the handler's exception, or a failed reply), redacted. */
  const failedReason = (failure: unknown, data: Record<string, unknown>): Reason => {
    let reason: Reason | undefined;
    if (settings.failureReason !== undefined) {
      try {
        reason = settings.failureReason(failure, data);
      } catch (error) {
        report(error, { stage: "failureReason", envelope: data });
      }
    } else {
      reason = defaultFailureReason(failure, settings.exposeErrorMessages);
    }
    return redactedReason(
      Number.isInteger(reason?.code) ? (reason as Reason) : defaultFailureReason(undefined),
      redact,
    );
  };

  const warn = (id: string, text: string, data?: Record<string, unknown>): void =>
    report(
      new ConfirmationWarning(redact(id), redact(text)),
      data === undefined ? { stage: "confirmation" } : { stage: "confirmation", envelope: data },
    );

  const confirmations = watchConfirmations(
    webhooks,
    client,
    {
      maxIds: settings.deduplicate?.maxIds ?? DEFAULT_DEDUPLICATE_MAX_IDS,
      windowMs: settings.deduplicate?.windowMs ?? DEFAULT_DEDUPLICATE_WINDOW_MS,
    },
    warn,
  );

  /** Sends `body` with the client's `operation`, again after a survivable failure (`sendRetry`); rejects when given up. */
  const survive = (operation: string, body: unknown, callOptions?: CallOptions): Promise<void> =>
    sendSurviving(client?.[operation] as Send, body, settings.sendRetry, confirmations.retried, callOptions);

  /** Updates the redelivery window; a store that cannot answer is reported (the message stays as recorded). */
  async function remember(key: string | undefined, record: DeliveryRecord, data: Record<string, unknown>) {
    if (key === undefined || window === undefined) return;
    try {
      await window.record(key, record);
    } catch (error) {
      report(error, { stage: "deduplicate", envelope: data, messageId: String(data.id) });
    }
  }

  /** A redelivered message whose confirmation was given up: that confirmation is sent, the handler is not run. */
  async function confirmAgain(
    acknowledge: NonNullable<WebhookDescriptor["acknowledge"]>,
    data: Record<string, unknown>,
    key: string,
    record: Extract<DeliveryRecord, { state: "unconfirmed" }>,
  ): Promise<void> {
    try {
      await survive(acknowledge.operation, notificationFor(data, record.event, record.reason));
    } catch (error) {
      report(error, { stage: acknowledge.operation, envelope: data, messageId: String(data.id) });
      return;
    }
    await remember(key, { state: "confirmed", event: record.event }, data);
  }

  async function acknowledged(
    webhook: WebhookDescriptor,
    acknowledge: NonNullable<WebhookDescriptor["acknowledge"]>,
    data: Record<string, unknown>,
    handlers: Receiver[],
    key: string | undefined,
  ): Promise<void> {
    const replyOperation = settings.replyOperations.get(webhook);
    const id = typeof data.id === "string" && data.id !== "" ? data.id : undefined;
    // The replies the handler queued: each settles with its error (undefined when sent).
    const replies: Promise<unknown>[] = [];
    const context: WebhookContext<unknown, unknown> = {
      client,
      reply: (content, callOptions) => {
        if (replyOperation === undefined)
          return Promise.reject(new TypeError(`reply: ${descriptor.api} has no operation sending a ${webhook.schema}`));
        let message: unknown;
        try {
          message = replyTo(data, content as ReplyContent);
        } catch (error) {
          return Promise.reject(error);
        }
        replies.push(
          survive(replyOperation, message, callOptions).then(
            () => undefined,
            (error: unknown) => {
              report(error, {
                stage: replyOperation,
                envelope: data,
                ...(id === undefined ? {} : { messageId: id }),
              });
              return error ?? new Error("the reply failed");
            },
          ),
        );
        return Promise.resolve(undefined);
      },
    };
    const sent = id === undefined ? [] : confirmations.begin(id);
    try {
      // The seed's client library: `received` before the handler runs; awaited before the confirmation, so it arrives first.
      let receivedSent: Promise<void> | undefined;
      if (id !== undefined && settings.notifyReceived) {
        receivedSent = survive(acknowledge.operation, notificationFor(data, RECEIVED_EVENT)).then(
          () => undefined,
          (error: unknown) => report(error, { stage: acknowledge.operation, envelope: data, messageId: id }),
        );
      }
      let failure: unknown;
      let failed = false;
      for (const handler of handlers) {
        try {
          await handler(data, context);
        } catch (error) {
          failed = true;
          failure = error;
          report(error, { stage: webhook.handler, envelope: data });
          break;
        }
      }
      if (!failed && settings.confirmAfterReplies) {
        for (const error of await settledReplies(replies)) {
          if (error === undefined) continue;
          failed = true;
          failure = error;
          break;
        }
      }
      await receivedSent;
      if (id === undefined) {
        // Its originator wants no notifications.
      } else if (sent.length > 0) {
        warn(
          id,
          `message ${id} was already confirmed by the bot (${sent.join(", ")}): the handler's automatic ${failed ? acknowledge.failure : acknowledge.success} was not sent; the webhook handler confirms every message itself, so send no ${acknowledge.success}/${acknowledge.failure} of your own`,
          data,
        );
      } else {
        const event = failed ? acknowledge.failure : acknowledge.success;
        const reason = failed ? failedReason(failure, data) : undefined;
        try {
          await survive(acknowledge.operation, notificationFor(data, event, reason));
          await remember(key, { state: "confirmed", event }, data);
        } catch (error) {
          // Given up: a redelivery of the message sends this confirmation (without running the handler again).
          report(error, { stage: acknowledge.operation, envelope: data, messageId: id });
          await remember(key, { state: "unconfirmed", event, reason }, data);
        }
      }
    } finally {
      if (id !== undefined) confirmations.end(id, sent);
    }
    // The envelope's work (for `idle()` and `waitUntil`) ends when its queued replies were sent.
    await settledReplies(replies);
  }

  /** Runs the receivers of a valid payload (and its acknowledgement); never rejects: errors go to `onError`. */
  async function processEnvelope(
    webhook: WebhookDescriptor,
    payload: Record<string, unknown>,
    key: string | undefined,
  ): Promise<void> {
    try {
      const handlers = receivers.of(webhook, payload);
      if (webhook.acknowledge !== null) {
        if (handlers.length > 0) {
          await acknowledged(webhook, webhook.acknowledge, payload, handlers, key);
        } else if (typeof payload.id === "string" && payload.id !== "") {
          // Nobody processed it: no confirmation is made up, and the bot is told.
          warn(
            payload.id,
            `message ${payload.id} matched no receiver (no ${webhook.handler} and no filter matching it): it was never confirmed`,
            payload,
          );
        }
        return;
      }
      for (const handler of handlers) {
        try {
          await handler(payload);
        } catch (error) {
          // Fire-and-forget receivers (notifications): an exception in one is ignored.
          report(error, { stage: webhook.handler, envelope: payload });
        }
      }
    } catch (error) {
      report(error, { stage: "request", envelope: payload });
    }
  }

  const work = workTracker(settings.waitUntil, report);

  /** Whether the call's URL carries the secret (always, without one). */
  const authenticated = (url: string | undefined): boolean =>
    settings.authenticates === undefined || settings.authenticates(url);

  async function handle(body: unknown, request?: { readonly url?: string | undefined }): Promise<WebhookResult> {
    return authenticated(request?.url) ? handleAuthenticated(body) : unauthenticated();
  }

  /** Parses, validates, de-duplicates and dispatches the body of an authenticated call. */
  async function handleAuthenticated(body: unknown): Promise<WebhookResult> {
    let data = body;
    if (typeof data === "string" || data instanceof Uint8Array) {
      try {
        // The strict reader: UTF-8 decoded strictly, a byte-order mark skipped, a key repeated in one object an error.
        data = readJson(data);
      } catch {
        // Only "not JSON" is said: the body is the service's, and nothing of it is echoed.
        return rejected(400, [problem("must be valid JSON", "json")]);
      }
    }
    const webhook = receivers.webhookOf(data);
    if (webhook === undefined) return rejected(400, [problem(receivers.noneTakes, "kind")]);
    const result = (await loadValidators()).validate(webhook.schema, data);
    if (!result.valid) return { status: 400, body: listErrors(result.errors, settings.maxErrors) }; // docs/validating.md#errors-listed
    const payload = data as Record<string, unknown>;
    let key: string | undefined;
    if (window !== undefined && webhook.acknowledge !== null && typeof payload.id === "string" && payload.id !== "") {
      key = await boundedKey(payload.id);
      let known: DeliveryRecord | undefined;
      try {
        known = await window.claim(key);
      } catch (error) {
        // Fail closed: without the window, a redelivery could run the handler twice; the service delivers it again.
        report(error, { stage: "deduplicate", envelope: payload, messageId: payload.id });
        return rejected(
          503,
          [problem("could not be checked against the redelivery window; deliver it again later", "deduplicate")],
          { "Retry-After": "1" },
        );
      }
      // A redelivery (the same message id within the window): answered as the first was, without running the handler;
      // a confirmation given up the first time is sent now.
      if (known !== undefined) {
        if (known.state === "unconfirmed") await runWork(confirmAgain(webhook.acknowledge, payload, key, known));
        return { ...OK };
      }
    }
    await runWork(processEnvelope(webhook, payload, key));
    return { ...OK };
  }

  /** Awaits an envelope's work with `answerAfterProcessing`, else tracks it (for `idle()` and `waitUntil`). */
  async function runWork(envelopeWork: Promise<void>): Promise<void> {
    if (settings.answerAfterProcessing) await envelopeWork;
    else work.track(envelopeWork);
  }

  async function listener(request: WebhookRequest, response: WebhookResponse): Promise<void> {
    let result: WebhookResult;
    try {
      if (!authenticated(request.url)) {
        result = unauthenticated();
      } else if (request.method !== undefined && request.method !== "POST") {
        result = rejected(405, [problem("only POST is accepted", "method")], { Allow: "POST" });
      } else if (request.body !== undefined) {
        result = await handleAuthenticated(request.body);
      } else {
        const bytes = await readBodyUpTo(request, settings.maxBodyBytes);
        result =
          bytes === undefined
            ? rejected(413, [problem(`is larger than ${String(settings.maxBodyBytes)} bytes`, "maxBodyBytes")])
            : await handleAuthenticated(bytes);
      }
    } catch (error) {
      report(error, { stage: "request" });
      result = rejected(500, [problem("could not be processed", "internal")]);
    }
    writeResult(response, result);
  }

  const handlerObject = Object.assign(listener, { handle, idle: work.idle }) as WebhookHandler &
    Record<string, unknown>;
  const on = (name: string, filter: unknown, receiver: unknown): WebhookHandler => {
    receivers.register(name, filter, receiver);
    return handlerObject;
  };
  Object.defineProperty(handlerObject, "on", { value: on });
  for (const webhook of webhooks) {
    if (["handle", "idle", "on", "name", "length", "call", "apply", "bind"].includes(webhook.handler))
      throw new TypeError(`createWebhookHandler: webhook handler name ${webhook.handler} is taken`);
    Object.defineProperty(handlerObject, webhook.handler, {
      value: (filter: unknown, receiver: unknown) => on(webhook.handler, filter, receiver),
    });
  }
  return handlerObject;
}
