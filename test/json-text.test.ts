import { describe, expect, it } from "vitest";
import { JsonSyntaxError, parseJson } from "../runtime/json/json-text.js";

const repeated = (text: string) => {
  try {
    parseJson(text, { duplicateKeys: true });
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSyntaxError);
    return (error as JsonSyntaxError).message;
  }
};

describe("parseJson with duplicateKeys (the CLI's parser)", () => {
  it.each([
    ['{"a":1,"a":2}', "a key repeated at the top"],
    ['{"x":{"b":[{"c":1,"c":1}]}}', "a key repeated in an object inside an array"],
    ['{"k\\"q":1,"k\\"q":2}', "a repeated key holding an escaped quote"],
    ['{"\\\\":1,"\\\\":2}', "a repeated key ending in an escaped backslash"],
    ['{"__proto__":1,"__proto__":2}', "a repeated __proto__"],
    ['{ "a" : 1 ,\n\t"a"\r\n: 2 }', "a repeated key with whitespace before the colon"],
  ])("rejects %s (%s)", (text) => {
    expect(repeated(text)).toMatch(/duplicate key in an object/);
  });

  it.each([
    ['{"a":{"a":1},"b":[{"a":1},{"a":2}]}', "the same key in different objects"],
    ['{"a":"\\":","b":"x\\" : \\"y"}', "string values that look like keys"],
    ['{"a":"\\\\","b":"\\\\\\""}', "values ending in escaped backslashes"],
    ['[1,"a",{"":0}]', "an array at the top and an empty key"],
    [`${'{"f":['.repeat(20_000)}0${"]}".repeat(20_000)}`, "nesting deeper than a recursive count could go"],
  ])("accepts %s (%s)", (text) => {
    expect(repeated(text)).toBeUndefined();
  });
});
