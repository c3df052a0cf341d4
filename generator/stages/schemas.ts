import { apiOutput } from "../model/output-paths.js";
import { defineStage, output } from "./stage.js";

/** The shipped schema files (`specfirst/schemas/*`): the hand-written ones with their declarations expanded. Cheap: not cached. */
export const schemasStage = defineStage({
  name: "emit schemas",
  scope: "run",
  thread: "main",
  after: [],
  keys: {},
  outputs: [output.perSchema(apiOutput.schema)],
  async run(context) {
    const { emitSchemas } = await import("../emit/schemas.js");
    return { files: emitSchemas((await context.contract()).files) };
  },
});
