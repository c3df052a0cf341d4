import { apiOutput } from "../model/output-paths.js";
import { defineStage, output } from "./stage.js";

/**
 * `generated/<api>/types.ts`, cached by the API's schema texts; inside, each schema's json-schema-to-typescript
 * code by its typing schema.
 */
export const typesStage = defineStage({
  name: "emit types",
  scope: "api",
  thread: "main",
  after: [],
  keys: { types: { api: "text", schemas: "texts" }, type: { name: "text", schema: "text" } },
  outputs: [output.perApi(apiOutput.types)],
  preload: { when: "watch", load: () => import("json-schema-to-typescript") },
  async run(context) {
    const { api, inputs } = context;
    const { graph } = await context.contract();
    const schemas = inputs.files.filter((file) => file.api === api).map((file) => `${file.file}\n${file.text}`);
    const file = await context.memoJson("types", { api, schemas }, async () => {
      const { emitTypes, compileTypes } = await import("../emit/types.js");
      return emitTypes(graph, api, (schema, name) =>
        context.memo("type", { name, schema: JSON.stringify(schema) }, () => compileTypes(schema, name)),
      );
    });
    return { files: [file] };
  },
});
