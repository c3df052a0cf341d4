import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { docFiles } from "./helpers/doc-files.js";
import { CACHE_SEED, ROOT, readJson } from "./helpers/fixtures.js";
import { freshClone, runShell } from "./helpers/fresh-clone.js";
import { cacheDir, linkCache } from "./helpers/project-copy.js";

/** One README command and how it is run (test/fixtures/readme-commands.json says what each field means). */
interface ReadmeCommand {
  command: string;
  run?: string;
  why?: string;
  stdin?: string;
  exit?: number;
  until?: string;
  skip?: string;
  serial?: true;
}

/** How many of the entries that are not `serial` run at once, beside the serial ones. */
const CONCURRENT = 2;

const { commands } = readJson<{ commands: ReadmeCommand[] }>(
  path.join(ROOT, "test", "fixtures", "readme-commands.json"),
);

/** Inline code that is a command to type (the rest is file names, options, values). */
const COMMAND_PREFIXES = ["npx specfirst", "npm run", "npm ci", "npm test", "npx tsx", "npx redocly"];

/**
 * Every shell command the documentation shows (README.md, CONTRIBUTING.md, docs/*.md): each command of a ```sh
 * block, indented or not (a line ending in `\` continues on the next; comment lines and trailing comments dropped),
 * and each inline code span outside code blocks that begins with a command prefix, with its whitespace collapsed.
 */
function documentedCommands(): string[] {
  const found = new Set<string>();
  // A fence indented under a list item is a fence too: every fence starts the line from here on.
  const readme = docFiles()
    .map((file) => readFileSync(path.join(ROOT, file), "utf8").replace(/^[ \t]+```/gm, "```"))
    .join("\n");
  for (const [, block] of readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    for (const line of (block ?? "").replace(/\\\n\s*/g, "").split("\n")) {
      const command = line.replace(/\s+#\s.*$/, "").trim();
      if (command !== "" && !command.startsWith("#")) found.add(command);
    }
  }
  const prose = readme.replace(/^```[\s\S]*?^```$/gm, "");
  for (const [, span] of prose.matchAll(/`([^`]+)`/g)) {
    const text = (span ?? "").replace(/\s+/g, " ").trim();
    if (COMMAND_PREFIXES.some((prefix) => text === prefix || text.startsWith(`${prefix} `))) found.add(text);
  }
  return [...found].sort();
}

describe("the README's commands", () => {
  it("are the maintained list, and each entry says how it is run", () => {
    expect([...new Set(commands.map((entry) => entry.command))].sort()).toEqual(documentedCommands());
    for (const entry of commands) {
      // Run as written unless the README writes a placeholder or the step is the clone's set-up (then say why).
      if (entry.run !== undefined && !/<[^>]+>/.test(entry.command)) expect(entry.why, entry.command).toBeDefined();
      expect(
        [entry.exit, entry.until, entry.skip].filter((x) => x !== undefined),
        entry.command,
      ).toHaveLength(1);
      if (entry.serial !== undefined) expect([entry.serial, entry.skip], entry.command).toEqual([true, undefined]);
    }
  });

  it("run as written in a fresh clone after npm ci", async () => {
    const clone = freshClone({ packages: "installed" });
    // Its node_modules/ holds thousands of folders of its own (test/helpers/fresh-clone.ts): not left behind.
    onTestFinished(() => rmSync(clone, { recursive: true, force: true }));
    // The generation cache of the global setup's run on these inputs: the first `npm run generate` answers from it
    // (a cold run is test/generate-cache.test.ts's; the cache's key covers everything an output depends on).
    linkCache(cacheDir(CACHE_SEED), cacheDir(clone));
    const check = async (entry: ReadmeCommand) => {
      const command = entry.run ?? entry.command;
      const result = await runShell(command, {
        cwd: clone,
        ...(entry.stdin === undefined ? {} : { stdin: entry.stdin }),
        ...(entry.until === undefined ? {} : { until: entry.until }),
        timeoutMs: 90_000,
      });
      const output = `\`${command}\`\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
      expect(result.code, output).toBe(entry.until === undefined ? entry.exit : null);
      expect(result.stderr, output).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
    };
    // One after another, each taking the next entry of its list: the serial entries in one lane, the others in
    // `CONCURRENT` lanes beside it (they only read the clone).
    const runLane = async (queue: ReadmeCommand[]) => {
      for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) await check(entry);
    };
    const run = commands.filter((e) => e.skip === undefined);
    const serial = run.filter((e) => e.serial);
    const concurrent = run.filter((e) => !e.serial);
    // Every lane to its end (no command left running after the test), then the first failure.
    const lanes = await Promise.allSettled([
      runLane(serial),
      ...Array.from({ length: CONCURRENT }, () => runLane(concurrent)),
    ]);
    for (const lane of lanes) if (lane.status === "rejected") throw lane.reason;
    // Nothing the commands did left the clone different from its commit (generated/ was up to date).
    expect((await runShell("git status --porcelain", { cwd: clone })).stdout).toBe("");
  }, 240_000);

  it("say in one line (exit 2) that the packages are missing when npm ci was not run", async () => {
    const clone = freshClone({ packages: false });
    // Independent (each stops at its first import), so run at once.
    const commands = ["npx specfirst validate message -", "npx specfirst diff HEAD", "npm run generate"];
    const results = await Promise.all(commands.map((command) => runShell(command, { cwd: clone, stdin: "{}" })));
    for (const [index, result] of results.entries()) {
      const command = commands[index];
      expect(result.code, command).toBe(2);
      const lines = result.stderr
        .split("\n")
        .filter((line) => line.trim() !== "" && !line.startsWith("npm ") && !line.startsWith(">"));
      expect(lines, command).toHaveLength(1);
      expect(lines[0], command).toMatch(/is not installed: run `npm ci`/);
    }
  }, 60_000);
});
