import { execFile, spawnSync } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./fixtures.js";

/**
 * python3-jsonschema for the tests: the published schemas (generated/schemas/) as a Python service reads them
 * (docs/published-contract.md#one-verdict-in-every-language). Debian's package (`/usr/bin/python3`, jsonschema 4.10)
 * and any other python3 on the PATH with jsonschema (a pip install, 4.18 and later) are each run. On a machine with
 * neither, the tests that need one are skipped with one line naming the install command; in CI (the variable CI set,
 * as .ci/run runs) a missing jsonschema fails the run.
 */

/** How to get python3-jsonschema on Debian (what .ci/run does). */
export const PYTHON_JSONSCHEMA_INSTALL = "apt-get install python3-jsonschema";

const CANDIDATES = ["python3", "/usr/bin/python3"];

/** A Python that imports jsonschema: its command and the interpreter it runs (to run each interpreter once). */
export interface PythonJsonschema {
  command: string;
  executable: string;
}

function findPythons(): PythonJsonschema[] {
  const found: PythonJsonschema[] = [];
  for (const command of CANDIDATES) {
    const probe = spawnSync(command, ["-c", "import jsonschema, sys; print(sys.executable)"], { encoding: "utf8" });
    const executable = probe.status === 0 ? probe.stdout.trim() : "";
    if (executable !== "" && !found.some((python) => python.executable === executable))
      found.push({ command, executable });
  }
  return found;
}

export const PYTHONS = findPythons();

/**
 * Whether the Python tests run here: true with at least one python3 importing jsonschema; false without (one line says
 * so); throws in CI, where a missing python3-jsonschema is a broken set-up, not a reason to skip.
 */
export function pythonJsonschemaAvailable(file: string): boolean {
  if (PYTHONS.length > 0) return true;
  const install = `install it with \`${PYTHON_JSONSCHEMA_INSTALL}\``;
  if (process.env.CI !== undefined && process.env.CI !== "")
    throw new Error(`python3 cannot import jsonschema, and under CI ${file} must run: ${install} (.ci/run does)`);
  console.warn(`python3 cannot import jsonschema: ${file} is skipped; ${install}`);
  return false;
}

/** What one Python said: its jsonschema version, the formats its FormatChecker asserts, and a verdict per case. */
export interface PythonVerdicts {
  version: string;
  formats: string[];
  /** Whether its FormatChecker refused `2026-02-30` as a `date`. */
  asserts_formats: boolean;
  verdicts: boolean[];
}

const run = promisify(execFile);

/**
 * Each case (`id`: the `$id` of a schema of generated/schemas/) validated by `python` with Draft 2020-12 and formats
 * asserted (test/helpers/python-verdicts.py), in one process.
 */
export async function pythonVerdicts(
  python: PythonJsonschema,
  cases: readonly { id: string; data: unknown }[],
): Promise<PythonVerdicts> {
  const child = run(python.command, [path.join(ROOT, "test", "helpers", "python-verdicts.py")], {
    maxBuffer: 64 * 1024 * 1024,
  });
  child.child.stdin?.end(JSON.stringify({ schemas: path.join(ROOT, "generated", "schemas"), cases }));
  const { stdout } = await child;
  return JSON.parse(stdout) as PythonVerdicts;
}
