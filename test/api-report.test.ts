import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { comparePackageApis } from "../generator/api-report/compare.js";
import { readEntryPoints } from "../generator/api-report/entry-points.js";
import { readReport, reportPath } from "../generator/api-report/report-file.js";
import { diffContract, type DiffReport } from "../generator/diff/report.js";
import { ROOT } from "./helpers/fixtures.js";
import { freshClone, runShell } from "./helpers/fresh-clone.js";

// The package's TypeScript API report (api/*.api.md): what it lists, the drift gate CI runs on it, and what
// `specfirst release` and `diff` make of a change to an entry point, in a fresh clone as a maintainer has one.

const read = (root: string, file: string) => readFileSync(path.join(root, file), "utf8");
const git = (root: string, ...args: string[]) =>
  execFileSync("git", ["-C", root, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { encoding: "utf8" });

/** An export added to `specfirst/express`, and one taken away from it (`jsonErrors` stays, unexported). */
function addExport(root: string): void {
  const file = path.join(root, "runtime/middleware/express.ts");
  writeFileSync(
    file,
    `${read(root, "runtime/middleware/express.ts")}\n/** A new export. */\nexport const bodyLimitBytes = 1024;\n`,
  );
}
function removeExport(root: string): void {
  const file = path.join(root, "runtime/middleware/express.ts");
  const text = read(root, "runtime/middleware/express.ts");
  expect(text).toContain("export function jsonErrors(");
  writeFileSync(file, text.replace("export function jsonErrors(", "function jsonErrors("));
}

describe("the committed API reports", () => {
  it("are one per entry point of package.json exports, each listing its exports with their signatures", async () => {
    const entryPoints = await readEntryPoints(ROOT);
    expect(entryPoints.map((entryPoint) => entryPoint.specifier)).toEqual(
      expect.arrayContaining([
        "specfirst",
        "specfirst/express",
        "specfirst/client",
        "specfirst/sandbox",
        "specfirst/messaging/validators",
      ]),
    );
    expect(readdirSync(path.join(ROOT, "api")).sort()).toEqual(
      entryPoints.map((entryPoint) => path.basename(reportPath(entryPoint.specifier))).sort(),
    );
    const express = read(ROOT, "api/specfirst-express.api.md");
    expect(express).toContain(
      "### `validateBody` (runtime/middleware/express.ts)\n\n```ts\nexport declare function validateBody(name: string, options?: BodyValidationOptions): Middleware;\n```",
    );
    expect(express).toContain(
      "export interface BodyValidationOptions {\n    limit?: number;\n    validators?: Validates;\n    maxErrors?: number;\n}",
    );
    const client = read(ROOT, "api/specfirst-client.api.md");
    expect(client).toContain(
      "export declare function createWebhookHandler(options: WebhookHandlerOptions): MessagingWebhookHandler;",
    );
    expect(client).toMatch(/^export interface WebhookHandlerOptions extends /m);
    expect(client).toContain("    onMessage?(message: ReceivedMessage, context: MessagingWebhookContext): unknown;");
    // A type the exports are written with but the entry point does not export is reported under them.
    expect(client).toContain("interface WebhookHandlerBaseOptions<Client = OperationMethods, Payload = unknown,");
    expect(client).toContain("    secret?: WebhookSecret | undefined;");
    // The error classes, with their public members and constructors.
    expect(client).toContain("export declare class ClientError extends Error {\n    readonly operationId: string;");
    expect(client).toContain("    toJSON(): ErrorJson;");
    expect(client).toContain(
      "export declare class HttpError extends ClientError {\n    readonly status: number;\n    readonly body: string;",
    );
    for (const error of [
      "BadRequestError",
      "UnauthorizedError",
      "RateLimitedError",
      "ServerError",
      "NetworkError",
      "TimeoutError",
      "AbortedError",
      "RequestValidationError",
      "ResponseFormatError",
      "RedirectError",
      "MiddlewareError",
      "CommandFailedError",
    ])
      expect(client, error).toMatch(new RegExp(`^export declare class ${error} extends \\w*Error \\{`, "m"));
    expect(read(ROOT, "api/specfirst-fastify.api.md")).toContain(
      "### `default` (runtime/middleware/fastify.ts)\n\n```ts\ndeclare function plugin(fastify: FastifyLike, options: SpecfirstFastifyOptions): Promise<void>;\nexport default plugin;\n```",
    );
    expect(read(ROOT, "api/specfirst-sandbox.api.md")).toContain(
      "export declare function createSandbox(options?: SandboxOptions): Sandbox;",
    );
    // Each reads back, and compares with itself as no change.
    const reports = entryPoints.map((entryPoint) => {
      const file = reportPath(entryPoint.specifier);
      return readReport(file, read(ROOT, file));
    });
    expect(comparePackageApis(reports, reports)).toEqual({ compared: true, bump: "patch", breaking: 0, changes: [] });
  });

  it("are checked for drift like generated/: a stale report fails with the command that rewrites it", async () => {
    expect(read(ROOT, ".ci/run")).toMatch(/^npm run api-report -- --check$/m);
    const clone = freshClone({ packages: "linked" });
    onTestFinished(() => rmSync(clone, { recursive: true, force: true }));
    const check = () => runShell("npm run api-report -- --check", { cwd: clone, timeoutMs: 180_000 });
    const fresh = await check();
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toMatch(/API reports are up to date \(\d+ entry points\)/);

    // A source edit whose report was not rewritten.
    addExport(clone);
    const stale = await check();
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(
      "API reports are stale; run `npm run api-report` and commit:\n  api/specfirst-express.api.md\n",
    );
    git(clone, "checkout", "--", "runtime/middleware/express.ts");

    // A report edited by hand, and one left over from an entry point that is gone.
    const sandbox = path.join(clone, "api/specfirst-sandbox.api.md");
    writeFileSync(
      sandbox,
      read(clone, "api/specfirst-sandbox.api.md").replace("    port?: number;", "    port: number;"),
    );
    writeFileSync(path.join(clone, "api/specfirst-retired.api.md"), "# API report: `specfirst/retired`\n");
    const edited = await check();
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain("  api/specfirst-sandbox.api.md\n  api/specfirst-retired.api.md\n");

    const rewrite = await runShell("npm run api-report", { cwd: clone, timeoutMs: 180_000 });
    expect(rewrite.code, rewrite.stderr).toBe(0);
    expect(rewrite.stdout).toContain("wrote     api/specfirst-sandbox.api.md");
    expect(rewrite.stdout).toContain("removed   api/specfirst-retired.api.md");
    expect(git(clone, "status", "--porcelain")).toBe("");
    expect((await check()).code).toBe(0);
  }, 600_000);
});

describe("specfirst release and diff: the package API", () => {
  it("in a fresh clone tagged v0.1.0: an added export is minor, a removed one major, both in the changelog entry of --yes", async () => {
    const clone = freshClone({ packages: "installed" });
    onTestFinished(() => rmSync(clone, { recursive: true, force: true }));
    git(clone, "tag", "v0.1.0");
    const npx = async (command: string) => {
      const result = await runShell(command, { cwd: clone, timeoutMs: 240_000 });
      expect(result.stderr, command).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
      return result;
    };

    addExport(clone);
    const minor = await npx("npx specfirst release");
    expect(minor.code, minor.stderr).toBe(0);
    expect(minor.stdout).toContain(
      "compatible  export-added  package API specfirst/express: `bodyLimitBytes` (const) is exported\n    why: A new export: existing imports do not name it.",
    );
    expect(minor.stdout).toContain(
      "0 contract change(s) and 1 package API change(s) since v0.1.0, 0 breaking; suggested version bump: minor",
    );
    expect(minor.stdout).toContain("release: 0.1.0 → 0.2.0 (minor)");

    removeExport(clone);
    const major = await npx("npx specfirst release");
    expect(major.code, major.stderr).toBe(0);
    expect(major.stdout).toContain(
      "BREAKING for importers  export-removed  package API specfirst/express: `jsonErrors` (function) is no longer exported",
    );
    expect(major.stdout).toContain("proposed bump: major (1 breaking change since v0.1.0)");
    expect(major.stdout).toContain("release: 0.1.0 → 1.0.0 (major)");
    expect(git(clone, "status", "--porcelain")).toBe(" M runtime/middleware/express.ts\n"); // a dry run

    // `diff --format json` carries them, and exits 1 on the breaking one.
    const json = await npx("npx specfirst diff v0.1.0 --format json");
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as DiffReport;
    expect(report).toMatchObject({ ref: "v0.1.0", bump: "major", breaking: 1, changes: [] });
    expect(report.packageApi).toMatchObject({ compared: true, bump: "major", breaking: 1 });
    expect(report.packageApi?.changes).toEqual([
      {
        rule: "export-removed",
        family: "exports",
        severity: "breaking",
        breaks: "both",
        who: ["importers"],
        bump: "major",
        entryPoints: ["specfirst/express"],
        declaration: "jsonErrors",
        position: ["input", "output"],
        message: "`jsonErrors` (function) is no longer exported",
        why: "Importers that name it no longer compile, and plain JavaScript gets undefined.",
      },
      {
        rule: "export-added",
        family: "exports",
        severity: "compatible",
        breaks: "none",
        who: [],
        bump: "minor",
        entryPoints: ["specfirst/express"],
        declaration: "bodyLimitBytes",
        position: ["output"],
        message: "`bodyLimitBytes` (const) is exported",
        why: "A new export: existing imports do not name it.",
      },
    ]);

    const released = await npx("npx specfirst release --yes");
    expect(released.code, released.stderr).toBe(0);
    expect(released.stdout).toContain("api/: 1 report(s) rewritten");
    const changelog = read(clone, "CHANGELOG.md");
    const entry = changelog.slice(changelog.indexOf("## 1.0.0 — "), changelog.indexOf("## 0.1.0"));
    expect(entry).toContain(
      "Major release: no change to the published contract and 2 changes to the package API since v0.1.0, 1 breaking.",
    );
    expect(entry).toContain(
      "### Package API (1 breaking, 1 compatible)\n\n| Impact | Rule | Entry points | Change | Why |\n|---|---|---|---|---|\n" +
        "| **BREAKING for importers** | `export-removed` | `specfirst/express` | `jsonErrors` (function) is no longer exported | Importers that name it no longer compile, and plain JavaScript gets undefined. |\n" +
        "| compatible | `export-added` | `specfirst/express` | `bodyLimitBytes` (const) is exported | A new export: existing imports do not name it. |",
    );
    expect(read(clone, "generated/docs/changelog.html")).toContain("<code>export-removed</code>");
    // The release rewrote the report it changed: the next release compares with it, and the drift gate passes.
    expect(read(clone, "api/specfirst-express.api.md")).toContain("export declare const bodyLimitBytes = 1024;");
    expect(read(clone, "api/specfirst-express.api.md")).not.toContain("### `jsonErrors`");
    expect((await npx("npm run api-report -- --check")).code).toBe(0);

    // A base with no reports: diff says the package API was not compared; release refuses unless --force.
    const [added] = git(clone, "log", "--format=%H", "--diff-filter=A", "--", "api/specfirst.api.md")
      .trim()
      .split("\n")
      .reverse();
    const before = `${added ?? ""}^`;
    const unreported = await diffContract({ root: clone, ref: before });
    expect(unreported.packageApi).toEqual({
      compared: false,
      reason: `${before} has no API report (api/*.api.md), so the package's TypeScript API was not compared`,
      bump: "patch",
      breaking: 0,
      changes: [],
    });
    const refused = await npx(`npx specfirst release --from ${before}`);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`specfirst release: ${before} has no API report (api/*.api.md)`);
    expect(refused.stderr).toContain("--force to release by the contract alone");
  }, 900_000);
});
