import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  registerSchema,
  unregisterSchema,
  setShouldValidateFormat,
  validate as hyperjumpValidate,
} from "@hyperjump/json-schema/draft-2020-12";
import "@hyperjump/json-schema/formats";
import type { Json } from "@hyperjump/json-pointer";
import { validate, type SchemaName } from "../generated/validators.js";
import { FIXTURES, ROOT, jsonFiles, type InvalidFixture } from "./helpers/fixtures.js";
import {
  PYTHONS,
  pythonJsonschemaAvailable,
  pythonVerdicts,
  type PythonVerdicts,
} from "./helpers/python-jsonschema.js";

// One verdict in every language (docs/published-contract.md#one-verdict-in-every-language): the published schemas
// (generated/schemas/) give our validators' verdict in @hyperjump/json-schema and in python3-jsonschema, each with
// formats asserted, on every fixture, every example payload and variants of them that tell regular-expression
// dialects apart (a final line feed, a carriage return, digits of other scripts...).

const SCHEMAS = path.join(ROOT, "generated", "schemas");
const idOf = new Map<string, string>();
for (const api of readdirSync(SCHEMAS))
  for (const file of readdirSync(path.join(SCHEMAS, api)))
    idOf.set(
      path.basename(file, ".schema.json"),
      (JSON.parse(readFileSync(path.join(SCHEMAS, api, file), "utf8")) as { $id: string }).$id,
    );

interface Case {
  id: string;
  schema: SchemaName;
  data: unknown;
}

/** Every validator fixture against its schema, every example of openapi/examples/ against the schema it is of. */
function payloads(): Case[] {
  const cases: Case[] = [];
  const root = path.join(FIXTURES, "validators");
  for (const schema of readdirSync(root).sort()) {
    for (const [file, data] of jsonFiles(path.join(root, schema, "valid")))
      cases.push({ id: `${schema}/valid/${file}`, schema: schema as SchemaName, data });
    for (const [file, fixture] of jsonFiles<InvalidFixture>(path.join(root, schema, "invalid")))
      cases.push({ id: `${schema}/invalid/${file}`, schema: schema as SchemaName, data: fixture.data });
  }
  // An example is named for its schema: `command-response-ping.json` is a command-response (the longest name that
  // begins the file's name).
  const names = [...idOf.keys()].sort((a, b) => b.length - a.length);
  const examples = path.join(ROOT, "openapi", "examples");
  for (const api of readdirSync(examples).sort())
    for (const [file, data] of jsonFiles(path.join(examples, api))) {
      const schema = names.find((name) => file.startsWith(`${name}-`));
      if (schema === undefined) throw new Error(`openapi/examples/${api}/${file}: no schema name begins its name`);
      cases.push({ id: `examples/${api}/${file}`, schema: schema as SchemaName, data });
    }
  return cases;
}

/** Where the regular-expression dialects differ: what a variant does to one string of a payload. */
const EDITS: Record<string, (text: string, at: number) => string> = {
  "a final line feed": (text) => `${text}\n`,
  "a final CR LF": (text) => `${text}\r\n`,
  "a leading line feed": (text) => `\n${text}`,
  "a line feed inside": (text, at) => text.slice(0, at) + "\n" + text.slice(at),
  "a carriage return inside": (text, at) => text.slice(0, at) + "\r" + text.slice(at),
  "a line separator inside": (text, at) => text.slice(0, at) + "\u2028" + text.slice(at),
  "a next-line character inside": (text, at) => text.slice(0, at) + "\u0085" + text.slice(at),
  "Arabic-Indic digits": (text) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d))),
  "full-width digits": (text) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d))),
  "one digit Devanagari": (text) => text.replace(/[0-9]/, (d) => String.fromCharCode(0x0966 + Number(d))),
  "upper case": (text) => text.toUpperCase(),
  "a Kelvin sign for k": (text) => text.replace(/k/i, "\u212a"),
  "a dotless i for i": (text) => text.replace(/i/, "\u0131"),
  "a final space": (text) => `${text} `,
  "a final tab": (text) => `${text}\t`,
};

/** The paths of a value's strings (object members and array items). */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...at, index]));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  return [];
}

function withString(value: unknown, at: readonly (string | number)[], edit: (text: string) => string): unknown {
  if (at.length === 0) return edit(value as string);
  const [head, ...rest] = at;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? withString(item, rest, edit) : item));
  const object = value as Record<string, unknown>;
  return { ...object, [head as string]: withString(object[head as string], rest, edit) };
}

/** `count` variants of the valid payloads: one string of one payload edited as one of EDITS says. */
function variants(base: readonly Case[], count: number, seed: number): Case[] {
  const valid = base.filter((c) => validate(c.schema, c.data).valid && stringPaths(c.data).length > 0);
  const edits = Object.keys(EDITS);
  const variant = fc
    .record({
      payload: fc.integer({ min: 0, max: valid.length - 1 }),
      string: fc.nat(),
      edit: fc.constantFrom(...edits),
      at: fc.nat(),
    })
    .map(({ payload, string, edit, at }) => {
      const c = valid[payload] as Case;
      const paths = stringPaths(c.data);
      const where = paths[string % paths.length] as (string | number)[];
      const apply = EDITS[edit] as (text: string, at: number) => string;
      return {
        id: `${c.id} with ${edit} at /${where.join("/")}`,
        schema: c.schema,
        data: withString(c.data, where, (text) => apply(text, text.length === 0 ? 0 : at % (text.length + 1))),
      };
    });
  return fc.sample(variant, { numRuns: count, seed });
}

const SEED = Number(process.env.SPECFIRST_VARIANTS_SEED ?? Date.now() % 2 ** 31);
const BASE = payloads();
const CASES = [...BASE, ...variants(BASE, 1500, SEED)];
const ours = CASES.map((c) => validate(c.schema, c.data).valid);

/** The cases where `verdicts` differs from our validators, by name. */
function disagreements(verdicts: readonly boolean[]): string[] {
  return CASES.flatMap((c, index) =>
    verdicts[index] === ours[index] ? [] : [`${c.id}: ours ${String(ours[index])}, theirs ${String(verdicts[index])}`],
  );
}

describe("the schedule's `when` pattern holds the calendar (so a validator asserting no format agrees)", () => {
  const schedule = JSON.parse(readFileSync(path.join(SCHEMAS, "messaging", "schedule.schema.json"), "utf8")) as {
    properties: { when: { pattern: string } };
  };
  const pattern = new RegExp(schedule.properties.when.pattern, "u");
  const isDate = (year: number, month: number, day: number) => {
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  };
  it("accepts exactly the days of the Gregorian calendar (generated years and months, every day 00 to 32)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        for (let day = 0; day <= 32; day += 1) {
          const text = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T12:00:00Z`;
          expect(pattern.test(text), text).toBe(isDate(year, month, day) && day > 0);
        }
      }),
      { numRuns: 3000 },
    );
    for (const year of [1900, 2000, 2024, 2100, 2400, 2031, 0, 4, 100, 400])
      expect(pattern.test(`${String(year).padStart(4, "0")}-02-29T00:00:00Z`), String(year)).toBe(
        year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0),
      );
  });
});

describe(`the published schemas give our validators' verdict (variants seed ${String(SEED)})`, () => {
  it("has fixtures, examples and variants of each, invalid ones among them", () => {
    expect(BASE.filter((c) => c.id.startsWith("examples/")).length).toBeGreaterThan(40);
    expect(ours.filter((valid) => !valid).length).toBeGreaterThan(300);
    expect(CASES.length).toBeGreaterThan(BASE.length + 1000);
  });

  it("in @hyperjump/json-schema (draft 2020-12, formats asserted)", async () => {
    setShouldValidateFormat(true);
    for (const id of idOf.values()) {
      const file = id.replace("https://specfirst.dev/schemas/", "");
      // test files share a worker process (vitest.config.ts isolate: false): test/published-tools.test.ts may have
      // registered the same ids in hyperjump's registry before
      unregisterSchema(id);
      registerSchema(
        JSON.parse(readFileSync(path.join(SCHEMAS, file), "utf8")) as Parameters<typeof registerSchema>[0],
      );
    }
    const verdicts: boolean[] = [];
    for (const c of CASES) verdicts.push((await hyperjumpValidate(idOf.get(c.schema) as string, c.data as Json)).valid);
    expect(disagreements(verdicts)).toEqual([]);
  }, 120_000);

  describe.skipIf(!pythonJsonschemaAvailable("test/published-verdicts.test.ts"))("in python3-jsonschema", () => {
    let results: ({ executable: string } & PythonVerdicts)[] = [];
    beforeAll(async () => {
      const cases = CASES.map((c) => ({ id: idOf.get(c.schema) as string, data: c.data }));
      results = await Promise.all(
        PYTHONS.map(async (python) => ({ executable: python.executable, ...(await pythonVerdicts(python, cases)) })),
      );
    }, 120_000);

    it("with formats asserted (a FormatChecker: what the docs tell a Python service to pass)", () => {
      expect(results.length).toBeGreaterThan(0);
      for (const result of results) expect(result.asserts_formats, result.executable).toBe(true);
    });

    it("on every case, in each python3 that imports jsonschema (Debian's and any on the PATH)", () => {
      for (const result of results)
        expect(disagreements(result.verdicts), `${result.executable}, jsonschema ${result.version}`).toEqual([]);
    });
  });
});
