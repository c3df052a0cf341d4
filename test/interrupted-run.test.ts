import { cpSync, readFileSync, readdirSync, rmSync, statSync, watch } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../generator/commands/generate.js";
import { CACHE_SEED, EDITED_SEED, ROOT } from "./helpers/fixtures.js";
import { cacheDir, copyProject, editSchema, linkCache } from "./helpers/project-copy.js";
import { startCli } from "./helpers/spawn-cli.js";

/** Every file under generated/ (the outputs the generator owns, and any temporary file), by path. */
function outputs(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, "generated"), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file).split(path.sep).join("/")] = readFileSync(file, "utf8");
  }
  return files;
}

/** One output of each kind `editSchema` changes. */
const KINDS = [
  "generated/messaging/types.ts",
  "generated/messaging/validators.compiled.ts",
  "generated/openapi/messaging.yaml",
  "generated/docs/messaging.html",
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves as soon as `file` of `dir` is being written by process `pid` (a write goes to `<file>.<pid>.tmp`, then
 * renames it over the file), or has been replaced (its inode changed), or the run ended. Polled every millisecond
 * by `stat`, which costs nothing next to reading megabytes.
 */
async function writing(dir: string, file: string, pid: number, ended: { value: boolean }): Promise<void> {
  const target = path.join(dir, file);
  const inode = statSync(target).ino;
  while (!ended.value) {
    if (
      statSync(`${target}.${pid}.tmp`, { throwIfNoEntry: false }) !== undefined ||
      statSync(target, { throwIfNoEntry: false })?.ino !== inode
    )
      return;
    await sleep(1);
  }
}

/**
 * Resolves once the run has stored `count` new results in the cache of `dir` (it is computing), or ended. The cache
 * folder is listed on each change of it (and every 50 ms, to see the run end): listing its 600 entries every
 * millisecond kept about a quarter of a core busy while the run computed.
 */
async function stored(dir: string, count: number, ended: { value: boolean }): Promise<void> {
  const entries = () => readdirSync(cacheDir(dir)).filter((name) => !name.endsWith(".tmp")).length;
  const target = entries() + count;
  const changes = watch(cacheDir(dir));
  try {
    while (!ended.value && entries() < target)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, 50);
        function wake() {
          clearTimeout(timer);
          changes.off("change", wake);
          resolve();
        }
        changes.on("change", wake);
      });
  } finally {
    changes.close();
  }
}

interface Kill {
  label: string;
  /** Resolves when the run is to be killed. */
  trigger: (dir: string, pid: number, ended: { value: boolean }) => Promise<void>;
}

/**
 * Starts `generate` on `dir` and, when `trigger` resolves (unless the run ended first), SIGKILLs its process group:
 * the CLI and a Redocly it may have started, which would otherwise render on for nothing. Returns once it exited.
 */
async function runKilled(dir: string, { trigger }: Kill): Promise<void> {
  const live = startCli(["generate", "--quiet", "--root", dir], { group: true });
  const pid = live.child.pid as number;
  const ended = { value: false };
  void live.exited.then(() => (ended.value = true));
  await Promise.race([trigger(dir, pid, ended), live.exited]);
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // the group is gone already: the run ended before the trigger
  }
  await live.exited;
}

describe("an interrupted run", () => {
  it("leaves every output either old or new, never half-written, and a re-run restores the new state", async () => {
    // The runs that write: on the edited inputs, with the cache of the global setup's run on them (EDITED_SEED), so
    // each goes straight to the write stage and writes every changed output with the same code as a computing run.
    // One copy, reset to the committed outputs before each run. An uninterrupted run in this process gives the new
    // state (and warms the file caches); a second one, by the CLI as the killed runs are, how long such a run takes
    // here, and that it writes the same state.
    const dir = copyProject({ edited: true });
    const before = outputs(dir);
    editSchema(dir);
    const reset = () => {
      rmSync(path.join(dir, "generated"), { recursive: true });
      cpSync(path.join(ROOT, "generated"), path.join(dir, "generated"), { recursive: true });
    };
    await generate({ root: dir });
    const after = outputs(dir);
    const changed = Object.keys(after).filter((file) => after[file] !== before[file]);
    expect(changed).toEqual(expect.arrayContaining(KINDS));
    reset();
    const timed = performance.now();
    expect(await startCli(["generate", "--quiet", "--root", dir]).exited).toBe(0);
    const runMs = performance.now() - timed;
    expect(outputs(dir)).toEqual(after);

    // What each kill left, printed at the end: how far into the writes it came.
    const left: string[] = [];
    /** The outputs after a kill: each old or new (a temporary file is not an output; the next run removes it). */
    const expectOldOrNew = (copy: string, label: string) => {
      const files = Object.entries(outputs(copy));
      for (const [file, contents] of files) {
        if (file.endsWith(".tmp")) continue;
        expect([before[file], after[file]], `${file} after a kill ${label}`).toContain(contents);
      }
      const written = changed.filter((file) =>
        files.some(([name, contents]) => name === file && contents === after[file]),
      ).length;
      left.push(
        `${label}: ${written}/${changed.length} changed outputs new, ${files.filter(([name]) => name.endsWith(".tmp")).length} temporary`,
      );
    };

    // SIGKILL at a random moment of each third of such a run (stratified over start-up, reading the cache and
    // writing; the writes take its last tenth or so), and once each kind of output is being written (its temporary
    // file appeared, or it was replaced).
    const kills: Kill[] = [0, 1, 2].map((third) => {
      const delayMs = Math.round(((third + Math.random()) / 3) * runMs);
      return { label: `at ${delayMs} ms of a ${Math.round(runMs)} ms run`, trigger: () => sleep(delayMs) };
    });
    for (const file of KINDS)
      kills.push({
        label: `while ${file} was being written`,
        trigger: (copy, pid, ended) => writing(copy, file, pid, ended),
      });
    for (const kill of kills) {
      reset();
      await runKilled(dir, kill);
      expectOldOrNew(dir, kill.label);
      await generate({ root: dir });
      expect(outputs(dir), `re-run after a kill ${kill.label}`).toEqual(after);
    }

    // And once while the stages compute: a run on the edited inputs from the unedited project's cache, killed once it
    // has stored a random number of the results the edited run adds to it (the last is stored just before the
    // writes); the re-run gets the edited run's cache.
    const computing = copyProject();
    editSchema(computing);
    const seeded = new Set(readdirSync(cacheDir(CACHE_SEED)));
    const added = readdirSync(cacheDir(EDITED_SEED)).filter((name) => !seeded.has(name)).length;
    const count = 1 + Math.floor(Math.random() * added);
    const label = `after ${count} of the ${added} results a computing run stores`;
    await runKilled(computing, { label, trigger: (copy, _pid, ended) => stored(copy, count, ended) });
    expectOldOrNew(computing, label);
    rmSync(cacheDir(computing), { recursive: true, force: true });
    linkCache(cacheDir(EDITED_SEED), cacheDir(computing));
    await generate({ root: computing });
    expect(outputs(computing), `re-run after a kill ${label}`).toEqual(after);
    console.log(`interrupted runs:\n${left.join("\n")}`);
  }, 240_000);
});
