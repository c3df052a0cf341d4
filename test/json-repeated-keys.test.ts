import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonSyntaxError, parseJson, scanJson } from "../runtime/json/json-text.js";

/** The verdict of `parseJson` with duplicateKeys: the JSON value, or the syntax error's message and position. */
function verdict(text: string): unknown {
  try {
    return { value: parseJson(text, { duplicateKeys: true }) };
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSyntaxError);
    return { message: (error as JsonSyntaxError).message, position: (error as JsonSyntaxError).position };
  }
}

// Texts of objects whose keys come from a few spellings (so that keys repeat often) and whose strings hold what
// could pass for a key: quotes, backslashes, colons, white space before a colon.
const ws = fc.constantFrom("", " ", "\n", "\t", "\r\n ");
const piece = fc.constantFrom("a", "b", ":", '\\"', "\\\\", '\\":', " : ", "\\u0061", "é", "__proto__");
const stringText = fc.array(piece, { maxLength: 4 }).map((parts) => `"${parts.join("")}"`);
const { value: valueText } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    stringText,
    fc.constantFrom("0", "-1.5e3", "true", "null"),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc
      .array(fc.tuple(stringText, ws, ws, tie("value")), { maxLength: 5 })
      .map(
        (members) => `{${members.map(([key, before, after, value]) => `${key}${before}:${after}${value}`).join(",")}}`,
      ),
  ),
}));

describe("parseJson's repeated-key check (docs/validating.md, input rules)", () => {
  it("reports a repeated key exactly when the full scan finds one, at the same place", () => {
    fc.assert(
      fc.property(valueText, (text) => {
        const problem = scanJson(text, { duplicateKeys: true });
        const result = verdict(text);
        if (problem === undefined) expect(result).toEqual({ value: JSON.parse(text) });
        else expect(result).toMatchObject({ message: `invalid JSON: ${problem.reason}` });
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['{"a":"x\\":","a":1}', "a string value holding a quote before a colon, and a repeated key"],
    ['{"a":"\\":","b":"\\":"}', "more key-like colons than keys, none repeated"],
    ['{"t":"10:00:00","u":"https://x"}', "colons inside strings"],
  ])("decides %s (%s) like the full scan", (text) => {
    const problem = scanJson(text, { duplicateKeys: true });
    expect(verdict(text)).toEqual(
      problem === undefined
        ? { value: JSON.parse(text) }
        : expect.objectContaining({ message: `invalid JSON: ${problem.reason}` }),
    );
  });
});
