import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMap, parseDocument, type YAMLMap } from "yaml";
import { runDiffCommand } from "../generator/commands/diff.js";
import {
  compareContracts,
  diffContract,
  DiffInputError,
  formatReport,
  type Bump,
  type DiffReport,
} from "../generator/diff/report.js";
import { buildSide, type Side } from "../generator/diff/sides.js";
import { RULES } from "../generator/diff/rules.js";
import { SCHEMA_SUFFIX } from "../generator/load/schemas.js";
import { parseOpenApiSources, readOpenApiFiles, SOURCE_SUFFIX } from "../generator/load/openapi-sources.js";
import { buildContract } from "../generator/model/contract.js";
import { parseJson, type JsonObject } from "../runtime/json/json-text.js";
import { FIXTURES, ROOT, jsonFiles } from "./helpers/fixtures.js";
import { runCli } from "./helpers/cli.js";

/**
 * test/fixtures/diff/contract/<case>.json: edits of a copy of the project (its base committed in a temporary git
 * repository), and the changes `diff HEAD` must report (every one, in order), the suggested bump and the exit code.
 * An edit sets, deletes or renames (keeps the value under another key) the value at `path` of a YAML or JSON input,
 * writes a new JSON file, or replaces one exact text.
 */
type Segment = string | number;
type Edit =
  | { file: string; path: Segment[]; set: unknown }
  | { file: string; path: Segment[]; delete: true }
  | { file: string; path: Segment[]; rename: [string, string] }
  | { file: string; write: unknown }
  | { file: string; replace: string; with: string };
interface ExpectedChange {
  api: string;
  rule: string;
  breaks: string;
  who: string[];
  operation?: string;
}
interface ContractCase {
  note: string;
  edits: Edit[];
  expected: ExpectedChange[];
  bump: Bump;
  exit: number;
}

let repo: string;
const git = (...args: string[]) =>
  execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { stdio: "pipe" }).toString();

/** Back to the committed base: every case edits the same copy. */
function resetRepo(): void {
  git("checkout", "-q", "--", ".");
  git("clean", "-qfd");
}

/** The text of `edit.file` after the edit, from its text before (undefined when the file does not exist). */
function editedText(edit: Edit, text: string | undefined): string {
  if ("write" in edit) return `${JSON.stringify(edit.write, null, 2)}\n`;
  if (text === undefined) throw new Error(`${edit.file} exists`);
  if ("replace" in edit) {
    expect(text.split(edit.replace), `"${edit.replace}" occurs once in ${edit.file}`).toHaveLength(2);
    return text.replace(edit.replace, edit.with);
  }
  const yaml = edit.file.endsWith(".yaml");
  const document = parseDocument(text);
  if ("set" in edit) document.setIn(edit.path, document.createNode(edit.set));
  else if ("delete" in edit) {
    expect(document.hasIn(edit.path), `${edit.path.join("/")} exists in ${edit.file}`).toBe(true);
    document.deleteIn(edit.path);
  } else {
    const [from, to] = edit.rename;
    const map = document.getIn(edit.path, true);
    expect(isMap(map), `${edit.path.join("/")} is a mapping in ${edit.file}`).toBe(true);
    const pair = (map as YAMLMap).items.find(
      (item) => String((item.key as { value?: unknown }).value ?? item.key) === from,
    );
    expect(pair, `${from} is a key of ${edit.path.join("/")}`).toBeDefined();
    if (pair !== undefined) pair.key = document.createNode(to);
  }
  return yaml ? document.toString({ lineWidth: 0 }) : `${JSON.stringify(document.toJS(), null, 2)}\n`;
}

/** Applies the edit to the files of the repository's working tree. */
function applyEdit(edit: Edit): void {
  const file = path.join(repo, edit.file);
  writeFileSync(file, editedText(edit, "write" in edit ? undefined : readFileSync(file, "utf8")));
}

/**
 * The committed base as `diff` builds it (read from the repository's files, built once), and the working tree's
 * side after edits, built in memory from the base's inputs with the edited files read again from their new texts
 * (the rest shared): what `diff HEAD` builds from the edited files, without writing and reading every input again
 * per case. "matches `diff HEAD` run on the edited files" below proves the two agree.
 */
let base: Side;
async function editedSide(edits: Edit[]): Promise<Side> {
  const texts = new Map<string, string>();
  const textOf = (file: string) =>
    texts.get(file) ?? base.inputs.files.find((schema) => schema.file === file)?.text ?? baseOpenApiFiles.get(file);
  for (const edit of edits) texts.set(edit.file, editedText(edit, "write" in edit ? undefined : textOf(edit.file)));
  const files = base.inputs.files.filter((schema) => !texts.has(schema.file));
  for (const [file, text] of texts) {
    if (!file.startsWith("schemas/")) continue;
    const [, api = "", fileName = ""] = file.split("/");
    const schema = parseJson(text) as JsonObject;
    files.push({ name: fileName.slice(0, -SCHEMA_SUFFIX.length), api, file, text, schema });
  }
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const openApiFiles = new Map(baseOpenApiFiles);
  for (const [file, text] of texts) if (file.startsWith("openapi/")) openApiFiles.set(file, text);
  const reparsed = new Set([...texts.keys()].filter((file) => file.startsWith("openapi/")));
  // Only the edited sources are parsed again (examples are inlined from openApiFiles, which holds them all).
  const sources = (
    await parseOpenApiSources(
      new Map([...openApiFiles].filter(([file]) => reparsed.has(file) || !file.endsWith(SOURCE_SUFFIX))),
    )
  ).concat(base.inputs.sources.filter((source) => !reparsed.has(source.file)));
  sources.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const inputs = { files, sources, version: base.inputs.version };
  return { inputs, contract: await buildContract(inputs) };
}
let baseOpenApiFiles: Map<string, string>;

/** Runs `diff HEAD` as the CLI does (in this process): the exit code, and the report as JSON. */
async function diffHead(): Promise<{ code: number; report: DiffReport; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runDiffCommand({
    root: repo,
    ref: "HEAD",
    format: "json",
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, report: (stdout === "" ? undefined : JSON.parse(stdout)) as DiffReport, stderr };
}

const summarised = (report: DiffReport): ExpectedChange[] =>
  report.changes.map((change) => ({
    api: change.api,
    rule: change.rule,
    breaks: change.breaks,
    who: change.who,
    ...(change.location.operation === undefined ? {} : { operation: change.location.operation }),
  }));

beforeAll(async () => {
  repo = mkdtempSync(path.join(tmpdir(), "specfirst-contract-diff-"));
  for (const input of ["schemas", "openapi", "package.json"])
    cpSync(path.join(ROOT, input), path.join(repo, input), { recursive: true });
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "base");
  base = await buildSide(repo, "HEAD");
  baseOpenApiFiles = await readOpenApiFiles(repo);
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("specfirst diff: the published contract as built", () => {
  it("reports no change and exits 0 on the committed contract", async () => {
    resetRepo();
    const { code, report } = await diffHead();
    expect(report).toEqual({ ref: "HEAD", bump: "patch", breaking: 0, changes: [] });
    expect(code).toBe(0);
  });

  it.each(jsonFiles<ContractCase>(path.join(FIXTURES, "diff", "contract")))(
    "%s",
    async (_name, { edits, expected, bump, exit }) => {
      const report = compareContracts("HEAD", base, await editedSide(edits));
      expect(summarised(report)).toEqual(expected);
      expect(report.bump).toBe(bump);
      expect(report.breaking).toBe(report.changes.filter((change) => change.breaks !== "none").length);
      expect(report.breaking > 0 ? 1 : 0, "the exit code `diff` answers with this report").toBe(exit);
      for (const change of report.changes) {
        expect(change.why).toMatch(/\.$/);
        expect(change.location.file).toMatch(/^(schemas|openapi)\//); // the source to edit, not the generated document
        expect(change.severity).toBe(change.breaks === "none" ? "compatible" : "breaking");
      }
    },
  );
});

describe("specfirst diff: the cases above, run as `diff HEAD` on the edited files", () => {
  // One case per kind of edit (a new file, a replaced text, a renamed key, a set value in a schema and in a source,
  // a deleted key), breaking and not: the report and exit code of the command equal the in-memory comparison's.
  const cases = jsonFiles<ContractCase>(path.join(FIXTURES, "diff", "contract")).filter(([name]) =>
    [
      "issue-new-media-type-document.json",
      "issue-configs-path-v2.json",
      "operation-method-changed.json",
      "compatible-new-optional-field.json",
      "webhook-removed.json",
      "server-url-changed.json",
    ].includes(name),
  );
  it("covers one case of each kind of edit", () => expect(cases).toHaveLength(6));
  it.each(cases)("%s", async (_name, { edits, exit }) => {
    resetRepo();
    for (const edit of edits) applyEdit(edit);
    const { code, report, stderr } = await diffHead();
    expect(stderr).toBe("");
    expect(report).toEqual(compareContracts("HEAD", base, await editedSide(edits)));
    expect(code).toBe(exit);
  });
});

describe("specfirst diff: x-typed-by compared as expanded", () => {
  it("reports only the case-variant rule when a hand-written content-by-type rule becomes the declaration", async () => {
    const message = base.contract.files.find((file) => file.name === "message");
    const allOf = message?.schema.allOf;
    if (message === undefined || !Array.isArray(allOf))
      throw new Error("message.schema.json has an x-typed-by expansion");
    // The rule written by hand as before the declaration existed (the ref's side): relative refs, no case-variant
    // entry; the working tree has the declaration.
    const written = JSON.stringify({ ...message.schema, allOf: allOf.slice(0, -1) }).replaceAll(
      "https://specfirst.dev/schemas/messaging/",
      "",
    );
    const handWritten = JSON.parse(
      written.replace('"$id":"', '"$id":"https://specfirst.dev/schemas/messaging/'),
    ) as JsonObject;
    const report = compareContracts("HEAD", await editedSide([{ file: message.file, write: handWritten }]), base);
    expect(summarised(report)).toEqual([
      { api: "messaging", rule: "schema-constraint-added", breaks: "producers", who: ["caller", "service"] },
    ]);
    expect(report.changes[0]?.location).toMatchObject({ file: message.file, pointer: "/allOf" });
  });
});

describe("specfirst diff: a change no rule describes", () => {
  it("is contract-changed, breaking, at the first difference of the built contract", async () => {
    // Message written out as its expansion: the same schema, but the published document's components differ (no
    // variants per media type without the declaration), which no rule describes.
    const message = base.contract.files.find((file) => file.name === "message");
    if (message === undefined) throw new Error("message.schema.json exists");
    const report = compareContracts("HEAD", base, await editedSide([{ file: message.file, write: message.schema }]));
    expect(summarised(report)).toEqual([
      { api: "messaging", rule: "contract-changed", breaks: "both", who: ["caller", "service"] },
    ]);
    expect(report.changes[0]?.location.file).toBe("generated/openapi/messaging.yaml");
    expect(report.changes[0]?.location.pointer).toMatch(/^\/components\/schemas\//);
    expect(report.breaking).toBe(1);
  });
});

describe("specfirst diff: input and usage errors exit 2", () => {
  it("refuses an unknown ref", async () => {
    resetRepo();
    await expect(diffContract({ root: repo, ref: "no-such-ref" })).rejects.toThrow(DiffInputError);
    const result = await runCli(["diff", "no-such-ref", "--root", repo]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown git ref "no-such-ref"');
  });

  it("names the file and line:column of a broken input in the tree, and at the ref", async () => {
    resetRepo();
    const file = path.join(repo, "schemas/messaging/reason.schema.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"type": "object"', '"type": "object",,'));
    const tree = await diffHead();
    expect(tree.code).toBe(2);
    expect(tree.stderr).toMatch(
      /in the working tree are broken:\n {2}schemas\/messaging\/reason\.schema\.json:\d+:\d+: /,
    );
    git("commit", "-qam", "broken");
    try {
      // Only the ref is broken now.
      writeFileSync(file, readFileSync(path.join(ROOT, "schemas/messaging/reason.schema.json"), "utf8"));
      const head = await diffHead();
      expect(head.code).toBe(2);
      expect(head.stderr).toMatch(/at HEAD are broken:\n {2}schemas\/messaging\/reason\.schema\.json:\d+:\d+: /);
    } finally {
      git("reset", "-q", "--hard", "HEAD~1");
    }
  });

  it("answers --help, and refuses a bad flag or format with exit 2", async () => {
    const help = await runCli(["diff", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--format  text (default), json");
    for (const args of [["diff", "HEAD", "--format", "yaml"], ["diff", "HEAD", "--no-such-flag"], ["diff"]]) {
      const result = await runCli([...args, "--root", repo]);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/^specfirst diff: /);
    }
  });
});

describe("specfirst diff: the reports", () => {
  it("prints text, JSON and markdown from the spawned CLI, with the exit code of the report", async () => {
    resetRepo();
    applyEdit({ file: "openapi/configs.source.yaml", replace: "  /v1/configs:\n", with: "  /v2/configs:\n" });
    applyEdit({
      file: "openapi/messaging.source.yaml",
      path: ["paths", "/messages", "post", "parameters"],
      set: [{ name: "X-Trace", in: "header", schema: { type: "string" } }],
    });
    const text = await runCli(["diff", "HEAD", "--root", repo]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      "BREAKING for producers (caller)  api-path-changed  configs POST /v2/configs (createConfig): POST /v1/configs moved to /v2/configs",
    );
    expect(text.stdout).toContain("2 change(s) since HEAD, 1 breaking; suggested version bump: major");

    const json = await runCli(["diff", "HEAD", "--root", repo, "--format", "json"]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as DiffReport;
    expect(report).toMatchObject({ ref: "HEAD", bump: "major", breaking: 1 });
    expect(report.changes[0]).toEqual({
      api: "configs",
      rule: "api-path-changed",
      family: "operations",
      severity: "breaking",
      breaks: "producers",
      who: ["caller"],
      direction: ["request"],
      bump: "major",
      location: {
        file: "openapi/configs.source.yaml",
        pointer: "/paths/~1v2~1configs/post",
        operation: "POST /v2/configs",
        operationId: "createConfig",
      },
      message: "POST /v1/configs moved to /v2/configs",
      why: "Callers send the request to the old path and get an error.",
    });

    const markdown = await runCli(["diff", "HEAD", "--root", repo, "--format", "markdown"]);
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toBe(formatReport(report, "markdown"));
    // Grouped by API, breaking first within each.
    expect(markdown.stdout.indexOf("### configs")).toBeLessThan(markdown.stdout.indexOf("### messaging"));
    expect(markdown.stdout).toContain("**Suggested version bump: major** (1 breaking of 2 change(s))");
    expect(markdown.stdout).toContain(
      "| compatible | `request-parameter-added` | POST /messages (sendMessage)<br>`openapi/messaging.source.yaml#/paths/~1messages/post/parameters/0` |",
    );
  });
});

describe("docs/change-control.md: What `diff` reports", () => {
  it("lists exactly the rules the report applies", () => {
    const doc = readFileSync(path.join(ROOT, "docs", "change-control.md"), "utf8");
    const start = doc.indexOf("\n## What `diff` reports");
    expect(start).toBeGreaterThanOrEqual(0);
    const end = doc.indexOf("\n## ", start + 1);
    const section = doc.slice(start, end === -1 ? undefined : end);
    const listed = [...section.matchAll(/^\| [a-z ]+ \| (.*) \|$/gm)].flatMap((row) =>
      [...(row[1] ?? "").matchAll(/`([a-z-]+)` \(/g)].map((match) => match[1]),
    );
    expect(listed.sort()).toEqual(Object.keys(RULES).sort());
  });
});
