import { apiOutput } from "../model/output-paths.js";
import { defineStage, output } from "./stage.js";

/** `generated/<api>/paths.ts` (openapi-typescript), cached by the API's built document. */
export const pathTypesStage = defineStage({
  name: "emit path types",
  scope: "api",
  thread: "path types",
  after: [],
  keys: { "path-types": { api: "text", document: "text" } },
  outputs: [output.perApi(apiOutput.paths)],
  preload: { when: "run", load: "preloadPathTypes" },
  async run({ api, document, memoJson, call }) {
    return {
      files: [
        await memoJson("path-types", { api, document: document.file.contents }, () =>
          call("emitPathTypes", [api, document.document]),
        ),
      ],
    };
  },
});
