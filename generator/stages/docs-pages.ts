import { docsOutput } from "../model/output-paths.js";
import { defineStage, output } from "./stage.js";

/** The docs index (cached by each document's `info`) and the changelog page (by CHANGELOG.md). */
export const docsPagesStage = defineStage({
  name: "emit docs pages",
  scope: "run",
  thread: "main",
  after: [],
  keys: { "docs-index": { entries: "text" }, "changelog-page": { changelog: "texts" } },
  outputs: [output.once(docsOutput.index), output.once(docsOutput.changelog)],
  async run(context) {
    const [{ documents }, { emitDocsIndex, emitChangelogPage, indexEntry }] = await Promise.all([
      context.contract(),
      import("../emit/docs-pages.js"),
    ]);
    const { changelog } = context.inputs;
    const entries = documents.map((d) => indexEntry(d.api, d.document));
    const files = await Promise.all([
      context.memoJson("docs-index", { entries: JSON.stringify(entries) }, () => emitDocsIndex(entries)),
      context.memoJson("changelog-page", { changelog: changelog === undefined ? [] : [changelog] }, () =>
        emitChangelogPage(changelog),
      ),
    ]);
    return { files };
  },
});
