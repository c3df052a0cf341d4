import { isDeepStrictEqual } from "node:util";
import { locatePointer, type JsonObject, type JsonValue } from "../../runtime/json/json-text.js";
import type { SchemaFile } from "../load/schemas.js";
import { dependenciesOf } from "../model/schema-graph.js";
import { isJsonObject } from "../model/schema-walk.js";
import { readTypedBy, TYPED_BY } from "../model/expand-media-types.js";
import type { BuiltContract } from "../model/contract.js";
import { diffSchemaSets } from "./classify.js";
import { breaksOf, DocumentComparison, withoutAnnotations, type ChangeLocation, type Direction, type Finding } from "./compare-documents.js";
import { RULES, schemaRule, type Breaks, type Bump, type Family, type RuleId } from "./rules.js";
import { buildSide, DiffInputError, type Side } from "./sides.js";

export type { Breaks, Bump, Family, RuleId } from "./rules.js";
export type { ChangeLocation, Direction } from "./compare-documents.js";
export { DiffInputError } from "./sides.js";

/** Who takes part in a payload's exchange: the caller of the API, the service behind it, the bot its webhooks call. */
export type Party = "caller" | "service" | "bot";

/** One change of the published contract, classified. The JSON report (`--format json`) lists these as they are. */
export interface ContractChange {
  /** The API whose contract changed: `messaging`, `configs`. */
  api: string;
  /** The rule that found it (README "What `diff` reports"), in oasdiff's naming style: `api-path-removed`, `schema-field-removed`. */
  rule: RuleId;
  family: Family;
  /** `breaking` when it breaks anyone (`breaks` is not `none`). */
  severity: "breaking" | "compatible";
  /** Who it breaks, in the terms of the payload: its producers, its consumers, both, or nobody. */
  breaks: Breaks;
  /** The parties it breaks (none when compatible): `breaks` read in the directions the payload travels. */
  who: Party[];
  /** The directions of the payloads it concerns: request (caller → service), response (service → caller), webhook (service → bot), webhook-response (bot → service). */
  direction: Direction[];
  /** The bump this change alone asks for: major when it breaks, minor for an addition, patch otherwise. */
  bump: Bump;
  location: ChangeLocation;
  /** For a change of a schema file: the operations whose payloads use the schema (`POST /messages request`). */
  usedBy?: string[];
  message: string;
  /** One sentence: why it breaks whom it breaks, or why it does not. */
  why: string;
}

/** What `specfirst diff <ref>` reports: the changes from the contract at `ref` to the working tree's. */
export interface DiffReport {
  ref: string;
  /** The version bump the changes ask for: major when any breaks, minor when any adds, patch otherwise (also with no change). */
  bump: Bump;
  /** How many changes break someone. */
  breaking: number;
  changes: ContractChange[];
}

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

function classify(api: string, finding: Finding): ContractChange {
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
  const components = isJsonObject(document.components) && isJsonObject(document.components.schemas) ? document.components.schemas : {};
  const byTitle = new Map(contract.graph.files.filter((file) => file.api === api).map((file) => [String(file.schema.title), file]));
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
    if (typeof value.$ref === "string" && value.$ref.startsWith("#/components/") && !value.$ref.startsWith("#/components/schemas/")) {
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
        note([resolved.parameters ?? null, resolveRefs(item.parameters), resolved.requestBody ?? null], webhook ? `${key} payload` : `${key} request`, webhook ? "webhook" : "request");
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
    if (!isJsonObject(entry) || !isJsonObject(entry.if) || !isJsonObject(entry.if.properties) || !isJsonObject(entry.then) || !isJsonObject(entry.then.properties)) continue;
    const discriminator = entry.if.properties[typedBy.discriminator];
    const target = entry.then.properties[typedBy.field];
    if (!isJsonObject(discriminator) || typeof discriminator.const !== "string" || !isJsonObject(target)) continue;
    const ref = typedBy.each && isJsonObject(target.items) ? target.items.$ref : target.$ref;
    cases.set(discriminator.const, String(ref));
  }
  return cases;
}

/** The schema family: the hand-written schemas compared by classify.ts, and the content-by-type rules as expanded. */
function schemaFindings(before: Side, after: Side): Finding[] {
  const findings: Finding[] = [];
  const locate = (file: SchemaFile | undefined, pointer: string) => (file === undefined ? {} : locatePointer(file.text, pointer));
  const fileOf = (side: Side, path: string) => side.inputs.files.find((file) => file.file === path);
  // The `x-typed-by` declaration is compared below, as the rules it expands to.
  const plain = (side: Side) => side.inputs.files.map((file) => {
    const { [TYPED_BY]: _declaration, ...schema } = file.schema;
    return { file: file.file, schema };
  });
  for (const change of diffSchemaSets(plain(before), plain(after))) {
    const file = fileOf(after, change.file) ?? fileOf(before, change.file);
    findings.push({ rule: schemaRule(change.kind), directions: [], location: { file: change.file, pointer: change.pointer, ...locate(file, change.pointer) }, message: change.message, breaks: breaksOf(change) });
  }
  const expandedOf = (side: Side, original: SchemaFile) => side.contract.files.find((file) => file.file === original.file) as SchemaFile;
  const idOf = (side: Side) => new Map(side.inputs.files.map((file) => [String(file.schema.$id), file.file]));
  for (const original of after.inputs.files) {
    const old = before.inputs.files.find((file) => file.file === original.file);
    if (old === undefined) continue;
    const at = (pointer: string) => ({ file: original.file, pointer, ...locate(original, pointer) });
    if (!isDeepStrictEqual(old.schema[TYPED_BY], original.schema[TYPED_BY])) {
      findings.push({ rule: "declaration-changed", directions: [], location: at(`/${TYPED_BY}`), message: `${TYPED_BY} changed from ${JSON.stringify(old.schema[TYPED_BY])} to ${JSON.stringify(original.schema[TYPED_BY])}` });
      continue;
    }
    const was = typedCases(expandedOf(before, old), old);
    const now = typedCases(expandedOf(after, original), original);
    const documentFile = (side: Side, id: string | undefined) => (id === undefined ? "?" : (idOf(side).get(id) ?? id));
    for (const [mediaType, id] of now) {
      if (!was.has(mediaType)) findings.push({ rule: "schema-media-type-document-added", directions: [], location: at(`/${TYPED_BY}`), message: `content of type ${mediaType} must now match ${documentFile(after, id)} (was any content)`, breaks: "producers" });
      else if (documentFile(before, was.get(mediaType)) !== documentFile(after, id)) findings.push({ rule: "schema-media-type-document-changed", directions: [], location: at(`/${TYPED_BY}`), message: `content of type ${mediaType} is checked against ${documentFile(after, id)} instead of ${documentFile(before, was.get(mediaType))}`, breaks: "both" });
    }
    for (const [mediaType, id] of was) {
      if (!now.has(mediaType)) findings.push({ rule: "schema-media-type-document-removed", directions: [], location: at(`/${TYPED_BY}`), message: `content of type ${mediaType} is no longer checked against ${documentFile(before, id)}`, breaks: "consumers" });
    }
  }
  return findings;
}

/** The API a schema file belongs to, and its name, from its path `schemas/<api>/<name>.schema.json`. */
const schemaPath = (file: string) => {
  const [, api = "", base = ""] = file.split("/");
  return { api, name: base.replace(/\.schema\.json$/, "") };
};

/** When no rule found anything for an API but its built contract changed: documentation only, or a change no rule knows (breaking). */
function fallbackFinding(api: string, before: Side, after: Side): Finding | undefined {
  const document = (side: Side) => {
    const built = side.contract.documents.find((d) => d.api === api)?.document;
    if (built === undefined) return undefined;
    const { info: _info, ...rest } = built;
    return rest;
  };
  const schemas = (side: Side) => side.contract.files.filter((file) => file.api === api).map((file) => [file.file, file.schema] as const);
  const a = { document: document(before) ?? null, schemas: schemas(before) };
  const b = { document: document(after) ?? null, schemas: schemas(after) };
  if (isDeepStrictEqual(a, b)) return undefined;
  const source = after.inputs.sources.find((s) => s.api === api)?.file ?? before.inputs.sources.find((s) => s.api === api)?.file ?? `openapi/${api}.source.yaml`;
  const stripped = (value: typeof a) => withoutAnnotations(JSON.parse(JSON.stringify(value)) as JsonObject);
  if (isDeepStrictEqual(stripped(a), stripped(b))) return { rule: "documentation-changed", directions: [], location: { file: source, pointer: "" }, message: "descriptions, summaries, examples or tags changed" };
  return { rule: "contract-changed", directions: ["request", "response"], location: { file: source, pointer: "" }, message: "the built contract changed in a way no rule describes" };
}

const BUMP_ORDER: Bump[] = ["patch", "minor", "major"];

/** The changes between two built contracts, classified, grouped by API (in name order), in the order the rules found them. */
function compareContracts(ref: string, before: Side, after: Side): DiffReport {
  const apis = [...new Set([...before.inputs.sources, ...after.inputs.sources].map((source) => source.api).concat([...before.inputs.files, ...after.inputs.files].map((file) => file.api)))].sort();
  const usage = [before, after].map((side) => new Map(apis.map((api) => [api, schemaUsage(side.contract, api)])));
  const schemaChanges = schemaFindings(before, after);
  const changes: ContractChange[] = [];
  for (const api of apis) {
    const findings: Finding[] = [];
    for (const finding of schemaChanges) {
      const { api: owner, name } = schemaPath(finding.location.file);
      if (owner !== api) continue;
      const uses = new Map<string, Direction>([...(usage[0]?.get(api)?.get(name) ?? []), ...(usage[1]?.get(api)?.get(name) ?? [])]);
      // A schema no operation uses is still shipped (`specfirst/schemas/*`, validators): read as both directions of a request.
      const directions = uses.size === 0 ? (["request"] as Direction[]) : [...new Set(uses.values())];
      findings.push({ ...finding, directions, usedBy: [...uses.keys()] });
    }
    const beforeDocument = before.contract.documents.find((d) => d.api === api);
    const afterDocument = after.contract.documents.find((d) => d.api === api);
    const file = after.inputs.sources.find((s) => s.api === api)?.file ?? before.inputs.sources.find((s) => s.api === api)?.file ?? `openapi/${api}.source.yaml`;
    findings.push(...new DocumentComparison(file, beforeDocument?.document ?? {}, afterDocument?.document ?? {}).run());
    if (findings.length === 0) {
      const fallback = fallbackFinding(api, before, after);
      if (fallback !== undefined) findings.push(fallback);
    }
    changes.push(...findings.map((finding) => classify(api, finding)));
  }
  const breaking = changes.filter((change) => change.severity === "breaking").length;
  const bump = changes.reduce<Bump>((highest, change) => (BUMP_ORDER.indexOf(change.bump) > BUMP_ORDER.indexOf(highest) ? change.bump : highest), "patch");
  return { ref, bump, breaking, changes };
}

/**
 * The changes of the published contract from a git ref to the working tree of `root`: both sides built by the
 * current generator's front stages (schemas checked and expanded, OpenAPI documents built), then compared rule by
 * rule. Throws `DiffInputError` when the ref cannot be read or either side's inputs are broken.
 */
export async function diffContract(options: { root: string; ref: string }): Promise<DiffReport> {
  const sides = await Promise.allSettled([buildSide(options.root, options.ref), buildSide(options.root, undefined)]);
  const failures = sides.flatMap((side) => (side.status === "rejected" ? [side.reason as unknown] : []));
  const unexpected = failures.find((failure) => !(failure instanceof DiffInputError));
  if (unexpected !== undefined) throw unexpected;
  // Both sides' problems at once, the ref's first.
  if (failures.length > 0) throw new DiffInputError(failures.map((failure) => (failure as DiffInputError).message).join("\n"));
  const [before, after] = sides.map((side) => (side as PromiseFulfilledResult<Side>).value) as [Side, Side];
  return compareContracts(options.ref, before, after);
}

export { formatReport } from "./format.js";
