import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapePointerSegment, locatePointer } from "../runtime/json/json-text.js";

/** Every JSON pointer of a value, with the value it names. */
function pointers(value: unknown, at = ""): [string, unknown][] {
  const children = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : value !== null && typeof value === "object"
      ? Object.entries(value)
      : [];
  return [[at, value], ...children.flatMap(([key, child]) => pointers(child, `${at}/${escapePointerSegment(key)}`))];
}

/** The offset of a line:column in a text. */
function offsetOf(text: string, { line, column }: { line: number; column: number }): number {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf("\n", offset) + 1;
  return offset + column - 1;
}

describe("locatePointer (docs/validating.md: each error's line:column)", () => {
  it("points at the first character of the value each pointer names, whatever the white space", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, "\t", " \r\n "), (value, indent) => {
        const text =
          indent === " \r\n "
            ? JSON.stringify(value, null, 1).replace(/\n/g, indent)
            : JSON.stringify(value, null, indent);
        for (const [pointer, named] of pointers(JSON.parse(text))) {
          const offset = offsetOf(text, locatePointer(text, pointer));
          // compact: the value's whole text starts there; indented: its first token (a scalar whole)
          const rest = text.slice(offset);
          const compact = JSON.stringify(named);
          const expected =
            indent === undefined || named === null || typeof named !== "object" ? compact : compact.charAt(0);
          expect(rest.startsWith(expected), `${pointer} in ${text}`).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("points at the closest existing ancestor of a pointer that names nothing", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, "\t"), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        for (const [pointer, named] of pointers(JSON.parse(text))) {
          // a key no generated object holds, the index past an array's end, or a child of a scalar
          const absent = Array.isArray(named) ? String(named.length) : "~1absent";
          const found = locatePointer(text, pointer);
          expect(locatePointer(text, `${pointer}/${absent}`), `${pointer}/${absent} in ${text}`).toEqual(found);
          expect(locatePointer(text, `${pointer}/${absent}/0`), `${pointer}/${absent}/0 in ${text}`).toEqual(found);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("stops at the end of a text cut short", () => {
    expect(locatePointer('{"a": [1, 2', "/a/5")).toEqual({ line: 1, column: 7 });
    expect(locatePointer('{"a": {"b"', "/a/c")).toEqual({ line: 1, column: 7 });
  });
});
