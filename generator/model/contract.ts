import { readFile } from "node:fs/promises";
import path from "node:path";
import type { JsonObject } from "../../runtime/json/json-text.js";
import type { SchemaFile } from "../load/schemas.js";
import type { OpenApiSource } from "../load/openapi-sources.js";
import type { PublishedDocument } from "../emit/openapi.js";
import type { SchemaGraph } from "./schema-graph.js";
import type { FileProblem } from "./check-schemas.js";
import type { TypedBy } from "./expand-media-types.js";

/** What the published contract is built from: the hand-written schemas, the parsed OpenAPI sources, the package version. */
export interface ContractInputs {
  files: SchemaFile[];
  sources: OpenApiSource[];
  version: string;
}

/** The contract as built: what the validators, types, documents and clients are made from. */
export interface BuiltContract {
  /** The schema files with their `x-typed-by` expanded (what every stage reads and `specfirst/schemas/*` ships). */
  files: SchemaFile[];
  graph: SchemaGraph;
  /** One OpenAPI document per API, as published (as data: the generate command prints their YAML). */
  documents: PublishedDocument[];
  /** The `x-typed-by` declaration of each schema that has one, by schema name. */
  typedBy: Map<string, TypedBy>;
}

/** How the generate command runs the stages: timed, and memoised by the content-hash cache. Each defaults to running plainly. */
export interface ContractStages {
  timed?: <T>(stage: string, run: () => T | Promise<T>) => Promise<T>;
  /** Stands for `checkSchemaAlone`. */
  checkAlone?: (schema: JsonObject) => Promise<FileProblem[]>;
}

/** The `version` of the project's package.json ("0.0.0" when it has none): the `info.version` of the documents. */
export async function readPackageVersion(root: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as { version?: unknown };
  return typeof manifest.version === "string" ? manifest.version : "0.0.0";
}

/**
 * The front stages of generation, the one home of their sequence: check schemas → expand the content-by-type
 * declarations → schema graph → OpenAPI documents. `generate` goes on to emit from the result; `diff` compares two
 * results. Throws `GenerationFailed` (file, pointer, line:column) on a broken input. The stages' libraries are
 * loaded on first use.
 */
export async function buildContract(inputs: ContractInputs, stages: ContractStages = {}): Promise<BuiltContract> {
  const timed = stages.timed ?? (async (_stage, run) => run());
  const [{ buildSchemaGraph }, { emitOpenApi }, { expandMediaTypes, readTypedBy }, { checkSchemas, checkSchemaAlone }] =
    await timed("load stages", () =>
      Promise.all([
        import("./schema-graph.js"),
        import("../emit/openapi.js"),
        import("./expand-media-types.js"),
        import("./check-schemas.js"),
      ]),
    );
  await timed("check schemas", () => checkSchemas(inputs.files, stages.checkAlone ?? checkSchemaAlone));
  const files = expandMediaTypes(inputs.files);
  const typedBy = new Map(
    inputs.files.flatMap((file) => {
      const rule = readTypedBy(file.schema);
      return rule === undefined ? [] : [[file.name, rule] as const];
    }),
  );
  const graph = await timed("build schema graph", () => buildSchemaGraph(files));
  const documents = await timed("emit openapi", () => emitOpenApi(graph, inputs.sources, inputs.version, typedBy));
  return { files, graph, documents, typedBy };
}
