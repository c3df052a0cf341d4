import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import standaloneCodeModule from "ajv/dist/standalone/index.js";
import { locatePointer } from "../../../runtime/json/json-text.js";
import { walkSchema } from "../../model/schema-walk.js";
import { AJV_OPTIONS } from "./ajv-options.js";
import { addDispatchKeyword } from "./dispatch-keyword.js";
import { GenerationFailed } from "../../problems.js";
import type { SchemaFile } from "../../load/schemas.js";
import { buildSchemaGraph } from "../../model/schema-graph.js";
import type { OutputFile } from "../../write/output-file.js";
import { compileTemplates } from "../../load/templates.js";
import { apiOutput } from "../../model/output-paths.js";
import { LENIENT_SUFFIX, lenientSchema, planValidators, validationSchema, type ValidatorsInput } from "./index.js";

/**
 * AJV's compile of one API's validators into standalone code (`generated/<api>/validators.compiled.ts`). Apart from
 * index.ts, which builds `validators.ts`, so that a run whose compiled code is cached never loads AJV; it runs in a
 * worker thread (generator/workers/).
 */

// ajv and ajv-formats are CommonJS packages whose default export is the function.
const standaloneCode = standaloneCodeModule as unknown as typeof standaloneCodeModule.default;
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

const strictId = (id: string) => id.replace(new RegExp(`${LENIENT_SUFFIX}/([^/]*)$`), "/$1");

/** Keywords that need AJV 2020's run-time tracking of evaluated properties and items, or of dynamic scopes. */
const TRACKED_KEYWORDS = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$dynamicAnchor"];

const usesTrackedKeywords = (files: readonly SchemaFile[]) =>
  files.some((file) => {
    let found = false;
    walkSchema(file.schema, (node) => (found ||= TRACKED_KEYWORDS.some((keyword) => keyword in node)));
    return found;
  });

/** AJV names a schema location in its compile errors as `at "<$id>#<pointer>"`; map that back to file and pointer. */
function compileProblem(files: readonly SchemaFile[], error: Error): GenerationFailed {
  const match = /at "([^"#]*)#?([^"]*)"/.exec(error.message);
  const file = files.find((f) => f.schema.$id === strictId(match?.[1] ?? ""));
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

/** `generated/<api>/validators.compiled.ts`: the API's schemas (and lenient twins) compiled by AJV into standalone code. */
function compileValidators({ api, graph, lenient, templates }: ValidatorsInput): OutputFile {
  const { files, validators } = planValidators(api, graph, lenient);
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, esm: true, optimize: true, lines: true } });
  // Ajv2020 always generates the bookkeeping for `unevaluated*` and `$dynamicRef` (a copy of the evaluated
  // properties per composite rule, on every call). When no schema uses those keywords it only costs time.
  if (!usesTrackedKeywords(files)) Object.assign(ajv.opts, { unevaluated: false, dynamicRef: false });
  addDispatchKeyword(ajv);
  const formats = new Set<string>();
  for (const file of files) walkSchema(file.schema, (node) => typeof node.format === "string" && formats.add(node.format));
  addFormats(ajv, [...formats].sort() as Parameters<typeof addFormats>[1] & string[]);
  ajv.addKeyword({ keyword: "x-secret", schemaType: "boolean" });
  try {
    for (const file of files) ajv.addSchema(validationSchema(file.schema));
    if (lenient.length > 0) for (const file of files) ajv.addSchema(validationSchema(lenientSchema(file)));
  } catch (error) {
    throw compileProblem(files, error as Error);
  }
  let code: string;
  try {
    code = standaloneCode(ajv, Object.fromEntries(validators.map((v) => [v.functionName, v.id])));
  } catch (error) {
    throw compileProblem(files, error as Error);
  }
  const hoisted = hoistRequires(code.replace(/^"use strict";/, ""));
  return { path: apiOutput.compiledValidators(api), contents: templates.render("api/validators.compiled.ts.hbs", { imports: hoisted.imports, code: hoisted.code }) };
}

/**
 * `compileValidators` from plain data, for a worker thread (generator/workers/): the API's schema files and every
 * other file its schemas refer to (the graph is built again), and the template texts.
 */
export function compileValidatorsFrom(api: string, files: SchemaFile[], lenient: string[], templates: [string, string][]): OutputFile {
  return compileValidators({ api, graph: buildSchemaGraph(files), lenient, templates: compileTemplates(new Map(templates)) });
}

/** Loads AJV ahead of the first compile (a worker thread is asked to when a run starts): this module imports it. */
export function preloadValidators(): void {}
