import { apiOutput } from "../model/output-paths.js";
import { defineStage, output } from "./stage.js";

/** `generated/docs/<api>.html` (Redoc, the slowest stage: written last in watch mode), cached by the built document. */
export const docsStage = defineStage({
  name: "emit docs",
  scope: "api",
  thread: "docs",
  after: [],
  keys: { docs: { api: "text", document: "text" } },
  outputs: [output.perApi(apiOutput.docs)],
  late: true,
  preload: { when: "run", load: "preloadDocs" },
  async run({ api, document, memoJson, call }) {
    return {
      files: [
        await memoJson("docs", { api, document: document.file.contents }, () =>
          call("emitDocs", [api, document.document]),
        ),
      ],
    };
  },
});
