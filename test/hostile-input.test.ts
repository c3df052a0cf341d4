import { describe, expect, it } from "vitest";
import { isConfig, validate } from "../generated/validators.js";
import { loadSchemas } from "../generator/load/schemas.js";
import { walkSchema } from "../generator/model/schema-walk.js";
import { ROOT } from "./helpers/fixtures.js";

const deepFilterText = (depth: number) =>
  `{"filter":{"filter":${'{"filters":['.repeat(depth)}{"op":"AND"}${"]}".repeat(depth)}}}`;

describe("hostile payloads", () => {
  it.each([10_000, 100_000])("a FilterNode nested %i levels deep is a clean error, not a crash", (depth) => {
    const data: unknown = JSON.parse(deepFilterText(depth));
    expect(validate("config", data)).toEqual({
      valid: false,
      errors: [{ pointer: "", message: "is nested too deeply to validate", keyword: "depth" }],
    });
    expect(isConfig(data)).toBe(false);
  });

  it("validates __proto__, constructor and prototype keys as data without touching prototypes", () => {
    const message = JSON.parse(
      '{"to":"a@b.c","type":"text/plain","content":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    ) as object;
    expect(validate("message", message)).toEqual({ valid: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const config = JSON.parse('{"__proto__":{"x":1},"input":{"constructor":1,"prototype":2}}') as object;
    const result = validate("config", config);
    expect(result.valid).toBe(false);
    if (!result.valid)
      expect(result.errors.map((e) => e.pointer).sort()).toEqual([
        "/__proto__",
        "/input/constructor",
        "/input/prototype",
      ]);
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
  });

  it("validates a 5 MB Config with 50,000 index entries", () => {
    const index = Array.from({ length: 50_000 }, (_, n) => ({
      key: "type",
      value: `value-${n}`.padEnd(60, "x"),
      required: n % 2 === 0,
      values: ["a", "b"],
      description: "entry",
    }));
    const config = { name: "large", index };
    expect(JSON.stringify(config).length).toBeGreaterThan(5_000_000);
    expect(validate("config", config)).toEqual({ valid: true });
    (index[49_999] as Record<string, unknown>).required = "yes";
    expect(validate("config", config)).toMatchObject({ valid: false, errors: [{ pointer: "/index/49999/required" }] });
  });

  it("accepts a 1 MB string value where a string is expected", () => {
    expect(validate("message", { to: "a@b.c", type: "text/plain", content: "x".repeat(1_000_000) })).toEqual({
      valid: true,
    });
  });
});

describe("patterns", () => {
  it("are linear: no quantified group holds a quantifier, and a 100 KB adversarial string is answered at once", async () => {
    const patterns: { where: string; pattern: string }[] = [];
    for (const file of await loadSchemas(ROOT)) {
      walkSchema(file.schema, (node, pointer) => {
        if (typeof node.pattern === "string")
          patterns.push({ where: `${file.file}#${pointer}`, pattern: node.pattern });
      });
    }
    expect(patterns.length).toBeGreaterThan(0);
    for (const { where, pattern } of patterns) {
      // Star height 1: a group followed by a quantifier must not itself contain a quantifier.
      expect(/\((?:[^()]*[*+}][^()]*)\)[*+{]/.test(pattern), where).toBe(false);
      const regex = new RegExp(pattern, "u");
      for (const unit of ["a", "@", "/", "a@", "0", " "]) {
        // Long runs that almost match and then fail at the end: the classic backtracking trigger.
        expect(typeof regex.test(`${unit.repeat(100_000 / unit.length)}\u0000@/`)).toBe("boolean");
      }
    }
  });
});
