/** JSON text helpers: parse with a line:column on syntax errors, and find the line:column of a JSON pointer. */

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export interface Position {
  line: number;
  column: number;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(message);
    this.name = "JsonSyntaxError";
  }
}

export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  // from line break to line break (an NDJSON record has none: one search)
  for (let lf = text.indexOf("\n"); lf !== -1 && lf < offset; lf = text.indexOf("\n", lf + 1)) {
    line++;
    lineStart = lf + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** What `scanJson` found wrong in a text: where, and why (never quoting the text). */
export interface JsonProblem {
  offset: number;
  reason: string;
}

const HEX = /^[0-9a-fA-F]{4}$/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Scans a JSON text and returns its first problem: a syntax error, or (with `duplicateKeys`) a key repeated in
 * one object, which JSON.parse silently resolves to the last value. JSON.parse's own messages vary between Node
 * versions, do not always give a position, and can quote the input (a secret, say), so they are not used.
 * Iterative and linear, so any nesting depth and string length is fine.
 */
export function scanJson(text: string, options: { duplicateKeys?: boolean } = {}): JsonProblem | undefined {
  let i = 0;
  const stack: { close: "}" | "]"; keys: Set<string> | undefined }[] = [];
  // What the loop must read next inside the open container; never recursion, so depth costs no stack.
  let pending: "key" | "value" | undefined;
  const fail = (reason: string, at = i): JsonProblem => ({ offset: at, reason });
  const end = () => fail("unexpected end of JSON input");
  const ws = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  };
  const readString = (): string | JsonProblem => {
    const start = i++;
    let plain = true;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) return end();
      if (c === 34) break;
      if (c < 32) return fail("control character in a string");
      if (c === 92) {
        plain = false;
        const next = text[i + 1];
        if (next === "u") {
          if (!HEX.test(text.slice(i + 2, i + 6))) return fail("invalid \\u escape in a string");
          i += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) return fail("invalid escape in a string");
        i += 2;
        continue;
      }
      i++;
    }
    i++;
    return plain ? text.slice(start + 1, i - 1) : (JSON.parse(text.slice(start, i)) as string);
  };
  const key = (): JsonProblem | undefined => {
    ws();
    if (i >= text.length) return end();
    if (text[i] !== '"') return fail("expected a double-quoted property name");
    const at = i;
    const name = readString();
    if (typeof name !== "string") return name;
    const keys = stack[stack.length - 1]?.keys;
    if (keys !== undefined) {
      if (keys.has(name)) return fail("duplicate key in an object", at);
      keys.add(name);
    }
    ws();
    if (text[i] !== ":") return i >= text.length ? end() : fail("expected ':' after a property name");
    i++;
    pending = "value";
    return undefined;
  };
  // Reads a scalar, or opens a container and leaves its contents to the loop below.
  const value = (): JsonProblem | undefined => {
    ws();
    const ch = text[i];
    if (ch === undefined) return end();
    if (ch === "{" || ch === "[") {
      stack.push({ close: ch === "{" ? "}" : "]", keys: ch === "{" && options.duplicateKeys ? new Set() : undefined });
      i++;
      ws();
      if (text[i] === stack[stack.length - 1]?.close) {
        stack.pop();
        i++;
        return undefined;
      }
      pending = ch === "{" ? "key" : "value";
      return undefined;
    }
    if (ch === '"') {
      const result = readString();
      return typeof result === "string" ? undefined : result;
    }
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return undefined;
      }
    }
    NUMBER.lastIndex = i;
    if (NUMBER.exec(text) !== null && NUMBER.lastIndex > i) {
      i = NUMBER.lastIndex;
      return undefined;
    }
    return fail("unexpected character");
  };
  let problem = value();
  while (problem === undefined && (stack.length > 0 || pending !== undefined)) {
    if (pending !== undefined) {
      const next = pending;
      pending = undefined;
      problem = next === "key" ? key() : value();
      continue;
    }
    ws();
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (text[i] === top.close) {
      stack.pop();
      i++;
    } else if (text[i] === ",") {
      i++;
      ws();
      if (text[i] === top.close) problem = fail("trailing comma");
      else problem = top.close === "}" ? key() : value();
    } else {
      problem = i >= text.length ? end() : fail(`expected ',' or '${top.close}'`);
    }
  }
  if (problem !== undefined) return problem;
  ws();
  return i < text.length ? fail("unexpected text after the JSON value") : undefined;
}

/**
 * JSON.parse, with a syntax error's position as line and column and a message that never quotes the input.
 * With `duplicateKeys`, a key repeated in one object is an error too.
 */
export function parseJson(text: string, options: { duplicateKeys?: boolean } = {}): JsonValue {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    const problem = scanJson(text) ?? { offset: 0, reason: "invalid JSON" };
    throw new JsonSyntaxError(`invalid JSON: ${problem.reason}`, positionAt(text, problem.offset));
  }
  // The full scan (a Set of keys per object) runs only when the cheap count cannot prove that no key repeats.
  if (options.duplicateKeys && keyColonsInText(text) !== keysInValue(value)) {
    const problem = scanJson(text, { duplicateKeys: true });
    if (problem !== undefined)
      throw new JsonSyntaxError(`invalid JSON: ${problem.reason}`, positionAt(text, problem.offset));
  }
  return value;
}

/**
 * An upper bound of the object keys written in a JSON text that JSON.parse accepted: the colons that follow a `"`
 * (white space between). Every key written ends with a `"` followed by its own colon, so the keys written are at
 * most this many (a colon inside a string after an escaped quote counts too, which only makes the bound looser);
 * JSON.parse keeps one property per name, so its value holds at most as many keys as were written
 * (`keysInValue`). When the bound equals `keysInValue`, no key repeats; otherwise the full scan decides. Colons are
 * fewer than quotes, so this costs a third of walking every string of the text.
 */
function keyColonsInText(text: string): number {
  let keys = 0;
  for (let colon = text.indexOf(":"); colon !== -1; colon = text.indexOf(":", colon + 1)) {
    let before = colon - 1;
    for (let c = text.charCodeAt(before); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(--before));
    if (text.charCodeAt(before) === 34) keys++;
  }
  return keys;
}

/** Number of own properties of every object in a parsed JSON value (iterative, so any depth). */
function keysInValue(value: JsonValue): number {
  let keys = 0;
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== "object") continue;
    if (Array.isArray(item)) {
      for (const child of item) if (child !== null && typeof child === "object") stack.push(child);
      continue;
    }
    // for...in allocates nothing; an inherited enumerable key only makes the count differ, and the full scan decide
    for (const key in item) {
      keys++;
      const child = item[key];
      if (child !== undefined && child !== null && typeof child === "object") stack.push(child);
    }
  }
  return keys;
}

export function escapePointerSegment(segment: string): string {
  // Most segments hold neither character: return them as they are without running two regular expressions.
  if (!segment.includes("~") && !segment.includes("/")) return segment;
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  const segments = pointer.slice(1).split("/");
  // most pointers escape nothing: no two regular expressions per segment for them
  return pointer.includes("~") ? segments.map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~")) : segments;
}
/**
 * Line and column where the value at `pointer` starts in `text` (the closest existing ancestor when the pointer
 * names something absent, such as a missing property). The text was parsed, so it is valid JSON: one flat loop
 * walks it once and stops at the target, without closures or recursion (it runs for every error the CLI reports,
 * and a flat function is what the optimizing compiler compiles quickly).
 */
export function locatePointer(text: string, pointer: string): Position {
  const target = pointerSegments(pointer);
  let i = skipJsonWhitespace(text, 0);
  let best = i;
  for (let depth = 0; depth < target.length; depth++) {
    const open = text.charCodeAt(i);
    if (open !== 123 && open !== 91) break; // a scalar has no children
    const segment = target[depth] as string;
    let index = 0;
    let found = false;
    i = skipJsonWhitespace(text, i + 1);
    while (i < text.length && text.charCodeAt(i) !== 125 && text.charCodeAt(i) !== 93) {
      if (open === 123) {
        const end = jsonStringEnd(text, i);
        const key = jsonStringValue(text, i, end);
        i = skipJsonWhitespace(text, skipJsonWhitespace(text, end) + 1); // past the colon
        found = key === segment;
      } else found = String(index++) === segment;
      if (found) break;
      i = skipJsonWhitespace(text, jsonValueEnd(text, i));
      if (text.charCodeAt(i) === 44) i = skipJsonWhitespace(text, i + 1);
    }
    if (!found) break;
    best = i;
  }
  return positionAt(text, best);
}

function skipJsonWhitespace(text: string, from: number): number {
  let i = from;
  for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  return i;
}

/** The offset after the closing quote of the string that starts at `start`. */
function jsonStringEnd(text: string, start: number): number {
  let i = start + 1;
  for (let c = text.charCodeAt(i); i < text.length && c !== 34; c = text.charCodeAt(i)) i += c === 92 ? 2 : 1;
  return i + 1;
}

/** The string written from `start` to `end` (its quotes included), escapes decoded only when there are some. */
function jsonStringValue(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  if (!raw.includes("\\")) return raw;
  try {
    return JSON.parse(text.slice(start, end)) as string;
  } catch {
    return "";
  }
}

/** The offset after the value that starts at `start`. */
function jsonValueEnd(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === 34) return jsonStringEnd(text, start);
  let i = start;
  if (first === 123 || first === 91) {
    let depth = 0;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i = jsonStringEnd(text, i);
        continue;
      }
      if (c === 123 || c === 91) depth++;
      else if (c === 125 || c === 93) depth--;
      i++;
      if (depth === 0) return i;
    }
    return i;
  }
  // a number, true, false or null: up to the next comma, closing bracket or white space
  for (
    let c = text.charCodeAt(i);
    i < text.length && c !== 44 && c !== 125 && c !== 93 && c !== 32 && c !== 9 && c !== 10 && c !== 13;
    c = text.charCodeAt(++i)
  );
  return i;
}
