import { apiOutput } from "../model/output-paths.js";
import type { ClientExtras } from "../emit/client/index.js";
import { defineStage, output, templateTexts, type StageResult } from "./stage.js";

/** `generated/<api>/client.ts`, cached by the API model read from the document (operations, security, declarations) and the dispatch tables. */
export const clientsStage = defineStage({
  name: "emit clients",
  scope: "api",
  thread: "main",
  after: [],
  keys: { clients: { api: "text", model: "text", dispatch: "text", templates: "texts" } },
  outputs: [output.perApi(apiOutput.client)],
  async run(context): Promise<StageResult & { extras: ClientExtras; messagingHelpers: boolean }> {
    const { api, document, inputs } = context;
    const [{ graph }, { readApiModel }, { findDispatchTables }] = await Promise.all([
      context.contract(),
      import("../model/api-model.js"),
      import("../model/dispatch-tables.js"),
    ]);
    const schemaNames = new Map(inputs.files.map((file) => [String(file.schema.title), file.name]));
    // Read every time (it reports a broken declaration even when the outputs are cached); cheap.
    const model = readApiModel(api, `openapi/${api}.source.yaml`, document.document, schemaNames);
    const dispatch = new Map(
      graph.files
        .filter((file) => file.api === api)
        .flatMap((file) => findDispatchTables(graph, file).map((table) => [String(file.schema.title), table] as const)),
    );
    const dispatchKey = [...dispatch].map(([title, table]) => [
      title,
      table.field,
      table.discriminator,
      table.cases.map((c) => [c.value, c.target.name]),
    ]);
    const values = {
      api,
      model: JSON.stringify(model),
      dispatch: JSON.stringify(dispatchKey),
      templates: templateTexts(inputs.templates, "api/client"),
    };
    const { file, extras } = await context.memoJson("clients", values, async () => {
      const { emitClient } = await import("../emit/client/index.js");
      return emitClient({ model, dispatch, templates: inputs.templates });
    });
    return {
      files: [file],
      extras,
      messagingHelpers: model.commands.length > 0 || model.webhooks.some((webhook) => webhook.acknowledge !== null),
    };
  },
});
