/** Where every generated file goes (relative to the project root): one home for output paths. */

export const GENERATED_DIR = "generated";

/** Per-API modules: `specfirst/<api>` is `generated/<api>/index.ts`. */
export const apiOutput = {
  types: (api: string) => `${GENERATED_DIR}/${api}/types.ts`,
  /** AJV's standalone code (machine output: not type-checked, not formatted). */
  compiledValidators: (api: string) => `${GENERATED_DIR}/${api}/validators.compiled.ts`,
  validators: (api: string) => `${GENERATED_DIR}/${api}/validators.ts`,
  paths: (api: string) => `${GENERATED_DIR}/${api}/paths.ts`,
  client: (api: string) => `${GENERATED_DIR}/${api}/client.ts`,
  index: (api: string) => `${GENERATED_DIR}/${api}/index.ts`,
  /** The shipped schema files (`specfirst/schemas/*`): the hand-written ones with their declarations expanded. */
  schema: (api: string, name: string) => `${GENERATED_DIR}/schemas/${api}/${name}.schema.json`,
  openapi: (api: string) => `${GENERATED_DIR}/openapi/${api}.yaml`,
  /** The known-types document, for an API whose request bodies have open variants (emit/openapi-known.ts). */
  knownOpenapi: (api: string) => `${GENERATED_DIR}/openapi/${api}.known.yaml`,
  docs: (api: string) => `${GENERATED_DIR}/docs/${api}.html`,
};

/** The pages of generated/docs/ over every API: the index linking each API's page, and the changelog. */
export const docsOutput = {
  index: `${GENERATED_DIR}/docs/index.html`,
  changelog: `${GENERATED_DIR}/docs/changelog.html`,
};

/**
 * The aggregate entry points over every API: `specfirst`, `specfirst/validators`, `specfirst/client`; and which API
 * holds each schema name (read by `specfirst validate`, not an entry point).
 */
export const aggregateOutput = {
  types: `${GENERATED_DIR}/types.ts`,
  validators: `${GENERATED_DIR}/validators.ts`,
  client: `${GENERATED_DIR}/client.ts`,
  schemaApis: `${GENERATED_DIR}/schema-apis.ts`,
};

/** The import specifier of the runtime from a generated file at `path` (runtime/ and generated/ are siblings, in the project and in dist/). */
export function runtimeImport(path: string, module: string): string {
  const depth = path.split("/").length - 1;
  return `${"../".repeat(depth)}runtime/${module}`;
}
