/**
 * Redaction of a client's credential from everything that may reach an error, a log or a stack: response bodies,
 * the messages of lower-level errors (fetch's TypeError and its causes), command failure reasons. One module, so
 * the forms recognised can be hardened in one place.
 *
 * A server may echo a key in many encodings, and nest them: raw; URI-encoded (either case of hex, `+` for a space as
 * forms encode it, `%25` for an encoded `%`); JSON-escaped (`\uXXXX` in either case, `\/`, the short escapes),
 * possibly JSON-encoded twice or more (every backslash doubled again); HTML decimal, hex and named entities. Rather
 * than list whole encodings, each character of a secret is matched by a set of alternatives (itself, `%XX` of each
 * UTF-8 byte, `\uXXXX` of each UTF-16 unit behind any run of backslashes, `&#NN;`, `&#xHH;`, ...), and the secret
 * by the sequence of those sets: one regular expression that finds the secret in every mix of these forms. A text
 * form is matched at token boundaries only: never cut out of a longer word (`boundaryBefore`, `boundaryAfter`).
 *
 * Encodings of the secret's bytes are matched as well, for a secret of at least `MIN_ENCODED_BYTES` bytes (a shorter
 * one would match short runs of ordinary text; a client refuses a credential shorter than `MIN_CREDENTIAL_LENGTH`),
 * of its Latin-1 bytes (what a header carries) and of its UTF-8 bytes, of the secret and of its JSON-escaped text:
 * base64 in either alphabet (`+/` or `-_`, each of those characters possibly URI-, JSON- or HTML-escaped), inside a
 * longer base64 text at any of the three byte alignments; hex in either case. And UTF-16 (LE or BE) bytes read as
 * text: a NUL beside each ASCII character, U+FFFD for a byte that is not UTF-8 (exact for a Latin-1 secret, which
 * every header value is).
 */

import { REDACTED, copyData } from "../validation/redact-secret-fields.js";

export { REDACTED };

/** Replaces every known form of the secrets in a text with `[REDACTED]`. */
export type Redact = (text: string) => string;

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");

/** A hex digit matched in either case. */
const hexDigit = (digit: string): string =>
  /[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit;
/** A hex number matched in either case, with optional leading zeros (`0*` before it). */
const hexNumber = (value: number, width = 0): string =>
  [...value.toString(16).padStart(width, "0")].map(hexDigit).join("");

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
  $: ["dollar"],
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

const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = Object.freeze({
  '"': '"',
  "\\": "\\\\",
  "/": "/",
  "\b": "b",
  "\f": "f",
  "\n": "n",
  "\r": "r",
  "\t": "t",
});

/**
 * The alternatives matching one character (a code point) of a secret, in any of the forms above. Alternatives with
 * a common start share it (`\\...(?:u0041|")`, `&(?:#...|amp;)`): the expression is compiled when first used,
 * and its size is most of that cost.
 */
function characterPattern(character: string): string {
  const codePoint = character.codePointAt(0) as number;
  const alternatives: string[] = [];
  // JSON `\uXXXX` of each UTF-16 unit, hex in either case, at any depth.
  const units =
    [...character].length === 1 && character.length === 2
      ? [character.charCodeAt(0), character.charCodeAt(1)]
      : [codePoint];
  const unicodeEscape = units.map((unit, index) => `${index === 0 ? "" : BACKSLASHES}u${hexNumber(unit, 4)}`).join("");
  if (character === "\\") {
    // A backslash as such or escaped at any depth (a run of backslashes), or as `\u005C`.
    alternatives.push(`${BACKSLASHES}(?:${unicodeEscape})?`);
  } else {
    alternatives.push(escapeRegExp(character));
    // A JSON short escape at any depth: `\"`, `\/`, `\n` (a quote or slash may also stand bare, matched above).
    const short = JSON_SHORT_ESCAPES[character];
    alternatives.push(
      `${BACKSLASHES}${short === undefined ? unicodeEscape : `(?:${unicodeEscape}|${escapeRegExp(short)})`}`,
    );
  }
  // Percent-encoding of each UTF-8 byte, hex in either case, the `%` possibly encoded again; `+` for a space (forms).
  alternatives.push([...new TextEncoder().encode(character)].map((byte) => `${PERCENT}${hexNumber(byte, 2)}`).join(""));
  if (character === " ") alternatives.push("\\+");
  // HTML numeric entities, decimal or hex (`x` in either case), leading zeros allowed, the `;` possibly missing;
  // named entities.
  const entities = [
    `#(?:0*${codePoint}|[xX]0*${hexNumber(codePoint)});?`,
    ...(NAMED_ENTITIES[character] ?? []).map((name) => `${name};`),
  ];
  alternatives.push(`&(?:${entities.join("|")})`);
  return `(?:${alternatives.join("|")})`;
}

/** A pattern matching a secret in any mix of the forms a server may echo it in (see the module comment). */
export function secretPattern(secret: string): string {
  return [...secret].map(characterPattern).join("");
}

/** Secrets shorter than this (in bytes) are not matched in their base64, hex or UTF-16 forms. */
export const MIN_ENCODED_BYTES = 8;

/**
 * The shortest credential a client takes, in characters (so at least `MIN_ENCODED_BYTES` bytes): a shorter one
 * would not be matched in its encoded forms, and its text would turn up inside ordinary words, where redacting it
 * would disfigure every message and so give it away (docs/client.md#behaviour).
 */
export const MIN_CREDENTIAL_LENGTH = MIN_ENCODED_BYTES;

/** A letter or digit (ASCII): what the words a secret must not be cut out of are made of. */
const WORD_CHARACTER = "[A-Za-z0-9]";
/**
 * The escapes that end in a letter or digit (`%2C`, `\n`, `\u0020`, `&#58`, `&amp`): a secret right after one is not
 * inside a word, whatever the escape stands for.
 */
const ESCAPE_ENDING_IN_WORD_CHARACTER = `(?:${PERCENT}[0-9A-Fa-f]{2}|\\\\[bfnrt]|\\\\u[0-9A-Fa-f]{4}|&#[0-9]+|&#[xX][0-9A-Fa-f]+|&[A-Za-z]+)`;

/**
 * Token boundaries of a secret's text form: a secret whose first (last) character is a letter or digit is matched
 * only where no letter or digit comes before (after) it, so that it is never cut out of another word ("chunks" stays
 * whole for the secret "unk"). Before it, the end of an escape does not count as a letter. The encoded forms
 * (base64, hex, UTF-16) are matched inside longer runs on purpose and take no boundary.
 */
const boundaryBefore = (secret: string): string =>
  /^[A-Za-z0-9]/.test(secret) ? `(?:(?<!${WORD_CHARACTER})|(?<=${ESCAPE_ENDING_IN_WORD_CHARACTER}))` : "";
const boundaryAfter = (secret: string): string => (/[A-Za-z0-9]$/.test(secret) ? `(?!${WORD_CHARACTER})` : "");

/** The bytes a server may see of a secret: its UTF-8 bytes, and its Latin-1 bytes (a header's) when they differ. */
function byteForms(secret: string): Uint8Array[] {
  const utf8 = new TextEncoder().encode(secret);
  const latin1 = [...secret].every((character) => character.charCodeAt(0) <= 0xff)
    ? Uint8Array.from(secret, (character) => character.charCodeAt(0))
    : undefined;
  return latin1 === undefined || latin1.length === utf8.length ? [utf8] : [utf8, latin1];
}

/**
 * The base64 characters that depend on the secret's bytes only, for each of the three alignments of the secret in
 * a longer encoded text (its first byte at offset 0, 1 or 2 of a 3-byte group): the characters before and after
 * also hold bits of the neighbouring bytes (or padding), so they are left out.
 */
function base64Runs(bytes: Uint8Array): string[] {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return [0, 1, 2].map((offset) =>
    btoa("\0".repeat(offset) + binary).slice(
      Math.ceil((8 * offset) / 6),
      Math.floor((8 * (offset + bytes.length)) / 6),
    ),
  );
}

/** A base64 character in either alphabet; `+` and `/` also escaped as a JSON, URI or HTML text may escape them. */
const base64CharacterPattern = (character: string): string =>
  character === "+"
    ? `(?:${characterPattern("+")}|-)`
    : character === "/"
      ? `(?:${characterPattern("/")}|_)`
      : character;

/** A byte of UTF-16 read as UTF-8 (or Latin-1) text: itself when ASCII, else itself or U+FFFD. */
function utf16BytePattern(byte: number): string {
  const escaped = `\\x${byte.toString(16).padStart(2, "0")}`;
  return byte < 0x80 ? escaped : `(?:${escaped}|\\uFFFD)`;
}

/**
 * The patterns of a secret's byte encodings: base64 (both alphabets, three alignments) and hex of its bytes and of
 * the bytes of its JSON-escaped text (a server encoding a JSON dump of the request), UTF-16 LE and BE.
 */
function encodedPatterns(secret: string): string[] {
  if (new TextEncoder().encode(secret).length < MIN_ENCODED_BYTES) return [];
  const texts = new Set([secret, JSON.stringify(secret).slice(1, -1)]);
  const patterns = [...texts]
    .flatMap(byteForms)
    .flatMap((bytes) => [
      ...base64Runs(bytes).map((run) => [...run].map(base64CharacterPattern).join("")),
      [...bytes].map((byte) => hexNumber(byte, 2)).join(""),
    ]);
  const units = Array.from({ length: secret.length }, (_, index) => secret.charCodeAt(index));
  patterns.push(
    units.map((unit) => utf16BytePattern(unit & 0xff) + utf16BytePattern(unit >> 8)).join(""),
    units.map((unit) => utf16BytePattern(unit >> 8) + utf16BytePattern(unit & 0xff)).join(""),
  );
  return patterns;
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
      patterns.push(`${boundaryBefore(secret)}${secretPattern(secret)}${boundaryAfter(secret)}`);
      continue;
    }
    left.splice(left.indexOf(inner), 1);
    const at = secret.indexOf(inner);
    const before = secret.slice(0, at);
    const after = secret.slice(at + inner.length);
    // Each boundary is the one of the text that ends the match: the outer secret's when its part is there.
    const start =
      before === ""
        ? boundaryBefore(inner)
        : `(?:${boundaryBefore(before)}${secretPattern(before)}|${boundaryBefore(inner)})`;
    const end =
      after === ""
        ? boundaryAfter(inner)
        : `(?:${secretPattern(after)}${boundaryAfter(after)}|${boundaryAfter(inner)})`;
    patterns.push(`${start}${secretPattern(inner)}${end}`);
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
  const unique = [...new Set(secrets.filter((secret) => typeof secret === "string" && secret.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
  if (unique.length === 0) return (text) => String(text);
  // Built on first use: most clients never redact anything (no call fails).
  let pattern: RegExp | undefined;
  return (text) =>
    String(text).replace(
      (pattern ??= new RegExp([secretsPattern(unique), ...unique.flatMap(encodedPatterns)].join("|"), "g")),
      REDACTED,
    );
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
  const copy: SanitizedError = new Error(
    redact(typeof fields.message === "string" ? fields.message : "error"),
    inner === undefined ? undefined : { cause: inner },
  );
  Object.defineProperty(copy, "name", {
    value: typeof fields.name === "string" ? redact(fields.name) : "Error",
    writable: true,
    configurable: true,
  });
  const code = typeof fields.code === "string" ? fields.code : inner?.code;
  if (code !== undefined) copy.code = redact(code);
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/** The redactor of the client that produced an object (the client itself, a response it returned). */
const redactors = new WeakMap<object, Redact>();

/** Marks `owner` as produced by a client redacting with `redact` (looked up by `redactorOf`). */
export function attachRedactor(owner: object, redact: Redact): void {
  redactors.set(owner, redact);
}

/** The redactor of the client that produced `owner` (a client, or a response it returned); undefined for anything else. */
export function redactorOf(owner: unknown): Redact | undefined {
  return owner !== null && (typeof owner === "object" || typeof owner === "function")
    ? redactors.get(owner)
    : undefined;
}

type Container = Record<string, unknown>;

/** A copy of plain data with every string in it redacted, property names included; iterative, so any depth. */
export function redactData<T>(data: T, redact: Redact): T {
  if (typeof data === "string") return redact(data) as T;
  const copy = copyData(data);
  const seen = new Set<object>();
  const pending: unknown[] = [copy];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next === null || typeof next !== "object" || seen.has(next)) continue;
    seen.add(next);
    const container = next as Container;
    for (const name of Object.keys(container)) {
      const value = container[name];
      const shown = redact(name);
      if (shown !== name) {
        delete container[name];
        Object.defineProperty(container, shown, { value, writable: true, enumerable: true, configurable: true });
      }
      if (typeof value === "string") container[shown] = redact(value);
      else pending.push(value);
    }
  }
  return copy;
}

/** Errors already redacted by `sealError`. */
const sealed = new WeakSet<object>();

/**
 * Redacts, in place and once, every string an error shows: its message, its stack (which quotes the message it was
 * created with) and its other own string fields (`body`, `code`). Causes are not walked: a client only attaches
 * redacted copies (`sanitizedError`) or the caller's own abort reason.
 */
export function sealError<E>(error: E, redact: Redact): E {
  if (error === null || typeof error !== "object" || sealed.has(error)) return error;
  sealed.add(error);
  for (const name of Object.getOwnPropertyNames(error)) {
    const field = Object.getOwnPropertyDescriptor(error, name);
    if (field !== undefined && typeof field.value === "string" && field.writable === true)
      (error as Container)[name] = redact(field.value);
  }
  return error;
}
