import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validate, type SchemaName } from "../generated/validators.js";
import { FIXTURES, ROOT } from "./helpers/fixtures.js";
import { CONFORMANCE_FILE, conformanceCases, conformanceSource, readNoTypeForm } from "./helpers/type-conformance.js";

// The type-level conformance suite (test/types/validator-fixtures.generated.ts) is compiled by the project's type
// check (test/typecheck.test.ts): each valid fixture compiles as its type, each invalid one does not
// (`@ts-expect-error`), except those breaking a rule listed in test/fixtures/type-conformance/no-type-form.json.
// This file checks the suite is the one the fixtures give and that the list of rules with no type form is sound.
const table = readNoTypeForm();
const cases = conformanceCases(table);

describe("the type conformance suite", () => {
  it("is generated from the current fixtures (test/setup/global.ts writes it before the type check)", () => {
    expect(readFileSync(CONFORMANCE_FILE, "utf8")).toBe(conformanceSource(cases, table));
  });

  it("covers every validator fixture: valid ones compile, invalid ones are expected errors or fall under a listed rule", () => {
    const source = readFileSync(CONFORMANCE_FILE, "utf8");
    const invalid = cases.filter((c) => !c.valid);
    expect(cases.filter((c) => c.valid).length).toBeGreaterThan(100);
    for (const c of cases) expect(source, c.fixture).toContain(`// ${c.fixture}`);
    const expected = invalid.filter((c) => c.noTypeForm === undefined).length;
    expect(source.match(/^\/\/ @ts-expect-error/gm)?.length).toBe(expected);
    // Most invalid fixtures break a rule with a type form.
    expect(expected).toBeGreaterThan(invalid.length / 2);
  });

  it("lists each fixture under a known rule, and only invalid fixtures the validators reject", () => {
    for (const [fixture, rule] of Object.entries(table.fixtures)) {
      expect(Object.keys(table.rules), fixture).toContain(rule);
      expect(fixture, "only invalid fixtures fall under a rule").toMatch(/^[^/]+\/invalid\/[^/]+\.json$/);
      const file = path.join(FIXTURES, "validators", fixture);
      expect(existsSync(file), `${fixture} exists`).toBe(true);
      const { data } = JSON.parse(readFileSync(file, "utf8")) as { data: unknown };
      expect(validate(fixture.split("/")[0] as SchemaName, data).valid, fixture).toBe(false);
    }
    for (const rule of Object.values(table.keywords)) expect(Object.keys(table.rules)).toContain(rule);
  });

  it("names every rule with no type form in docs/types.md", () => {
    const doc = readFileSync(path.join(ROOT, "docs", "types.md"), "utf8");
    for (const rule of Object.keys(table.rules)) expect(doc, rule).toContain(`\`${rule}\``);
  });
});
