import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { REGISTRY_CA_VARIABLE } from "./test/helpers/fixtures.js";

/**
 * The longest test files, longest first (as measured in clean-clone runs of `npm test` on the loaded 2-core
 * machine, where contract-diff, started seventh, ended the run): they run the generator, npm, tsc, Prism or a
 * browser, or wait on the plan limiter. The package test comes first although it is not the busiest: it waits for
 * the type check's build of dist/ (test/setup/global.ts) and then runs npm and tsc, the longest chain of the run.
 * Vitest starts the files that took longest in its last run first, but with no earlier run (a fresh clone, as in CI)
 * it starts the largest files first, and most of these, being small, would start last, and a long file started last
 * ends the run late (the README commands, started among the last in a clean clone, ended it); and its durations are
 * wall times from whatever ran last (a file run alone, a loaded machine), so even with them these did not always
 * start first.
 */
const LONGEST_FILES = [
  "package",
  "consumer-install",
  "doc-examples",
  "consumer-entry-points",
  "consumer-browser",
  "contract-diff",
  "release",
  "api-report",
  "interrupted-run",
  "generate",
  "readme-commands",
  "generate-cache",
  "docs-browser",
  "watch",
  "webhook-burst",
  "webhook-load",
  "bots-many-processes",
  "redis-store",
  "validate-command",
  "published-tools",
  "client-generators",
  "third-api",
  "proxy-routing",
  "key-redaction",
  "schema-diff",
  "client-hardening",
];

/**
 * Node parses the CA bundle that NODE_EXTRA_CA_CERTS names when any process starts (about 40 ms of CPU each on the
 * 2-core test machine), and a run starts over a hundred: vitest's workers, the CLIs, npm, npx, tsc, Prism. None of
 * them needs TLS (every server a test reaches is on loopback, over plain HTTP; npx runs the project's own bins and
 * fetches nothing), so the variable is dropped here, before vitest starts any of them. The one process
 * that may reach the registry, the package test's `npm install` (test/package.test.ts), is given it back (`withRegistryCa`,
 * test/helpers/fixtures.ts).
 */
if (process.env.NODE_EXTRA_CA_CERTS !== undefined) {
  process.env[REGISTRY_CA_VARIABLE] = process.env.NODE_EXTRA_CA_CERTS;
  delete process.env.NODE_EXTRA_CA_CERTS;
}

/** LONGEST_FILES first, in that order; the other files in vitest's order. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.indexOf(path.basename(file.moduleId, ".test.ts"));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A guard against hangs, generous: on a loaded shared 2-core machine a test running the generator's CLI a few
    // times took over 60 s (the load average was 15).
    testTimeout: 120_000,
    // The same for hooks (vitest's default is 10 s): a beforeAll copying the project into a new git repository took
    // longer than that at load 48.
    hookTimeout: 120_000,
    // Builds the spawned CLIs to JavaScript and generates once into a copy whose cache every project copy starts
    // from (see the file).
    globalSetup: ["test/setup/global.ts"],
    // Test files run in parallel, in separate processes. Many of the slow ones mostly wait on child processes (the
    // CLI, npm, Redocly, tsc, a browser), so more files than cores run at once; vitest's default (cores - 1) would
    // run them one by one on a 2-core machine. Every file works in its own temporary copies of the project.
    fileParallelism: true,
    maxWorkers: Math.max(4, os.availableParallelism()),
    // A worker process runs file after file instead of starting afresh for each (a fresh process imported vitest and
    // the generated modules again: about half a second of CPU per file). No test file changes global state, and
    // each closes what it starts.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
