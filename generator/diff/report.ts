import { existsSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { escapePointerSegment, locatePointer, type JsonObject, type JsonValue } from "../../runtime/json/json-text.js";
import type { SchemaFile } from "../load/schemas.js";
import { dependenciesOf } from "../model/schema-graph.js";
import { isJsonObject, mapSchema } from "../model/schema-walk.js";
import { readTypedBy, TYPED_BY } from "../model/expand-media-types.js";
import type { BuiltContract } from "../model/contract.js";
import { apiOutput } from "../model/output-paths.js";
import { diffSchemaSets } from "./classify.js";
import { breaksOf, DocumentComparison, withoutAnnotations, type Direction, type Finding } from "./compare-documents.js";
import { RULES, schemaRule, type Breaks, type Bump } from "./rules.js";
import { buildSide, DiffInputError, type Side } from "./sides.js";
import type { ContractChange, DiffReport, Party } from "./types.js";
import type { PackageApiReport } from "../api-report/compare.js";
import { API_REPORT_DIR } from "../api-report/report-file.js";

export type { Breaks, Bump, Family, RuleId } from "./rules.js";
export type { ChangeLocation, Direction } from "./compare-documents.js";
export type { PackageApiChange, PackageApiReport } from "../api-report/compare.js";
export { DiffInputError } from "./sides.js";

export type { ContractChange, DiffReport, Party } from "./types.js";

/** The producer and the consumer of a payload travelling in each direction. */
const PARTIES: Record<Direction, { producer: Party; consumer: Party }> = {
  request: { producer: "caller", consumer: "service" },
  response: { producer: "service", consumer: "caller" },
  webhook: { producer: "service", consumer: "bot" },
  "webhook-response": { producer: "bot", consumer: "service" },
};

const PARTY_ORDER: Party[] = ["caller", "service", "bot"];

function partiesBroken(breaks: Breaks, directions: Direction[]): Party[] {
  const broken = new Set<Party>();
  for (const direction of directions) {
    if (breaks === "producers" || breaks === "both") broken.add(PARTIES[direction].producer);
    if (breaks === "consumers" || breaks === "both") broken.add(PARTIES[direction].consumer);
  }
  return PARTY_ORDER.filter((party) => broken.has(party));
}

/** A finding of a rule as a change of `api`'s contract: who it breaks, the bump, why. */
export function classifyFinding(api: string, finding: Finding): ContractChange {
  const rule = RULES[finding.rule];
  const breaks = rule.breaks === "schema" ? (finding.breaks ?? "both") : rule.breaks;
  return {
    api,
    rule: finding.rule,
    family: rule.family,
    severity: breaks === "none" ? "compatible" : "breaking",
    breaks,
    who: partiesBroken(breaks, finding.directions),
    direction: finding.directions,
    bump: breaks === "none" ? rule.bump : "major",
    location: finding.location,
    ...(finding.usedBy === undefined ? {} : { usedBy: finding.usedBy }),
    message: finding.message,
    why: rule.why,
  };
}

/** How each schema of an API is used by its operations: `POST /messages request`, with the payload's direction. */
function schemaUsage(contract: BuiltContract, api: string): Map<string, Map<string, Direction>> {
  const usage = new Map<string, Map<string, Direction>>();
  const document = contract.documents.find((built) => built.api === api)?.document;
  if (document === undefined) return usage;
  const components =
    isJsonObject(document.components) && isJsonObject(document.components.schemas) ? document.components.schemas : {};
  const byTitle = new Map(
    contract.graph.files.filter((file) => file.api === api).map((file) => [String(file.schema.title), file]),
  );
  const titlesIn = (value: JsonValue | undefined, found: Set<string>): Set<string> => {
    if (Array.isArray(value)) for (const item of value) titlesIn(item, found);
    else if (isJsonObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key === "$ref" && typeof item === "string" && item.startsWith("#/components/schemas/")) {
          const title = decodeURIComponent(item.slice("#/components/schemas/".length));
          if (!found.has(title)) {
            found.add(title);
            titlesIn(components[title], found);
          }
        } else titlesIn(item, found);
      }
    }
    return found;
  };
  const note = (value: JsonValue | undefined, use: string, direction: Direction) => {
    for (const title of titlesIn(value, new Set())) {
      const file = byTitle.get(title);
      for (const name of file === undefined ? [] : dependenciesOf(contract.graph, file.name)) {
        const uses = usage.get(name) ?? new Map<string, Direction>();
        uses.set(use, direction);
        usage.set(name, uses);
      }
    }
  };
  // Components referred to from components (a response or parameter by reference) are followed from the operation.
  const resolveRefs = (value: JsonValue | undefined): JsonValue => {
    if (Array.isArray(value)) return value.map(resolveRefs);
    if (!isJsonObject(value)) return value ?? null;
    if (
      typeof value.$ref === "string" &&
      value.$ref.startsWith("#/components/") &&
      !value.$ref.startsWith("#/components/schemas/")
    ) {
      const [, , kind, name] = value.$ref.split("/");
      const all = isJsonObject(document.components) ? document.components : {};
      const group = isJsonObject(all[kind ?? ""]) ? (all[kind ?? ""] as JsonObject) : {};
      return resolveRefs(group[name ?? ""]);
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveRefs(item)]));
  };
  for (const container of ["paths", "webhooks"] as const) {
    const items = isJsonObject(document[container]) ? document[container] : {};
    for (const [name, item] of Object.entries(items)) {
      if (!isJsonObject(item)) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (!isJsonObject(operation) || method === "parameters") continue;
        const webhook = container === "webhooks";
        const key = webhook ? `webhook ${name}` : `${method.toUpperCase()} ${name}`;
        const resolved = resolveRefs(operation) as JsonObject;
        note(
          [resolved.parameters ?? null, resolveRefs(item.parameters), resolved.requestBody ?? null],
          webhook ? `${key} payload` : `${key} request`,
          webhook ? "webhook" : "request",
        );
        note(resolved.responses, `${key} response`, webhook ? "webhook-response" : "response");
      }
    }
  }
  return usage;
}

/** The media types of the content-by-type rule of a schema, each with the `$id` of its document, as expanded. */
function typedCases(expanded: SchemaFile, original: SchemaFile): Map<string, string> {
  const typedBy = readTypedBy(original.schema);
  const cases = new Map<string, string>();
  if (typedBy === undefined || !Array.isArray(expanded.schema.allOf)) return cases;
  const declared = Array.isArray(original.schema.allOf) ? original.schema.allOf.length : 0;
  for (const entry of expanded.schema.allOf.slice(declared)) {
    if (
      !isJsonObject(entry) ||
      !isJsonObject(entry.if) ||
      !isJsonObject(entry.if.properties) ||
      !isJsonObject(entry.then) ||
      !isJsonObject(entry.then.properties)
    )
      continue;
    const discriminator = entry.if.properties[typedBy.discriminator];
    const target = entry.then.properties[typedBy.field];
    if (!isJsonObject(discriminator) || typeof discriminator.const !== "string" || !isJsonObject(target)) continue;
    const ref = typedBy.each && isJsonObject(target.items) ? target.items.$ref : target.$ref;
    cases.set(discriminator.const, String(ref));
  }
  return cases;
}

/**
 * A schema with each `$ref` resolved against its `$id`: `plain-text.schema.json` and the expansion's
 * `https://…/plain-text.schema.json` are one reference.
 */
function absoluteRefs(schema: JsonObject): JsonObject {
  const base = typeof schema.$id === "string" && URL.canParse(schema.$id) ? schema.$id : undefined;
  if (base === undefined) return schema;
  return mapSchema(schema, (node) =>
    typeof node.$ref === "string" && URL.canParse(node.$ref, base)
      ? { ...node, $ref: new URL(node.$ref, base).href }
      : node,
  );
}

/** The schema family: the hand-written schemas compared by classify.ts, and the content-by-type rules as expanded. */
function schemaFindings(before: Side, after: Side): Finding[] {
  const findings: Finding[] = [];
  const locate = (file: SchemaFile | undefined, pointer: string) =>
    file === undefined ? {} : locatePointer(file.text, pointer);
  const fileOf = (side: Side, path: string) => side.inputs.files.find((file) => file.file === path);
  // A schema whose `x-typed-by` declaration is the same on both sides is compared as written, and the media types its
  // expansion covers below, one rule each; one whose declaration was added, removed or changed is compared as
  // expanded (a hand-written rule replaced by the same declaration is no change).
  const expandedOf = (side: Side, original: SchemaFile) =>
    side.contract.files.find((file) => file.file === original.file) as SchemaFile;
  const twinOf = (side: Side, original: SchemaFile) => side.inputs.files.find((file) => file.file === original.file);
  const sameDeclaration = (original: SchemaFile, twin: SchemaFile | undefined) =>
    twin !== undefined && isDeepStrictEqual(original.schema[TYPED_BY], twin.schema[TYPED_BY]);
  const comparable = (side: Side, other: Side) =>
    side.inputs.files.map((original) => {
      if (!sameDeclaration(original, twinOf(other, original)))
        return { file: original.file, schema: absoluteRefs(expandedOf(side, original).schema) };
      const { [TYPED_BY]: _declaration, ...schema } = original.schema;
      return { file: original.file, schema: absoluteRefs(schema) };
    });
  for (const change of diffSchemaSets(comparable(before, after), comparable(after, before))) {
    const file = fileOf(after, change.file) ?? fileOf(before, change.file);
    findings.push({
      rule: schemaRule(change.kind),
      directions: [],
      location: { file: change.file, pointer: change.pointer, ...locate(file, change.pointer) },
      message: change.message,
      breaks: breaksOf(change),
    });
  }
  const idOf = (side: Side) => new Map(side.inputs.files.map((file) => [String(file.schema.$id), file.file]));
  // A media type's rule is declared in each schema typed by it (message, collection, container): one change each,
  // whichever schemas declare it, named with them all.
  const mediaTypeFindings = new Map<string, { finding: Finding; schemas: string[] }>();
  const noteMediaType = (finding: Finding, mediaType: string, schema: string) => {
    const key = `${finding.rule}\u0000${mediaType}\u0000${finding.message}`;
    const known = mediaTypeFindings.get(key);
    if (known === undefined) mediaTypeFindings.set(key, { finding, schemas: [schema] });
    else known.schemas.push(schema);
  };
  for (const original of after.inputs.files) {
    const old = twinOf(before, original);
    if (old === undefined || original.schema[TYPED_BY] === undefined || !sameDeclaration(original, old)) continue;
    const at = (pointer: string) => ({ file: original.file, pointer, ...locate(original, pointer) });
    const was = typedCases(expandedOf(before, old), old);
    const now = typedCases(expandedOf(after, original), original);
    const documentFile = (side: Side, id: string | undefined) => (id === undefined ? "?" : (idOf(side).get(id) ?? id));
    for (const [mediaType, id] of now) {
      if (!was.has(mediaType))
        noteMediaType(
          {
            rule: "schema-media-type-document-added",
            directions: [],
            location: at(`/${TYPED_BY}`),
            message: `content of type ${mediaType} must now match ${documentFile(after, id)} (was any content)`,
            breaks: "producers",
          },
          mediaType,
          schemaPath(original.file).name,
        );
      else if (documentFile(before, was.get(mediaType)) !== documentFile(after, id))
        noteMediaType(
          {
            rule: "schema-media-type-document-changed",
            directions: [],
            location: at(`/${TYPED_BY}`),
            message: `content of type ${mediaType} is checked against ${documentFile(after, id)} instead of ${documentFile(before, was.get(mediaType))}`,
            breaks: "both",
          },
          mediaType,
          schemaPath(original.file).name,
        );
    }
    for (const [mediaType, id] of was) {
      if (!now.has(mediaType))
        noteMediaType(
          {
            rule: "schema-media-type-document-removed",
            directions: [],
            location: at(`/${TYPED_BY}`),
            message: `content of type ${mediaType} is no longer checked against ${documentFile(before, id)}`,
            breaks: "consumers",
          },
          mediaType,
          schemaPath(original.file).name,
        );
    }
  }
  for (const { finding, schemas } of mediaTypeFindings.values())
    findings.push(
      schemas.length === 1
        ? finding
        : { ...finding, message: `${finding.message} (the rule of ${schemas.join(", ")})` },
    );
  return findings;
}

/** The API a schema file belongs to, and its name, from its path `schemas/<api>/<name>.schema.json`. */
const schemaPath = (file: string) => {
  const [, api = "", base = ""] = file.split("/");
  return { api, name: base.replace(/\.schema\.json$/, "") };
};

/** The JSON pointer of the first place two values differ (depth first, keys in order), or undefined when they are equal. */
function firstDifference(a: JsonValue | undefined, b: JsonValue | undefined, pointer = ""): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  if (!bothArrays && !(isJsonObject(a) && isJsonObject(b))) return pointer;
  const keys = bothArrays
    ? [...Array(Math.max(a.length, b.length)).keys()].map(String)
    : [...new Set([...Object.keys(a as JsonObject), ...Object.keys(b as JsonObject)])];
  const at = (value: JsonValue | undefined, key: string): JsonValue | undefined =>
    Array.isArray(value) ? value[Number(key)] : isJsonObject(value) ? value[key] : undefined;
  for (const key of keys) {
    const found = firstDifference(at(a, key), at(b, key), `${pointer}/${escapePointerSegment(key)}`);
    if (found !== undefined) return found;
  }
  return pointer;
}

/**
 * When no rule found anything for an API but its built contract changed: documentation only, or a change no rule
 * describes (breaking, located at the first difference of the built document or expanded schema).
 */
function fallbackFinding(api: string, before: Side, after: Side): Finding | undefined {
  const document = (side: Side): JsonValue => {
    const built = side.contract.documents.find((d) => d.api === api)?.document;
    if (built === undefined) return null;
    const { info: _info, ...rest } = built;
    return rest;
  };
  const schemas = (side: Side): JsonObject =>
    Object.fromEntries(side.contract.files.filter((file) => file.api === api).map((file) => [file.file, file.schema]));
  const pieces: [file: string, before: JsonValue, after: JsonValue][] = [
    [apiOutput.openapi(api), document(before), document(after)],
    ...Object.entries({ ...schemas(before), ...schemas(after) }).map(
      ([file]) => [file, schemas(before)[file] ?? null, schemas(after)[file] ?? null] as [string, JsonValue, JsonValue],
    ),
  ];
  const changed = pieces.filter(([, a, b]) => !isDeepStrictEqual(a, b));
  if (changed.length === 0) return undefined;
  // A difference in the document outside its schemas is where the source says it; inside them, where the built document does.
  const source =
    after.inputs.sources.find((s) => s.api === api)?.file ?? before.inputs.sources.find((s) => s.api === api)?.file;
  const locate = (file: string, pointer: string) => ({
    file:
      file === apiOutput.openapi(api) && source !== undefined && !pointer.startsWith("/components/schemas/")
        ? source
        : file,
    pointer,
  });
  for (const [file, a, b] of changed) {
    const pointer = firstDifference(withoutAnnotations(a), withoutAnnotations(b));
    if (pointer !== undefined)
      return {
        rule: "contract-changed",
        directions: ["request", "response"],
        location: locate(file, pointer),
        message: "the built contract changed in a way no rule describes",
      };
  }
  const [file, a, b] = changed[0] as [string, JsonValue, JsonValue];
  return {
    rule: "documentation-changed",
    directions: [],
    location: locate(file, firstDifference(a, b) ?? ""),
    message: "descriptions, summaries, examples or tags changed",
  };
}

const BUMP_ORDER: Bump[] = ["patch", "minor", "major"];

/**
 * The changes between two built contracts, classified, grouped by API (in name order), in the order the rules found
 * them. Exported for the tests, which compare sides built in memory (test/contract-diff.test.ts).
 */
export function compareContracts(ref: string, before: Side, after: Side): DiffReport {
  const apis = [
    ...new Set(
      [...before.inputs.sources, ...after.inputs.sources]
        .map((source) => source.api)
        .concat([...before.inputs.files, ...after.inputs.files].map((file) => file.api)),
    ),
  ].sort();
  const usage = [before, after].map((side) => new Map(apis.map((api) => [api, schemaUsage(side.contract, api)])));
  const schemaChanges = schemaFindings(before, after);
  const changes: ContractChange[] = [];
  for (const api of apis) {
    const findings: Finding[] = [];
    for (const finding of schemaChanges) {
      const { api: owner, name } = schemaPath(finding.location.file);
      if (owner !== api) continue;
      const uses = new Map<string, Direction>([
        ...(usage[0]?.get(api)?.get(name) ?? []),
        ...(usage[1]?.get(api)?.get(name) ?? []),
      ]);
      // A schema no operation uses is still shipped (`specfirst/schemas/*`, validators): read as both directions of a request.
      const directions = uses.size === 0 ? (["request"] as Direction[]) : [...new Set(uses.values())];
      findings.push({ ...finding, directions, usedBy: [...uses.keys()] });
    }
    const beforeDocument = before.contract.documents.find((d) => d.api === api);
    const afterDocument = after.contract.documents.find((d) => d.api === api);
    const file =
      after.inputs.sources.find((s) => s.api === api)?.file ??
      before.inputs.sources.find((s) => s.api === api)?.file ??
      `openapi/${api}.source.yaml`;
    findings.push(...new DocumentComparison(file, beforeDocument?.document ?? {}, afterDocument?.document ?? {}).run());
    if (findings.length === 0) {
      const fallback = fallbackFinding(api, before, after);
      if (fallback !== undefined) findings.push(fallback);
    }
    changes.push(...findings.map((finding) => classifyFinding(api, finding)));
  }
  return summarise(ref, changes);
}

/** The report of `changes` since `ref`: how many break, and the bump they ask for. */
export function summarise(ref: string, changes: ContractChange[]): DiffReport {
  const breaking = changes.filter((change) => change.severity === "breaking").length;
  const bump = changes.reduce<Bump>(
    (highest, change) => (BUMP_ORDER.indexOf(change.bump) > BUMP_ORDER.indexOf(highest) ? change.bump : highest),
    "patch",
  );
  return { ref, bump, breaking, changes };
}

/**
 * The changes of the published contract from a git ref to the working tree of `root`: both sides built by the
 * current generator's front stages (schemas checked and expanded, OpenAPI documents built), then compared rule by
 * rule; with the package API's changes when the project keeps API reports (generator/api-report/). Throws
 * `DiffInputError` when the ref cannot be read, either side's inputs are broken or the package does not build.
 */
export async function diffContract(options: { root: string; ref: string }): Promise<DiffReport> {
  const packageApiChanges = diffPackageApiOf(options.root, options.ref);
  packageApiChanges.catch(() => undefined); // awaited below, after the contract's own errors
  const sides = await Promise.allSettled([buildSide(options.root, options.ref), buildSide(options.root, undefined)]);
  const failures = sides.flatMap((side) => (side.status === "rejected" ? [side.reason as unknown] : []));
  const unexpected = failures.find((failure) => !(failure instanceof DiffInputError));
  if (unexpected !== undefined) throw unexpected;
  // Both sides' problems at once, the ref's first.
  if (failures.length > 0)
    throw new DiffInputError(failures.map((failure) => (failure as DiffInputError).message).join("\n"));
  const [before, after] = sides.map((side) => (side as PromiseFulfilledResult<Side>).value) as [Side, Side];
  const report = compareContracts(options.ref, before, after);
  const packageApi = await packageApiChanges;
  return packageApi === undefined ? report : withPackageApi(report, packageApi);
}

/** The contract's report with the package API's changes: its bump and breaking count cover both. */
export function withPackageApi(report: DiffReport, packageApi: PackageApiReport): DiffReport {
  const bump = BUMP_ORDER.indexOf(packageApi.bump) > BUMP_ORDER.indexOf(report.bump) ? packageApi.bump : report.bump;
  return { ...report, bump, breaking: report.breaking + packageApi.breaking, packageApi };
}

/**
 * The package API's changes since `ref`, when the project keeps API reports (`api/`); its build and the ref's
 * reports are read beside the contract's sides. A build that fails is an input error (exit 2).
 */
async function diffPackageApiOf(root: string, ref: string): Promise<PackageApiReport | undefined> {
  if (!existsSync(path.join(root, API_REPORT_DIR))) return undefined;
  const { diffPackageApi, ApiReportError } = await import("../api-report/index.js");
  try {
    return await diffPackageApi({ root, ref });
  } catch (error) {
    if (error instanceof ApiReportError) throw new DiffInputError(`the package API: ${error.message}`);
    throw error;
  }
}

export { formatReport } from "./format.js";
