import { readBodyUpTo } from "../http/read-body.js";
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { JsonSyntaxError, readJson, type JsonValue } from "../json/read-json.js";
import type { ValidationError } from "../validation/result.js";

/**
 * HTTP helpers of the sandbox. Every answer whose status or body the API descriptions do not show carries the
 * header `X-Specfirst-Sandbox: choice` and a `sandbox` field saying so.
 */

export const SANDBOX_HEADER = "x-specfirst-sandbox";
export const SANDBOX_CHOICE = "choice";

/** Largest request body read, in bytes (the seeds show no envelope size limit: the sandbox's choice). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The body of an answer the seed does not show: the errors, and a note naming it the sandbox's choice. */
export interface ChoiceBody {
  errors: ValidationError[];
  sandbox: string;
}

export function error(pointer: string, message: string, keyword: string): ValidationError {
  return { pointer, message, keyword };
}

/** Sends a JSON body. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

/** Sends an answer the seeds do not show, marked as the sandbox's choice (header and `sandbox` field). */
export function sendChoice(
  response: ServerResponse,
  status: number,
  errors: ValidationError[],
  note: string,
  headers: Record<string, string> = {},
): void {
  const body: ChoiceBody = { errors, sandbox: `The sandbox's choice, not the platform's: ${note}` };
  sendJson(response, status, body, { [SANDBOX_HEADER]: SANDBOX_CHOICE, ...headers });
}

/** Sends a status with no body (202). */
export function sendEmpty(response: ServerResponse, status: number): void {
  response.writeHead(status, { "content-length": "0" });
  response.end();
}

/** Reads the request body, up to `maxBytes`; `undefined` when it is longer (the rest is drained and dropped). */
export async function readBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Uint8Array | undefined> {
  return readBodyUpTo(request, maxBytes, { drain: true });
}

/** True when the request's `Content-Type` is `application/json` (parameters such as `charset` allowed). */
export function isJsonContentType(request: IncomingMessage): boolean {
  const value = request.headers["content-type"];
  return value !== undefined && value.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/**
 * Strict JSON reading of a request body: UTF-8 decoded strictly (a leading byte-order mark is skipped), one JSON
 * value, no key repeated in one object. The errors never quote the body.
 */
export function parseBody(
  bytes: Uint8Array,
): { ok: true; value: JsonValue } | { ok: false; errors: ValidationError[] } {
  try {
    return { ok: true, value: readJson(bytes) };
  } catch (caught) {
    if (caught instanceof JsonSyntaxError) {
      return {
        ok: false,
        errors: [
          error("", `${caught.message} at line ${caught.position.line}, column ${caught.position.column}`, "json"),
        ],
      };
    }
    throw caught;
  }
}

/** Compares two secrets in constant time (for equal lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks `Authorization: Key <accessKey>` (the messaging seed). The scheme word is matched without regard to case
 * (HTTP authentication schemes are case-insensitive). Returns the error to report, or undefined when it matches.
 */
export function checkKeyAuthorization(request: IncomingMessage, accessKey: string): ValidationError | undefined {
  const value = request.headers.authorization;
  if (value === undefined || value === "") return error("", "the Authorization header is missing", "authorization");
  const match = /^(\S+) +(\S.*)$/.exec(value);
  if (match === null || match[1]?.toLowerCase() !== "key")
    return error("", "the Authorization header must be `Key <access key>`", "authorization");
  if (!sameSecret(match[2] ?? "", accessKey))
    return error("", "the access key is not the one the sandbox was started with", "authorization");
  return undefined;
}

/** Checks `Authorization: <apiKey>` (the configs seed: the key as given, no scheme shown). */
export function checkPlainAuthorization(request: IncomingMessage, apiKey: string): ValidationError | undefined {
  const value = request.headers.authorization;
  if (value === undefined || value === "") return error("", "the Authorization header is missing", "authorization");
  if (!sameSecret(value, apiKey))
    return error("", "the API key is not the one the sandbox was started with", "authorization");
  return undefined;
}

/** True when `value` is a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
