#!/usr/bin/env node
import { parseArgs, type ParseArgsConfig } from "node:util";
import { projectRoot } from "../project-root.js";
import { EXIT_USAGE } from "../../runtime/cli/command.js";
import type { WriteReport } from "../write/outputs.js";
import { RELEASE_HELP, runReleaseCommand } from "./release.js";
import { API_REPORT_HELP, runApiReportCommand } from "./api-report.js";

const GENERATE_HELP = `  specfirst generate [--check] [--watch] [--force] [--quiet] [--json] [--no-cache] [--root <folder>]
      Regenerate generated/ from schemas/, openapi/ sources and templates/ (npm run generate -- <options>).
      A broken schema or an invalid example stops the run (file, JSON pointer, line:column) and writes nothing.
      --check   write nothing; exit 1 and name the stale files when generated/ differs from what the schemas produce
      --watch   regenerate now and on every change under schemas/, openapi/ and templates/ and to package.json and
                CHANGELOG.md (debounced; an edit saved during a run starts another after it); the docs pages are
                written after the other outputs; a broken edit prints its error and keeps the last good outputs
      --force   overwrite generated files edited by hand
      --quiet   print nothing on success
      --json    print the run report as JSON
      --no-cache  recompute every stage (the content-hash cache lives in node_modules/.cache/specfirst)
      --root    project folder holding schemas/, templates/ and generated/ (default: this package)
      Exit 0 done, 1 broken input or stale files (--check), 2 usage error.
`;

const DIFF_HELP = `  specfirst diff <git-ref> [--format text|json|markdown] [--root <folder>]
  specfirst diff <old.yaml> <new.yaml> [--format text|json|markdown]
      Report the changes of the published contract between a git ref and the working tree: both sides are built
      by this generator (schemas checked and their content-by-type rules expanded, OpenAPI documents built) and
      compared rule by rule (schemas, operations, parameters, request bodies, responses, security, servers,
      webhooks, x-specfirst-* declarations). Each change is classified breaking for the producers or consumers
      of the payload it concerns (caller, service or bot), or compatible, with why; the report suggests the
      version bump (major when anything breaks, minor for additions, patch otherwise). With api/, the package's
      TypeScript API too: the ref's api/*.api.md against today's build, in a "Package API" section
      (docs/change-control.md#the-package-api). docs/change-control.md#what-diff-reports lists the rules.
      With two files: any two OpenAPI 3.x documents (YAML or JSON, one file each, local $refs), compared by the
      same rules, their component schemas read in the directions of the payloads using them; a document that
      cannot be read is refused with each problem at file:line:column and JSON pointer.
      --format  text (default), json (its stable fields, listed there), markdown (for a pull request)
      Exit 0 when nothing breaks, 1 when something does, 2 on a usage error, an unknown ref or a broken input.
`;

const HELP = `specfirst development commands (in the repository: npx specfirst <command>, or npm run <command> -- <options>)

Usage:
${GENERATE_HELP}${DIFF_HELP}${RELEASE_HELP}${API_REPORT_HELP}  specfirst <command> --help
`;

/** Parses a command's options; an unknown or malformed one is one line on stderr (the caller exits 2). */
function parseOptions<const T extends ParseArgsConfig>(
  command: string,
  config: T,
): ReturnType<typeof parseArgs<T>> | undefined {
  try {
    return parseArgs(config);
  } catch (error) {
    process.stderr.write(`specfirst ${command}: ${(error as Error).message} (see specfirst ${command} --help)\n`);
    return undefined;
  }
}

async function runGenerate(args: string[]): Promise<number> {
  const parsed = parseOptions("generate", {
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
  if (parsed === undefined) return EXIT_USAGE;
  const { values } = parsed;
  const { generate } = await import("./generate.js");
  const { GenerationFailed, formatProblem } = await import("../problems.js");
  const root = values.root ?? projectRoot();
  const once = async (watching: boolean): Promise<number> => {
    const started = performance.now();
    try {
      // In watch mode the docs pages (Redoc, the slowest stage) are written after everything else.
      const early = watching
        ? (report: WriteReport) => {
            if (!values.json && !values.quiet)
              process.stdout.write(
                `wrote ${report.written.length} files in ${(performance.now() - started).toFixed(0)} ms; docs follow\n`,
              );
          }
        : undefined;
      const result = await generate({
        root,
        check: values.check,
        force: values.force,
        cache: !values["no-cache"],
        ...(early ? { early } : {}),
      });
      if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
      else if (!values.quiet) {
        for (const timing of result.timings) {
          process.stdout.write(
            `${timing.stage.padEnd(22)} ${timing.ms.toFixed(0).padStart(6)} ms${timing.cached ? "  (cached)" : ""}\n`,
          );
        }
        if (result.compiledValidators.length > 0)
          process.stdout.write(`compiled  ${result.compiledValidators.length} validators with AJV\n`);
        if (result.written) {
          const { written, unchanged, removed } = result.written;
          for (const file of written) process.stdout.write(`wrote     ${file}\n`);
          for (const file of removed) process.stdout.write(`removed   ${file}\n`);
          process.stdout.write(`${written.length} written, ${unchanged.length} unchanged, ${removed.length} removed\n`);
        }
      }
      if (result.stale && result.stale.length > 0) {
        process.stderr.write(
          `Generated files are stale; run \`npm run generate\` and commit:\n${result.stale.map((f) => `  ${f}\n`).join("")}`,
        );
        return 1;
      }
      if (result.stale && !values.quiet && !values.json) process.stdout.write("generated files are up to date\n");
      return 0;
    } catch (error) {
      if (error instanceof GenerationFailed) {
        process.stderr.write(
          `Generation failed; previous outputs were left as they were.\n${error.problems.map((p) => `  ${formatProblem(p)}\n`).join("")}`,
        );
        return 1;
      }
      throw error;
    }
  };
  if (!values.watch) return once(false);

  // Watching starts before the first run, so an edit saved while it runs triggers one more run after it; the
  // stages stay loaded from one run to the next.
  const { watchInputs } = await import("./watch.js");
  (await import("./generate.js")).preloadStages();
  let first = true;
  const stop = watchInputs({
    root,
    initial: true,
    run: async (changed) => {
      const initial = first;
      first = false;
      if (!initial) process.stdout.write(`changed: ${changed.join(", ")}\n`);
      const status = await once(true);
      process.stdout.write(
        status !== 0
          ? "kept the last good outputs; watching\n"
          : initial
            ? "generated; watching\n"
            : "regenerated; watching\n",
      );
    },
  });
  process.stdout.write("watching schemas/, openapi/, templates/, package.json and CHANGELOG.md (Ctrl-C to stop)\n");
  await new Promise<void>((resolve) => process.once("SIGINT", resolve).once("SIGTERM", resolve));
  stop();
  // Now, even mid-run: every output is written atomically (old or new), and a Redoc render still going is of no use.
  process.exit(0);
}

async function runDiff(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        format: { type: "string", default: "text" },
        root: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    process.stderr.write(`specfirst diff: ${(error as Error).message}\n`);
    return EXIT_USAGE;
  }
  if (parsed.values.help) {
    process.stdout.write(`Usage:\n${DIFF_HELP}`);
    return 0;
  }
  const [ref, newFile, ...extra] = parsed.positionals;
  const format = parsed.values.format;
  if (ref === undefined || extra.length > 0 || (format !== "text" && format !== "json" && format !== "markdown")) {
    const problem =
      ref === undefined
        ? "a git ref, or two OpenAPI documents, is needed"
        : extra.length > 0
          ? `one git ref or two files are expected, got ${parsed.positionals.length} arguments`
          : `unknown format "${format}" (text, json or markdown)`;
    process.stderr.write(`specfirst diff: ${problem}\n\n${HELP}`);
    return EXIT_USAGE;
  }
  const { runDiffCommand } = await import("./diff.js");
  return runDiffCommand({
    root: parsed.values.root ?? projectRoot(),
    ref,
    newFile,
    format,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}

/**
 * Runs a command whose stages load the development dependencies (json-schema-to-typescript, @redocly/cli,
 * openapi-typescript, handlebars, prettier), which a checkout without `npm ci` lacks: their absence is one line
 * and exit 2, not a stack trace.
 */
async function withDevDependencies(command: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    process.stderr.write(
      `specfirst ${command} needs the project's development dependencies: run it in the specfirst repository after \`npm ci\`\n`,
    );
    return EXIT_USAGE;
  }
}

/** Each command: its part of the help, and how it runs (with the arguments after its name). */
const COMMANDS: Record<string, { help: string; run: (args: string[]) => Promise<number> }> = {
  generate: { help: GENERATE_HELP, run: (args) => withDevDependencies("generate", () => runGenerate(args)) },
  diff: { help: DIFF_HELP, run: runDiff },
  release: {
    help: RELEASE_HELP,
    run: (args) => withDevDependencies("release", () => runReleaseCommand(args, { root: projectRoot() })),
  },
  "api-report": {
    help: API_REPORT_HELP,
    run: (args) => withDevDependencies("api-report", () => runApiReportCommand(args, { root: projectRoot() })),
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(HELP);
    return 0;
  }
  const command = name === undefined ? undefined : COMMANDS[name];
  if (command === undefined) {
    process.stderr.write(
      name === undefined ? HELP : `specfirst: unknown development command '${name}' (see specfirst --help)\n`,
    );
    return EXIT_USAGE;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    process.stdout.write(`Usage:\n${command.help}`);
    return 0;
  }
  return command.run(rest);
}

process.exitCode = await main(process.argv.slice(2));
