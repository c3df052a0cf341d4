import { readBodyUpTo } from "../http/read-body.js";
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIPv4, isIPv6 } from "node:net";
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

/** Sends a status with no body (202 for messages and notifications, 201 for a config). */
export function sendEmpty(response: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-length": "0", ...headers });
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

/**
 * The host of a `Host` header value (`name`, `name:port`, `[IPv6]`, `[IPv6]:port`), lower-cased, IPv6 in its
 * canonical bracketed form; undefined for anything else (userinfo, a path, an empty port, a trailing dot kept as is).
 */
function hostOf(value: string): string | undefined {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+))(?::[0-9]{1,5})?$/.exec(value);
  if (match === null) return undefined;
  const [, ipv6, name] = match;
  if (ipv6 === undefined) return name?.toLowerCase();
  // Only hex digits, colons and dots between the brackets: the URL parser canonicalises the address, nothing else.
  return isIPv6(ipv6) ? new URL(`http://[${ipv6}]`).hostname : undefined;
}

/** Whether a host (as `hostOf` gives it) names the loopback: localhost, 127.0.0.0/8, ::1 (or ::ffff:127.x.y.z). */
function isLoopbackHost(host: string): boolean {
  if (host === "localhost" || host === "[::1]") return true;
  if (isIPv4(host)) return host.startsWith("127.");
  return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/** The address a server listening on every interface is given: no host a request names. */
const WILDCARD_HOSTS = new Set(["", "0.0.0.0", "::", "[::]"]);

/**
 * The host names the control endpoints answer for, besides the loopback ones: the host the sandbox listens on
 * (`--host`), as a `Host` header names it, unless it is a wildcard address (0.0.0.0, ::).
 */
export function controlHostsOf(listenHost: string): ReadonlySet<string> {
  const host = hostOf(isIPv6(listenHost) ? `[${listenHost}]` : listenHost);
  return new Set(host === undefined || WILDCARD_HOSTS.has(listenHost) ? [] : [host]);
}

/**
 * The guard of the control endpoints (docs/sandbox.md#control-endpoints): a request must name this machine in its
 * `Host` (loopback, or a host of `controlHosts`), so that a web page cannot reach them by DNS rebinding (its
 * requests name the page's own host), and must not come from a web page of another origin (an `Origin` that is not
 * the sandbox's own, `Sec-Fetch-Site` other than `same-origin` or `none`). Returns the error for the 403, or
 * undefined. Node's fetch and other HTTP clients send neither `Origin` nor `Sec-Fetch-Site`.
 */
export function checkControlRequest(
  request: IncomingMessage,
  controlHosts: ReadonlySet<string>,
): ValidationError | undefined {
  const hostHeader = request.headers.host ?? "";
  const host = hostOf(hostHeader);
  if (host === undefined || !(isLoopbackHost(host) || controlHosts.has(host)))
    return error(
      "",
      "the control endpoints answer requests addressed to this machine only: a Host of 127.0.0.1, [::1] or localhost (any port), or the --host the sandbox listens on; a request naming another host may come from a web page by DNS rebinding",
      "host",
    );
  const origin = request.headers.origin;
  const site = request.headers["sec-fetch-site"];
  if (
    (origin !== undefined && origin.toLowerCase() !== `http://${hostHeader.toLowerCase()}`) ||
    (site !== undefined && site !== "same-origin" && site !== "none")
  )
    return error(
      "",
      "the control endpoints refuse requests a web browser sends from another origin (Origin, Sec-Fetch-Site): call them from a test, a script or a terminal",
      "origin",
    );
  return undefined;
}
