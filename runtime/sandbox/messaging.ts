import type { IncomingMessage, ServerResponse } from "node:http";
import type { Command, CommandResponse, Message, Notification } from "../../generated/types.js";
import { validate } from "../../generated/validators.js";
import type { JsonValue } from "../json/json-text.js";
import type { ValidationError } from "../validation/result.js";
import { EXTENSION_ADDRESS, isExtensionUri, type CommandProcessor } from "./commands.js";
import type { Delivery } from "./delivery.js";
import { checkKeyAuthorization, error, isJsonContentType, parseBody, readBody, sendChoice, sendEmpty, sendJson } from "./http.js";
import type { LimitKind, SlidingWindowLimiter } from "./rate-limit.js";
import { now, type StateStore } from "./state.js";

/** What the request handlers of both APIs share. */
export interface HandlerContext {
  store: StateStore;
  delivery: Delivery;
  commands: CommandProcessor;
  limiter: SlidingWindowLimiter;
  accessKey: string;
  configsKey: string;
}

/** Answers a request the sandbox refuses, marked as its choice, and records it in `rejected`. */
export function reject(context: HandlerContext, request: IncomingMessage, response: ServerResponse, status: number, errors: ValidationError[], note: string, headers: Record<string, string> = {}): void {
  context.store.state.rejected.push({ at: now(), method: request.method ?? "", path: new URL(request.url ?? "/", "http://sandbox").pathname, status, errors });
  context.store.changed();
  sendChoice(response, status, errors, note, headers);
}

export const NOTES = {
  400: "the API description shows 400 (problem with the format or fields of the sent envelope) but not its body",
  401: "the API description shows 401 (missing or wrong authorization) but not its body",
  413: "the API description shows no envelope size limit; the sandbox reads at most 1 MiB",
  429: "the API description shows per-plan throughput limits but not the answer to an exceeded limit",
} as const;

/**
 * Reads and checks the JSON body of a request: `Content-Type: application/json`, at most 1 MiB, strict JSON, then
 * the schema `name`. Answers the refusal itself and resolves with undefined when the body is not acceptable.
 */
export async function readEnvelope(context: HandlerContext, request: IncomingMessage, response: ServerResponse, name: "message" | "notification" | "command" | "config"): Promise<JsonValue | undefined> {
  const note = name === "config" ? "the configs API description shows no error responses" : NOTES[400];
  if (!isJsonContentType(request)) {
    await readBody(request).catch(() => undefined);
    reject(context, request, response, 400, [error("", "the Content-Type header must be application/json", "content-type")], note);
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
  const result = validate(name, parsed.value);
  if (!result.valid) {
    reject(context, request, response, 400, result.errors, note);
    return undefined;
  }
  return parsed.value;
}

/** `POST /messages`, `/notifications`, `/commands`: authorization, plan limit, envelope, then the operation. */
export async function handleMessaging(context: HandlerContext, kind: LimitKind, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const unauthorized = checkKeyAuthorization(request, context.accessKey);
  if (unauthorized !== undefined) {
    await readBody(request).catch(() => undefined);
    reject(context, request, response, 401, [unauthorized], NOTES[401], { "www-authenticate": "Key" });
    return;
  }
  const decision = context.limiter.take(kind);
  if (!decision.allowed) {
    await readBody(request).catch(() => undefined);
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    reject(context, request, response, 429, [error("", `more than ${context.limiter.limit(kind)} ${kind} in one second (the plan's limit)`, "rate-limit")], NOTES[429], { "retry-after": String(seconds) });
    return;
  }
  const schema = kind === "messages" ? "message" : kind === "notifications" ? "notification" : "command";
  const value = await readEnvelope(context, request, response, schema);
  if (value === undefined) return;
  switch (kind) {
    case "messages": {
      sendEmpty(response, 202);
      context.delivery.messageSent(value as Message, "POST /messages");
      return;
    }
    case "notifications": {
      const notification = value as Notification;
      const matchesDelivered = context.delivery.notificationReceived(notification);
      context.store.state.sent.notifications.push({ at: now(), notification, matchesDelivered });
      context.store.changed();
      sendEmpty(response, 202);
      return;
    }
    case "commands": {
      const command = value as Command;
      if (command.method === "observe" || command.id === undefined) {
        reject(context, request, response, 400, [error("/method", "an observe command is sent by the server or an extension and must not be answered: a bot does not send it with POST /commands", "enum")], NOTES[400]);
        return;
      }
      if (isExtensionUri(command.uri) && (command.to === undefined || !EXTENSION_ADDRESS.test(command.to))) {
        const message = command.to === undefined ? "is required for a command to an extension (postmaster@<extension>.<host>)" : "must be the extension's address, postmaster@<extension>.<host>";
        reject(context, request, response, 400, [error("/to", message, command.to === undefined ? "required" : "pattern")], NOTES[400]);
        return;
      }
      const answered: CommandResponse = context.commands.handle(command as Command & { id: string; method: CommandResponse["method"] });
      sendJson(response, 200, answered);
      return;
    }
  }
}
