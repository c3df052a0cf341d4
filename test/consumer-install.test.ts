import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT } from "./helpers/fixtures.js";
import { installedPackage, npm } from "./helpers/installed-package.js";

// The two ways docs/package.md#installing gives a service or a bot outside this repository to install the package,
// each followed in a new project: the tarball `npm pack` writes, and a git dependency, which npm builds on install
// with the package's `prepare` script (after installing its devDependencies, from npm's cache when it has them).
const run = promisify(execFile);

const SCRIPT = `import { validate } from "specfirst/validators";
import { createMessagingClient } from "specfirst/client";
const client = createMessagingClient({ baseUrl: "http://127.0.0.1:9", accessKey: "install-access-key", validate: true });
const refused = await client.sendMessage({ to: "a@b.example.net", type: "text/plain", content: 1 }).catch((error) => error.constructor.name);
process.stdout.write(JSON.stringify({ result: validate("message", { to: "a@b.example.net", type: "text/plain", content: 1 }), refused }));
`;
const EXPECTED = {
  result: {
    valid: false,
    errors: [
      { pointer: "/content", message: "must be a string (checked as the text/plain document)", keyword: "type" },
    ],
  },
  refused: "RequestValidationError",
};

/** A new project with `specfirst` installed by `npm install <spec>`; the output of SCRIPT run there. */
async function installAndRun(spec: string): Promise<unknown> {
  const project = mkdtempSync(path.join(tmpdir(), "specfirst-install-"));
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "service", private: true, type: "module" }));
  await npm(["install", "--prefer-offline", spec], project);
  writeFileSync(path.join(project, "main.mjs"), SCRIPT);
  const { stdout } = await run(process.execPath, ["main.mjs"], { cwd: project });
  return JSON.parse(stdout);
}

describe("installing the package outside this repository", () => {
  it("from the tarball of `npm pack`", async () => {
    const { tarball } = await installedPackage();
    expect(await installAndRun(tarball)).toEqual(EXPECTED);
  });

  it("as a git dependency, built on install by its `prepare` script", async () => {
    // A repository holding the checkout as it is now (committed or not), as a remote a service would name.
    const repository = mkdtempSync(path.join(tmpdir(), "specfirst-git-"));
    const git = (args: string[], cwd = repository) => run("git", args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    await git(["init", "-q", "-b", "main"]);
    const { stdout } = await git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], ROOT);
    for (const file of stdout.split("\0").filter(Boolean)) {
      mkdirSync(path.dirname(path.join(repository, file)), { recursive: true });
      try {
        copyFileSync(path.join(ROOT, file), path.join(repository, file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error; // deleted, not yet committed
      }
    }
    await git(["add", "-A"]);
    await git(["-c", "user.name=test", "-c", "user.email=test@example.net", "commit", "-q", "-m", "checkout"]);
    expect(await installAndRun(`git+file://${repository}`)).toEqual(EXPECTED);
    // npm installs the package's devDependencies to build it: about a minute of npm on the 2-core machine, longer
    // when the rest of the run loads it
  }, 280_000);
});
