/**
 * The type-level conformance suite, generated from the validator fixtures (test/fixtures/validators/<name>/):
 * test/types/validator-fixtures.generated.ts, checked by the project's type check. Each valid fixture must compile as
 * its type; each invalid fixture must not (`// @ts-expect-error`), unless the rule it breaks has no type form: those
 * rules are listed once, as data, in test/fixtures/type-conformance/no-type-form.json, and the generated file says
 * which fixtures fall under which. test/setup/global.ts writes the file before the type check starts, so a new
 * fixture is checked by the next `npm test`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { validate, type SchemaName } from "../../generated/validators.js";
import { FIXTURES, ROOT, jsonFiles, type InvalidFixture } from "./fixtures.js";

export const CONFORMANCE_FILE = path.join(ROOT, "test", "types", "validator-fixtures.generated.ts");
export const NO_TYPE_FORM_FILE = path.join(FIXTURES, "type-conformance", "no-type-form.json");

/** The rules TypeScript cannot express, and how an invalid fixture is found to break one. */
export interface NoTypeForm {
  /** Rule id → what the rule is and why TypeScript cannot express it. */
  rules: Record<string, string>;
  /** Validator error keyword → rule id: a fixture whose every error has one of these keywords breaks that rule. */
  keywords: Record<string, string>;
  /** Fixture (`<name>/invalid/<file>`) → rule id, for rules a keyword does not tell apart (a `required` that depends on a pattern). */
  fixtures: Record<string, string>;
}

export interface ConformanceCase {
  fixture: string;
  name: string;
  valid: boolean;
  data: unknown;
  description: string;
  /** The rule with no type form the (invalid) fixture breaks; undefined when the type must reject it. */
  noTypeForm: string | undefined;
}

export function readNoTypeForm(): NoTypeForm {
  return JSON.parse(readFileSync(NO_TYPE_FORM_FILE, "utf8")) as NoTypeForm;
}

/** The rule with no type form an invalid fixture breaks: listed by name, or told by the validator's error keywords. */
function untypedRuleOf(table: NoTypeForm, fixture: string, name: string, data: unknown): string | undefined {
  const listed = table.fixtures[fixture];
  if (listed !== undefined) return listed;
  const result = validate(name as SchemaName, data);
  if (result.valid) throw new Error(`${fixture}: an invalid fixture the validator accepts`);
  const rules = new Set(result.errors.map((error) => table.keywords[error.keyword]));
  const [rule] = rules;
  return rules.size === 1 ? rule : undefined;
}

export function conformanceCases(table: NoTypeForm = readNoTypeForm()): ConformanceCase[] {
  const root = path.join(FIXTURES, "validators");
  const cases: ConformanceCase[] = [];
  for (const name of readdirSync(root).sort()) {
    for (const [file, data] of jsonFiles(path.join(root, name, "valid"))) {
      cases.push({ fixture: `${name}/valid/${file}`, name, valid: true, data, description: "", noTypeForm: undefined });
    }
    for (const [file, invalid] of jsonFiles<InvalidFixture>(path.join(root, name, "invalid"))) {
      const fixture = `${name}/invalid/${file}`;
      cases.push({
        fixture,
        name,
        valid: false,
        data: invalid.data,
        description: invalid.description,
        noTypeForm: untypedRuleOf(table, fixture, name, invalid.data),
      });
    }
  }
  return cases;
}

/** The API folder and type name of a validator name: the schema's folder and `title`. */
function typeOf(name: string): { api: string; title: string } {
  for (const api of readdirSync(path.join(ROOT, "schemas"))) {
    const file = path.join(ROOT, "schemas", api, `${name}.schema.json`);
    if (existsSync(file))
      return { api, title: String((JSON.parse(readFileSync(file, "utf8")) as { title?: unknown }).title) };
  }
  throw new Error(`test/fixtures/validators/${name}: no schemas/<api>/${name}.schema.json`);
}

/**
 * The checker of one type: a generic type (`Message<T>`) through a function that infers `T` from the value, as the
 * client's `sendMessage` does, so a known media type gets its document; any other type by annotation.
 */
function checker(api: string, title: string): string {
  const types = readFileSync(path.join(ROOT, "generated", api, "types.ts"), "utf8");
  const generic = new RegExp(`^export type ${title}<T extends string`, "m").test(types);
  const type = `${api}.${title}`;
  return generic
    ? `const as${title} = <const T extends string = string>(value: ${type}<T>): unknown => value;`
    : `const as${title} = (value: ${type}): unknown => value;`;
}

export function conformanceSource(
  cases: ConformanceCase[] = conformanceCases(),
  table: NoTypeForm = readNoTypeForm(),
): string {
  const names = [...new Set(cases.map((c) => c.name))];
  const typed = new Map(names.map((name) => [name, typeOf(name)]));
  const apis = [...new Set([...typed.values()].map((t) => t.api))].sort();
  const lines = [
    "// Generated by test/helpers/type-conformance.ts from test/fixtures/validators/ (written by test/setup/global.ts before the type check): do not edit.",
    "// Each valid fixture compiles as its type; each invalid fixture fails to compile (@ts-expect-error), except those",
    "// breaking a rule with no type form (test/fixtures/type-conformance/no-type-form.json), which compile and are listed here.",
    ...apis.map((api) => `import type * as ${api} from "../../generated/${api}/types.js";`),
    "",
    ...[...typed.values()]
      .filter((t, i, all) => all.findIndex((o) => o.title === t.title) === i)
      .map((t) => checker(t.api, t.title)),
    "",
  ];
  for (const [rule, why] of Object.entries(table.rules)) {
    const fixtures = cases.filter((c) => c.noTypeForm === rule).map((c) => c.fixture);
    lines.push(
      `// No type form, "${rule}": ${why}`,
      ...(fixtures.length > 0 ? fixtures.map((f) => `//   ${f}`) : ["//   (no fixture)"]),
    );
  }
  lines.push("");
  for (const c of cases) {
    const call = `as${typed.get(c.name)?.title ?? ""}(${JSON.stringify(c.data)});`;
    if (c.valid) lines.push(`// ${c.fixture}`, call);
    else if (c.noTypeForm !== undefined)
      lines.push(`// ${c.fixture}: no type form (${c.noTypeForm}), the type accepts it`, call);
    else lines.push(`// ${c.fixture}`, `// @ts-expect-error ${c.description.replace(/\s+/g, " ")}`, call);
  }
  return `${lines.join("\n")}\n`;
}

/** Writes the generated suite when it changed (an unchanged file keeps the incremental type check's answer). */
export function writeConformance(): void {
  const text = conformanceSource();
  if (!existsSync(CONFORMANCE_FILE) || readFileSync(CONFORMANCE_FILE, "utf8") !== text)
    writeFileSync(CONFORMANCE_FILE, text);
}
