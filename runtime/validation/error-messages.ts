import { escapePointerSegment } from "../json/json-text.js";
import type { ValidationError } from "./result.js";

/** The part of an AJV error object the messages are built from. */
export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
const FORMAT_NAMES: Readonly<Record<string, string>> = { "date-time": "an ISO 8601 date-time (e.g. 2026-12-01T13:30:00Z)" };

/** Patterns longer than this are not quoted in messages: the hint says what they check. */
const LONG_PATTERN = 200;

/** Pattern → what it checks in plain words (from the description of the field it belongs to). */
export type PatternHints = Readonly<Record<string, string>>;

/** Messages depend only on the schema (keyword and params), so each distinct one is built once and reused. */
const typeMessages = new Map<string, string>();
const enumMessages = new WeakMap<object, string>();

function messageOf(error: AjvError, hints: PatternHints): string {
  const params = error.params;
  switch (error.keyword) {
    case "required":
      return "is required";
    case "additionalProperties":
      return "is not allowed here (unknown property)";
    case "type": {
      const type = String(params.type);
      let message = typeMessages.get(type);
      if (message === undefined) {
        message = `must be ${type.split(",").map(article).join(" or ")}`;
        typeMessages.set(type, message);
      }
      return message;
    }
    case "enum": {
      const allowed = params.allowedValues as unknown[];
      let message = enumMessages.get(allowed);
      if (message === undefined) {
        message = `must be one of ${allowed.join(", ")}`;
        enumMessages.set(allowed, message);
      }
      return message;
    }
    case "false schema":
      // `"status": false` in a command request, `"id": false` in an observe command: the field must be absent.
      return "is not allowed here";
    case "const":
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case "pattern": {
      const pattern = String(params.pattern);
      const hint = Object.hasOwn(hints, pattern) ? hints[pattern] : undefined;
      if (hint === undefined) return `must match the pattern ${pattern}`;
      // A long pattern (the media-type spelling rule lists every known type in both cases) is named by its hint only.
      return pattern.length > LONG_PATTERN ? `must match its pattern (${hint})` : `must match the pattern ${pattern} (${hint})`;
    }
    case "format": {
      const format = String(params.format);
      return `must be ${FORMAT_NAMES[format] ?? `a valid ${format}`}`;
    }
    default:
      return error.message ?? `breaks the "${error.keyword}" rule`;
  }
}

/** The JSON types both lists allow (`integer` is a `number`), in the order of the first. */
function commonTypes(first: readonly string[], second: readonly string[]): string[] {
  const allows = (list: readonly string[], type: string) => list.includes(type) || (type === "integer" && list.includes("number"));
  const common = first.filter((type) => allows(second, type));
  for (const type of second) if (type === "integer" && first.includes("number") && !common.includes("integer")) common.push(type);
  return common;
}

/**
 * Turns AJV's errors into `{ pointer, message, keyword }`. The message names the rule in plain words and is built
 * from the schema only: it never quotes the payload, so no secret value can reach an error or a log. A missing or
 * unknown property is reported at the property's own pointer. `if` errors ("must match then schema") only repeat
 * the error inside the branch, so they are dropped; repeated (pointer, message) pairs are reported once. Two
 * `type` rules failing at one pointer (a text/plain message's number `content` breaks "a string" of the text/plain
 * document and "a string or an object" of the field) are one error naming what satisfies both ("must be a string").
 */
export function toErrors(ajvErrors: readonly AjvError[] | null | undefined, hints: PatternHints): ValidationError[] {
  const errors: ValidationError[] = [];
  if (ajvErrors == null) return errors;
  let seen: Set<string> | undefined;
  // The JSON types each `type` error allows, to merge a second `type` error at the same pointer into it.
  let typeLists: Map<ValidationError, string[]> | undefined;
  for (const error of ajvErrors) {
    const keyword = error.keyword;
    if (keyword === "if") continue;
    let pointer = error.instancePath;
    if (keyword === "required") pointer = `${pointer}/${escapePointerSegment(String(error.params.missingProperty))}`;
    else if (keyword === "additionalProperties") pointer = `${pointer}/${escapePointerSegment(String(error.params.additionalProperty))}`;
    if (keyword === "type") {
      const types = String(error.params.type).split(",");
      const earlier = errors.find((known) => known.pointer === pointer && known.keyword === "type");
      const common = earlier === undefined ? [] : commonTypes(typeLists?.get(earlier) ?? [], types);
      if (earlier !== undefined && common.length > 0) {
        typeLists?.set(earlier, common);
        earlier.message = `must be ${common.map(article).join(" or ")}`;
        if (seen !== undefined) seen.add(`${pointer}\u0000${earlier.message}`);
        continue;
      }
      const message = messageOf(error, hints);
      if (errors.some((known) => known.pointer === pointer && known.message === message)) continue;
      const entry = { pointer, message, keyword };
      (typeLists ??= new Map()).set(entry, types);
      seen?.add(`${pointer}\u0000${message}`);
      errors.push(entry);
      continue;
    }
    const message = messageOf(error, hints);
    // Most results hold one or two errors: compare directly before paying for a Set.
    if (errors.length > 0) {
      if (seen === undefined) {
        seen = new Set();
        for (const known of errors) seen.add(`${known.pointer}\u0000${known.message}`);
      }
      const key = `${pointer}\u0000${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    errors.push({ pointer, message, keyword });
  }
  return errors;
}
