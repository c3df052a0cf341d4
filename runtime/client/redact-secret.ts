/**
 * Redaction of a client's credential from everything that may reach an error, a log or a stack: response bodies
 * and the messages of lower-level errors (fetch's TypeError and its causes). One module, so the forms recognised can
 * be hardened in one place.
 *
 * A server may echo a key in many encodings, and nest them: raw; URI-encoded (either case of hex, `+` for a space as
 * forms encode it, `%25` for an encoded `%`); JSON-escaped (`\uXXXX` in either case, `\/`, the short escapes),
 * possibly JSON-encoded twice or more (every backslash doubled again); HTML decimal, hex and named entities. Rather
 * than list whole encodings, each character of a secret is matched by a set of alternatives (itself, `%XX` of each
 * UTF-8 byte, `\uXXXX` of each UTF-16 unit behind any run of backslashes, `&#NN;`, `&#xHH;`, ...), and the secret
 * by the sequence of those sets: one regular expression that finds the secret in every mix of these forms.
 */

import { REDACTED } from "../validation/redact.js";

export { REDACTED };

/** Replaces every known form of the secrets in a text with `[REDACTED]`. */
export type Redact = (text: string) => string;

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");

/** A hex digit matched in either case. */
const hexDigit = (digit: string): string => (/[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit);
/** A hex number matched in either case, with optional leading zeros (`0*` before it). */
const hexNumber = (value: number, width = 0): string => [...value.toString(16).padStart(width, "0")].map(hexDigit).join("");

/** Any run of backslashes (a JSON escape at any nesting depth), or their percent-encoded form. */
const BACKSLASHES = "(?:\\\\|%(?:25)*5[cC])+";
/** A `%` as such, or percent-encoded again (`%25`), once or more. */
const PERCENT = "%(?:25)*";

/** Named HTML entities of the ASCII characters a key may hold. */
const NAMED_ENTITIES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  "&": ["amp", "AMP"],
  "<": ["lt", "LT"],
  ">": ["gt", "GT"],
  '"': ["quot", "QUOT"],
  "'": ["apos"],
  "/": ["sol"],
  "\\": ["bsol"],
  "+": ["plus"],
  "=": ["equals"],
  "%": ["percnt"],
  "#": ["num"],
  ":": ["colon"],
  ";": ["semi"],
  "?": ["quest"],
  "!": ["excl"],
  "$": ["dollar"],
  "(": ["lpar"],
  ")": ["rpar"],
  "*": ["ast"],
  ",": ["comma"],
  ".": ["period"],
  "@": ["commat"],
  "[": ["lsqb", "lbrack"],
  "]": ["rsqb", "rbrack"],
  "^": ["Hat"],
  _: ["lowbar"],
  "`": ["grave"],
  "{": ["lcub", "lbrace"],
  "}": ["rcub", "rbrace"],
  "|": ["verbar", "vert"],
  "~": ["tilde"],
  " ": ["nbsp"],
  "\t": ["Tab"],
  "\n": ["NewLine"],
});

const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = Object.freeze({ '"': '"', "\\": "\\\\", "/": "/", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t" });

/**
 * The alternatives matching one character (a code point) of a secret, in any of the forms above. Alternatives with
 * a common start share it (`\\...(?:u0041|")`, `&(?:#...|amp;)`): the expression is compiled when first used,
 * and its size is most of that cost.
 */
function characterPattern(character: string): string {
  const codePoint = character.codePointAt(0) as number;
  const alternatives: string[] = [];
  // JSON `\uXXXX` of each UTF-16 unit, hex in either case, at any depth.
  const units = [...character].length === 1 && character.length === 2 ? [character.charCodeAt(0), character.charCodeAt(1)] : [codePoint];
  const unicodeEscape = units.map((unit, index) => `${index === 0 ? "" : BACKSLASHES}u${hexNumber(unit, 4)}`).join("");
  if (character === "\\") {
    // A backslash as such or escaped at any depth (a run of backslashes), or as `\u005C`.
    alternatives.push(`${BACKSLASHES}(?:${unicodeEscape})?`);
  } else {
    alternatives.push(escapeRegExp(character));
    // A JSON short escape at any depth: `\"`, `\/`, `\n` (a quote or slash may also stand bare, matched above).
    const short = JSON_SHORT_ESCAPES[character];
    alternatives.push(`${BACKSLASHES}${short === undefined ? unicodeEscape : `(?:${unicodeEscape}|${escapeRegExp(short)})`}`);
  }
  // Percent-encoding of each UTF-8 byte, hex in either case, the `%` possibly encoded again; `+` for a space (forms).
  alternatives.push([...new TextEncoder().encode(character)].map((byte) => `${PERCENT}${hexNumber(byte, 2)}`).join(""));
  if (character === " ") alternatives.push("\\+");
  // HTML numeric entities, decimal or hex (`x` in either case), leading zeros allowed, the `;` possibly missing;
  // named entities.
  const entities = [`#(?:0*${codePoint}|[xX]0*${hexNumber(codePoint)});?`, ...(NAMED_ENTITIES[character] ?? []).map((name) => `${name};`)];
  alternatives.push(`&(?:${entities.join("|")})`);
  return `(?:${alternatives.join("|")})`;
}

/** A pattern matching a secret in any mix of the forms a server may echo it in (see the module comment). */
export function secretPattern(secret: string): string {
  return [...secret].map(characterPattern).join("");
}

/**
 * The pattern of a list of secrets, longest first. A secret holding a shorter one (the whole `Authorization` value
 * and the key in it) is written as the shorter one's pattern with its own text before and after it made optional,
 * so that each character's pattern is in the expression once.
 */
function secretsPattern(secrets: readonly string[]): string {
  const left = [...secrets];
  const patterns: string[] = [];
  while (left.length > 0) {
    const secret = left.shift() as string;
    const inner = left.find((other) => secret.includes(other));
    if (inner === undefined) {
      patterns.push(secretPattern(secret));
      continue;
    }
    left.splice(left.indexOf(inner), 1);
    const at = secret.indexOf(inner);
    const optional = (text: string) => (text === "" ? "" : `(?:${secretPattern(text)})?`);
    patterns.push(`${optional(secret.slice(0, at))}${secretPattern(inner)}${optional(secret.slice(at + inner.length))}`);
  }
  return patterns.join("|");
}

/**
 * A function replacing every form of each secret (raw, URI- or form-encoded, JSON-escaped at any depth, HTML
 * entities, and any mix of them) with "[REDACTED]". Pass the credential itself and every value derived from it
 * that goes on the wire (the whole `Authorization` value, a prefixed key, a base64 token). Longer secrets are tried
 * first, so a header value containing the key is replaced whole. Empty secrets are ignored.
 */
export function createRedactor(secrets: readonly string[]): Redact {
  const unique = [...new Set(secrets.filter((secret) => typeof secret === "string" && secret.length > 0))].sort((a, b) => b.length - a.length);
  if (unique.length === 0) return (text) => String(text);
  const pattern = new RegExp(secretsPattern(unique), "g");
  return (text) => String(text).replace(pattern, REDACTED);
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
