import { diffContract, DiffInputError, formatReport } from "../diff/report.js";

export interface DiffCommandOptions {
  root: string;
  /** A git ref of `root`, or, with `newFile`, the old of two OpenAPI documents. */
  ref: string;
  newFile?: string | undefined;
  format: "text" | "json" | "markdown";
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * `specfirst diff <git-ref>`: the changes of the published contract (schemas as expanded, OpenAPI documents as
 * built) between a ref and the working tree, each classified for the producers and consumers of the payload it
 * concerns; `specfirst diff <old.yaml> <new.yaml>` compares two OpenAPI 3.x documents by the same rules. Exit 0
 * when nothing breaks, 1 when something does, 2 when the ref or an input cannot be read.
 */
export async function runDiffCommand(options: DiffCommandOptions): Promise<number> {
  try {
    const report =
      options.newFile === undefined
        ? await diffContract({ root: options.root, ref: options.ref })
        : await (await import("../diff/documents.js")).diffDocumentFiles(options.ref, options.newFile);
    options.stdout(formatReport(report, options.format));
    return report.breaking > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof DiffInputError)) throw error;
    options.stderr(`specfirst diff: ${error.message}\n`);
    return 2;
  }
}
