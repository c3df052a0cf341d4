import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
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
  },
});
