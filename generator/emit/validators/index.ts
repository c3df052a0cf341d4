import type { SchemaFile } from "../../load/schemas.js";
import { walkSchema } from "../../model/schema-walk.js";
import { findDispatchTables } from "../../model/dispatch-tables.js";
import { secretShapes } from "../../model/secret-shapes.js";
import { GenerationFailed } from "../../problems.js";
import type { SchemaGraph } from "../../model/schema-graph.js";
import type { OutputFile } from "../../write/output-file.js";
import type { Templates } from "../../load/templates.js";
import { apiOutput, runtimeImport } from "../../model/output-paths.js";
import { dispatchMapName, guardName, pascal, validatorFunctionName } from "../../model/names.js";
import { VARIANT_KINDS, type ApiModel, type VariantDeclarations } from "../../model/api-model.js";
import type { RouteCredential } from "../../../runtime/validation/routes.js";
import { withOptionalTypeChecks } from "./optional-type-checks.js";
import { withSharedConstants } from "./shared-constants.js";
import { REQUIRE_CALL, RUNTIME_FUNCTION_ALIAS, STRICT_MODE_LINE } from "./ajv-internals.js";
import {
  parametersFunctionName,
  planParameterUnits,
  planUnits,
  variantOf,
  variantSuffix,
  type PlannedUnit,
} from "./units.js";

/**
 * AJV's standalone ESM output still `require`s its runtime helpers and formats (CommonJS: their default import is
 * the module object) and the run-time `inDocument` (an ES module, relative: imported as a namespace); turn those into
 * imports. A unit's constant for a run-time function (`RUNTIME_FUNCTION_ALIAS`) is replaced by the function itself (`runtime0.pushError`), which
 * the bundle reaches directly: no module variable per unit and function to declare and resolve.
 */
function hoistRequires(code: string): { imports: string; code: string } {
  const modules = new Map<string, string>();
  const required = code.replace(REQUIRE_CALL, (_match, specifier: string) => {
    const local = modules.get(specifier) ?? `runtime${modules.size}`;
    modules.set(specifier, local);
    return local;
  });
  // (of our own ES modules only: a CommonJS module's object is no namespace the bundle can see through)
  const namespaces = new Set([...modules].filter(([specifier]) => specifier.startsWith(".")).map(([, local]) => local));
  const aliases = new Map(
    [...required.matchAll(RUNTIME_FUNCTION_ALIAS)]
      .filter(([, , target]) => namespaces.has(target!.split(".")[0]!))
      .map(([, alias, target]) => [alias!, target!]),
  );
  const rewritten =
    aliases.size === 0
      ? required
      : required
          .replace(RUNTIME_FUNCTION_ALIAS, (line, alias: string) => (aliases.has(alias) ? "" : line))
          .replace(new RegExp(`\\b(?:${[...aliases.keys()].join("|")})\\b`, "g"), (alias) => aliases.get(alias)!);
  // A CommonJS module (AJV's run-time helpers, `exports.default = ucs2length`): Node's ES module loader gives its
  // `module.exports` as the default import, a bundler or vite's interop its `exports.default`; the code reads
  // `<local>.default`, so `<local>` is whichever of the two holds a `default`.
  const imports = [...modules].map(([specifier, local]) =>
    specifier.startsWith(".")
      ? `import * as ${local} from ${JSON.stringify(specifier)};`
      : `import * as ${local}_cjs from ${JSON.stringify(specifier.endsWith(".js") ? specifier : `${specifier}.js`)};\n` +
        `const ${local} = ${local}_cjs.default?.default === undefined ? ${local}_cjs : ${local}_cjs.default;`,
  );
  return { imports: imports.join("\n"), code: rewritten };
}

/**
 * A module's namespace imports of our own run-time modules (`import * as runtime0`, `runtime0.pushError(…)`) as
 * imports by name (`import { pushError as runtime0_pushError }`, `runtime0_pushError(…)`): a minifier renames an
 * imported binding to a letter or two, never a property of a namespace, so the hundreds of calls of the shipped
 * code take fewer characters (docs/performance.md, Validators). A namespace the code uses otherwise than by its
 * properties stays one.
 */
export function withNamedImports(module: { imports: string; code: string }): { imports: string; code: string } {
  let { code } = module;
  const imports = module.imports.replace(
    /^import \* as (runtime\d+) from ("[^"\n]+");$/gm,
    (line, local: string, specifier: string) => {
      if (new RegExp(`\\b${local}\\b(?!\\.\\w)`).test(code)) return line;
      const names = [...new Set([...code.matchAll(new RegExp(`\\b${local}\\.(\\w+)`, "g"))].map((use) => use[1]!))];
      code = code.replace(new RegExp(`\\b${local}\\.(\\w+)`, "g"), `${local}_$1`);
      return `import { ${names.map((name) => `${name} as ${local}_${name}`).join(", ")} } from ${specifier};`;
    },
  );
  return { imports, code };
}

export interface ValidatorsInput {
  api: string;
  graph: SchemaGraph;
  /** Schema names that also get a variant twin, by kind (`x-specfirst-lenient`, `x-specfirst-strict`). */
  variants: VariantDeclarations;
  templates: Templates;
  /** The API's operations and credential (api-model.ts), for its routes (none without); validator name by schema title. */
  model?: Pick<ApiModel, "operations" | "credential" | "file">;
  schemaNames?: ReadonlyMap<string, string>;
}

interface ValidatorEntry {
  name: string;
  functionName: string;
  guardName: string;
  typeName: string;
}

/** The schemas of one API and the validators it exports (each schema, plus the variant twins it declares). */
function planValidators(
  api: string,
  graph: SchemaGraph,
  variants: VariantDeclarations,
): { files: SchemaFile[]; validators: ValidatorEntry[] } {
  const files = graph.files.filter((file) => file.api === api);
  const entry = (name: string, file: SchemaFile): ValidatorEntry => ({
    name,
    functionName: validatorFunctionName(name),
    guardName: guardName(name),
    typeName: String(file.schema.title),
  });
  const validators = files.map((file) => entry(file.name, file));
  for (const kind of VARIANT_KINDS) {
    for (const name of variants[kind] ?? []) {
      const file = files.find((f) => f.name === name);
      if (file === undefined)
        throw new GenerationFailed([
          {
            file: `openapi/${api}.source.yaml`,
            pointer: `/x-specfirst-${kind}`,
            message: `names no schema of schemas/${api}/: ${name}`,
          },
        ]);
      validators.push(entry(`${name}${variantSuffix(kind)}`, file));
    }
  }
  return { files, validators };
}

/**
 * The types of the strict variants whose schema types a field by content documents (`message-strict`: its `content`
 * by `type`): `StrictMessage<T>`, the `Message<T>` with `content` a `ClosedDocument`, so the types reject the
 * unlisted fields the strict validator rejects. A strict variant of another schema (`command-strict`, whose
 * resources stay open) keeps the schema's type.
 */
function strictDocumentTypes(graph: SchemaGraph, files: readonly SchemaFile[], variants: VariantDeclarations) {
  return (variants.strict ?? []).flatMap((name) => {
    const file = files.find((f) => f.name === name);
    const table =
      file === undefined
        ? undefined
        : findDispatchTables(graph, file).find(
            (t) => !t.each && t.cases.every((c) => typeof c.target.schema["x-content-type"] === "string"),
          );
    if (file === undefined || table === undefined) return [];
    const title = String(file.schema.title);
    return [
      {
        validator: `${name}${variantSuffix("strict")}`,
        typeName: `Strict${title}`,
        title,
        field: table.field,
        mapName: dispatchMapName(table.field),
      },
    ];
  });
}

/** The units AJV compiles for one API (units.ts), each cached by its data and compiled by compile-unit.ts. */
export function planValidatorUnits({
  api,
  graph,
  variants,
  model,
  schemaNames,
}: Omit<ValidatorsInput, "templates">): PlannedUnit[] {
  planValidators(api, graph, variants); // reports a declared name that names no schema
  return [
    ...planUnits(api, graph, variants),
    ...(model === undefined
      ? []
      : planParameterUnits(api, graph, model.operations, schemaNames ?? new Map(), model.file)),
  ];
}

/** The operations as routes (runtime/validation/routes.ts `RouteEntry`), as data, and each one's parameter check. */
function routesView(model: ValidatorsInput["model"]) {
  if (model === undefined) return [];
  const { option, security } = model.credential;
  const credential: RouteCredential | null =
    option === ""
      ? null
      : security.kind === "apiKey"
        ? { scheme: option, in: security.in, name: security.name, prefix: security.prefix }
        : {
            scheme: option,
            in: "header",
            name: "Authorization",
            prefix: security.kind === "bearer" ? "Bearer " : "Basic ",
          };
  return model.operations.map((operation) => ({
    data: {
      method: operation.method,
      path: operation.path,
      operationId: operation.operationId,
      body: operation.schema,
      bodyRequired: operation.bodyRequired,
      parameters: operation.parameters,
      credential: operation.secured ? credential : null,
    },
    check: operation.parameters.length === 0 ? undefined : parametersFunctionName(operation.operationId),
  }));
}

/**
 * The error of a run whose units failed to compile (`failures`: each failed unit's error). AJV locates an error in
 * a schema it inlined at the `$ref` that inlined it (a location that names no file), while the schema's own unit
 * reports it located: a problem without a line whose message a located one repeats is left out.
 */
export function unitsFailure(failures: readonly unknown[]): unknown {
  if (!failures.every((failure) => failure instanceof GenerationFailed))
    return failures.find((failure) => !(failure instanceof GenerationFailed));
  const problems = failures.flatMap((failure) => (failure as GenerationFailed).problems);
  const located = new Set(problems.filter((problem) => problem.line !== undefined).map((problem) => problem.message));
  const kept = problems.filter(
    (problem, index) =>
      (problem.line !== undefined || !located.has(problem.message)) &&
      problems.findIndex((other) => JSON.stringify(other) === JSON.stringify(problem)) === index,
  );
  return new GenerationFailed(kept);
}

/**
 * `generated/<api>/validators.compiled.ts`: the code of the API's units, in the order planned, as one module, each
 * distinct constant declared once (shared-constants.ts) and each optional property typed as a string or a boolean
 * checked by one call (optional-type-checks.ts).
 */
export function compiledValidatorsModule(api: string, unitCodes: readonly string[], templates: Templates): OutputFile {
  const hoisted = hoistRequires(unitCodes.map((code) => code.replace(STRICT_MODE_LINE, "")).join(""));
  return {
    path: apiOutput.compiledValidators(api),
    contents: templates.render(
      "api/validators.compiled.ts.hbs",
      withNamedImports({ imports: hoisted.imports, code: withSharedConstants(withOptionalTypeChecks(hoisted.code)) }),
    ),
  };
}

/**
 * One API's validators: `compiled`, its schemas (and variant twins) compiled by AJV into standalone code
 * (`generated/<api>/validators.compiled.ts`, `compiledValidatorsModule`), and `generated/<api>/validators.ts`, which holds
 * the data the run-time wrapper needs (secret shapes, document rules, pattern hints) and the typed guards. `render`
 * stands for rendering that module's template with its view (the generate command passes a cached one: the module
 * depends only on the view, which a description edit changes only through a pattern hint).
 */
export async function emitValidators(
  input: ValidatorsInput & { compiled: OutputFile },
  render: (view: object) => Promise<string> | string = (view) => input.templates.render("api/validators.ts.hbs", view),
): Promise<{ files: OutputFile[]; guards: string[]; schemaNames: string[] }> {
  const { api, graph, variants, compiled } = input;
  const { files, validators } = planValidators(api, graph, variants);

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
    files.flatMap((file) =>
      findDispatchTables(graph, file)
        .filter((t) => t.owner === file)
        .flatMap((t) => t.cases.map((c) => [c.value, c.target.name])),
    ),
  );
  // A pattern error quotes the first sentence of the description of the field it checks, in plain words.
  const patternHints: Record<string, string> = {};
  for (const file of files) {
    walkSchema(file.schema, (node) => {
      if (typeof node.pattern === "string" && typeof node.description === "string") {
        patternHints[node.pattern] ??= (node.description.split(/(?<=\.)\s/)[0] ?? "")
          .replace(/\.$/, "")
          .replace(/`/g, "");
      }
    });
  }
  const shapes = secretShapes(graph);
  const apiShapes = Object.fromEntries(
    Object.entries(shapes).filter(([name]) => files.some((file) => file.name === name)),
  );
  const baseName = (name: string) => variantOf(name, variants)?.base ?? name;
  const path = apiOutput.validators(api);
  const strictTypes = strictDocumentTypes(graph, files, variants);
  const view = {
    runtime: runtimeImport(path, "validation/index.js"),
    closedDocument: strictTypes.length > 0 ? runtimeImport(path, "validation/closed-document.js") : undefined,
    otherMediaType: strictTypes.length > 0 ? runtimeImport(path, "client/other-media-type.js") : undefined,
    strictTypes,
    validators: validators.map((v) => ({
      ...v,
      typeName: strictTypes.find((t) => t.validator === v.name)?.typeName ?? `Types.${v.typeName}`,
      // a schema's own shape is read from `secretShapes` (runtime/validation/validator-set.ts): only a twin names one
      secrets: v.name === baseName(v.name) ? undefined : apiShapes[baseName(v.name)],
    })),
    dispatchGuards,
    documentSchemas,
    patternHints,
    secretShapes: apiShapes,
    routes: routesView(input.model),
  };
  return {
    files: [compiled, { path, contents: await render(view) }],
    // The type guards the module exports, for the aggregate `specfirst/validators` to re-export.
    guards: [...validators.map((v) => v.guardName), ...dispatchGuards.map((g) => g.guardName)],
    // The schemas it validates by name (variant twins included), for `generated/schema-apis.ts`.
    schemaNames: validators.map((v) => v.name),
  };
}
