import { apiOutput } from "../model/output-paths.js";
import { defineStage, output, templateTexts, type StageResult } from "./stage.js";

/**
 * `generated/<api>/validators.compiled.ts` and `validators.ts`. AJV's code of each unit (a schema, or a variant
 * twin) is cached by what AJV compiles for it (emit/validators/units.ts: annotations dropped, other files'
 * validators called by name), so a description edit compiles nothing and a rule edit compiles the schemas whose
 * code it changes; `validators.ts` by the view of its template (pattern hints quote descriptions).
 */
export const validatorsStage = defineStage({
  name: "emit validators",
  scope: "api",
  thread: "validators",
  after: [],
  keys: { "validator-unit": { unit: "text" }, validators: { api: "text", view: "text", template: "texts" } },
  outputs: [output.perApi(apiOutput.compiledValidators), output.perApi(apiOutput.validators)],
  preload: { when: "watch", load: "preloadValidators" },
  async run(context): Promise<StageResult & { guards: string[]; schemaNames: string[] }> {
    const { api, document, inputs, memo, call } = context;
    const { templates } = inputs;
    const { graph } = await context.contract();
    const { readVariants, readApiModel } = await import("../model/api-model.js");
    const { emitValidators, planValidatorUnits, compiledValidatorsModule, unitsFailure } =
      await import("../emit/validators/index.js");
    const schemaNames = new Map(inputs.files.map((file) => [String(file.schema.title), file.name]));
    // The routes of `validators.ts` (the clients stage reads the same model and reports its problems).
    const model = readApiModel(api, `openapi/${api}.source.yaml`, document.document, schemaNames);
    const input = { api, graph, variants: readVariants(document.document), templates, model, schemaNames };
    const settled = await Promise.allSettled(
      planValidatorUnits(input).map(({ unit, files }) =>
        memo("validator-unit", { unit: JSON.stringify(unit) }, () => {
          context.compiledValidators.push(`${api}/${unit.name}`);
          return call("compileValidatorUnit", [unit, files]);
        }),
      ),
    );
    const failures = settled.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
    if (failures.length > 0) throw unitsFailure(failures);
    const compiled = compiledValidatorsModule(
      api,
      settled.map((result) => (result as PromiseFulfilledResult<string>).value),
      templates,
    );
    const template = templateTexts(templates, "api/validators.ts");
    return emitValidators({ ...input, compiled }, (view) =>
      memo("validators", { api, view: JSON.stringify(view), template }, () =>
        templates.render("api/validators.ts.hbs", view),
      ),
    );
  },
});
