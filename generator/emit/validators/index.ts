import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import standaloneCodeModule from "ajv/dist/standalone/index.js";
import type { JsonObject } from "../../../runtime/json/json-text.js";
import { locatePointer } from "../../../runtime/json/json-text.js";
import { mapSchema, walkSchema } from "../../model/schema-walk.js";
import { findDispatchTables } from "../../model/dispatch-tables.js";
import { AJV_OPTIONS } from "./ajv-options.js";
import { addDispatchKeyword, rewriteDispatches } from "./compile-dispatch.js";
import { withValidationErrorObjects } from "./error-objects.js";
import { secretShapes } from "../../model/secret-shapes.js";
import { GenerationFailed } from "../../problems.js";
import type { SchemaFile } from "../../load/schemas.js";
import { buildSchemaGraph, type SchemaGraph } from "../../model/schema-graph.js";
import type { OutputFile } from "../../write/output-file.js";
import { compileTemplates, type Templates } from "../../load/templates.js";
import { apiOutput, runtimeImport } from "../../model/output-paths.js";
import { dispatchMapName, guardName, pascal, validatorFunctionName } from "../../model/names.js";


// ajv and ajv-formats are CommonJS packages whose default export is the function.
const standaloneCode = standaloneCodeModule as unknown as typeof standaloneCodeModule.default;
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

const LENIENT_SUFFIX = "-lenient";

/** Keywords that do not change what validates; dropped from the compiled schemas to keep the module small. */
const ANNOTATIONS = ["title", "description", "$comment", "examples", "deprecated", "readOnly", "x-content-type", "x-resource-type"];

/** The copy AJV compiles: annotations dropped, value dispatches as `x-dispatch` (compile-dispatch.ts). */
function validationSchema(schema: JsonObject): JsonObject {
  const plain = mapSchema(schema, (node) => {
    for (const key of ANNOTATIONS) delete node[key];
    return node;
  });
  return rewriteDispatches(plain);
}

/** Keywords that need AJV 2020's run-time tracking of evaluated properties and items, or of dynamic scopes. */
const TRACKED_KEYWORDS = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$dynamicAnchor"];

const usesTrackedKeywords = (files: readonly SchemaFile[]) =>
  files.some((file) => {
    let found = false;
    walkSchema(file.schema, (node) => (found ||= TRACKED_KEYWORDS.some((keyword) => keyword in node)));
    return found;
  });

/** The `$id` of a schema's lenient twin: the same file name in a sibling folder `<folder>-lenient/`, so relative refs stay inside the twins. */
const lenientId = (id: string) => id.replace(/\/([^/]*)$/, `${LENIENT_SUFFIX}/$1`);
const strictId = (id: string) => id.replace(new RegExp(`${LENIENT_SUFFIX}/([^/]*)$`), "/$1");

/** A copy of a schema with its closed objects opened, under its lenient `$id`. */
function lenientSchema(file: SchemaFile): JsonObject {
  const opened = mapSchema(file.schema, (node) => {
    if (node.additionalProperties === false) delete node.additionalProperties;
    return node;
  });
  return { ...opened, $id: lenientId(String(file.schema.$id)) };
}

/** AJV names a schema location in its compile errors as `at "<$id>#<pointer>"`; map that back to file and pointer. */
function compileProblem(files: readonly SchemaFile[], error: Error): GenerationFailed {
  const match = /at "([^"#]*)#?([^"]*)"/.exec(error.message);
  const file = files.find((f) => f.schema.$id === strictId(match?.[1] ?? ""));
  const pointer = decodeURIComponent(match?.[2] ?? "");
  const message = error.message.replace(/ at "[^"]*"/, "");
  if (file === undefined) return new GenerationFailed([{ file: "schemas/", pointer: "", message }]);
  return new GenerationFailed([{ file: file.file, pointer, message, ...locatePointer(file.text, pointer) }]);
}

/**
 * AJV's standalone ESM output still `require`s its runtime helpers and formats (CommonJS: their default import is
 * the module object) and the run-time `inDocument` (an ES module, relative: imported as a namespace); turn those into
 * imports.
 */
function hoistRequires(code: string): { imports: string; code: string } {
  const modules = new Map<string, string>();
  const rewritten = code.replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    const local = modules.get(specifier) ?? `runtime${modules.size}`;
    modules.set(specifier, local);
    return local;
  });
  const imports = [...modules].map(([specifier, local]) =>
    specifier.startsWith(".") ? `import * as ${local} from ${JSON.stringify(specifier)};` : `import ${local} from ${JSON.stringify(specifier.endsWith(".js") ? specifier : `${specifier}.js`)};`,
  );
  return { imports: imports.join("\n"), code: rewritten };
}

export interface ValidatorsInput {
  api: string;
  graph: SchemaGraph;
  /** Schema names that also get a lenient twin (`x-specfirst-lenient`). */
  lenient: readonly string[];
  templates: Templates;
}

interface ValidatorEntry {
  name: string;
  id: string;
  functionName: string;
  guardName: string;
  typeName: string;
}

/** The schemas of one API and the validators it exports (each schema, plus the lenient twins it declares). */
function planValidators(api: string, graph: SchemaGraph, lenient: readonly string[]): { files: SchemaFile[]; validators: ValidatorEntry[] } {
  const files = graph.files.filter((file) => file.api === api);
  const entry = (name: string, id: string, file: SchemaFile): ValidatorEntry => ({
    name,
    id,
    functionName: validatorFunctionName(name),
    guardName: guardName(name),
    typeName: String(file.schema.title),
  });
  const validators = files.map((file) => entry(file.name, String(file.schema.$id), file));
  for (const name of lenient) {
    const file = files.find((f) => f.name === name);
    if (file === undefined) throw new GenerationFailed([{ file: `openapi/${api}.source.yaml`, pointer: "/x-specfirst-lenient", message: `names no schema of schemas/${api}/: ${name}` }]);
    validators.push(entry(`${name}${LENIENT_SUFFIX}`, lenientId(String(file.schema.$id)), file));
  }
  return { files, validators };
}

/**
 * What AJV's compiled code of one API depends on, and nothing else: the copies AJV compiles (annotations dropped, so
 * a description, example or title edit leaves it alone) and the exported function names. The content-hash cache
 * keys `validators.compiled.ts` by this.
 */
export function compiledValidatorsKey({ api, graph, lenient }: Omit<ValidatorsInput, "templates">): string[] {
  const { files, validators } = planValidators(api, graph, lenient);
  return [
    JSON.stringify(validators.map((v) => [v.functionName, v.id])),
    ...files.map((file) => JSON.stringify(validationSchema(file.schema))),
    ...(lenient.length > 0 ? files.map((file) => JSON.stringify(validationSchema(lenientSchema(file)))) : []),
  ];
}

/** `generated/<api>/validators.compiled.ts`: the API's schemas (and lenient twins) compiled by AJV into standalone code. */
export function compileValidators({ api, graph, lenient, templates }: ValidatorsInput): OutputFile {
  const { files, validators } = planValidators(api, graph, lenient);
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, esm: true, optimize: true, lines: true } });
  // Ajv2020 always generates the bookkeeping for `unevaluated*` and `$dynamicRef` (a copy of the evaluated
  // properties per composite rule, on every call). When no schema uses those keywords it only costs time.
  if (!usesTrackedKeywords(files)) Object.assign(ajv.opts, { unevaluated: false, dynamicRef: false });
  const compiledPath = apiOutput.compiledValidators(api);
  addDispatchKeyword(ajv, runtimeImport(compiledPath, "validation/error-messages.js"));
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
    code = withValidationErrorObjects(runtimeImport(compiledPath, "json/json-text.js"), () => standaloneCode(ajv, Object.fromEntries(validators.map((v) => [v.functionName, v.id]))));
  } catch (error) {
    throw compileProblem(files, error as Error);
  }
  const hoisted = hoistRequires(code.replace(/^"use strict";/, ""));
  return { path: compiledPath, contents: templates.render("api/validators.compiled.ts.hbs", { imports: hoisted.imports, code: hoisted.code }) };
}

/**
 * `compileValidators` from plain data, for a worker thread (generator/workers/): the schema files (the graph is
 * built again) and the template texts.
 */
export function compileValidatorsFrom(api: string, files: SchemaFile[], lenient: string[], templates: [string, string][]): OutputFile {
  return compileValidators({ api, graph: buildSchemaGraph(files), lenient, templates: compileTemplates(new Map(templates)) });
}

/** Loads AJV ahead of the first compile (a worker thread is asked to when watch mode starts): this module imports it. */
export function preloadValidators(): void {}

/**
 * One API's validators: `compiled`, its schemas (and lenient twins) compiled by AJV into standalone code
 * (`generated/<api>/validators.compiled.ts`, `compileValidators`), and `generated/<api>/validators.ts`, which holds
 * the data the run-time wrapper needs (secret shapes, document rules, pattern hints) and the typed guards. `render`
 * stands for rendering that module's template with its view (the generate command passes a cached one: the module
 * depends only on the view, which a description edit changes only through a pattern hint).
 */
export async function emitValidators(
  input: ValidatorsInput & { compiled: OutputFile },
  render: (view: object) => Promise<string> | string = (view) => input.templates.render("api/validators.ts.hbs", view),
): Promise<{ files: OutputFile[]; guards: string[] }> {
  const { api, graph, lenient, compiled } = input;
  const { files, validators } = planValidators(api, graph, lenient);

  const dispatchGuards = files.flatMap((file) =>
    findDispatchTables(graph, file)
      .filter(() => file.schema.properties !== undefined)
      .map((table) => ({
        name: file.name,
        guardName: `${guardName(file.name)}Of${pascal(table.discriminator)}`,
        discriminator: table.discriminator,
        field: table.field,
        typeName: String(file.schema.title),
        mapName: dispatchMapName(table.field),
      })),
  );
  // Media type → schema name of its document, from every dispatch table (message content, command resource).
  const documentSchemas = Object.fromEntries(
    files.flatMap((file) => findDispatchTables(graph, file).filter((t) => t.owner === file).flatMap((t) => t.cases.map((c) => [c.value, c.target.name]))),
  );
  // A pattern error quotes the first sentence of the description of the field it checks, in plain words.
  const patternHints: Record<string, string> = {};
  for (const file of files) {
    walkSchema(file.schema, (node) => {
      if (typeof node.pattern === "string" && typeof node.description === "string") {
        patternHints[node.pattern] ??= (node.description.split(/(?<=\.)\s/)[0] ?? "").replace(/\.$/, "").replace(/`/g, "");
      }
    });
  }
  const shapes = secretShapes(graph);
  const apiShapes = Object.fromEntries(Object.entries(shapes).filter(([name]) => files.some((file) => file.name === name)));
  const baseName = (name: string) => (name.endsWith(LENIENT_SUFFIX) && lenient.includes(name.slice(0, -LENIENT_SUFFIX.length)) ? name.slice(0, -LENIENT_SUFFIX.length) : name);
  const path = apiOutput.validators(api);
  const view = {
    runtime: runtimeImport(path, "validation/index.js"),
    validators: validators.map((v) => ({ ...v, secrets: apiShapes[baseName(v.name)] })),
    dispatchGuards,
    documentSchemas,
    patternHints,
    secretShapes: apiShapes,
  };
  return {
    files: [compiled, { path, contents: await render(view) }],
    // The type guards the module exports, for the aggregate `specfirst/validators` to re-export.
    guards: [...validators.map((v) => v.guardName), ...dispatchGuards.map((g) => g.guardName)],
  };
}
