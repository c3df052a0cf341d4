/**
 * The checks of `specfirst verify`, one row each: its id (Schemathesis's name where one fits), why it matters in one
 * sentence, which exchanges it judges and its verdict. A verdict is `undefined` (passed) or the failure in plain
 * words, never quoting the credential. The webhook checks judge what reached the bot's URL after the run
 * (runtime/verify/runner.ts); the others judge one request and its answer.
 */
import { JsonSyntaxError, readJson } from "../json/read-json.js";
import type { Validates } from "../validation/result.js";
import type { VerifiedOperation } from "./contract.js";
import type { Outcome, ReceivedResponse, SentRequest } from "./http.js";
import type { CheckInfo } from "./check-ids.js";
import { isSchemaObject, shapeOf, type SchemaRegistry } from "./schema-model.js";

/**
 * What a request was: a valid body with the credential (`valid`), one the server must not answer (`unanswered`),
 * an invalid body (`invalid`), or a valid body without or with a wrong credential.
 */
export type ExchangeKind = "valid" | "unanswered" | "invalid" | "no-credential" | "wrong-credential";

export interface Exchange {
  readonly operation: VerifiedOperation;
  readonly kind: ExchangeKind;
  /** The variant of the body (`type=text/plain`), or the rule an invalid body breaks. */
  readonly label: string;
  /** For an invalid body, the kind of rule it breaks (runtime/verify/mutations.ts); "" otherwise. */
  readonly rule: string;
  readonly request: SentRequest;
  /** The parsed body sent, for valid kinds. */
  readonly body: unknown;
  readonly outcome: Outcome;
}

export interface CheckContext {
  readonly validators: Validates;
  readonly registry: SchemaRegistry;
}

/** A check: its public face (id, why, scope) and, for an `exchange` check, its verdict on one exchange. */
export interface CheckDefinition extends CheckInfo {
  /** The verdict for one exchange: `undefined` passed, a string failed, `null` not applicable. */
  readonly judge?: (exchange: Exchange, context: CheckContext) => string | undefined | null;
}

const responseOf = (exchange: Exchange): ReceivedResponse | undefined =>
  "response" in exchange.outcome ? exchange.outcome.response : undefined;

/** The declared response for a status: its key in `responses` (`"202"`, `"2XX"`, `"default"`), or undefined. */
export function declaredResponse(operation: VerifiedOperation, status: number): string | undefined {
  const exact = String(status);
  if (Object.hasOwn(operation.responses, exact)) return exact;
  const range = `${exact[0] ?? ""}XX`;
  if (Object.hasOwn(operation.responses, range)) return range;
  return Object.hasOwn(operation.responses, "default") ? "default" : undefined;
}

/** The validator name of the JSON body declared for this answer's status, or undefined when none is declared. */
function declaredBodySchema(operation: VerifiedOperation, status: number): string | undefined {
  const key = declaredResponse(operation, status);
  return key === undefined ? undefined : (operation.responses[key] ?? undefined);
}

/** `type/subtype` of a Content-Type header, lower case, or undefined when it is not one. */
export function mediaTypeOf(header: string | undefined): string | undefined {
  const essence = header?.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence) ? essence : undefined;
}

/** The answer's JSON body, or why it cannot be read (strict reading: docs/validating.md#validation-input). */
function jsonBody(response: ReceivedResponse): { value: unknown } | { problem: string } {
  try {
    return { value: readJson(response.body) };
  } catch (caught) {
    if (caught instanceof JsonSyntaxError) return { problem: `the body is not JSON (${caught.message})` };
    throw caught;
  }
}

const is2xx = (status: number) => status >= 200 && status < 300;
const is4xx = (status: number) => status >= 400 && status < 500;

export const CHECKS: readonly CheckDefinition[] = [
  {
    id: "not_a_server_error",
    why: "A 5xx or a dropped connection means the server failed on a request it should have answered.",
    scope: "exchange",
    judge: (exchange) => {
      if ("error" in exchange.outcome) return `no answer: ${exchange.outcome.error}`;
      const { status } = exchange.outcome.response;
      return status >= 500 ? `answered ${status}` : undefined;
    },
  },
  {
    id: "status_code_conformance",
    why: "A client handles only the statuses the document declares; any other one is an answer it cannot read.",
    scope: "exchange",
    judge: (exchange) => {
      const response = responseOf(exchange);
      // A 5xx is not_a_server_error's to report, declared or not.
      if (response === undefined || response.status >= 500) return null;
      const declared = declaredResponse(exchange.operation, response.status);
      const successes = Object.keys(exchange.operation.responses).filter((key) => /^2(?:\d\d|XX)$/.test(key));
      // Beside a declared success, `default` stands for the answers the document does not show, not for another
      // success: a client resolves on the declared 2xx only (docs/verify.md#the-configs-success-is-201).
      if (declared === "default" && is2xx(response.status) && successes.length > 0)
        return `answered ${response.status}; the document's success is ${successes.join(", ")} (its \`default\` is for other answers)`;
      if (declared !== undefined) return undefined;
      return `answered ${response.status}; the document declares ${Object.keys(exchange.operation.responses).join(", ")}`;
    },
  },
  {
    id: "content_type_conformance",
    why: "A declared JSON body must come as application/json, or clients will not parse it.",
    scope: "exchange",
    judge: (exchange) => {
      const response = responseOf(exchange);
      if (response === undefined || declaredBodySchema(exchange.operation, response.status) === undefined) return null;
      const header = response.headers["content-type"];
      const mediaType = mediaTypeOf(header);
      if (mediaType === "application/json") return undefined;
      return header === undefined
        ? `answered ${response.status} without Content-Type; the document declares application/json`
        : `answered ${response.status} with Content-Type ${mediaType ?? "(not a media type)"}; the document declares application/json`;
    },
  },
  {
    id: "response_schema_conformance",
    why: "A declared response body must be valid against its schema, or typed clients get what their types deny.",
    scope: "exchange",
    judge: (exchange, context) => {
      const response = responseOf(exchange);
      const schema = response === undefined ? undefined : declaredBodySchema(exchange.operation, response.status);
      if (response === undefined || schema === undefined) return null;
      const read = jsonBody(response);
      if ("problem" in read) return `answered ${response.status}: ${read.problem}`;
      const result = context.validators.validate(schema, read.value);
      if (result.valid) return undefined;
      const errors = result.errors.slice(0, 3).map((error) => `${error.pointer || "/"} ${error.message}`);
      return `answered ${response.status} with a body invalid against ${schema}: ${errors.join("; ")}`;
    },
  },
  {
    id: "command_response_id",
    why: 'A response is matched to its request by id (the seed: id is the "reference for the response").',
    scope: "exchange",
    judge: (exchange, context) => {
      const response = responseOf(exchange);
      if (exchange.kind !== "valid" || response === undefined || !is2xx(response.status)) return null;
      const schema = declaredBodySchema(exchange.operation, response.status);
      const sentId = isSchemaObject(exchange.body) ? exchange.body.id : undefined;
      if (schema === undefined || typeof sentId !== "string") return null;
      if (!shapeOf(context.registry, context.registry.named(schema)).required.has("id")) return null;
      const read = jsonBody(response);
      if ("problem" in read) return null;
      const answeredId = isSchemaObject(read.value) ? read.value.id : undefined;
      if (answeredId === sentId) return undefined;
      return answeredId === undefined ? "the response carries no id" : "the response's id is not the request's id";
    },
  },
  {
    id: "positive_data_acceptance",
    why: "A body the contract's validators accept, sent with the right credential, must be accepted (2xx).",
    scope: "exchange",
    judge: (exchange) => {
      const response = responseOf(exchange);
      // A 5xx is not_a_server_error's to report.
      if (exchange.kind !== "valid" || response === undefined || response.status >= 500) return null;
      return is2xx(response.status) ? undefined : `a valid body was answered ${response.status}; expected 2xx`;
    },
  },
  {
    id: "negative_data_rejection",
    why: "A body that breaks a rule of the contract must be refused (4xx), not stored or acted on.",
    scope: "exchange",
    judge: (exchange) => {
      const response = responseOf(exchange);
      if (exchange.kind !== "invalid" || response === undefined || response.status >= 500) return null;
      return is4xx(response.status) ? undefined : `an invalid body was answered ${response.status}; expected 4xx`;
    },
  },
  {
    id: "ignored_auth",
    why: 'A request without the credential, or with a wrong one, must be refused with 401 (the seed: "A missing or wrong authorization yields HTTP 401").',
    scope: "exchange",
    judge: (exchange) => {
      const response = responseOf(exchange);
      if ((exchange.kind !== "no-credential" && exchange.kind !== "wrong-credential") || response === undefined)
        return null;
      if (response.status >= 500 || response.status === 401) return response.status === 401 ? undefined : null;
      return `a request ${exchange.kind === "no-credential" ? "without a credential" : "with a wrong credential"} was answered ${response.status}; expected 401`;
    },
  },
  {
    id: "observe_not_answered",
    why: 'An observe command "is unidirectional and must not be answered" (the seed), so no command response may come back.',
    scope: "exchange",
    judge: (exchange) => {
      const response = responseOf(exchange);
      if (exchange.kind !== "unanswered" || response === undefined || response.status >= 500) return null;
      return is2xx(response.status)
        ? `an observe command was answered ${response.status}; expected a refusal (4xx)`
        : undefined;
    },
  },
  {
    id: "notification_delivery",
    why: "The status of a sent message is delivered as notifications for its id to the bot's notifications URL (the seed).",
    scope: "webhook",
  },
  {
    id: "webhook_payload_conformance",
    why: "Every payload POSTed to the bot must be valid against its webhook's schema (a failed notification carries a reason).",
    scope: "webhook",
  },
];
