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

/** JSON.parse, with the syntax error's offset turned into a line and column. The message never quotes the input. */
export function parseJson(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const offsetMatch = /position (\d+)/.exec(detail);
    const offset = offsetMatch ? Number(offsetMatch[1]) : text.length;
    const reason = /^Unexpected end/.test(detail) ? "unexpected end of JSON input" : "invalid JSON";
    throw new JsonSyntaxError(reason, positionAt(text, offset));
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
