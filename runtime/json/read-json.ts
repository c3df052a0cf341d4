/**
 * The strict JSON reader: bytes (or text) to a JSON value, under the input rules of
 * docs/validating.md#validation-input for the CLI, the middleware, the proxy and the example service. One home for
 * those rules:
 *
 * - UTF-8 is decoded strictly: an invalid or overlong sequence is an error, never replaced by U+FFFD;
 * - a leading byte-order mark is skipped (RFC 8259 lets parsers ignore it);
 * - a key repeated in one object is an error (parsers disagree on which value wins);
 * - anything but exactly one JSON value (trailing commas, NaN, comments, a second value, empty input) is an error.
 *
 * Every error is a `JsonSyntaxError` with a line:column and a message that never quotes the input.
 */
import { JsonSyntaxError, parseJson, positionAt, type JsonValue, type Position } from "./json-text.js";

export { JsonSyntaxError, type JsonValue, type Position };

export interface ReadJsonOptions {
  /** A key repeated in one object is an error (default true). */
  duplicateKeys?: boolean;
}

const BOM = "\uFEFF";
// ignoreBOM: true keeps a BOM in the decoded text, so that it is skipped in one place for bytes and strings alike.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Bytes to text, strictly: invalid UTF-8 throws a `JsonSyntaxError` ("invalid UTF-8") at the line and column of the
 * first bad byte (the column counts the characters decoded before it on its line). A leading BOM is kept.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new JsonSyntaxError("invalid UTF-8", positionOfInvalidUtf8(bytes));
  }
}

/** Strict UTF-8 decoding, BOM skipped: the text `readJson` parses. */
export function decodeJsonText(input: Uint8Array | string): string {
  const text = typeof input === "string" ? input : decodeUtf8(input);
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/**
 * Bytes or text to a JSON value, under the strict input rules (see the module comment).
 * @throws JsonSyntaxError with `position` (line, column); its message never quotes the input.
 */
export function readJson(input: Uint8Array | string, options: ReadJsonOptions = {}): JsonValue {
  return parseJson(decodeJsonText(input), { duplicateKeys: options.duplicateKeys ?? true });
}

/** `readJson`, returning the decoded text too (to locate a JSON pointer's line:column in it with `locatePointer`). */
export function readJsonText(
  input: Uint8Array | string,
  options: ReadJsonOptions = {},
): { text: string; value: JsonValue } {
  const text = decodeJsonText(input);
  return { text, value: parseJson(text, { duplicateKeys: options.duplicateKeys ?? true }) };
}

/**
 * Where strict decoding failed: the offset of the first byte that does not start or continue a well-formed UTF-8
 * sequence (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF). Runs only on the error path.
 */
function positionOfInvalidUtf8(bytes: Uint8Array): Position {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b < 0x80) length = 1;
    else if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else break;
    let ok = i + length <= bytes.length;
    for (let k = 1; ok && k < length; k++) {
      const c = bytes[i + k] as number;
      ok = k === 1 ? c >= low && c <= high : c >= 0x80 && c <= 0xbf;
    }
    if (!ok) break;
    i += length;
  }
  let before = utf8.decode(bytes.subarray(0, i));
  if (before.startsWith(BOM)) before = before.slice(1);
  return positionAt(before, before.length);
}
