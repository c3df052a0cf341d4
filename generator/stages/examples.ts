import { GenerationFailed } from "../problems.js";
import { apiOutput } from "../model/output-paths.js";
import { validatorFunctionName } from "../model/names.js";
import { hashOf } from "../write/cache.js";
import type { OutputFile } from "../write/output-file.js";
import type { OpenApiSource } from "../load/openapi-sources.js";
import { defineStage } from "./stage.js";
import { validatorsStage } from "./validators.js";

/**
 * Every example against its schema, as soon as the validators it is checked by are compiled; an invalid example
 * fails the run (every API's at once). The verdicts are cached by the API's compiled validators module and the
 * examples' values, so a description edit checks nothing again. Writes nothing.
 */
export const examplesStage = defineStage({
  name: "check examples",
  scope: "run",
  thread: "validators",
  after: [validatorsStage],
  keys: {
    examples: { api: "text", module: "text", checks: "text" },
    "schema-examples": { api: "text", module: "text", checks: "text" },
  },
  outputs: [],
  async run(context) {
    const { inputs, apis, memoJson, call } = context;
    const [{ graph }, validators, { planExampleChecks, exampleProblems }] = await Promise.all([
      context.contract(),
      context.resultsOf(validatorsStage),
      import("../model/examples.js"),
    ]);
    const problems = await Promise.all(
      apis.map(async (api, index) => {
        const source = inputs.sources.find((s) => s.api === api) as OpenApiSource;
        const expanded = graph.files.filter((file) => file.api === api);
        const plan = planExampleChecks({
          source,
          files: inputs.files.filter((file) => file.api === api),
          expanded,
          texts: inputs.openApiFiles,
          validatorOf: (file) => validatorFunctionName(file.name),
        });
        const compiled = validators[index]?.files.find(
          (file) => file.path === apiOutput.compiledValidators(api),
        ) as OutputFile;
        const module = hashOf([compiled.contents]);
        const [byValidator, byAjv] = await Promise.all([
          memoJson("examples", { api, module, checks: JSON.stringify(plan.checks.byValidator) }, () =>
            call("checkByValidators", [compiled.contents, compiled.path, plan.checks.byValidator]),
          ),
          memoJson("schema-examples", { api, module, checks: JSON.stringify(plan.checks.byAjv) }, () =>
            call("checkByAjv", [expanded.map((file) => file.schema), plan.checks.byAjv]),
          ),
        ]);
        return exampleProblems(plan, [...byValidator, ...byAjv]);
      }),
    );
    if (problems.flat().length > 0) throw new GenerationFailed(problems.flat());
    return { files: [] };
  },
});
