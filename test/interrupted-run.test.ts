import { cpSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../generator/commands/generate.js";
import { cacheDir, copyProject } from "./helpers/project-copy.js";
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

/** A schema edit that changes every kind of output: types, validators, the messaging document and its docs. */
function editSchema(dir: string) {
  const file = path.join(dir, "schemas/messaging/reason.schema.json");
  writeFileSync(file, readFileSync(file, "utf8").replace('"properties": {', '"properties": {\n    "retry_after": { "type": "integer", "minimum": 0, "description": "Seconds to wait." },'));
}

/**
 * Resolves as soon as one output of `dir` has been replaced (a write renames a new file over it, so its inode
 * changes; polled every millisecond by `stat`, which costs nothing next to reading megabytes), or the run ended.
 */
async function firstReplacement(dir: string, ended: { value: boolean }): Promise<void> {
  const watched = ["generated/messaging/types.ts", "generated/messaging/validators.compiled.ts", "generated/openapi/messaging.yaml", "generated/docs/messaging.html"].map((file) => path.join(dir, file));
  const inodes = watched.map((file) => statSync(file).ino);
  while (!ended.value) {
    if (watched.some((file, index) => statSync(file, { throwIfNoEntry: false })?.ino !== inodes[index])) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

describe("an interrupted run", () => {
  it("leaves every output either old or new, never half-written, and a re-run restores the new state", async () => {
    const reference = copyProject();
    const before = outputs(reference);
    editSchema(reference);
    // Its cache (the edited run's results) then lets each re-run below go straight to the write stage, which is
    // what restores an interrupted state.
    await generate({ root: reference });
    const after = outputs(reference);
    const changed = Object.keys(after).filter((file) => after[file] !== before[file]);
    expect(changed).toEqual(expect.arrayContaining(["generated/messaging/types.ts", "generated/messaging/validators.compiled.ts", "generated/openapi/messaging.yaml", "generated/docs/messaging.html"]));

    // How long an uninterrupted CLI run takes here, so that the kill points cover the whole run. Each copy starts
    // with the cache of the unedited project, so a run recomputes what the edit changed (every kind of output of
    // the messaging API) and writes it.
    const timed = copyProject();
    editSchema(timed);
    const started = performance.now();
    await startCli(["generate", "--quiet", "--root", timed]).exited;
    const runMs = performance.now() - started;

    // SIGKILL at a random moment of each third of the run (stratified, so startup, stages and writes are all
    // covered over runs), plus once the first output has been replaced: a kill among the renames themselves.
    const kills: { label: string; trigger: (dir: string, ended: { value: boolean }) => Promise<void> }[] = [0, 1, 2].map((third) => {
      const delayMs = Math.round(((third + Math.random()) / 3) * runMs);
      return { label: `at ${delayMs} ms of a ${Math.round(runMs)} ms run`, trigger: () => new Promise((resolve) => setTimeout(resolve, delayMs)) };
    });
    kills.push({ label: "right after the first output was replaced", trigger: (dir, ended) => firstReplacement(dir, ended) });

    for (const { label, trigger } of kills) {
      const dir = copyProject();
      editSchema(dir);
      const live = startCli(["generate", "--quiet", "--root", dir]);
      const ended = { value: false };
      void live.exited.then(() => (ended.value = true));
      await Promise.race([trigger(dir, ended), live.exited]);
      live.child.kill("SIGKILL");
      await live.exited;
      for (const [file, contents] of Object.entries(outputs(dir))) {
        if (file.endsWith(".tmp")) continue; // a temporary file is not an output; the next run removes it
        expect([before[file], after[file]], `${file} after a kill ${label}`).toContain(contents);
      }
      rmSync(cacheDir(dir), { recursive: true, force: true });
      cpSync(cacheDir(reference), cacheDir(dir), { recursive: true });
      await generate({ root: dir });
      expect(outputs(dir), `re-run after a kill ${label}`).toEqual(after);
    }
  }, 240_000);
});
