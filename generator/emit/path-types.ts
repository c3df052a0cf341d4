import { createRequire } from "node:module";
import type { JsonObject } from "../../runtime/json/json-text.js";
import type { OutputFile } from "../write/output-file.js";
import { apiOutput } from "../model/output-paths.js";

const require = createRequire(import.meta.url);

type TransformOptions = Record<string, unknown> & { resolve($ref: string): unknown };
interface OpenApiTypescript {
  transformSchema: (document: JsonObject, ctx: TransformOptions) => unknown;
  astToString: (ast: unknown) => string;
  scanDiscriminators: (document: JsonObject, options: object) => unknown;
  resolveRef: (document: JsonObject, ref: string, options: { silent: boolean }) => unknown;
}

/**
 * openapi-typescript's transform and printer, without its entry module: `openapiTS()` first lints and bundles the
 * document with @redocly/openapi-core (a second of loading and walking), which a built document with only local
 * `$ref`s does not need. Loaded on first use, and as CommonJS: through `import`, Node scans the 9 MB of TypeScript
 * it requires for named exports, which doubles the load time.
 */
function load(): OpenApiTypescript {
  const transformSchema =
    require("openapi-typescript/dist/transform/index.cjs") as OpenApiTypescript["transformSchema"];
  const { astToString } = require("openapi-typescript/dist/lib/ts.cjs") as Pick<OpenApiTypescript, "astToString">;
  const { scanDiscriminators, resolveRef } = require("openapi-typescript/dist/lib/utils.cjs") as Pick<
    OpenApiTypescript,
    "scanDiscriminators" | "resolveRef"
  >;
  return { transformSchema, astToString, scanDiscriminators, resolveRef };
}

/**
 * The `paths`, `webhooks`, `components` and `operations` types of a built OpenAPI document, as openapi-typescript
 * 7 writes them with its default options (what `openapiTS(yaml, { silent: true })` gives). Runs in a worker thread
 * (generator/workers/).
 */
export function emitPathTypes(api: string, built: JsonObject): OutputFile {
  const { transformSchema, astToString, scanDiscriminators, resolveRef } = load();
  // openapi-typescript changes what it reads (it adds discriminator properties to the schemas a discriminator
  // maps to), and a built document shares objects between places: it reads a copy sharing none, as parsed YAML.
  const document = JSON.parse(JSON.stringify(built)) as JsonObject;
  const silent = { silent: true };
  // openapiTS()'s context for its default options.
  const ctx: TransformOptions = {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators: scanDiscriminators(document, silent),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    propertiesRequiredByDefault: false,
    silent: true,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref: string) => resolveRef(document, $ref, silent),
  };
  // TypeScript's printer indents by four spaces; two, as in the other generated modules (and as prettier would).
  const contents = astToString(transformSchema(document, ctx)).replace(/^ +/gm, (indent) =>
    " ".repeat(Math.floor(indent.length / 4) * 2 + (indent.length % 4)),
  );
  return { path: apiOutput.paths(api), contents };
}

/** Loads openapi-typescript and TypeScript ahead of the first document (a worker thread is asked to when a run starts). */
export function preloadPathTypes(): void {
  load();
}
