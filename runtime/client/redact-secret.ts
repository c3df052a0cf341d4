/**
 * Redaction of a client's credential from everything that may reach an error, a log or a stack: response bodies
 * and the messages of lower-level errors (fetch's TypeError and its causes). One module, so the forms recognised can
 * be hardened in one place.
 */

import { REDACTED } from "../validation/redact.js";

export { REDACTED };

/** Replaces every known form of the secrets in a text with `[REDACTED]`. */
export type Redact = (text: string) => string;

/** The forms a secret can take in a text it was echoed into: raw, URI-encoded and JSON-escaped (string contents). */
function formsOf(secret: string): string[] {
  return [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
}

/**
 * A function replacing every form (raw, URI-encoded, JSON-escaped) of each secret with "[REDACTED]". Pass the
 * credential itself and every value derived from it that goes on the wire (the whole `Authorization` value, a
 * prefixed key, a base64 token). Longer forms are replaced first, so a header value containing the key is
 * replaced whole. Empty secrets are ignored.
 */
export function createRedactor(secrets: readonly string[]): Redact {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== "string" || secret.length === 0) continue;
    for (const form of formsOf(secret)) forms.add(form);
  }
  const sorted = Object.freeze([...forms].sort((a, b) => b.length - a.length));
  return (text) => {
    let result = String(text);
    for (const form of sorted) if (result.includes(form)) result = result.split(form).join(REDACTED);
    return result;
  };
}

/** A redacted copy of a lower-level error: the fields a `NetworkError` reads (name, message, code, cause). */
export interface SanitizedError extends Error {
  code?: string;
}

interface ErrorFields {
  message?: unknown;
  name?: unknown;
  code?: unknown;
  cause?: unknown;
}

/**
 * A copy of a lower-level error (fetch's TypeError and its causes, up to 4 levels) with redacted messages and
 * codes, and a stack holding only its own name and message (the original's stack may quote a URL or header).
 * `undefined` for anything that is not an object.
 */
export function sanitizedError(error: unknown, redact: Redact, depth = 0): SanitizedError | undefined {
  if (error === null || typeof error !== "object" || depth > 3) return undefined;
  const fields = error as ErrorFields;
  const inner = sanitizedError(fields.cause, redact, depth + 1);
  const copy: SanitizedError = new Error(redact(typeof fields.message === "string" ? fields.message : "error"), inner === undefined ? undefined : { cause: inner });
  Object.defineProperty(copy, "name", { value: typeof fields.name === "string" ? redact(fields.name) : "Error", writable: true, configurable: true });
  const code = typeof fields.code === "string" ? fields.code : inner?.code;
  if (code !== undefined) copy.code = redact(code);
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}
