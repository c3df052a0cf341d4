import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import standaloneCodeModule from "ajv/dist/standalone/index.js";
import type { JsonObject } from "../../../runtime/json/json-text.js";
import { locatePointer } from "../../../runtime/json/json-text.js";
import { mapSchema, walkSchema } from "../../model/schema-walk.js";
import { findDispatchTables } from "../../model/dispatch-tables.js";
import { AJV_OPTIONS } from "./ajv-options.js";
import { addDispatchKeyword, rewriteDispatches } from "./compile-dispatch.js";
import { secretShapes } from "../../model/secret-shapes.js";
import { GenerationFailed } from "../../problems.js";
import type { SchemaFile } from "../../load/schemas.js";
import type { SchemaGraph } from "../../model/schema-graph.js";
import type { OutputFile } from "../../write/output-file.js";
import type { Templates } from "../../load/templates.js";

export const VALIDATORS_JS_PATH = "generated/validators.js";
export const VALIDATORS_DTS_PATH = "generated/validators.d.ts";

// ajv and ajv-formats are CommonJS packages whose default export is the function.
const standaloneCode = standaloneCodeModule as unknown as typeof standaloneCodeModule.default;
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/** The Config tree's lenient twin accepts unknown keys; it is the same schemas with the closed objects opened. */
const LENIENT_API = "configs";
const LENIENT_SUFFIX = "-lenient";
const LENIENT_ROOT = "config";

/** Keywords that do not change what validates; dropped from the compiled schemas to keep the module small. */
const ANNOTATIONS = ["title", "description", "$comment", "examples", "deprecated", "readOnly"];

const pascal = (text: string) => text.replace(/(^|[-_ ./+])(\w)/g, (_m, _sep: string, c: string) => c.toUpperCase());
const functionNameOf = (name: string) => `validate${pascal(name)}`;

/** The copy AJV compiles: annotations dropped, value dispatches as `x-dispatch` (generator/compile-dispatch.ts). */
function validationSchema(schema: JsonObject): JsonObject {
  const plain = mapSchema(schema, (node) => {
    for (const key of ANNOTATIONS) delete node[key];
    return node;
  });
  return rewriteDispatches(plain);
}

/** Keywords that need AJV 2020's run-time tracking of evaluated properties and items, or of dynamic scopes. */
const TRACKED_KEYWORDS = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$dynamicAnchor"];

const usesTrackedKeywords = (graph: SchemaGraph) =>
  graph.files.some((file) => {
    let found = false;
    walkSchema(file.schema, (node) => (found ||= TRACKED_KEYWORDS.some((keyword) => keyword in node)));
    return found;
  });

/** A copy of a Config-tree schema with its closed objects opened, under its own `$id`. */
function lenientSchema(file: SchemaFile): JsonObject {
  const opened = mapSchema(file.schema, (node) => {
    if (node.additionalProperties === false) delete node.additionalProperties;
    return node;
  });
  return { ...opened, $id: String(file.schema.$id).replace(`/${LENIENT_API}/`, `/${LENIENT_API}${LENIENT_SUFFIX}/`) };
}

/** AJV names a schema location in its compile errors as `at "<$id>#<pointer>"`; map that back to file and pointer. */
function compileProblem(graph: SchemaGraph, error: Error): GenerationFailed {
  const match = /at "([^"#]*)#?([^"]*)"/.exec(error.message);
  const file = graph.files.find((f) => f.schema.$id === match?.[1]?.replace(`/${LENIENT_API}${LENIENT_SUFFIX}/`, `/${LENIENT_API}/`));
  const pointer = decodeURIComponent(match?.[2] ?? "");
  const message = error.message.replace(/ at "[^"]*"/, "");
  if (file === undefined) return new GenerationFailed([{ file: "schemas/", pointer: "", message }]);
  return new GenerationFailed([{ file: file.file, pointer, message, ...locatePointer(file.text, pointer) }]);
}

/** AJV's standalone ESM output still `require`s its runtime helpers and formats; turn those into imports. */
function hoistRequires(code: string): { imports: string; code: string } {
  const modules = new Map<string, string>();
  const rewritten = code.replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    const local = modules.get(specifier) ?? `runtime${modules.size}`;
    modules.set(specifier, local);
    return local;
  });
  const imports = [...modules].map(([specifier, local]) => `import ${local} from ${JSON.stringify(specifier.endsWith(".js") ? specifier : `${specifier}.js`)};`);
  return { imports: imports.join("\n"), code: rewritten };
}

/**
 * Compiles every schema (and the lenient Config) with AJV into one standalone ES module, wrapped by
 * templates/validators.js.hbs into `validate(name, data)` and a type guard per schema, plus its declarations.
 */
export function emitValidators(graph: SchemaGraph, templates: Templates): OutputFile[] {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, esm: true, optimize: true } });
  // Ajv2020 always generates the bookkeeping for `unevaluated*` and `$dynamicRef` (a copy of the evaluated
  // properties per composite rule, on every call). When no schema uses those keywords it only costs time.
  if (!usesTrackedKeywords(graph)) Object.assign(ajv.opts, { unevaluated: false, dynamicRef: false });
  addDispatchKeyword(ajv);
  const formats = new Set<string>();
  for (const file of graph.files) walkSchema(file.schema, (node) => typeof node.format === "string" && formats.add(node.format));
  addFormats(ajv, [...formats].sort() as Parameters<typeof addFormats>[1] & string[]);
  ajv.addKeyword({ keyword: "x-secret", schemaType: "boolean" });

  const validators = graph.files.map((file) => ({
    name: file.name,
    id: String(file.schema.$id),
    functionName: functionNameOf(file.name),
    guardName: `is${pascal(file.name)}`,
    typeName: String(file.schema.title),
  }));
  const lenientFiles = graph.files.filter((file) => file.api === LENIENT_API);
  const lenientRoot = lenientFiles.find((file) => file.name === LENIENT_ROOT);
  let lenientRootId: string | undefined;
  try {
    for (const file of graph.files) ajv.addSchema(validationSchema(file.schema));
    for (const file of lenientFiles) {
      const schema = validationSchema(lenientSchema(file));
      ajv.addSchema(schema);
      if (file === lenientRoot) lenientRootId = String(schema.$id);
    }
  } catch (error) {
    throw compileProblem(graph, error as Error);
  }
  if (lenientRoot !== undefined && lenientRootId !== undefined) {
    const name = `${LENIENT_ROOT}${LENIENT_SUFFIX}`;
    validators.push({ name, id: lenientRootId, functionName: functionNameOf(name), guardName: `is${pascal(name)}`, typeName: String(lenientRoot.schema.title) });
  }

  let code: string;
  try {
    code = standaloneCode(ajv, Object.fromEntries(validators.map((v) => [v.functionName, v.id])));
  } catch (error) {
    throw compileProblem(graph, error as Error);
  }
  // The module exports only the wrapper below; AJV's own exports become module-private.
  code = code.replace(/^"use strict";/, "").replace(/^export const /gm, "const ");
  const hoisted = hoistRequires(code);

  const dispatchGuards = graph.files.flatMap((file) =>
    findDispatchTables(graph, file)
      .filter(() => file.schema.properties !== undefined)
      .map((table) => ({
        name: file.name,
        guardName: `is${pascal(file.name)}Of${pascal(table.discriminator)}`,
        functionName: functionNameOf(file.name),
        discriminator: table.discriminator,
        field: table.field,
        typeName: String(file.schema.title),
        mapName: `${pascal(table.field)}ByType`,
      })),
  );
  // Media type → schema name of its document, from every dispatch table (message content, command resource).
  const documentSchemas = Object.fromEntries(
    graph.files.flatMap((file) => findDispatchTables(graph, file).filter((t) => t.owner === file).flatMap((t) => t.cases.map((c) => [c.value, c.target.name]))),
  );
  // For each schema, the dispatch tables that apply to its payloads (its own, or those of the envelope kinds it
  // dispatches to): an error inside a dispatched field names the document it was checked against.
  const tablesOf = (file: SchemaFile) => findDispatchTables(graph, file).filter(() => file.schema.properties !== undefined);
  const leafFiles = (node: JsonObject, from: SchemaFile): SchemaFile[] =>
    ["then", "else"].flatMap((key) => {
      const branch = node[key];
      if (typeof branch !== "object" || branch === null || Array.isArray(branch)) return [];
      const sub = branch as JsonObject;
      return typeof sub.$ref === "string" ? [graph.resolveRef(from, sub.$ref).file] : leafFiles(sub, from);
    });
  const documentRules = Object.fromEntries(
    graph.files
      .map((file) => {
        const tables = [...tablesOf(file), ...leafFiles(file.schema, file).flatMap(tablesOf)];
        const rules = tables.map((t) => ({ field: t.field, discriminator: t.discriminator, values: t.cases.map((c) => c.value) }));
        const unique = rules.filter((rule, index) => rules.findIndex((r) => r.field === rule.field && r.discriminator === rule.discriminator) === index);
        return [file.name, unique] as const;
      })
      .filter(([, rules]) => rules.length > 0),
  );
  // A pattern error quotes the first sentence of the description of the field it checks, in plain words.
  const patternHints: Record<string, string> = {};
  for (const file of graph.files) {
    walkSchema(file.schema, (node) => {
      if (typeof node.pattern === "string" && typeof node.description === "string") {
        patternHints[node.pattern] ??= (node.description.split(/(?<=\.)\s/)[0] ?? "").replace(/\.$/, "").replace(/`/g, "");
      }
    });
  }
  const shapes = secretShapes(graph);
  const lenientShape = shapes[LENIENT_ROOT];
  if (lenientRoot !== undefined && lenientShape !== undefined) shapes[`${LENIENT_ROOT}${LENIENT_SUFFIX}`] = lenientShape;
  const view = { imports: hoisted.imports, standaloneCode: hoisted.code, validators, dispatchGuards, documentSchemas, documentRules, patternHints, secretShapes: shapes };
  return [
    { path: VALIDATORS_JS_PATH, contents: templates.render("validators.js.hbs", view) },
    { path: VALIDATORS_DTS_PATH, contents: templates.render("validators.d.ts.hbs", view) },
  ];
}
