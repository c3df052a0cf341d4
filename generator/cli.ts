#!/usr/bin/env node
import { parseArgs } from "node:util";
import { projectRoot } from "./project-root.js";
import { DEFAULT_MAX_RECORD_BYTES, EXIT_USAGE } from "./validate-command.js";

const HELP = `specfirst — schema-first contracts for the messaging and pipeline configuration APIs

Usage:
  specfirst generate [--check] [--watch] [--force] [--quiet] [--json]
      Regenerate generated/ from schemas/ and templates/.
      --check   write nothing; exit 1 and name the stale files when generated/ differs from what the schemas produce
      --watch   after the first run, regenerate on every change under schemas/, openapi/ and templates/
                (debounced); a broken edit prints its error and keeps the last good outputs
      --force   overwrite generated files edited by hand
      --quiet   print nothing on success
      --json    print the run report as JSON
      --no-cache  recompute every stage (the content-hash cache lives in node_modules/.cache/specfirst)
      --root    project folder holding schemas/, templates/ and generated/ (default: this package)
  specfirst validate <name> [file... | -] [--ndjson [--max-record-bytes <n>]] [--lenient] [--format text|json]
  specfirst validate --media-type <type> [file... | -]
      Validate JSON against a schema: message, notification, command, command-response, envelope, config,
      config-lenient, or any schema file name (node-address, select, input-sql, ...). With no file, or with -,
      reads standard input.
      --ndjson      each input is newline-delimited JSON: every non-empty line is one record, validated in
                    constant memory; a progress bar is drawn on a terminal; a summary of counts ends the output
      --max-record-bytes <n>
                    with --ndjson: the longest record held in memory (default ${DEFAULT_MAX_RECORD_BYTES}, 16 MiB); a
                    longer line is skipped up to its line break and reported as a record that cannot be read (exit 2)
      --lenient     with config: accept unknown keys (the config-lenient variant)
      --media-type  validate bare content documents of a media type (text/plain,
                    application/vnd.lime.select+json, ...); unknown media types accept any string or object
      --format      text (default): one line per error, "file:line:column: /pointer message"
                    json: {"results":[{"file","valid","errors":[{"pointer","message","line","column"}]}]};
                    with --ndjson, one JSON line per invalid record, then {"summary":{...}}
      Input rules: UTF-8 decoded strictly (invalid bytes are an error), a leading byte-order mark is skipped,
      a key repeated in one object is an error, and anything but one JSON value (trailing commas, NaN, comments,
      a second value) is an error. Errors never quote the input.
      Exit codes: 0 all valid, 1 some invalid, 2 usage error or input that cannot be read as JSON.
  specfirst diff <git-ref> [--format text|json]
      List the schema changes between a git ref and the working tree (the OpenAPI documents follow the schemas),
      each classified as breaking for payload producers, consumers, both, or compatible: field removed or renamed,
      type changed, enum value removed or added, field became required or optional, pattern/format/bound
      tightened or loosened, open object closed, new optional field. Exit 1 when anything breaks, 0 otherwise,
      2 when the ref cannot be read.
  specfirst --help
`;

async function runGenerate(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      check: { type: "boolean" },
      force: { type: "boolean" },
      quiet: { type: "boolean" },
      json: { type: "boolean" },
      watch: { type: "boolean" },
      root: { type: "string" },
      "no-cache": { type: "boolean" },
    },
  });
  const { generate } = await import("./generate.js");
  const { GenerationFailed, formatProblem } = await import("./problems.js");
  const root = values.root ?? projectRoot();
  const once = async (): Promise<number> => {
    try {
      const result = await generate({ root, check: values.check, force: values.force, cache: !values["no-cache"] });
      if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
      else if (!values.quiet) {
        for (const timing of result.timings) {
          process.stdout.write(`${timing.stage.padEnd(22)} ${timing.ms.toFixed(0).padStart(6)} ms${timing.cached ? "  (cached)" : ""}\n`);
        }
        if (result.written) {
          const { written, unchanged, removed } = result.written;
          for (const file of written) process.stdout.write(`wrote     ${file}\n`);
          for (const file of removed) process.stdout.write(`removed   ${file}\n`);
          process.stdout.write(`${written.length} written, ${unchanged.length} unchanged, ${removed.length} removed\n`);
        }
      }
      if (result.stale && result.stale.length > 0) {
        process.stderr.write(`Generated files are stale; run \`npm run generate\` and commit:\n${result.stale.map((f) => `  ${f}\n`).join("")}`);
        return 1;
      }
      if (result.stale && !values.quiet && !values.json) process.stdout.write("generated files are up to date\n");
      return 0;
    } catch (error) {
      if (error instanceof GenerationFailed) {
        process.stderr.write(`Generation failed; previous outputs were left as they were.\n${error.problems.map((p) => `  ${formatProblem(p)}\n`).join("")}`);
        return 1;
      }
      throw error;
    }
  };
  const code = await once();
  if (!values.watch) return code;

  const { watchInputs } = await import("./watch.js");
  const stop = watchInputs({
    root,
    run: async (changed) => {
      process.stdout.write(`changed: ${changed.join(", ")}\n`);
      const status = await once();
      process.stdout.write(status === 0 ? "regenerated; watching\n" : "kept the last good outputs; watching\n");
    },
  });
  process.stdout.write("watching schemas/, openapi/ and templates/ (Ctrl-C to stop)\n");
  await new Promise<void>((resolve) => process.once("SIGINT", resolve).once("SIGTERM", resolve));
  stop();
  return 0;
}

/** A positive whole number of bytes written in decimal digits, or undefined. */
function parseByteCount(text: string): number | undefined {
  const count = Number(text);
  return /^[0-9]+$/.test(text) && Number.isSafeInteger(count) && count > 0 ? count : undefined;
}

async function runValidate(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        format: { type: "string", default: "text" },
        ndjson: { type: "boolean", default: false },
        lenient: { type: "boolean", default: false },
        "media-type": { type: "string" },
        "max-record-bytes": { type: "string" },
        help: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`specfirst validate: ${(error as Error).message}\n`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const format = values.format;
  if (format !== "text" && format !== "json") {
    process.stderr.write("specfirst validate: --format is text or json\n");
    return EXIT_USAGE;
  }
  const maxRecordBytes = values["max-record-bytes"] === undefined ? DEFAULT_MAX_RECORD_BYTES : parseByteCount(values["max-record-bytes"]);
  if (maxRecordBytes === undefined) {
    process.stderr.write("specfirst validate: --max-record-bytes is a whole number of bytes, at least 1\n");
    return EXIT_USAGE;
  }
  const mediaType = values["media-type"];
  const name = mediaType === undefined ? positionals[0] : undefined;
  const files = mediaType === undefined ? positionals.slice(1) : positionals;
  // No input named: read standard input when it is piped.
  const inputs = files.length === 0 && !process.stdin.isTTY ? ["-"] : files;
  const { runValidateCommand } = await import("./validate-command.js");
  return runValidateCommand({
    name,
    mediaType,
    lenient: values.lenient,
    ndjson: values.ndjson,
    maxRecordBytes,
    format,
    inputs,
    stdin: process.stdin,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    progress: process.stderr.isTTY === true,
  });
}

async function runDiff(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { format: { type: "string", default: "text" }, root: { type: "string" } } });
  } catch (error) {
    process.stderr.write(`specfirst diff: ${(error as Error).message}\n`);
    return EXIT_USAGE;
  }
  const [ref] = parsed.positionals;
  const format = parsed.values.format;
  if (ref === undefined || (format !== "text" && format !== "json")) {
    process.stderr.write(HELP);
    return EXIT_USAGE;
  }
  const { runDiffCommand } = await import("./diff-command.js");
  return runDiffCommand({
    root: parsed.values.root ?? projectRoot(),
    ref,
    format,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}

/**
 * Runs a command whose stages load the development dependencies (json-schema-to-typescript, @redocly/cli,
 * openapi-typescript, handlebars, ts-morph, prettier), which an installed package lacks: their absence is one line
 * and exit 2, not a stack trace.
 */
async function withDevDependencies(command: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    process.stderr.write(`specfirst ${command} needs the project's development dependencies: run it in the specfirst repository after \`npm ci\`\n`);
    return EXIT_USAGE;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "diff") return runDiff(rest);
  if (command === "generate") return withDevDependencies("generate", () => runGenerate(rest));
  if (command === "validate") return runValidate(rest);
  if (command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(HELP);
    return 0;
  }
  process.stderr.write(HELP);
  return EXIT_USAGE;
}

process.exitCode = await main(process.argv.slice(2));
