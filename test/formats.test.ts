import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import ajvFormats from "ajv-formats/dist/formats.js";
import { formats } from "../runtime/validation/formats.js";
import { compileValidatorUnit } from "../generator/emit/validators/compile-unit.js";
import type { ValidatorUnit } from "../generator/emit/validators/units.js";
import { ROOT } from "./helpers/fixtures.js";

// The generated validators check formats with runtime/validation/formats.ts instead of ajv-formats' table
// (docs/performance.md#cold-start): the same verdict on every string is the promise.

const SEED = Number(process.env.FC_SEED ?? Date.now() % 1_000_000);
/** ajv-formats' full `date-time` check, which the run time's must match. */
const reference = {
  "date-time": (ajvFormats as unknown as typeof import("ajv-formats/dist/formats.js")).fullFormats["date-time"] as {
    validate: (text: string) => boolean;
  },
};
const referenceNames = Object.keys((ajvFormats as unknown as typeof import("ajv-formats/dist/formats.js")).fullFormats);

const digits = (length: number, max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(length, "0"));
/** Strings shaped like RFC 3339 date-times, every part sometimes out of range or malformed. */
const dateTimeLike = fc
  .tuple(
    fc.oneof(digits(4, 9999), fc.constantFrom("1900", "2000", "2024", "2100", "0000", "99999", "20a4")),
    fc.oneof(digits(2, 13), fc.constantFrom("2", "00", "1a")),
    fc.oneof(digits(2, 32), fc.constantFrom("29", "30", "31", "3")),
    fc.constantFrom("T", "t", " ", "\t", "x", "TT", ""),
    fc.oneof(digits(2, 25), fc.constant("23")),
    fc.oneof(digits(2, 61), fc.constant("59")),
    fc.oneof(digits(2, 61), fc.constantFrom("60", "61", "59", "5")),
    fc.constantFrom("", ".5", ".123456789", ".", ".x"),
    fc.oneof(
      fc.constantFrom("Z", "z", "", "+00:00", "-00:00", "Zz", "+24:00", "+23:60"),
      fc
        .tuple(fc.constantFrom("+", "-"), digits(2, 25), fc.constantFrom(":", ""), digits(2, 61))
        .map(([sign, h, colon, m]) => `${sign}${h}${colon}${m}`),
    ),
  )
  .map(
    (parts) =>
      `${parts[0]}-${parts[1]}-${parts[2]}${parts[3]}${parts[4]}:${parts[5]}:${parts[6]}${parts[7]}${parts[8]}`,
  );

describe("runtime/validation/formats.ts", () => {
  it("has a check for every format it lists that ajv-formats has, nothing else", () => {
    for (const name of Object.keys(formats)) expect(referenceNames).toContain(name);
  });

  it.each([
    ["2026-12-01T13:30:00Z", true],
    ["2024-02-29T00:00:00+01:00", true],
    ["2023-02-29T00:00:00Z", false],
    ["1900-02-29T00:00:00Z", false],
    ["2000-02-29T00:00:00Z", true],
    ["2026-06-30T23:59:60Z", true],
    ["2026-06-30T22:59:60-01:00", true],
    ["2026-06-30T23:58:60Z", false],
    ["2026-06-30T23:59:61Z", false],
    ["2026-12-01T13:30:00", false],
    ["2026-12-01 13:30:00.5z", true],
    ["2026-13-01T13:30:00Z", false],
  ])("date-time %s: %s, as ajv-formats", (text, valid) => {
    expect(formats["date-time"]!.validate(text)).toBe(valid);
    expect(reference["date-time"].validate(text)).toBe(valid);
  });

  it(`date-time gives ajv-formats' verdict on any string (seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.oneof(dateTimeLike, fc.string(), fc.string({ unit: "binary" })), (text) => {
        expect(formats["date-time"]!.validate(text)).toBe(reference["date-time"].validate(text));
      }),
      { seed: SEED, numRuns: 20_000 },
    );
  });
});

describe("the generated code's formats", () => {
  const unit = (formatsUsed: string[]): ValidatorUnit => ({
    name: "stamp",
    functionName: "validateStamp",
    module: "generated/shop/validators.compiled.ts",
    schemas: [
      {
        $id: "https://specfirst.example.net/schemas/shop/stamp.schema.json",
        type: "object",
        properties: Object.fromEntries(formatsUsed.map((f) => [f, { type: "string", format: f }])),
      },
    ],
    formats: formatsUsed,
    tracked: false,
  });

  it("come from the run time when it has every format the unit uses, from ajv-formats otherwise", () => {
    expect(compileValidatorUnit(unit(["date-time"]), [])).toContain(
      'require("../../runtime/validation/formats.js").formats',
    );
    const withEmail = compileValidatorUnit(unit(["date-time", "email"]), []);
    expect(withEmail).toContain('require("ajv-formats/dist/formats").fullFormats');
    expect(withEmail).not.toContain("runtime/validation/formats.js");
  });

  it("the messaging validators (a schedule's `when`) check date-time with the run time's formats", () => {
    const compiled = readFileSync(path.join(ROOT, "generated", "messaging", "validators.compiled.ts"), "utf8");
    expect(compiled).toContain('from "../../runtime/validation/formats.js"');
    expect(compiled).not.toContain("ajv-formats");
  });
});
