import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { loadSchemas, SCHEMA_SUFFIX } from "../load/schemas.js";
import { diffSchemaSets, type SchemaChange, type SchemaSource } from "../diff/classify.js";
import { JsonSyntaxError, parseJson } from "../../runtime/json/json-text.js";
import { isJsonObject } from "../model/schema-walk.js";

const git = promisify(execFile);

/** The schema files as they are at a git ref. */
async function schemasAtRef(root: string, ref: string): Promise<SchemaSource[]> {
  const { stdout } = await git("git", ["-C", root, "ls-tree", "-r", "--name-only", ref, "--", "schemas"], { maxBuffer: 16 * 1024 * 1024 });
  const files = stdout.split("\n").filter((file) => file.endsWith(SCHEMA_SUFFIX));
  return Promise.all(
    files.map(async (file) => {
      const { stdout: text } = await git("git", ["-C", root, "show", `${ref}:${file}`], { maxBuffer: 16 * 1024 * 1024 });
      const schema = parseJson(text);
      if (!isJsonObject(schema)) throw new Error(`${ref}:${file} does not hold a JSON object`);
      return { file, schema };
    }),
  );
}

function impact(change: SchemaChange): string {
  if (change.breaksProducers && change.breaksConsumers) return "BREAKING for producers and consumers";
  if (change.breaksProducers) return "BREAKING for producers";
  if (change.breaksConsumers) return "BREAKING for consumers";
  return "compatible";
}

export interface DiffCommandOptions {
  root: string;
  ref: string;
  format: "text" | "json";
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * `specfirst diff <git-ref>`: the schema changes between a ref and the working tree (and so of the OpenAPI documents
 * built from them), each classified as breaking or not for payload producers and consumers.
 * Exit 0 when nothing breaks, 1 when something does, 2 when the ref or a schema cannot be read.
 */
export async function runDiffCommand(options: DiffCommandOptions): Promise<number> {
  let before: SchemaSource[];
  let after: SchemaSource[];
  try {
    before = await schemasAtRef(options.root, options.ref);
    after = (await loadSchemas(options.root)).map((file) => ({ file: file.file, schema: file.schema }));
  } catch (error) {
    const reason = error instanceof JsonSyntaxError ? error.message : ((error as { stderr?: string }).stderr ?? (error as Error).message).trim();
    options.stderr(`specfirst diff: cannot read the schemas at ${options.ref}: ${reason}\n`);
    return 2;
  }
  const changes = diffSchemaSets(before, after);
  const breaking = changes.filter((change) => change.breaksProducers || change.breaksConsumers);
  if (options.format === "json") options.stdout(`${JSON.stringify({ ref: options.ref, breaking: breaking.length > 0, changes })}\n`);
  else {
    for (const change of changes) options.stdout(`${impact(change).padEnd(38)} ${change.file}#${change.pointer}: ${change.message}\n`);
    options.stdout(`${changes.length} change(s) since ${options.ref}, ${breaking.length} breaking\n`);
  }
  return breaking.length > 0 ? 1 : 0;
}
