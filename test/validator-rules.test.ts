import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { schemaNames, validate, validateDocument, validators, type SchemaName } from "../generated/validators.js";
import { NestedErrors } from "../runtime/validation/error-messages.js";
import { FIXTURES, jsonFiles, type InvalidFixture } from "./helpers/fixtures.js";

// Each folder test/fixtures/validators/<name>/ holds payloads that must pass (valid/) and payloads that break one
// rule of the seeds each (invalid/, with the pointer where the error must be reported).
const root = path.join(FIXTURES, "validators");
const names = readdirSync(root).sort();

describe.each(names)("%s", (name) => {
  it("is a validator name", () => {
    expect(schemaNames).toContain(name);
  });

  const valid = jsonFiles(path.join(root, name, "valid"));
  const invalid = jsonFiles<InvalidFixture>(path.join(root, name, "invalid"));

  it.each(valid)("accepts %s", (_file, data) => {
    expect(validate(name as SchemaName, data)).toEqual({ valid: true });
  });

  it.each(invalid)("rejects %s", (_file, fixture) => {
    const result = validate(name as SchemaName, fixture.data);
    expect(result.valid, fixture.description).toBe(false);
    if (result.valid) return;
    expect(
      result.errors.map((e) => e.pointer),
      fixture.description,
    ).toContain(fixture.pointer);
    for (const error of result.errors) {
      expect(error.message).not.toMatch(/must match "then" schema/);
      expect(typeof error.keyword).toBe("string");
    }
  });
});

describe("validate()", () => {
  it("throws a TypeError naming the accepted names for an unknown name", () => {
    expect(() => validate("no-such-schema" as SchemaName, {})).toThrow(
      /Unknown schema name; expected one of: .*message/,
    );
  });

  it("states rules in plain words built from the schema", () => {
    const result = validate("notification", { event: "read" });
    expect(result).toEqual({
      valid: false,
      errors: [
        {
          pointer: "/event",
          message: "must be one of accepted, dispatched, received, consumed, failed",
          keyword: "enum",
        },
      ],
    });
  });

  it("reports a missing property at its own pointer and an unknown Config key at the key", () => {
    expect(validate("message", { type: "text/plain", content: "hi" })).toMatchObject({
      errors: [{ pointer: "/to", message: "is required", keyword: "required" }],
    });
    expect(validate("config", { input: { kafka: { consumer_grop: "g" } } })).toMatchObject({
      errors: [{ pointer: "/input/kafka/consumer_grop", keyword: "additionalProperties" }],
    });
  });

  it("says which media type's document a content error was checked against", () => {
    const select = { to: "a@b.c", type: "application/vnd.lime.select+json", content: { options: [{ order: "1" }] } };
    expect(validate("message", select)).toMatchObject({
      errors: [
        {
          pointer: "/content/options/0/order",
          message: "must be an integer (checked as the application/vnd.lime.select+json document)",
        },
      ],
    });
    expect(validate("envelope", { to: "a@b.c", type: "text/plain", content: {} })).toMatchObject({
      errors: [{ pointer: "/content", message: "must be a string (checked as the text/plain document)" }],
    });
    // An unknown media type is never echoed back.
    expect(validate("message", { to: "a@b.c", type: "x-secret/token-abc", content: 3 })).toMatchObject({
      errors: [{ pointer: "/content", message: "must be a string or an object" }],
    });
  });

  it("names the outermost document, keeps a pattern's hint inside a document, and names none for the field itself", () => {
    // A container in a message: its value is checked as the select document, inside the container document.
    const nested = {
      to: "a@b.c",
      type: "application/vnd.lime.container+json",
      content: { type: "application/vnd.lime.select+json", value: { options: [{ order: "1" }] } },
    };
    expect(validate("message", nested)).toMatchObject({
      errors: [
        {
          pointer: "/content/value/options/0/order",
          message: "must be an integer (checked as the application/vnd.lime.container+json document)",
        },
      ],
    });
    const badType = {
      to: "a@b.c",
      type: "application/vnd.lime.container+json",
      content: { type: "not a media type", value: "x" },
    };
    expect(validate("message", badType)).toMatchObject({
      errors: [
        {
          pointer: "/content/type",
          message: expect.stringMatching(
            /\(A media type in MIME format: .*\) \(checked as the application\/vnd\.lime\.container\+json document\)$/,
          ),
        },
      ],
    });
    // A missing content is the envelope's rule, whatever the type.
    expect(validate("message", { to: "a@b.c", type: "text/plain" })).toEqual({
      valid: false,
      errors: [{ pointer: "/content", message: "is required", keyword: "required" }],
    });
  });

  it("gets its errors from the compiled validators already as { pointer, message, keyword }: a callee's few copied below the caller's pointer, more nested", () => {
    const check = validators.table.schemas.message.check;
    const payload = { to: "nobody", type: "application/vnd.lime.select+json", content: { options: [{ order: "1" }] } };
    expect(check(payload)).toBe(false);
    for (const error of check.errors ?? []) {
      expect(error).not.toBeInstanceOf(NestedErrors);
      if (error instanceof NestedErrors) continue;
      expect(Object.keys(error).sort()).toEqual(["keyword", "message", "pointer", "relative"]);
      expect(error.pointer.endsWith(error.relative)).toBe(true);
    }
    // the select document's own pointer, below the message's `/content`
    expect(check.errors).toContainEqual(
      expect.objectContaining({ pointer: "/content/options/0/order", relative: "/options/0/order" }),
    );
    // five failing options: the select document's errors nested below `/content`, named as its document's
    const many = { ...payload, content: { options: Array.from({ length: 5 }, () => ({ order: "1" })) } };
    expect(check(many)).toBe(false);
    expect(check.errors?.[0]).toBeInstanceOf(NestedErrors);
    expect(check.errors?.[0]).toMatchObject({ prefix: "/content", document: "application/vnd.lime.select+json" });
    for (const data of [payload, many]) {
      const result = validate("message", data);
      expect(result.valid).toBe(false);
      for (const error of result.valid ? [] : result.errors)
        expect(Object.keys(error)).toEqual(["pointer", "message", "keyword"]);
      expect(result.valid ? [] : result.errors[0]).toEqual({
        pointer: "/content/options/0/order",
        message: "must be an integer (checked as the application/vnd.lime.select+json document)",
        keyword: "type",
      });
    }
  });

  it("reports each failing item of an array once, at its own pointer, beyond the items whose pointers are kept", () => {
    const options = Array.from({ length: 150 }, (_, index) => ({
      order: String(index),
      text: index % 3 === 0 ? 1 : "x",
    }));
    const result = validate("message", { to: "a@b.c", type: "application/vnd.lime.select+json", content: { options } });
    const errors = result.valid ? [] : result.errors;
    const expected = options.flatMap((option, index) => [
      `/content/options/${index}/order`,
      ...(typeof option.text === "number" ? [`/content/options/${index}/text`] : []),
    ]);
    expect(errors.map((error) => error.pointer)).toEqual(expected);
  });

  it("escapes an unknown key in its pointer", () => {
    expect(validate("config", { input: { kafka: { "a/b~c": 1 } } })).toMatchObject({
      errors: [{ pointer: "/input/kafka/a~1b~0c", keyword: "additionalProperties" }],
    });
  });

  it("reports a text/plain message with number content once, with the rule that holds (not two contradicting ones)", () => {
    for (const name of ["message", "inbound-message", "envelope"] as const) {
      const errors = validate(name, {
        id: "m1",
        from: "c@sms.example.net",
        to: "a@b.c",
        type: "text/plain",
        content: 3,
      });
      expect(errors, name).toEqual({
        valid: false,
        errors: [
          { pointer: "/content", message: "must be a string (checked as the text/plain document)", keyword: "type" },
        ],
      });
    }
    // A media type of no known document: the field's own rule, once.
    expect(validate("message", { to: "a@b.c", type: "image/png", content: 3 })).toEqual({
      valid: false,
      errors: [{ pointer: "/content", message: "must be a string or an object", keyword: "type" }],
    });
  });

  it("says a field a request must not carry is not allowed (status in a command request, id in an observe command)", () => {
    expect(validate("command", { id: "c1", method: "get", uri: "/ping", status: "success" })).toEqual({
      valid: false,
      errors: [{ pointer: "/status", message: "is not allowed here", keyword: "false schema" }],
    });
    expect(validate("command", { id: "c1", to: "a@b.c", method: "observe", uri: "/x", resource: {} })).toEqual({
      valid: false,
      errors: [{ pointer: "/id", message: "is not allowed here", keyword: "false schema" }],
    });
  });

  it("rejects a known media type in another letter case at `type`, naming the rule without the long pattern", () => {
    const result = validate("message", { to: "a@b.c", type: "TEXT/PLAIN", content: { text: "hi" } });
    expect(result).toEqual({
      valid: false,
      errors: [
        {
          pointer: "/type",
          message: expect.stringMatching(
            /^must match its pattern \(A media type with a declared document is spelled as declared/,
          ),
          keyword: "pattern",
        },
      ],
    });
    expect(validate("message", { to: "a@b.c", type: "text/plain/x", content: "hi" })).toMatchObject({
      errors: [{ pointer: "/type", message: expect.stringContaining("(A media type in MIME format: type/subtype") }],
    });
  });

  it("checks a bare document of a known media type whatever the case of its name (validateDocument, --media-type)", () => {
    expect(validateDocument("TEXT/PLAIN", { text: "hi" })).toMatchObject({
      valid: false,
      errors: [{ pointer: "", keyword: "type" }],
    });
    expect(validateDocument("Application/Vnd.Lime.Chatstate+Json", { state: "typing" })).toMatchObject({
      valid: false,
      errors: [{ pointer: "/state" }],
    });
    expect(validateDocument("IMAGE/PNG", { any: "thing" })).toEqual({ valid: true });
  });

  it("explains a pattern in words from the field's description", () => {
    expect(validate("message", { to: "nobody", type: "text/plain", content: "x" })).toMatchObject({
      errors: [
        { pointer: "/to", message: expect.stringContaining("(Address of a node in the form name@domain/instance)") },
      ],
    });
  });

  it("accepts unknown Config keys in the lenient variant only", () => {
    const config = { name: "c", input: { kafka: { consumer_grop: "g" } } };
    expect(validate("config", config).valid).toBe(false);
    expect(validate("config-lenient", config)).toEqual({ valid: true });
    expect(validate("config-lenient", { input: { kafka: { consumer_group: 3 } } }).valid).toBe(false);
  });
});
