import { aggregateOutput, apiOutput } from "../model/output-paths.js";
import { defineStage, output, templateTexts } from "./stage.js";
import { validatorsStage } from "./validators.js";
import { clientsStage } from "./clients.js";

/**
 * `generated/<api>/index.ts` and the aggregates over every API, cached by the list of APIs with their guards, schema
 * names and client extras.
 */
export const entryPointsStage = defineStage({
  name: "emit entry points",
  scope: "run",
  thread: "main",
  after: [validatorsStage, clientsStage],
  keys: { "entry-points": { apis: "text", aggregateTemplates: "texts", indexTemplates: "texts" } },
  outputs: [
    output.perApi(apiOutput.index),
    output.once(aggregateOutput.types),
    output.once(aggregateOutput.validators),
    output.once(aggregateOutput.client),
    output.once(aggregateOutput.schemaApis),
  ],
  async run(context) {
    const { inputs, apis } = context;
    const [validators, clients] = await Promise.all([
      context.resultsOf(validatorsStage),
      context.resultsOf(clientsStage),
    ]);
    const entryApis = apis.map((api, index) => ({
      api,
      guards: validators[index]?.guards ?? [],
      schemaNames: validators[index]?.schemaNames ?? [],
      extras: clients[index]?.extras ?? { planLimits: false, commands: false, webhooks: false, receivedTypes: [] },
      messagingHelpers: clients[index]?.messagingHelpers ?? false,
    }));
    const values = {
      apis: JSON.stringify(entryApis),
      aggregateTemplates: templateTexts(inputs.templates, "aggregate/"),
      indexTemplates: templateTexts(inputs.templates, "api/index"),
    };
    const files = await context.memoJson("entry-points", values, async () =>
      (await import("../emit/entry-points.js")).emitEntryPoints(entryApis, inputs.templates),
    );
    return { files };
  },
});
