/**
 * `specfirst/ajv`: the raw schemas (`specfirst/schemas/*`) in an AJV of your own, configured so that it gives the
 * generated validators' answers: draft 2020-12 (`Ajv2020`), `ajv-formats`, the schemas' own annotation keywords
 * (`x-secret`) declared, union types allowed, and nothing changing the data: `coerceTypes`, `removeAdditional`
 * and `useDefaults` off. Fastify's default AJV has all three on (and is draft-07): see the README.
 *
 *   const ajv = createAjv();
 *   const check = ajv.getSchema(schemaId("message"))!;
 *   if (!check(body)) console.log(check.errors);
 *
 *   app.setValidatorCompiler(fastifyValidatorCompiler());            // Fastify, raw schemas
 *   app.post("/messages", { schema: { body: { $ref: schemaId("message") } } }, handler);
 *
 * This module loads AJV's compiler (the generated validators do not need it); import it only to compile schemas.
 */
import { Ajv2020, type Options, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import { schemaFiles } from "./schema-files.js";

export { packageRoot, schemaFiles } from "./schema-files.js";

// ajv-formats is CommonJS: its default export is the plugin function.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/** The `$id` of the schema file `name` (`message` → `https://specfirst.dev/schemas/messaging/message.schema.json`). */
export function schemaId(name: string): string {
  const file = schemaFiles().find((f) => f.name === name);
  if (file === undefined)
    throw new TypeError(
      `specfirst/ajv: no schema file named "${name}" (config-lenient is generated, not a file: use the validators)`,
    );
  return file.$id;
}

/** Every key starting with `x-` used in the schemas: annotations AJV must be told about (today `x-secret`). */
export function annotationKeywords(): string[] {
  const found = new Set<string>();
  const stack: unknown[] = schemaFiles().map((f) => f.schema);
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) found.add(key);
      stack.push(value);
    }
  }
  return [...found].sort();
}

/** The options `createAjv` starts from; yours are applied over them. */
export const AJV_OPTIONS: Readonly<Options> = Object.freeze({
  allowUnionTypes: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  allErrors: false,
});

/**
 * An `Ajv2020` with `ajv-formats`, the annotation keywords and every schema file added (by `$id`; see
 * `schemaId`). `options` go over `AJV_OPTIONS` (pass `{ allErrors: true }` to collect every error).
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, ...options });
  addFormats(ajv);
  for (const keyword of annotationKeywords()) if (ajv.getKeyword(keyword) === false) ajv.addKeyword(keyword);
  for (const file of schemaFiles()) ajv.addSchema(file.schema);
  return ajv;
}

/** What Fastify passes a validator compiler. */
export interface FastifyCompileArgs {
  schema: unknown;
  httpPart?: string;
}

/**
 * A validator compiler for Fastify's `setValidatorCompiler` (or a route's `validatorCompiler`): bodies compile
 * with `createAjv()` (a route refers to a schema by `$ref: schemaId(name)`), so nothing is coerced, stripped or
 * defaulted. Querystring, params and headers arrive as strings, so they compile with an Ajv2020 that coerces
 * types as Fastify's does (and still neither strips nor fills in defaults).
 */
export function fastifyValidatorCompiler(
  options: { ajv?: Ajv2020 } = {},
): (args: FastifyCompileArgs) => ValidateFunction {
  const body = options.ajv ?? createAjv();
  let strings: Ajv2020 | undefined;
  return ({ schema, httpPart }) => {
    const ajv =
      httpPart === undefined || httpPart === "body" ? body : (strings ??= createAjv({ coerceTypes: "array" }));
    return ajv.compile(schema as object);
  };
}
