/**
 * The webhook handler: the service's calls to the bot (`webhooks` of the OpenAPI document), served as a
 * `node:http` request listener or through `handle(body)` for frameworks that parse the body. Driven by the
 * descriptor's webhooks: which payload goes to which handler option (`match`), its schema, and the
 * acknowledgement sent after the handler (`acknowledge`).
 */
import { notificationFor, reply as replyTo, type Reason, type ReplyContent } from "../messaging/envelopes.js";
import type { ValidationError, Validates } from "../validation/result.js";
import type { ApiDescriptor, WebhookDescriptor } from "./descriptor.js";
import type { OperationMethods } from "./create-client.js";
import { deepFreeze, type CallOptions } from "./transport.js";

/** Largest body read from a request stream when `maxBodyBytes` is not given (1 MiB). */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

/** The part of a `node:http` `IncomingMessage` the handler reads (`body` when a framework parsed it already). */
export interface WebhookRequest {
  readonly method?: string | undefined;
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

/** What the handler answers the service: 200 with no body once processed; 400, 405, 413 or 500 with `{ errors }`. */
export interface WebhookResult {
  status: number;
  body?: { errors: ValidationError[] };
  headers?: Record<string, string>;
}

/** Where an error the handler did not let through happened. */
export interface WebhookErrorContext<Payload = unknown> {
  /**
   * The handler option (`onMessage`, `onNotification`), `failureReason`, the acknowledging operation
   * (`sendNotification`), or `request` (reading or processing the request failed).
   */
  stage: string;
  /** The payload being handled, when there is one. */
  envelope?: Payload;
}

/** Handed to the handler of an acknowledged webhook (a received message) next to the payload. */
export interface WebhookContext<Client = OperationMethods, Content = ReplyContent> {
  client: Client;
  /**
   * Answers the received payload: sends `reply(received, content)` (to = the received `from`, unchanged; a new
   * UUID `id` unless given) with the client's operation whose request schema is the webhook's (`sendMessage`).
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
  /** Errors the handler does not let through (handler exceptions, failed acknowledgements). Default: one line on stderr. */
  onError?: ((error: unknown, context: WebhookErrorContext<Payload>) => void) | undefined;
  /** The `reason` of the failure acknowledgement for an exception of the handler. Default: `{ code: error.code when an integer, else 1, description: error.message }`. */
  failureReason?: ((error: unknown, payload: Acknowledged) => Reason) | undefined;
  /** Largest body read from a request stream, in bytes (default 1048576); a larger one is answered 413. */
  maxBodyBytes?: number | undefined;
}

/**
 * The options of `createWebhookHandler`, generic so that a generated module specialises them: `Handlers` holds one
 * (optional) member per webhook, named by its `handler` (`onMessage?(message: Message, context: WebhookContext<
 * MessagingClient>): unknown`, `onNotification?(notification: Notification): unknown`). A generated module may as
 * well declare an interface extending `WebhookHandlerBaseOptions<Client, Payload, Acknowledged>` with those members.
 */
export type WebhookHandlerOptions<Handlers extends object = Record<never, never>, Client = OperationMethods, Payload = unknown, Acknowledged = Payload> = WebhookHandlerBaseOptions<Client, Payload, Acknowledged> & Handlers;

/** A `node:http` request listener (`http.createServer(handler)`), plus `handle(body)` for frameworks that parse the body. */
export interface WebhookHandler {
  (request: WebhookRequest, response: WebhookResponse): Promise<void>;
  /** Processes a parsed body (or its JSON text or bytes) and returns what to answer the service. */
  handle(body: unknown): Promise<WebhookResult>;
}

type Handler = (payload: unknown, context?: WebhookContext<unknown, unknown>) => unknown;
type Send = (body: unknown, options?: CallOptions) => Promise<unknown>;

const isJsonObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const problem = (message: string, keyword: string): ValidationError => ({ pointer: "", message, keyword });
const rejected = (status: number, errors: ValidationError[], headers?: Record<string, string>): WebhookResult => (headers === undefined ? { status, body: { errors } } : { status, body: { errors }, headers });
const OK: WebhookResult = Object.freeze({ status: 200 }) as WebhookResult;

/** The default `reason` of a failure acknowledgement. */
export function defaultFailureReason(error: unknown): Reason {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return {
    code: typeof code === "number" && Number.isInteger(code) ? code : 1,
    description: error instanceof Error && error.message !== "" ? error.message.slice(0, 500) : "The bot failed to process the message",
  };
}

function defaultOnError(error: unknown, context: WebhookErrorContext): void {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`specfirst webhook handler: ${context.stage} failed: ${detail.split("\n")[0]}`);
}

/** The request body, at most `limit` bytes; undefined when it is longer. */
async function readBody(request: WebhookRequest, limit: number): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<unknown>) {
    const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
    size += bytes.byteLength;
    if (size > limit) return undefined;
    chunks.push(bytes);
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const bytes of chunks) {
    joined.set(bytes, offset);
    offset += bytes.byteLength;
  }
  return joined;
}

/** "a message or a notification": the kinds the webhooks accept, for the 400 of a payload none of them takes. */
const kindsAccepted = (webhooks: readonly WebhookDescriptor[]) => webhooks.map((webhook) => `${/^[aeiou]/i.test(webhook.schema) ? "an" : "a"} ${webhook.schema}`).join(" or ");

/**
 * A handler for the service's webhook calls, for the webhooks of `descriptor`. A payload goes to the first webhook
 * whose `match.required` fields it all has (own properties), else to the webhook without `match`; none: 400. It is
 * validated against the webhook's schema (400 with the errors), then passed to `options[webhook.handler]`. For a
 * webhook with `acknowledge` and a payload with an `id`, the handler gets `{ client, reply }` and, once it is done,
 * the `success` notification is sent with `options.client[acknowledge.operation]`, or the `failure` one with a
 * reason when it threw; otherwise an exception of the handler is reported to `onError` and ignored
 * (fire-and-forget receivers). Answers 200 with no body once done; 405 (`Allow: POST`) for other methods, 413 over
 * `maxBodyBytes`, 500 when reading the request fails.
 */
export function createWebhookHandler<Options extends WebhookHandlerBaseOptions<unknown, never, never>>(descriptor: ApiDescriptor, options: Options): WebhookHandler {
  if (!isJsonObject(options)) throw new TypeError("createWebhookHandler needs an options object");
  deepFreeze(descriptor);
  const fields = options as Record<string, unknown>;
  const webhooks = descriptor.webhooks;
  const client = fields.client as Record<string, unknown> | undefined;

  // The client operation a reply goes through, per acknowledged webhook: the one whose request schema is the webhook's.
  const replyOperations = new Map<WebhookDescriptor, string>();
  const needed = new Set<string>();
  for (const webhook of webhooks) {
    if (webhook.acknowledge === null) continue;
    needed.add(webhook.acknowledge.operation);
    const replyOperation = webhook.reply ?? descriptor.operations.find((operation) => operation.schema === webhook.schema)?.operationId;
    if (replyOperation !== undefined) {
      replyOperations.set(webhook, replyOperation);
      needed.add(replyOperation);
    }
  }
  if (needed.size > 0 && (client === null || typeof client !== "object" || [...needed].some((name) => typeof client[name] !== "function"))) {
    throw new TypeError(`createWebhookHandler: options.client must be a ${descriptor.api} client (from ${descriptor.factory}), with ${[...needed].join(" and ")}`);
  }
  const onError = (fields.onError ?? defaultOnError) as (error: unknown, context: WebhookErrorContext) => void;
  const failureReason = fields.failureReason as ((error: unknown, payload: unknown) => Reason) | undefined;
  const maxBodyBytes = fields.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (typeof onError !== "function") throw new TypeError("createWebhookHandler: onError must be a function");
  if (failureReason !== undefined && typeof failureReason !== "function") throw new TypeError("createWebhookHandler: failureReason must be a function");
  if (!(typeof maxBodyBytes === "number" && Number.isInteger(maxBodyBytes) && maxBodyBytes > 0)) throw new TypeError("createWebhookHandler: maxBodyBytes must be a positive integer");

  const matching = webhooks.filter((webhook) => webhook.match !== null);
  const fallback = webhooks.find((webhook) => webhook.match === null);
  const notAnyKind = `must be ${kindsAccepted(webhooks)} envelope`;
  const choose = (data: unknown): WebhookDescriptor | undefined => {
    if (!isJsonObject(data)) return undefined;
    for (const webhook of matching) if (webhook.match?.required.every((field) => Object.hasOwn(data, field))) return webhook;
    return fallback;
  };

  let validators: Promise<Validates> | undefined;
  const loadValidators = (): Promise<Validates> =>
    (validators ??= descriptor.loadValidators().catch((error: unknown) => {
      validators = undefined;
      throw error;
    }));

  const report = (error: unknown, context: WebhookErrorContext): void => {
    try {
      onError(error, context);
    } catch {
      // An onError that throws must not break the answer to the service.
    }
  };

  async function acknowledged(webhook: WebhookDescriptor, acknowledge: NonNullable<WebhookDescriptor["acknowledge"]>, data: Record<string, unknown>, handler: Handler): Promise<void> {
    const send = client?.[acknowledge.operation] as Send;
    const replyOperation = replyOperations.get(webhook);
    const context: WebhookContext<unknown, unknown> = {
      client,
      reply: (content, callOptions) => {
        if (replyOperation === undefined) return Promise.reject(new TypeError(`reply: ${descriptor.api} has no operation sending a ${webhook.schema}`));
        return (client?.[replyOperation] as Send)(replyTo(data, content as ReplyContent), callOptions);
      },
    };
    let failure: unknown;
    let failed = false;
    try {
      await handler(data, context);
    } catch (error) {
      failed = true;
      failure = error;
      report(error, { stage: webhook.handler, envelope: data });
    }
    if (typeof data.id !== "string" || data.id === "") return;
    let notification: unknown;
    if (failed) {
      let reason: Reason | undefined;
      if (failureReason !== undefined) {
        try {
          reason = failureReason(failure, data);
        } catch (error) {
          report(error, { stage: "failureReason", envelope: data });
        }
      } else {
        reason = defaultFailureReason(failure);
      }
      notification = notificationFor(data, acknowledge.failure, Number.isInteger(reason?.code) ? (reason as Reason) : defaultFailureReason(undefined));
    } else {
      notification = notificationFor(data, acknowledge.success);
    }
    try {
      await send(notification);
    } catch (error) {
      report(error, { stage: acknowledge.operation, envelope: data });
    }
  }

  async function handle(body: unknown): Promise<WebhookResult> {
    let data = body;
    if (typeof data === "string" || data instanceof Uint8Array) {
      try {
        data = JSON.parse(typeof data === "string" ? data : new TextDecoder("utf-8", { fatal: true }).decode(data));
      } catch {
        // The parser's message can quote the body, so it is not passed on.
        return rejected(400, [problem("must be valid JSON", "json")]);
      }
    }
    const webhook = choose(data);
    if (webhook === undefined) return rejected(400, [problem(notAnyKind, "kind")]);
    const result = (await loadValidators()).validate(webhook.schema, data);
    if (!result.valid) return rejected(400, result.errors);
    const handler = fields[webhook.handler];
    if (typeof handler !== "function") return { ...OK };
    const payload = data as Record<string, unknown>;
    if (webhook.acknowledge !== null) {
      await acknowledged(webhook, webhook.acknowledge, payload, handler as Handler);
    } else {
      try {
        await (handler as Handler)(payload);
      } catch (error) {
        // Fire-and-forget receivers (notifications): an exception in one is ignored.
        report(error, { stage: webhook.handler, envelope: payload });
      }
    }
    return { ...OK };
  }

  async function listener(request: WebhookRequest, response: WebhookResponse): Promise<void> {
    let result: WebhookResult;
    try {
      if (request.method !== undefined && request.method !== "POST") {
        result = rejected(405, [problem("only POST is accepted", "method")], { Allow: "POST" });
      } else if (request.body !== undefined) {
        result = await handle(request.body);
      } else {
        const bytes = await readBody(request, maxBodyBytes as number);
        result = bytes === undefined ? rejected(413, [problem(`is larger than ${String(maxBodyBytes)} bytes`, "maxBodyBytes")]) : await handle(bytes);
      }
    } catch (error) {
      report(error, { stage: "request" });
      result = rejected(500, [problem("could not be processed", "internal")]);
    }
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

  return Object.assign(listener, { handle });
}
