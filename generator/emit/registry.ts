/**
 * The emitters, one per output kind, loaded together by the generate command only when some stage has to run
 * (their libraries take most of a second to load).
 *
 * | emitter            | reads                         | writes                                              |
 * |--------------------|-------------------------------|-----------------------------------------------------|
 * | emitSchemas        | schemas (declarations expanded) | generated/schemas/<api>/<name>.schema.json        |
 * | emitOpenApi        | OpenAPI source + schemas      | generated/openapi/<api>.yaml                        |
 * | emitTypes          | schemas of one API            | generated/<api>/types.ts                            |
 * | emitValidators     | schemas of one API            | generated/<api>/validators.ts, validators.compiled.ts |
 * | emitPathTypes      | built OpenAPI document        | generated/<api>/paths.ts (openapi-typescript; worker thread) |
 * | emitDocs           | built OpenAPI document        | generated/docs/<api>.html (Redocly; worker thread)  |
 * | emitClient         | API model (built document)    | generated/<api>/client.ts                           |
 * | emitEntryPoints    | the list of APIs              | generated/<api>/index.ts, generated/{types,validators,client}.ts |
 */
export { emitSchemas } from "./schemas.js";
export { emitOpenApi } from "./openapi.js";
export { emitTypes } from "./types.js";
export { emitValidators } from "./validators/index.js";
export { emitPathTypes } from "./path-types.js";
export { emitDocs } from "./docs.js";
export { emitClient } from "./client/index.js";
export { emitEntryPoints } from "./entry-points.js";
