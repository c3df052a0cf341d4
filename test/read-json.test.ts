import { describe, expect, it } from "vitest";
import { decodeUtf8, JsonSyntaxError, readJson, readJsonText } from "../runtime/json/read-json.js";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : Buffer.from(part))));
const failure = (run: () => unknown): JsonSyntaxError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSyntaxError);
    return error as JsonSyntaxError;
  }
  throw new Error("expected a JsonSyntaxError");
};

describe("readJson (specfirst/json): the strict reader", () => {
  it("reads bytes and strings, skipping one leading BOM", () => {
    expect(readJson(bytes('{"a":"é ✓ 😀"}'))).toEqual({ a: "é ✓ 😀" });
    expect(readJson(bytes([0xef, 0xbb, 0xbf], "[1]"))).toEqual([1]);
    expect(readJson("\uFEFF[2]")).toEqual([2]);
    expect(failure(() => readJson("\uFEFF\uFEFF[2]")).message).toBe("invalid JSON: unexpected character");
    expect(readJsonText(bytes([0xef, 0xbb, 0xbf], '{"b":1}'))).toEqual({ text: '{"b":1}', value: { b: 1 } });
  });

  it.each([
    ["an overlong slash", bytes('{"a":"', [0xc0, 0xaf], '"}'), { line: 1, column: 7 }],
    ["a lone continuation byte on line 2", bytes('{\n "é":"', [0x80], '"}'), { line: 2, column: 7 }],
    ["an encoded surrogate", bytes("[", [0xed, 0xa0, 0x80], "]"), { line: 1, column: 2 }],
    ["a truncated sequence at the end", bytes('"ab', [0xe2, 0x9c]), { line: 1, column: 4 }],
    ["a code point above U+10FFFF", bytes("[", [0xf4, 0x90, 0x80, 0x80], "]"), { line: 1, column: 2 }],
    ["a bad byte after a BOM", bytes([0xef, 0xbb, 0xbf], "[", [0xff], "]"), { line: 1, column: 2 }],
  ])("rejects invalid UTF-8 with its position: %s", (_label, input, position) => {
    const error = failure(() => readJson(input));
    expect(error.message).toBe("invalid UTF-8");
    expect(error.position).toEqual(position);
    expect(() => decodeUtf8(input)).toThrow(JsonSyntaxError);
  });

  it("rejects a repeated key with its position, unless duplicateKeys is false, and never quotes the input", () => {
    const text = '{"secret":"hunter2",\n  "secret":"x"}';
    const error = failure(() => readJson(Buffer.from(text)));
    expect(error.message).toBe("invalid JSON: duplicate key in an object");
    expect(error.position).toEqual({ line: 2, column: 3 });
    expect(readJson(text, { duplicateKeys: false })).toEqual({ secret: "x" });
    const syntax = failure(() => readJson('{"password": "hunter2" "x"}'));
    expect(syntax.message).not.toContain("hunter2");
    expect(syntax.position).toEqual({ line: 1, column: 24 });
  });

  it("treats __proto__ as an ordinary key", () => {
    const value = readJson('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
