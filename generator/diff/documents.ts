/**
 * `specfirst diff <old.yaml> <new.yaml>`: any two OpenAPI 3.x documents compared with the rules and reports of the
 * contract diff (compare-documents.ts for operations, parameters, bodies, responses, security, servers and
 * declarations; classify.ts for each component schema, read in the directions of the payloads that use it). A
 * document that cannot be read stops the command with every problem at file:line:column and pointer.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pointerSegments, type JsonObject, type JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject } from "../model/schema-walk.js";
import { formatProblem, type Problem } from "../problems.js";
import { locateInYaml, refsOf, yamlProblems } from "../load/yaml-text.js";
import { diffSchemaValues } from "./classify.js";
import { breaksOf, DocumentComparison, type Direction, type Finding } from "./compare-documents.js";
import { classifyFinding, summarise, type DiffReport } from "./report.js";
import { schemaRule } from "./rules.js";
import { DiffInputError } from "./sides.js";

/** One document read: its value and where each pointer is written. */
interface LoadedDocument {
  file: string;
  document: JsonObject;
  locate(pointer: string): { line: number; column: number };
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The node a local `$ref` names, or undefined. */
function resolvePointer(document: JsonValue, ref: string): JsonValue | undefined {
  let node: JsonValue | undefined = document;
  for (const segment of pointerSegments(ref.slice(1))) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isJsonObject(node)) node = Object.hasOwn(node, segment) ? node[segment] : undefined;
    else return undefined;
  }
  return node;
}

/** Reads and checks one document; throws `DiffInputError` with every problem. */
async function loadDocument(file: string): Promise<LoadedDocument> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new DiffInputError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const yaml = await import("yaml");
  const lineCounter = new yaml.LineCounter();
  const parsed = yaml.parseDocument(text, { lineCounter, uniqueKeys: true });
  const problems: Problem[] = [];
  if (parsed.errors.length > 0) problems.push(...yamlProblems(file, parsed.errors, lineCounter));
  const locate = (pointer: string) => locateInYaml(yaml, parsed, lineCounter, pointer);
  let document: JsonValue = null;
  if (problems.length === 0) {
    try {
      document = parsed.toJS({ maxAliasCount: 100 }) as JsonValue;
    } catch (error) {
      problems.push({ file, pointer: "", message: `cannot be read: ${(error as Error).message}`, line: 1, column: 1 });
    }
    if (problems.length === 0 && !isJsonObject(document))
      problems.push({ file, pointer: "", message: "is not an OpenAPI document (a mapping)", line: 1, column: 1 });
    else if (problems.length === 0) {
      const version = (document as JsonObject).openapi;
      if (typeof version !== "string" || !/^3\.\d+\.\d+/.test(version))
        problems.push({
          file,
          pointer: "/openapi",
          message: `is ${JSON.stringify(version ?? null)}: diff compares OpenAPI 3.x documents (convert a Swagger 2.0 document first)`,
          ...locate("/openapi"),
        });
      for (const { pointer, ref } of refsOf(document)) {
        if (!ref.startsWith("#"))
          problems.push({
            file,
            pointer,
            message: `$ref ${ref} names another file: bundle the document into one first (redocly bundle)`,
            ...locate(pointer),
          });
        else if (resolvePointer(document, ref) === undefined)
          problems.push({ file, pointer, message: `$ref ${ref} names nothing in the document`, ...locate(pointer) });
      }
    }
  }
  if (problems.length > 0)
    throw new DiffInputError(
      `${file} cannot be compared:\n${problems.map((problem) => `  ${formatProblem(problem)}`).join("\n")}`,
    );
  return { file, document: document as JsonObject, locate };
}

/**
 * The component schemas each operation's payloads use, by title: what its request (or webhook payload) and its
 * responses refer to, through other components (parameters, bodies, responses, headers, schemas) too.
 */
function componentUsage(document: JsonObject): Map<string, Map<string, Direction>> {
  const usage = new Map<string, Map<string, Direction>>();
  const schemasIn = (value: JsonValue | undefined, found: Set<string>, seen: Set<string>) => {
    for (const { ref } of refsOf(value)) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      const schema = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
      if (schema !== undefined) found.add(decodeURIComponent(schema).replace(/~1/g, "/").replace(/~0/g, "~"));
      schemasIn(resolvePointer(document, ref), found, seen);
    }
    return found;
  };
  const note = (value: JsonValue | undefined, use: string, direction: Direction) => {
    for (const title of schemasIn(value, new Set(), new Set())) {
      const uses = usage.get(title) ?? new Map<string, Direction>();
      uses.set(use, direction);
      usage.set(title, uses);
    }
  };
  for (const container of ["paths", "webhooks"] as const) {
    for (const [name, item] of Object.entries(isJsonObject(document[container]) ? document[container] : {})) {
      if (!isJsonObject(item)) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (!isJsonObject(operation)) continue;
        const webhook = container === "webhooks";
        const key = webhook ? `webhook ${name}` : `${method.toUpperCase()} ${name}`;
        note(
          [item.parameters ?? null, operation.parameters ?? null, operation.requestBody ?? null],
          `${key} ${webhook ? "payload" : "request"}`,
          webhook ? "webhook" : "request",
        );
        note(operation.responses, `${key} response`, webhook ? "webhook-response" : "response");
      }
    }
  }
  return usage;
}

/** The component schemas compared one by one, each change read in the directions of the payloads using it. */
function componentFindings(before: LoadedDocument, after: LoadedDocument): Finding[] {
  const schemas = (loaded: LoadedDocument): JsonObject => {
    const components = loaded.document.components;
    return isJsonObject(components) && isJsonObject(components.schemas) ? components.schemas : {};
  };
  const was = schemas(before);
  const now = schemas(after);
  const usage = [componentUsage(before.document), componentUsage(after.document)];
  const findings: Finding[] = [];
  for (const title of new Set([...Object.keys(was), ...Object.keys(now)])) {
    const pointer = `/components/schemas/${title.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    const uses = new Map([...(usage[0]?.get(title) ?? []), ...(usage[1]?.get(title) ?? [])]);
    // A schema no operation uses is read as a request's (as a shipped schema file is).
    const directions: Direction[] = uses.size === 0 ? ["request"] : [...new Set(uses.values())];
    const usedBy = [...uses.keys()];
    const at = (loaded: LoadedDocument, where: string) => ({
      file: loaded.file,
      pointer: where,
      ...loaded.locate(where),
    });
    if (!(title in now)) {
      findings.push({
        rule: "schema-removed",
        directions,
        location: at(before, pointer),
        message: `schema ${title} removed`,
        breaks: "both",
        usedBy,
      });
      continue;
    }
    if (!(title in was)) {
      findings.push({
        rule: "schema-added",
        directions,
        location: at(after, pointer),
        message: `schema ${title} added`,
        breaks: "none",
        usedBy,
      });
      continue;
    }
    for (const change of diffSchemaValues(after.file, was[title], now[title], pointer))
      findings.push({
        rule: schemaRule(change.kind),
        directions,
        location: at(after, change.pointer),
        message: `schema ${title}: ${change.message}`,
        breaks: breaksOf(change),
        usedBy,
      });
  }
  return findings;
}

/** The changes from the document in `oldFile` to the one in `newFile`, classified as the contract diff classifies. */
export async function diffDocumentFiles(oldFile: string, newFile: string): Promise<DiffReport> {
  const loaded = await Promise.allSettled([loadDocument(oldFile), loadDocument(newFile)]);
  const failures = loaded.flatMap((side) => (side.status === "rejected" ? [side.reason as unknown] : []));
  const unexpected = failures.find((failure) => !(failure instanceof DiffInputError));
  if (unexpected !== undefined) throw unexpected;
  if (failures.length > 0)
    throw new DiffInputError(failures.map((failure) => (failure as DiffInputError).message).join("\n"));
  const [before, after] = loaded.map((side) => (side as PromiseFulfilledResult<LoadedDocument>).value) as [
    LoadedDocument,
    LoadedDocument,
  ];
  const api = path.basename(newFile).replace(/\.(?:ya?ml|json)$/i, "");
  const documentFindings = new DocumentComparison(after.file, before.document, after.document).run().map((finding) => {
    // Located in the new document, or, for what it no longer has, in the old one.
    const inAfter = resolvePointer(after.document, `#${finding.location.pointer}`) !== undefined;
    const where = inAfter ? after : before;
    return {
      ...finding,
      location: { ...finding.location, file: where.file, ...where.locate(finding.location.pointer) },
    };
  });
  const findings = [...componentFindings(before, after), ...documentFindings];
  return summarise(
    oldFile,
    findings.map((finding) => classifyFinding(api, finding)),
  );
}
