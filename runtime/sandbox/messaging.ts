import type { IncomingMessage, ServerResponse } from "node:http";
import type { Command, CommandResponse, Message, OutboundNotification } from "../../generated/types.js";
import { schemaNames, validate, type SchemaName } from "../../generated/validators.js";
import type { JsonValue } from "../json/json-text.js";
import type { ValidationError } from "../validation/result.js";
import type { CommandProcessor } from "./commands.js";
import type { Delivery } from "./delivery.js";
import {
  checkKeyAuthorization,
  error,
  isJsonContentType,
  parseBody,
  readBody,
  sendChoice,
  sendEmpty,
  sendJson,
} from "./http.js";
import type { SandboxOperation } from "./operations.js";
import type { SlidingWindowLimiter } from "./rate-limit.js";
import { now, type StateStore } from "./state.js";

/** What the request handlers of both APIs share. */
export interface HandlerContext {
  store: StateStore;
  delivery: Delivery;
  commands: CommandProcessor;
  limiter: SlidingWindowLimiter;
  accessKey: string;
  configsKey: string;
  /** Check requests with the strict variant of their schema where one exists (`message-strict`: closed documents). */
  strict: boolean;
}

/** The schema a request is checked with: its operation's, or that schema's strict variant in strict mode. */
function requestSchema(context: HandlerContext, operation: SandboxOperation): SchemaName {
  // The operations the sandbox plays all take a body; one without reaches `notPlayed` first.
  if (operation.requestSchema === null)
    throw new TypeError(`sandbox: operation ${operation.operationId} has no request body`);
  const strict = schemaNames.find((name) => name === `${operation.requestSchema}-strict`);
  return context.strict && strict !== undefined ? strict : operation.requestSchema;
}

/** Answers a request the sandbox refuses, marked as its choice, and records it in `rejected`. */
export function reject(
  context: HandlerContext,
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  errors: ValidationError[],
  note: string,
  headers: Record<string, string> = {},
): void {
  context.store.add("rejected", {
    at: now(),
    method: request.method ?? "",
    path: new URL(request.url ?? "/", "http://sandbox").pathname,
    status,
    errors,
  });
  context.store.changed();
  sendChoice(response, status, errors, note, headers);
}

export const NOTES = {
  400: "the API description shows 400 (problem with the format or fields of the sent envelope) but not its body",
  401: "the API description shows 401 (missing or wrong authorization) but not its body",
  413: "the API description shows no envelope size limit; the sandbox reads at most 1 MiB",
  501: "the API description has this operation, but the sandbox does not play it",
  429: "the API description shows per-plan throughput limits but not the answer to an exceeded limit",
} as const;

/** Answers an operation of the API descriptions the sandbox has no behaviour for (501, the choice body). */
export async function notPlayed(
  context: HandlerContext,
  operation: SandboxOperation,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  await readBody(request).catch(() => undefined);
  reject(
    context,
    request,
    response,
    501,
    [
      error(
        "",
        `the sandbox does not play operation ${operation.operationId} of the ${operation.api} API`,
        "operation",
      ),
    ],
    NOTES[501],
  );
}

/**
 * Reads and checks the JSON body of a request: `Content-Type: application/json`, at most 1 MiB, strict JSON, then
 * the operation's request schema (the one its published document names, or its strict variant with `strict`). Answers the refusal itself and resolves
 * with undefined when the body is not acceptable.
 */
export async function readEnvelope(
  context: HandlerContext,
  request: IncomingMessage,
  response: ServerResponse,
  operation: SandboxOperation,
): Promise<JsonValue | undefined> {
  const note = operation.api === "configs" ? "the configs API description shows no error responses" : NOTES[400];
  if (!isJsonContentType(request)) {
    await readBody(request).catch(() => undefined);
    reject(
      context,
      request,
      response,
      400,
      [error("", "the Content-Type header must be application/json", "content-type")],
      note,
    );
    return undefined;
  }
  const bytes = await readBody(request);
  if (bytes === undefined) {
    reject(context, request, response, 413, [error("", "the body is larger than 1 MiB", "size")], NOTES[413]);
    return undefined;
  }
  const parsed = parseBody(bytes);
  if (!parsed.ok) {
    reject(context, request, response, 400, parsed.errors, note);
    return undefined;
  }
  const result = validate(requestSchema(context, operation), parsed.value);
  if (!result.valid) {
    reject(context, request, response, 400, result.errors, note);
    return undefined;
  }
  return parsed.value;
}

/** What the sandbox does with a valid request of each messaging operation, by `operationId`. */
const MESSAGING_ACTIONS: Partial<
  Record<
    string,
    (context: HandlerContext, value: JsonValue, request: IncomingMessage, response: ServerResponse) => void
  >
> = {
  sendMessage(context, value, _request, response) {
    sendEmpty(response, 202);
    context.delivery.messageSent(value as Message, "POST /messages");
  },
  sendNotification(context, value, _request, response) {
    const notification = value as OutboundNotification;
    const matchesDelivered = context.delivery.notificationReceived(notification);
    context.store.add("sentNotifications", { at: now(), notification, matchesDelivered });
    context.store.changed();
    sendEmpty(response, 202);
  },
  sendCommand(context, value, request, response) {
    const command = value as Command;
    if (command.method === "observe" || command.id === undefined) {
      reject(
        context,
        request,
        response,
        400,
        [
          error(
            "/method",
            "an observe command is sent by the server or an extension and must not be answered: a bot does not send it with POST /commands",
            "enum",
          ),
        ],
        NOTES[400],
      );
      return;
    }
    const answered: CommandResponse = context.commands.handle(
      command as Command & { id: string; method: CommandResponse["method"] },
    );
    sendJson(response, 200, answered);
  },
};

/** An operation of the messaging API: authorization, plan limit, envelope, then what the operation does. */
export async function handleMessaging(
  context: HandlerContext,
  operation: SandboxOperation,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const unauthorized = checkKeyAuthorization(request, context.accessKey);
  if (unauthorized !== undefined) {
    await readBody(request).catch(() => undefined);
    reject(context, request, response, 401, [unauthorized], NOTES[401], { "www-authenticate": "Key" });
    return;
  }
  const kind = operation.limit;
  const decision = kind === null ? undefined : context.limiter.take(kind);
  if (kind !== null && decision?.allowed === false) {
    await readBody(request).catch(() => undefined);
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    reject(
      context,
      request,
      response,
      429,
      [error("", `more than ${context.limiter.limit(kind)} ${kind} in one second (the plan's limit)`, "rate-limit")],
      NOTES[429],
      { "retry-after": String(seconds) },
    );
    return;
  }
  const act = MESSAGING_ACTIONS[operation.operationId];
  if (act === undefined) return notPlayed(context, operation, request, response);
  const value = await readEnvelope(context, request, response, operation);
  if (value === undefined) return;
  act(context, value, request, response);
}
