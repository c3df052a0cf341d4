import {
  markErrorClasses,
  readDeclaration,
  type Declaration,
  type Member,
  type Signature,
  type TypeShape,
} from "./declarations.js";
import type { ReadReport } from "./report-file.js";
import { API_RULES, type ApiBreaks, type ApiFamily, type ApiRuleId } from "./rules.js";

export type { ApiBreaks, ApiFamily, ApiRuleId } from "./rules.js";

/**
 * Which way a value travels between the package and its importers: `input`, the importer passes it in (an argument,
 * an options object, what its callback returns); `output`, the importer gets it back (a result, an error, what its
 * callback is given).
 */
export type Position = "input" | "output";

type Bump = "major" | "minor" | "patch";

/** One change of the package's TypeScript API, classified. The JSON report (`--format json`) lists these as they are. */
export interface PackageApiChange {
  /** The rule that found it (docs/change-control.md#the-package-api): `export-removed`, `member-became-required`. */
  rule: ApiRuleId;
  family: ApiFamily;
  severity: "breaking" | "compatible";
  /** Whom of the importers it breaks: those that pass the value in, those that get it back, both, or nobody. */
  breaks: ApiBreaks;
  /** `["importers"]` when breaking, `[]` otherwise. */
  who: "importers"[];
  /** The bump this change alone asks for: major when it breaks, minor for an addition, patch otherwise. */
  bump: Bump;
  /** The entry points whose report shows the change: `specfirst/express`. */
  entryPoints: string[];
  /** The declaration it is in: `validateBody`, `SandboxOptions`. */
  declaration: string;
  /** Which way the values it concerns travel (an unexported type: as the exports use it). */
  position: Position[];
  message: string;
  /** One sentence: why it breaks whom it breaks, or why it does not. */
  why: string;
}

/** What the diff says of the package's TypeScript API: the changes between the ref's reports and today's. */
export interface PackageApiReport {
  /** False when there is nothing to compare with: `reason` says why (the ref has no reports, say). */
  compared: boolean;
  reason?: string;
  bump: Bump;
  breaking: number;
  changes: PackageApiChange[];
}

interface Finding {
  rule: ApiRuleId;
  declaration: string;
  positions: ReadonlySet<Position>;
  message: string;
}

const BOTH: ReadonlySet<Position> = new Set<Position>(["input", "output"]);
const flip = (positions: ReadonlySet<Position>): ReadonlySet<Position> =>
  new Set([...positions].map((position) => (position === "input" ? "output" : "input")));
const VALUE_KINDS = new Set(["function", "class", "const", "let", "enum", "namespace"]);
const code = (text: string) => `\`${text}\``;

/**
 * Which way the values of each declaration travel, read from how the exports use them: an exported function, class
 * or constant is something the importer gets (its parameters travel in, its result out); a type travels as the
 * places that name it do, a function type in it turning the direction of its parameters. An exported type nothing
 * names travels both ways (an importer may use it either way).
 */
export function positionsOf(declarations: Declaration[]): Map<Declaration, ReadonlySet<Position>> {
  const byName = new Map<string, Declaration[]>();
  for (const declaration of declarations)
    byName.set(declaration.name, [...(byName.get(declaration.name) ?? []), declaration]);
  const found = new Map<Declaration, Set<Position>>();
  const work: [Declaration, Position][] = [];
  const mark = (declaration: Declaration, position: Position) => {
    const positions = found.get(declaration) ?? new Set<Position>();
    if (positions.has(position)) return;
    positions.add(position);
    found.set(declaration, positions);
    work.push([declaration, position]);
  };
  const refer = (name: string, positions: ReadonlySet<Position>) => {
    for (const target of byName.get(name) ?? []) for (const position of positions) mark(target, position);
  };
  const walkSignature = (signature: Signature, positions: ReadonlySet<Position>) => {
    for (const parameter of signature.parameters) walkShape(parameter.type, flip(positions));
    walkShape(signature.returns, positions);
  };
  const walkShape = (shape: TypeShape, positions: ReadonlySet<Position>): void => {
    if (shape.form === "function") for (const signature of shape.signatures) walkSignature(signature, positions);
    else if (shape.form === "object")
      for (const member of shape.members.values()) {
        walkShape(member.type, positions);
        for (const signature of member.signatures) walkSignature(signature, positions);
      }
    else
      for (const reference of shape.references) refer(reference.name, reference.flipped ? flip(positions) : positions);
  };
  for (const declaration of declarations)
    if (declaration.exported && declaration.kinds.some((kind) => VALUE_KINDS.has(kind))) mark(declaration, "output");
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    const [declaration, position] = next;
    const positions = new Set([position]);
    walkShape(declaration.shape, positions);
    for (const constructor of declaration.constructors) walkSignature(constructor, positions);
    for (const base of declaration.bases) refer(base.replace(/<.*$/s, "").replace(/^.*\./, ""), positions);
  }
  return new Map(declarations.map((declaration) => [declaration, found.get(declaration) ?? BOTH]));
}

/** Whether the constituents `inner` are all among, or covered by, `outer` (`"a"` by `string`, `X[]` by `readonly X[]`). */
function covered(inner: string[], outer: string[]): boolean {
  const expand = (types: string[]) => types.flatMap((type) => (type === "boolean" ? ["true", "false"] : [type]));
  const wide = expand(outer);
  if (wide.includes("unknown") || wide.includes("any")) return true;
  return expand(inner).every(
    (type) =>
      type === "never" ||
      wide.includes(type) ||
      (/^(["'`]).*\1$/s.test(type) && wide.includes("string")) ||
      (/^-?\d/.test(type) && wide.includes(type.endsWith("n") ? "bigint" : "number")) ||
      (type.endsWith("[]") && wide.includes(`readonly ${type}`)),
  );
}

/** How a type changed: the same values, fewer (narrowed), more (widened), or neither contains the other. */
function typeChange(before: TypeShape, after: TypeShape): "same" | "narrowed" | "widened" | "changed" {
  if (before.form !== "other" || after.form !== "other") return "changed";
  if (before.text === after.text) return "same";
  const [grew, shrank] = [
    covered(before.constituents, after.constituents),
    covered(after.constituents, before.constituents),
  ];
  return grew && shrank ? "same" : grew ? "widened" : shrank ? "narrowed" : "changed";
}

const shapeText = (shape: TypeShape): string =>
  shape.form === "other"
    ? shape.text
    : shape.form === "function"
      ? shape.signatures.map((signature) => signature.text).join(" & ")
      : `{ ${[...shape.members.keys()].join("; ")} }`;

/** The findings of one declaration's comparison, written as its subject (`validateBody(options)`) says. */
class DeclarationComparison {
  readonly findings: Finding[] = [];
  constructor(private readonly declaration: string) {}

  private add(rule: ApiRuleId, positions: ReadonlySet<Position>, message: string): void {
    this.findings.push({ rule, declaration: this.declaration, positions, message });
  }

  shapes(
    before: TypeShape,
    after: TypeShape,
    positions: ReadonlySet<Position>,
    subject: string,
    kind: "parameter" | "return" | "member" | "type",
  ): void {
    if (before.form === "function" && after.form === "function")
      return this.overloads(before.signatures, after.signatures, positions, subject);
    if (before.form === "object" && after.form === "object")
      return this.members(before.members, after.members, positions, subject);
    const change = typeChange(before, after);
    if (change === "same") return;
    const rule: ApiRuleId =
      kind === "type"
        ? change === "narrowed"
          ? "type-narrowed"
          : change === "widened"
            ? "type-widened"
            : "type-changed"
        : `${kind}-type-${change === "narrowed" ? "narrowed" : change === "widened" ? "widened" : "changed"}`;
    this.add(
      rule,
      positions,
      `${code(subject)} ${change} from ${code(shapeText(before))} to ${code(shapeText(after))}`,
    );
  }

  overloads(before: Signature[], after: Signature[], positions: ReadonlySet<Position>, subject: string): void {
    if (before.length === 1 && after.length === 1)
      return this.signature(before[0] as Signature, after[0] as Signature, positions, subject);
    const removed = before.filter((signature) => !after.some((other) => other.text === signature.text));
    const added = after.filter((signature) => !before.some((other) => other.text === signature.text));
    if (removed.length === 1 && added.length === 1)
      return this.signature(removed[0] as Signature, added[0] as Signature, positions, subject);
    for (const signature of removed)
      this.add("signature-removed", BOTH, `overload ${code(`${subject}${signature.text}`)} was removed`);
    for (const signature of added)
      this.add("signature-added", BOTH, `overload ${code(`${subject}${signature.text}`)} was added`);
  }

  signature(before: Signature, after: Signature, positions: ReadonlySet<Position>, subject: string): void {
    const parameters = flip(positions);
    if (before.typeParameters !== after.typeParameters)
      this.add(
        "type-parameters-changed",
        BOTH,
        `the type parameters of ${code(subject)} changed from ${code(before.typeParameters || "none")} to ${code(after.typeParameters || "none")}`,
      );
    const count = Math.max(before.parameters.length, after.parameters.length);
    for (let index = 0; index < count; index++) {
      const [was, now] = [before.parameters[index], after.parameters[index]];
      const name = now?.name ?? was?.name ?? "";
      const at = `${subject}(${name})`;
      if (was === undefined && now !== undefined) {
        const optional = now.optional || now.rest;
        this.add(
          optional ? "parameter-added" : "parameter-added-required",
          parameters,
          `${code(subject)} takes a new ${optional ? "optional" : "required"} parameter ${code(`${name}: ${shapeText(now.type)}`)}`,
        );
      } else if (was !== undefined && now === undefined) {
        this.add("parameter-removed", parameters, `parameter ${code(was.name)} of ${code(subject)} was removed`);
      } else if (was !== undefined && now !== undefined) {
        const [wasOptional, isOptional] = [was.optional || was.rest, now.optional || now.rest];
        if (wasOptional && !isOptional)
          this.add("parameter-became-required", parameters, `${code(at)} became required`);
        if (!wasOptional && isOptional)
          this.add("parameter-became-optional", parameters, `${code(at)} became optional`);
        this.shapes(was.type, now.type, parameters, at, "parameter");
      }
    }
    this.shapes(before.returns, after.returns, positions, `${subject}()`, "return");
  }

  members(
    before: Map<string, Member>,
    after: Map<string, Member>,
    positions: ReadonlySet<Position>,
    subject: string,
  ): void {
    const at = (name: string) => (name.startsWith("[") || name === "()" ? `${subject}${name}` : `${subject}.${name}`);
    for (const [name, was] of before) {
      const now = after.get(name);
      if (now === undefined) {
        this.add("member-removed", positions, `${code(at(name))} was removed`);
        continue;
      }
      if (was.optional && !now.optional)
        this.add("member-became-required", positions, `${code(at(name))} became required`);
      if (!was.optional && now.optional)
        this.add("member-became-optional", positions, `${code(at(name))} became optional`);
      if (!was.readonly && now.readonly)
        this.add("member-became-readonly", positions, `${code(at(name))} became readonly`);
      if (was.readonly && !now.readonly)
        this.add("member-became-writable", positions, `${code(at(name))} is no longer readonly`);
      if (was.kind !== now.kind)
        this.add("member-type-changed", positions, `${code(at(name))} changed from a ${was.kind} to a ${now.kind}`);
      else if (was.kind === "method") this.overloads(was.signatures, now.signatures, positions, at(name));
      else this.shapes(was.type, now.type, positions, at(name), "member");
    }
    for (const [name, now] of after) {
      if (before.has(name)) continue;
      const text = now.kind === "method" ? now.signatures.map((s) => s.text).join(" & ") : shapeText(now.type);
      this.add(
        now.optional ? "member-added" : "member-added-required",
        positions,
        `${code(at(name))} was added${now.optional ? "" : ", required"}: ${code(text)}`,
      );
    }
  }
}

const kindsText = (declaration: Declaration) => declaration.kinds.join(" and ") || "declaration";

/** The findings between two declarations of one name. */
function compareDeclarations(before: Declaration, after: Declaration, positions: ReadonlySet<Position>): Finding[] {
  const comparison = new DeclarationComparison(after.name);
  const name = after.name;
  if (kindsText(before) !== kindsText(after)) {
    return [
      {
        rule: "export-kind-changed",
        declaration: name,
        positions: BOTH,
        message: `${code(name)} was a ${kindsText(before)}, is a ${kindsText(after)}`,
      },
    ];
  }
  if (before.text === after.text || before.canonical() === after.canonical()) return [];
  const findings = comparison.findings;
  if (before.typeParameters !== after.typeParameters)
    findings.push({
      rule: "type-parameters-changed",
      declaration: name,
      positions: BOTH,
      message: `the type parameters of ${code(name)} changed from ${code(before.typeParameters || "none")} to ${code(after.typeParameters || "none")}`,
    });
  for (const base of before.bases.filter((base) => !after.bases.includes(base)))
    findings.push({
      rule: "base-removed",
      declaration: name,
      positions,
      message: `${code(name)} no longer extends ${code(base)}`,
    });
  for (const base of after.bases.filter((base) => !before.bases.includes(base)))
    findings.push({
      rule: "base-added",
      declaration: name,
      positions,
      message: `${code(name)} now extends ${code(base)}`,
    });
  if (after.kinds.includes("class"))
    comparison.overloads(before.constructors, after.constructors, positions, `new ${name}`);
  comparison.shapes(before.shape, after.shape, positions, name, "type");
  if (findings.length === 0)
    findings.push({
      rule: "declaration-changed",
      declaration: name,
      positions: BOTH,
      message: `${code(name)} changed in a way no rule describes`,
    });
  return findings;
}

/** Each declaration of a report, read, with which way its values travel. */
function readAll(report: ReadReport) {
  const declarations = report.declarations.map(readDeclaration);
  markErrorClasses(declarations);
  return { declarations, positions: positionsOf(declarations) };
}

/** A declaration's key in its report: its name, and where it is declared when two share the name. */
function keyed(declarations: Declaration[]): Map<string, Declaration> {
  const count = new Map<string, number>();
  for (const declaration of declarations) count.set(declaration.name, (count.get(declaration.name) ?? 0) + 1);
  return new Map(
    declarations.map((declaration) => [
      (count.get(declaration.name) ?? 0) > 1 ? `${declaration.name} in ${declaration.file}` : declaration.name,
      declaration,
    ]),
  );
}

function findingsOfEntryPoint(before: ReadReport, after: ReadReport): Finding[] {
  const [was, now] = [readAll(before), readAll(after)];
  const [wasByKey, nowByKey] = [keyed(was.declarations), keyed(now.declarations)];
  const findings: Finding[] = [];
  const positionsOfPair = (old: Declaration | undefined, current: Declaration | undefined) =>
    new Set([
      ...(old === undefined ? [] : (was.positions.get(old) ?? BOTH)),
      ...(current === undefined ? [] : (now.positions.get(current) ?? BOTH)),
    ]);
  for (const [key, old] of wasByKey) {
    const current = nowByKey.get(key);
    if (old.exported && current?.exported !== true) {
      const rule: ApiRuleId = old.errorClass
        ? "error-class-removed"
        : old.kinds.includes("class")
          ? "class-removed"
          : "export-removed";
      findings.push({
        rule,
        declaration: old.name,
        positions: BOTH,
        message: `${code(old.name)} (${kindsText(old)}) is no longer exported`,
      });
      continue;
    }
    if (current !== undefined) findings.push(...compareDeclarations(old, current, positionsOfPair(old, current)));
  }
  for (const [key, current] of nowByKey) {
    const old = wasByKey.get(key);
    if (current.exported && old?.exported !== true)
      findings.push({
        rule: "export-added",
        declaration: current.name,
        positions: positionsOfPair(undefined, current),
        message: `${code(current.name)} (${kindsText(current)}) is exported`,
      });
  }
  return findings;
}

/** The bump and breaking-ness of a finding, given which way the values it concerns travel. */
function classify(finding: Finding, entryPoints: string[]): PackageApiChange {
  const rule = API_RULES[finding.rule];
  const producers = (rule.breaks === "producers" || rule.breaks === "both") && finding.positions.has("input");
  const consumers = (rule.breaks === "consumers" || rule.breaks === "both") && finding.positions.has("output");
  const breaks: ApiBreaks =
    producers && consumers ? "both" : producers ? "producers" : consumers ? "consumers" : "none";
  return {
    rule: finding.rule,
    family: rule.family,
    severity: breaks === "none" ? "compatible" : "breaking",
    breaks,
    who: breaks === "none" ? [] : ["importers"],
    bump: breaks === "none" ? rule.bump : "major",
    entryPoints,
    declaration: finding.declaration,
    position: (["input", "output"] as const).filter((position) => finding.positions.has(position)),
    message: finding.message,
    why: rule.why,
  };
}

const BUMP_ORDER: Bump[] = ["patch", "minor", "major"];

/**
 * The changes between two sets of reports (the ref's and today's), classified by API_RULES. A change seen through
 * several entry points (an error class every client entry point exports) is one change naming them all; it breaks
 * when it breaks through any of them. Breaking changes first, each group in entry-point and declaration order.
 */
export function comparePackageApis(before: ReadReport[], after: ReadReport[]): PackageApiReport {
  const wasBySpecifier = new Map(before.map((report) => [report.specifier, report]));
  const nowBySpecifier = new Map(after.map((report) => [report.specifier, report]));
  const specifiers = [...new Set([...wasBySpecifier.keys(), ...nowBySpecifier.keys()])].sort();
  const grouped = new Map<string, { finding: Finding; entryPoints: string[]; positions: Set<Position> }>();
  for (const specifier of specifiers) {
    const [was, now] = [wasBySpecifier.get(specifier), nowBySpecifier.get(specifier)];
    const findings: Finding[] =
      was === undefined
        ? [
            {
              rule: "entry-point-added",
              declaration: specifier,
              positions: BOTH,
              message: `${code(specifier)} is a new entry point`,
            },
          ]
        : now === undefined
          ? [
              {
                rule: "entry-point-removed",
                declaration: specifier,
                positions: BOTH,
                message: `${code(specifier)} is no longer an entry point`,
              },
            ]
          : findingsOfEntryPoint(was, now);
    for (const finding of findings) {
      const key = `${finding.rule}\u0000${finding.message}`;
      const group = grouped.get(key) ?? { finding, entryPoints: [], positions: new Set<Position>() };
      group.entryPoints.push(specifier);
      for (const position of finding.positions) group.positions.add(position);
      grouped.set(key, group);
    }
  }
  const changes = [...grouped.values()].map(({ finding, entryPoints, positions }) =>
    classify({ ...finding, positions }, entryPoints),
  );
  const ordered = [
    ...changes.filter((change) => change.severity === "breaking"),
    ...changes.filter((change) => change.severity === "compatible"),
  ];
  return {
    compared: true,
    bump: ordered.reduce<Bump>(
      (highest, change) => (BUMP_ORDER.indexOf(change.bump) > BUMP_ORDER.indexOf(highest) ? change.bump : highest),
      "patch",
    ),
    breaking: ordered.filter((change) => change.severity === "breaking").length,
    changes: ordered,
  };
}
