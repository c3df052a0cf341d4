import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DISK_TMPDIR_VARIABLE, ROOT } from "./fixtures.js";

const IDENTITY = {
  GIT_AUTHOR_NAME: "specfirst tests",
  GIT_AUTHOR_EMAIL: "tests@specfirst.invalid",
  GIT_COMMITTER_NAME: "specfirst tests",
  GIT_COMMITTER_EMAIL: "tests@specfirst.invalid",
};

/**
 * A fresh clone of this checkout as a user gets one: `git clone` into a temporary folder, with the working tree's
 * uncommitted changes to tracked files overlaid and committed (so it is the working tree that is tried, and `git diff
 * HEAD` is clean there). Untracked files are left out, as a clone has none.
 *
 * `packages` stands for the `npm ci` a user runs next (a real one takes 15 to 45 s on the shared test machine, most of
 * the time budget of a test file): `"installed"`, the tree `npm ci` leaves (`installPackages`), for commands run
 * through npx, which reads that tree; `"linked"`, a link to each of this checkout's package folders (`linkPackages`),
 * enough for node and `npm run`, and made and removed at once where the tree's 45,000 hard links take about 2 s of
 * CPU; `false`, none.
 */
export function freshClone(options: { packages: "installed" | "linked" | false }): string {
  // An installed tree is hard-linked from this checkout's: on its file system (the disk), not in the run's tmpfs.
  const parent = options.packages === "installed" ? (process.env[DISK_TMPDIR_VARIABLE] ?? tmpdir()) : tmpdir();
  const dir = mkdtempSync(path.join(parent, "specfirst-clone-"));
  execFileSync("git", ["clone", "--quiet", ROOT, dir]);
  const changed = execFileSync("git", ["-C", ROOT, "diff", "--name-only", "HEAD"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  for (const file of changed) {
    if (existsSync(path.join(ROOT, file))) cpSync(path.join(ROOT, file), path.join(dir, file));
    else rmSync(path.join(dir, file), { force: true });
  }
  if (changed.length > 0) {
    execFileSync("git", ["-C", dir, "add", "--all"]);
    execFileSync("git", ["-C", dir, "commit", "--quiet", "--no-verify", "-m", "working tree of the tested checkout"], {
      env: { ...process.env, ...IDENTITY },
    });
  }
  if (options.packages === "installed") installPackages(dir);
  if (options.packages === "linked") linkPackages(dir);
  return dir;
}

/** The folders of this checkout's node_modules/ but its own `.cache`. */
const packageFolders = () => readdirSync(path.join(ROOT, "node_modules")).filter((name) => name !== ".cache");

/**
 * Gives `dir` a node_modules/ of links to this checkout's package folders, and an empty `.cache` of its own (builds,
 * generation cache).
 */
function linkPackages(dir: string): void {
  const modules = path.join(dir, "node_modules");
  mkdirSync(path.join(modules, ".cache"), { recursive: true });
  for (const name of packageFolders()) symlinkSync(path.join(ROOT, "node_modules", name), path.join(modules, name));
}

/**
 * Gives `dir` the node_modules/ that `npm ci` leaves, from this checkout's (installed by `npm ci` from the same
 * package-lock.json): its folders made anew and its files hard-linked (`cp -al`, nothing copied), then the hidden
 * lockfile (node_modules/.package-lock.json) written last, as npm writes it. npm trusts that lockfile only when no
 * folder under node_modules/ is newer than it, and then does not read every package's package.json: each `npx
 * specfirst` (which loads the whole tree to find the package's own bin) then takes about 1 s of CPU less than with a
 * link to each package folder. The clone's node_modules/.cache/ (builds, generation cache) is its own,
 * empty folder. Where hard links cannot be made (another file system, a `cp` without `-l`), a link to each package
 * folder stands for the tree.
 */
function installPackages(dir: string): void {
  const installed = path.join(ROOT, "node_modules");
  const modules = path.join(dir, "node_modules");
  const entries = packageFolders();
  mkdirSync(path.join(modules, ".cache"), { recursive: true });
  try {
    execFileSync("cp", ["-al", "--", ...entries.map((name) => path.join(installed, name)), modules], {
      stdio: "ignore",
    });
    // Last: a change in node_modules/ itself after it (a new entry) would make npm distrust it again.
    const hidden = path.join(modules, ".package-lock.json");
    rmSync(hidden, { force: true });
    copyFileSync(path.join(installed, ".package-lock.json"), hidden);
  } catch {
    for (const name of entries) rmSync(path.join(modules, name), { recursive: true, force: true });
    linkPackages(dir);
  }
}

/** The environment of a user's shell: none of the variables npm or vitest set for the test process. */
export function userEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST|NODE_OPTIONS$|INIT_CWD$)/i.test(name)),
  );
}

export interface ShellResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `command` with `bash -c` in `cwd`, as a user types it. With `until`, the command runs until it prints that
 * text (on either stream), and is then stopped with SIGTERM (its whole process group: npx starts node); the result's
 * code is then null. Rejects after `timeoutMs`.
 */
export function runShell(
  command: string,
  options: { cwd: string; stdin?: string; until?: string; timeoutMs?: number },
): Promise<ShellResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", command], {
      cwd: options.cwd,
      env: userEnvironment(),
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let seen = false;
    const stop = () => {
      try {
        process.kill(-(child.pid as number), "SIGTERM");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(
          `\`${command}\` did not ${options.until ? `print "${options.until}"` : "finish"} within ${options.timeoutMs ?? 60_000} ms\nstdout:\n${stdout}\nstderr:\n${stderr}`,
        ),
      );
    }, options.timeoutMs ?? 60_000);
    const watch = () => {
      if (options.until !== undefined && !seen && (stdout + stderr).includes(options.until)) {
        seen = true;
        stop();
      }
    };
    child.stdout.on("data", (chunk: Buffer) => ((stdout += chunk.toString()), watch()));
    child.stderr.on("data", (chunk: Buffer) => ((stderr += chunk.toString()), watch()));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: seen ? null : code, stdout, stderr });
    });
    // A command that exits (or is stopped) before reading its input closes the pipe: EPIPE, not a failure of the test.
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") reject(error);
    });
    child.stdin.end(options.stdin ?? "");
  });
}
