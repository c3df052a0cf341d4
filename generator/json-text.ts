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
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Offset and reason of the first syntax error in a text JSON.parse rejected. JSON.parse's own messages vary between
 * Node versions, do not always give a position, and can quote the input (a secret, say), so they are not used.
 * Iterative, so any nesting depth is fine.
 */
export function findSyntaxError(text: string): { offset: number; reason: string } {
  let i = 0;
  const stack: ("{" | "[")[] = [];
  const fail = (reason: string) => ({ offset: i, reason });
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i] ?? "")) i++;
  };
  const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/;
  const string = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/;
  // Reads one value, or opens a container and returns to the loop below.
  const value = (): { offset: number; reason: string } | undefined => {
    ws();
    const ch = text[i];
    if (ch === undefined) return fail("unexpected end of JSON input");
    if (ch === "{" || ch === "[") {
      stack.push(ch);
      i++;
      ws();
      if (text[i] === (ch === "{" ? "}" : "]")) {
        stack.pop();
        i++;
        return undefined;
      }
      if (ch === "{") return key();
      return value();
    }
    const match = (ch === '"' ? string : literal).exec(text.slice(i, i + 1_000_000));
    if (match === null) return fail(ch === '"' ? "invalid string" : `unexpected character`);
    i += match[0].length;
    return undefined;
  };
  const key = () => {
    ws();
    if (text[i] !== '"') return fail(text[i] === undefined ? "unexpected end of JSON input" : "expected a double-quoted property name");
    const match = string.exec(text.slice(i, i + 1_000_000));
    if (match === null) return fail("invalid string");
    i += match[0].length;
    ws();
    if (text[i] !== ":") return fail("expected ':' after a property name");
    i++;
    return value();
  };
  let error = value();
  while (error === undefined && stack.length > 0) {
    ws();
    const open = stack[stack.length - 1];
    const close = open === "{" ? "}" : "]";
    if (text[i] === close) {
      stack.pop();
      i++;
    } else if (text[i] === ",") {
      i++;
      ws();
      if (text[i] === close) error = fail("trailing comma");
      else error = open === "{" ? key() : value();
    } else {
      error = fail(text[i] === undefined ? "unexpected end of JSON input" : `expected ',' or '${close}'`);
    }
  }
  if (error !== undefined) return error;
  ws();
  return i < text.length ? fail("unexpected text after the JSON value") : fail("invalid JSON");
}

/** JSON.parse, with a syntax error's position as line and column. The message never quotes the input. */
export function parseJson(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    const { offset, reason } = findSyntaxError(text);
    throw new JsonSyntaxError(`invalid JSON: ${reason}`, positionAt(text, offset));
  }
}

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * Line and column where the value at `pointer` starts in `text` (the closest existing ancestor when the pointer
 * names something absent, such as a missing property). A small scanner: it walks the text once and stops at the
 * target, so it costs no more than a parse and needs no parser with position support.
 */
export function locatePointer(text: string, pointer: string): Position {
  const target = pointerSegments(pointer);
  let i = 0;
  let best = 0;
  const skipWs = () => {
    while (i < text.length && /\s/.test(text[i] ?? "")) i++;
  };
  const skipString = () => {
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
  };
  const readString = (): string => {
    const start = i;
    skipString();
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return "";
    }
  };
  // Skips one value; `depth` is how many target segments matched so far.
  const walk = (depth: number): boolean => {
    skipWs();
    if (depth === target.length) {
      best = i;
      return true;
    }
    best = i;
    const ch = text[i];
    if (ch === "{") {
      i++;
      for (;;) {
        skipWs();
        if (text[i] === "}") {
          i++;
          return false;
        }
        const key = readString();
        skipWs();
        i++; // colon
        if (key === target[depth]) return walk(depth + 1);
        skipValue();
        skipWs();
        if (text[i] === ",") i++;
      }
    }
    if (ch === "[") {
      i++;
      let index = 0;
      for (;;) {
        skipWs();
        if (text[i] === "]") {
          i++;
          return false;
        }
        if (String(index) === target[depth]) return walk(depth + 1);
        skipValue();
        skipWs();
        if (text[i] === ",") i++;
        index++;
      }
    }
    return false;
  };
  const skipValue = () => {
    skipWs();
    const ch = text[i];
    if (ch === '"') return skipString();
    if (ch === "{" || ch === "[") {
      let depth = 0;
      while (i < text.length) {
        const c = text[i];
        if (c === '"') {
          skipString();
          continue;
        }
        if (c === "{" || c === "[") depth++;
        if (c === "}" || c === "]") depth--;
        i++;
        if (depth === 0) return;
      }
      return;
    }
    while (i < text.length && !/[,}\]\s]/.test(text[i] ?? "")) i++;
  };
  walk(0);
  return positionAt(text, best);
}
