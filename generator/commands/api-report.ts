import { parseArgs } from "node:util";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "../../runtime/cli/command.js";

export const API_REPORT_HELP = `  specfirst api-report [--check] [--root <folder>]
      Write api/<entry point>.api.md: the TypeScript API of each entry point of package.json exports (every export
      with its signature, and the declarations they are written with), read with ts-morph from the declarations
      npm run build's compiler writes (tsc -p tsconfig.build.json, here into a temporary folder). specfirst diff
      and release compare these reports (docs/change-control.md#the-package-api).
      --check   write nothing; exit 1 and name the stale reports when api/ differs from what the build gives
      --root    project folder (default: this package)
      Exit 0 done (or up to date), 1 stale (--check) or the declarations do not build, 2 usage error.
`;

/** `specfirst api-report` from the command line (generator/commands/cli.ts). */
export async function runApiReportCommand(args: string[], defaults: { root: string }): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { check: { type: "boolean" }, root: { type: "string" } } }));
  } catch (error) {
    process.stderr.write(`specfirst api-report: ${(error as Error).message} (see specfirst api-report --help)\n`);
    return EXIT_USAGE;
  }
  const { writeApiReports, ApiReportError, staleMessage } = await import("../api-report/index.js");
  const check = values.check ?? false;
  try {
    const result = await writeApiReports(values.root ?? defaults.root, { check });
    const touched = [...result.changed, ...result.removed];
    if (check && touched.length > 0) {
      process.stderr.write(staleMessage(touched));
      return EXIT_FAILURE;
    }
    if (check) process.stdout.write(`API reports are up to date (${result.reports.length} entry points)\n`);
    else {
      for (const file of result.changed) process.stdout.write(`wrote     ${file}\n`);
      for (const file of result.removed) process.stdout.write(`removed   ${file}\n`);
      process.stdout.write(
        `${result.changed.length} written, ${result.reports.length - result.changed.length} unchanged, ${result.removed.length} removed\n`,
      );
    }
    return EXIT_OK;
  } catch (error) {
    if (!(error instanceof ApiReportError)) throw error;
    process.stderr.write(`specfirst api-report: ${error.message}\n`);
    return EXIT_FAILURE;
  }
}
