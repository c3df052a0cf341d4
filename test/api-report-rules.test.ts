import fc from "fast-check";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { comparePackageApis, type PackageApiReport } from "../generator/api-report/compare.js";
import { readReport, renderReport, type ReadReport } from "../generator/api-report/report-file.js";
import { API_RULES, type ApiBreaks, type ApiRuleId } from "../generator/api-report/rules.js";

// The package API's rules (generator/api-report/rules.ts), one case each on small declarations: the report of an
// entry point before and after, compared as `specfirst diff` and `release` compare the ref's reports with today's.

/** An entry point's report read from declarations as the report writes them: one entry per declared name. */
function report(source: string, specifier = "pkg/entry"): ReadReport {
  const file = ts.createSourceFile("entry.d.ts", source, ts.ScriptTarget.Latest, true);
  const byName = new Map<string, { exported: boolean; texts: string[] }>();
  for (const statement of file.statements) {
    const named = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations[0]?.name
      : (statement as ts.Statement & { name?: ts.Identifier }).name;
    const name = named?.getText(file) ?? "";
    const exported = (ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : []).some(
      (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
    );
    const entry = byName.get(name) ?? { exported, texts: [] };
    entry.texts.push(statement.getText(file));
    byName.set(name, entry);
  }
  return {
    specifier,
    declarations: [...byName].map(([name, { exported, texts }]) => ({
      name,
      file: "entry.d.ts",
      exported,
      text: texts.join("\n"),
    })),
  };
}

const compare = (before: string, after: string): PackageApiReport =>
  comparePackageApis([report(before)], [report(after)]);
const summary = (result: PackageApiReport) =>
  result.changes.map((change) => ({ rule: change.rule, breaks: change.breaks }));

/** Declarations an importer passes in (`Options`, a callback's result) and gets back (`Result`, a callback's argument). */
const USES = `
export declare function configure(options: Options): Result;
`;

interface RuleCase {
  rule: ApiRuleId;
  /** What the change does, as a test name. */
  what: string;
  before: string;
  after: string;
  expected: { rule: ApiRuleId; breaks: ApiBreaks }[];
}

const CASES: RuleCase[] = [
  {
    rule: "export-added",
    what: "a new function is minor",
    before: "export declare function a(): void;",
    after: "export declare function a(): void;\nexport declare function b(x: string): number;",
    expected: [{ rule: "export-added", breaks: "none" }],
  },
  {
    rule: "export-removed",
    what: "a removed function breaks importers",
    before: "export declare function a(): void;\nexport declare function b(): void;",
    after: "export declare function a(): void;",
    expected: [{ rule: "export-removed", breaks: "both" }],
  },
  {
    rule: "class-removed",
    what: "a removed class",
    before: "export declare class Store {\n    get(key: string): string;\n}",
    after: "",
    expected: [{ rule: "class-removed", breaks: "both" }],
  },
  {
    rule: "error-class-removed",
    what: "a removed error class, through its base",
    before:
      "export declare class ClientError extends Error {\n    readonly operationId: string;\n}\nexport declare class TimeoutError extends ClientError {\n}",
    after: "export declare class ClientError extends Error {\n    readonly operationId: string;\n}",
    expected: [{ rule: "error-class-removed", breaks: "both" }],
  },
  {
    rule: "export-kind-changed",
    what: "a class that became a function",
    before: "export declare class Sandbox {\n}",
    after: "export declare function Sandbox(): void;",
    expected: [{ rule: "export-kind-changed", breaks: "both" }],
  },
  {
    rule: "parameter-added-required",
    what: "a new required parameter breaks callers",
    before: "export declare function send(body: string): void;",
    after: "export declare function send(body: string, to: string): void;",
    expected: [{ rule: "parameter-added-required", breaks: "producers" }],
  },
  {
    rule: "parameter-added",
    what: "a new optional parameter is minor",
    before: "export declare function send(body: string): void;",
    after: "export declare function send(body: string, options?: { retry?: boolean }): void;",
    expected: [{ rule: "parameter-added", breaks: "none" }],
  },
  {
    rule: "parameter-removed",
    what: "a removed parameter breaks callers that pass it",
    before: "export declare function send(body: string, options?: object): void;",
    after: "export declare function send(body: string): void;",
    expected: [{ rule: "parameter-removed", breaks: "producers" }],
  },
  {
    rule: "parameter-became-required",
    what: "an optional parameter made required",
    before: "export declare function createSandbox(options?: object): void;",
    after: "export declare function createSandbox(options: object): void;",
    expected: [{ rule: "parameter-became-required", breaks: "producers" }],
  },
  {
    rule: "parameter-became-optional",
    what: "a callback's parameter made optional breaks the callbacks importers wrote",
    before: `${USES}export interface Options {\n    onError?: (error: Error) => void;\n}\nexport interface Result {\n}`,
    after: `${USES}export interface Options {\n    onError?: (error?: Error) => void;\n}\nexport interface Result {\n}`,
    expected: [{ rule: "parameter-became-optional", breaks: "consumers" }],
  },
  {
    rule: "parameter-type-narrowed",
    what: "a parameter taking fewer types",
    before: 'export declare function validateBody(name: string, limit?: number | "default"): void;',
    after: "export declare function validateBody(name: string, limit?: number): void;",
    expected: [{ rule: "parameter-type-narrowed", breaks: "producers" }],
  },
  {
    rule: "parameter-type-widened",
    what: "a callback's parameter of more types breaks the callbacks importers wrote",
    before: `${USES}export interface Options {\n    onEvent(kind: "sent"): void;\n}\nexport interface Result {\n}`,
    after: `${USES}export interface Options {\n    onEvent(kind: "sent" | "failed"): void;\n}\nexport interface Result {\n}`,
    expected: [{ rule: "parameter-type-widened", breaks: "consumers" }],
  },
  {
    rule: "parameter-type-changed",
    what: "a parameter of another type",
    before: "export declare function wait(ms: number): void;",
    after: "export declare function wait(ms: string): void;",
    expected: [{ rule: "parameter-type-changed", breaks: "producers" }],
  },
  {
    rule: "return-type-narrowed",
    what: "a callback that must return less breaks the callbacks importers wrote",
    before: `${USES}export interface Options {\n    handler: () => string | undefined;\n}\nexport interface Result {\n}`,
    after: `${USES}export interface Options {\n    handler: () => string;\n}\nexport interface Result {\n}`,
    expected: [{ rule: "return-type-narrowed", breaks: "producers" }],
  },
  {
    rule: "return-type-widened",
    what: "a function that may return more breaks the code reading it",
    before: "export declare function port(): number;",
    after: "export declare function port(): number | undefined;",
    expected: [{ rule: "return-type-widened", breaks: "consumers" }],
  },
  {
    rule: "return-type-changed",
    what: "a function returning another type",
    before: "export declare function start(): Promise<string>;",
    after: "export declare function start(): Promise<URL>;",
    expected: [{ rule: "return-type-changed", breaks: "consumers" }],
  },
  {
    rule: "signature-added",
    what: "a new overload",
    before:
      "export declare function read(text: string): unknown;\nexport declare function read(bytes: Uint8Array): unknown;",
    after:
      "export declare function read(text: string): unknown;\nexport declare function read(bytes: Uint8Array): unknown;\nexport declare function read(stream: ReadableStream): unknown;",
    expected: [{ rule: "signature-added", breaks: "none" }],
  },
  {
    rule: "signature-removed",
    what: "a removed overload",
    before:
      "export declare function read(text: string): unknown;\nexport declare function read(bytes: Uint8Array): unknown;\nexport declare function read(stream: ReadableStream): unknown;",
    after:
      "export declare function read(text: string): unknown;\nexport declare function read(bytes: Uint8Array): unknown;",
    expected: [{ rule: "signature-removed", breaks: "both" }],
  },
  {
    rule: "member-added",
    what: "a new optional option is minor",
    before: `${USES}export interface Options {\n    port?: number;\n}\nexport interface Result {\n}`,
    after: `${USES}export interface Options {\n    port?: number;\n    host?: string;\n}\nexport interface Result {\n}`,
    expected: [{ rule: "member-added", breaks: "none" }],
  },
  {
    rule: "member-added-required",
    what: "a new required option breaks the importers that build the options",
    before: `${USES}export interface Options {\n    port?: number;\n}\nexport interface Result {\n}`,
    after: `${USES}export interface Options {\n    port?: number;\n    secret: string;\n}\nexport interface Result {\n}`,
    expected: [{ rule: "member-added-required", breaks: "producers" }],
  },
  {
    rule: "member-removed",
    what: "a removed option",
    before: `${USES}export interface Options {\n    port?: number;\n    host?: string;\n}\nexport interface Result {\n}`,
    after: `${USES}export interface Options {\n    port?: number;\n}\nexport interface Result {\n}`,
    expected: [{ rule: "member-removed", breaks: "producers" }],
  },
  {
    rule: "member-became-required",
    what: "an option made required",
    before: `${USES}export interface Options {\n    secret?: string;\n}\nexport interface Result {\n}`,
    after: `${USES}export interface Options {\n    secret: string;\n}\nexport interface Result {\n}`,
    expected: [{ rule: "member-became-required", breaks: "producers" }],
  },
  {
    rule: "member-became-optional",
    what: "a result member made optional breaks the code reading it",
    before: `${USES}export interface Options {\n}\nexport interface Result {\n    readonly url: string;\n}`,
    after: `${USES}export interface Options {\n}\nexport interface Result {\n    readonly url?: string;\n}`,
    expected: [{ rule: "member-became-optional", breaks: "consumers" }],
  },
  {
    rule: "member-became-readonly",
    what: "an option made readonly",
    before: `${USES}export interface Options {\n    port: number;\n}\nexport interface Result {\n}`,
    after: `${USES}export interface Options {\n    readonly port: number;\n}\nexport interface Result {\n}`,
    expected: [{ rule: "member-became-readonly", breaks: "producers" }],
  },
  {
    rule: "member-became-writable",
    what: "a result member no longer readonly",
    before: `${USES}export interface Options {\n}\nexport interface Result {\n    readonly port: number;\n}`,
    after: `${USES}export interface Options {\n}\nexport interface Result {\n    port: number;\n}`,
    expected: [{ rule: "member-became-writable", breaks: "none" }],
  },
  {
    rule: "member-type-narrowed",
    what: "an option taking fewer types",
    before: `${USES}export interface Options {\n    failRecipients?: RegExp | string;\n}\nexport interface Result {\n}`,
    after: `${USES}export interface Options {\n    failRecipients?: RegExp;\n}\nexport interface Result {\n}`,
    expected: [{ rule: "member-type-narrowed", breaks: "producers" }],
  },
  {
    rule: "member-type-widened",
    what: "a result member of more types breaks the code reading it",
    before: `${USES}export interface Options {\n}\nexport interface Result {\n    status: 400 | 401;\n}`,
    after: `${USES}export interface Options {\n}\nexport interface Result {\n    status: number;\n}`,
    expected: [{ rule: "member-type-widened", breaks: "consumers" }],
  },
  {
    rule: "member-type-changed",
    what: "an option of another type",
    before: `${USES}export interface Options {\n    timeout?: number;\n}\nexport interface Result {\n}`,
    after: `${USES}export interface Options {\n    timeout?: string;\n}\nexport interface Result {\n}`,
    expected: [{ rule: "member-type-changed", breaks: "producers" }],
  },
  {
    rule: "type-narrowed",
    what: "an exported union no export uses, which importers may use either way",
    before: 'export type Format = "text" | "json" | "markdown";',
    after: 'export type Format = "text" | "json";',
    expected: [{ rule: "type-narrowed", breaks: "producers" }],
  },
  {
    rule: "type-widened",
    what: "a union of more values that an export returns",
    before: 'export declare function kind(): Kind;\nexport type Kind = "a" | "b";',
    after: 'export declare function kind(): Kind;\nexport type Kind = "a" | "b" | "c";',
    expected: [{ rule: "type-widened", breaks: "consumers" }],
  },
  {
    rule: "type-changed",
    what: "an alias of another type",
    before: "export type Id = string;",
    after: "export type Id = number;",
    expected: [{ rule: "type-changed", breaks: "both" }],
  },
  {
    rule: "type-parameters-changed",
    what: "a generic with another type parameter",
    before: "export interface Box<T> {\n    value: T;\n}",
    after: "export interface Box<T extends string> {\n    value: T;\n}",
    expected: [{ rule: "type-parameters-changed", breaks: "both" }],
  },
  {
    rule: "base-added",
    what: "options that extend another interface",
    before: `${USES}export interface Options {\n}\nexport interface Result {\n}\nexport interface Logging {\n    logger: unknown;\n}`,
    after: `${USES}export interface Options extends Logging {\n}\nexport interface Result {\n}\nexport interface Logging {\n    logger: unknown;\n}`,
    expected: [{ rule: "base-added", breaks: "producers" }],
  },
  {
    rule: "base-removed",
    what: "an error class with another base",
    before:
      "export declare class BadRequestError extends HttpError {\n}\nexport declare class HttpError extends Error {\n}",
    after: "export declare class BadRequestError extends Error {\n}\nexport declare class HttpError extends Error {\n}",
    expected: [
      { rule: "base-removed", breaks: "consumers" },
      { rule: "base-added", breaks: "none" },
    ],
  },
  {
    rule: "declaration-changed",
    what: "a class made abstract, which no finer rule describes",
    before: "export declare class Store {\n}",
    after: "export declare abstract class Store {\n}",
    expected: [{ rule: "declaration-changed", breaks: "both" }],
  },
];

describe("the package API's rules", () => {
  it("have a case each, and say why in one sentence", () => {
    const covered = new Set(CASES.map((entry) => entry.rule));
    for (const rule of ["entry-point-added", "entry-point-removed"] as const) covered.add(rule);
    expect([...covered].sort()).toEqual(Object.keys(API_RULES).sort());
    for (const [id, rule] of Object.entries(API_RULES)) expect(rule.why, id).toMatch(/^[A-Z`].*\.$/);
  });

  it.each(CASES.map((entry) => [`${entry.rule}: ${entry.what}`, entry] as const))("%s", (_name, entry) => {
    const result = compare(entry.before, entry.after);
    expect(summary(result)).toEqual(entry.expected);
    const breaking = entry.expected.some((expected) => expected.breaks !== "none");
    expect(result.bump).toBe(breaking ? "major" : API_RULES[entry.rule].bump);
    expect(result.breaking).toBe(entry.expected.filter((expected) => expected.breaks !== "none").length);
    for (const change of result.changes) {
      expect(change.who).toEqual(change.breaks === "none" ? [] : ["importers"]);
      expect(change.why).toBe(API_RULES[change.rule].why);
      expect(change.entryPoints).toEqual(["pkg/entry"]);
    }
  });

  it("entry-point-added and entry-point-removed: an entry point appears, or goes", () => {
    const one = report("export declare function a(): void;", "pkg/one");
    const two = report("export declare function b(): void;", "pkg/two");
    expect(summary(comparePackageApis([one], [one, two]))).toEqual([{ rule: "entry-point-added", breaks: "none" }]);
    expect(comparePackageApis([one], [one, two]).bump).toBe("minor");
    expect(summary(comparePackageApis([one, two], [one]))).toEqual([{ rule: "entry-point-removed", breaks: "both" }]);
  });

  it("read the same change the other way by which way the value travels: a narrowed result member breaks nobody", () => {
    const before = `${USES}export interface Options {\n    port?: number | string;\n}\nexport interface Result {\n    port: number | string;\n}`;
    const after = `${USES}export interface Options {\n    port?: number;\n}\nexport interface Result {\n    port: number;\n}`;
    const result = compare(before, after);
    expect(result.changes.map((change) => [change.declaration, change.rule, change.severity, change.position])).toEqual(
      [
        ["Options", "member-type-narrowed", "breaking", ["input"]],
        ["Result", "member-type-narrowed", "compatible", ["output"]],
      ],
    );
    expect(result.bump).toBe("major");
  });

  it("follow a callback's parameters, and the types that only a callback is given", () => {
    // `Violation` reaches importers only as the argument of the callback they write: a new required member of it
    // is theirs to read (compatible), an option made optional inside it is not read by them (breaks them).
    const uses = `${USES}export interface Options {\n    onViolation?: (violation: Violation) => void;\n}\nexport interface Result {\n}\n`;
    const result = compare(
      `${uses}export interface Violation {\n    kind: string;\n}`,
      `${uses}export interface Violation {\n    kind?: string;\n    pointer: string;\n}`,
    );
    expect(summary(result)).toEqual([
      { rule: "member-became-optional", breaks: "consumers" },
      { rule: "member-added-required", breaks: "none" },
    ]);
  });

  it("report a change seen through several entry points once, naming them all", () => {
    const before = "export declare class RateLimitedError extends Error {\n    readonly status: 429;\n}";
    const result = comparePackageApis(
      [report(before, "pkg/client"), report(before, "pkg/messaging")],
      [report("", "pkg/client"), report("", "pkg/messaging")],
    );
    expect(result.changes).toHaveLength(1);
    expect(result.changes[0]).toMatchObject({
      rule: "error-class-removed",
      entryPoints: ["pkg/client", "pkg/messaging"],
      declaration: "RateLimitedError",
      message: "`RateLimitedError` (class) is no longer exported",
    });
  });
});

// Generated declarations: members of any names, types and optionality, in any order.
const identifier = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,7}$/);
const typeText = fc.constantFrom(
  "string",
  "number",
  "boolean",
  '"a" | "b"',
  "string[]",
  "Uint8Array",
  "(x: string) => void",
);
const memberList = fc.uniqueArray(fc.record({ name: identifier, type: typeText, optional: fc.boolean() }), {
  selector: (member) => member.name,
  minLength: 1,
  maxLength: 8,
});
const interfaceText = (members: { name: string; type: string; optional: boolean }[]) =>
  `${USES}export interface Result {\n}\nexport interface Options {\n${members.map((m) => `    ${m.name}${m.optional ? "?" : ""}: ${m.type};`).join("\n")}\n}`;

describe("the package API's comparison on generated declarations", () => {
  it("finds nothing when only the order of members or of union constituents changed", () => {
    fc.assert(
      fc.property(memberList, fc.nat(), (members, seed) => {
        const shuffled = [...members].sort(
          (a, b) => ((a.name.length * 31 + seed) % 7) - ((b.name.length * 31 + seed) % 7),
        );
        const reordered = interfaceText(shuffled).replaceAll('"a" | "b"', '"b" | "a"');
        expect(compare(interfaceText(members), reordered).changes).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("finds each removed member, breaking, and each added optional member, compatible", () => {
    fc.assert(
      fc.property(memberList, fc.nat(), identifier, typeText, (members, index, added, type) => {
        const removed = members[index % members.length] as (typeof members)[number];
        const kept = members.filter((member) => member !== removed);
        const extra = members.some((member) => member.name === added) ? [] : [{ name: added, type, optional: true }];
        const result = compare(interfaceText(members), interfaceText([...kept, ...extra]));
        expect(summary(result)).toEqual([
          { rule: "member-removed", breaks: "producers" },
          ...extra.map(() => ({ rule: "member-added" as const, breaks: "none" as const })),
        ]);
        expect(result.changes[0]?.message).toBe(`\`Options.${removed.name}\` was removed`);
      }),
      { numRuns: 60 },
    );
  });

  it("reads a report back as it wrote it", () => {
    fc.assert(
      fc.property(memberList, (members) => {
        const declarations = report(interfaceText(members)).declarations;
        const api = {
          entryPoint: { specifier: "pkg/entry", types: "dist/entry.d.ts" },
          exported: declarations.filter((d) => d.exported).map(({ exported: _e, ...d }) => d),
          reached: declarations.filter((d) => !d.exported).map(({ exported: _e, ...d }) => d),
        };
        const read = readReport("api/pkg-entry.api.md", renderReport(api));
        expect(read).toEqual({ specifier: "pkg/entry", declarations });
      }),
      { numRuns: 30 },
    );
  });
});
