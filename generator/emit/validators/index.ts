import type { JsonObject } from "../../../runtime/json/json-text.js";
import { mapSchema, walkSchema } from "../../model/schema-walk.js";
import { findDispatchTables } from "../../model/dispatch-tables.js";
import { rewriteDispatches } from "./compile-dispatch.js";
import { secretShapes } from "../../model/secret-shapes.js";
import { GenerationFailed } from "../../problems.js";
import type { SchemaFile } from "../../load/schemas.js";
import type { SchemaGraph } from "../../model/schema-graph.js";
import type { OutputFile } from "../../write/output-file.js";
import type { Templates } from "../../load/templates.js";
import { apiOutput, runtimeImport } from "../../model/output-paths.js";
import { dispatchMapName, guardName, pascal, validatorFunctionName } from "../../model/names.js";



export const LENIENT_SUFFIX = "-lenient";

/** Keywords that do not change what validates; dropped from the compiled schemas to keep the module small. */
const ANNOTATIONS = ["title", "description", "$comment", "examples", "deprecated", "readOnly", "x-content-type", "x-resource-type"];

/** The copy AJV compiles: annotations dropped, value dispatches as `x-dispatch` (compile-dispatch.ts). */
export function validationSchema(schema: JsonObject): JsonObject {
  const plain = mapSchema(schema, (node) => {
    for (const key of ANNOTATIONS) delete node[key];
    return node;
  });
  return rewriteDispatches(plain);
}

/** The `$id` of a schema's lenient twin: the same file name in a sibling folder `<folder>-lenient/`, so relative refs stay inside the twins. */
const lenientId = (id: string) => id.replace(/\/([^/]*)$/, `${LENIENT_SUFFIX}/$1`);

/** A copy of a schema with its closed objects opened, under its lenient `$id`. */
export function lenientSchema(file: SchemaFile): JsonObject {
  const opened = mapSchema(file.schema, (node) => {
    if (node.additionalProperties === false) delete node.additionalProperties;
    return node;
  });
  return { ...opened, $id: lenientId(String(file.schema.$id)) };
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
export function planValidators(api: string, graph: SchemaGraph, lenient: readonly string[]): { files: SchemaFile[]; validators: ValidatorEntry[] } {
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

/**
 * One API's validators: `compiled`, its schemas (and lenient twins) compiled by AJV into standalone code
 * (`generated/<api>/validators.compiled.ts`, compile.ts), and `generated/<api>/validators.ts`, which holds the data
 * the run-time wrapper needs (secret shapes, document rules, pattern hints) and the typed guards. `render` stands
 * for rendering that module's template with its view (the generate command passes a cached one: the module depends
 * only on the view, which a description edit changes only through a pattern hint).
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
  // For each schema, the dispatch tables that apply to its payloads (its own, or those of the envelope kinds it
  // dispatches to): an error inside a dispatched field names the document it was checked against.
  // (A schema that only includes another, like inbound-message's `allOf: [{ $ref: message }]`, has its tables too.)
  const tablesOf = (file: SchemaFile) => findDispatchTables(graph, file);
  const leafFiles = (node: JsonObject, from: SchemaFile): SchemaFile[] =>
    ["then", "else"].flatMap((key) => {
      const branch = node[key];
      if (typeof branch !== "object" || branch === null || Array.isArray(branch)) return [];
      const sub = branch as JsonObject;
      return typeof sub.$ref === "string" ? [graph.resolveRef(from, sub.$ref).file] : leafFiles(sub, from);
    });
  const documentRules = new Map(
    files.map((file) => {
      const tables = [...tablesOf(file), ...leafFiles(file.schema, file).flatMap(tablesOf)];
      const rules = tables.map((t) => ({ field: t.field, discriminator: t.discriminator, values: t.cases.map((c) => c.value) }));
      return [file.name, rules.filter((rule, index) => rules.findIndex((r) => r.field === rule.field && r.discriminator === rule.discriminator) === index)] as const;
    }),
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
    validators: validators.map((v) => {
      const rules = documentRules.get(baseName(v.name)) ?? [];
      return { ...v, secrets: apiShapes[baseName(v.name)], documents: rules.length > 0 ? rules : undefined };
    }),
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
