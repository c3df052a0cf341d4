import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import jsonLanguageService from "vscode-json-languageservice";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, ROOT, jsonFiles } from "./helpers/fixtures.js";
import { runCli } from "./helpers/cli.js";

// docs/validating.md#editors: the JSON language service of VS Code (vscode-json-languageservice, the library its JSON
// support runs on), given the shipped schemas as `json.schemas` gives them, against the CLI on every validator
// fixture: a diagnostic on each line the CLI reports an error on, and on no other line.

const { getLanguageService, TextDocument } = jsonLanguageService;

/** The shipped schemas (package.json `files`: generated/schemas/, exported as specfirst/schemas/*). */
const SCHEMAS = path.join(ROOT, "generated", "schemas");
/** The `$id` of every schema starts so; the rest is its path under generated/schemas/. */

interface Fixture {
  id: string;
  schema: string;
  text: string;
}

function fixtures(): Fixture[] {
  const found: Fixture[] = [];
  const root = path.join(FIXTURES, "validators");
  for (const schema of readdirSync(root).sort())
    for (const kind of ["valid", "invalid"] as const)
      for (const [file, content] of jsonFiles(path.join(root, schema, kind))) {
        const data = kind === "invalid" ? (content as { data: unknown }).data : content;
        found.push({ id: `${schema}/${kind}/${file}`, schema, text: JSON.stringify(data, null, 2) });
      }
  return found;
}

const ALL = fixtures();
const SCHEMA_NAMES = [...new Set(ALL.map((fixture) => fixture.schema))];

/** The shipped schema file of a schema name. */
function schemaFile(name: string): string {
  const file = readdirSync(SCHEMAS)
    .map((api) => path.join(SCHEMAS, api, `${name}.schema.json`))
    .find((candidate) => existsSync(candidate));
  if (file === undefined) throw new Error(`no shipped schema ${name}`);
  return file;
}

/**
 * A language service set up as VS Code's `json.schemas` sets it up: each schema by its file's URL, matched to the
 * files of one fixture folder, read from disk. An editor offline: any other address is refused. Records every
 * address asked for.
 */
function editor() {
  const requested = new Set<string>();
  const service = getLanguageService({
    schemaRequestService: (uri) => {
      requested.add(uri);
      if (uri.startsWith("file:")) return Promise.resolve(readFileSync(fileURLToPath(uri), "utf8"));
      return Promise.reject(new Error("not reachable"));
    },
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
  service.configure({
    validate: true,
    allowComments: false,
    schemas: SCHEMA_NAMES.map((name) => ({
      uri: pathToFileURL(schemaFile(name)).href,
      fileMatch: [`fixtures/${name}/*.json`],
    })),
  });
  /** The diagnostics of a fixture: line (1-based) and message. */
  const diagnose = async (fixture: Fixture) => {
    // one folder per schema, as `fileMatch` expects
    const uri = `file:///fixtures/${fixture.schema}/${fixture.id.slice(fixture.schema.length + 1).replace("/", "-")}`;
    const document = TextDocument.create(uri, "json", 1, fixture.text);
    const diagnostics = await service.doValidation(document, service.parseJSONDocument(document), {
      schemaValidation: "error",
      schemaRequest: "error",
    });
    return diagnostics.map(({ range, message }) => ({
      line: range.start.line + 1,
      message: typeof message === "string" ? message : message.value,
    }));
  };
  return { diagnose, requested };
}

const uniqueLines = (lines: (number | undefined)[]) => [...new Set(lines)].sort((a, b) => (a ?? 0) - (b ?? 0));

/** The lines the CLI reports errors on, by fixture id (`specfirst validate <schema> --format json`, spawned). */
const cliLines = new Map<string, (number | undefined)[]>();

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "specfirst-editor-"));
  for (let i = 0; i < SCHEMA_NAMES.length; i += 2)
    await Promise.all(
      SCHEMA_NAMES.slice(i, i + 2).map(async (schema) => {
        const mine = ALL.filter((fixture) => fixture.schema === schema);
        mkdirSync(path.join(dir, schema), { recursive: true });
        const files = mine.map((fixture, index) => {
          const file = path.join(dir, schema, `${index}.json`);
          writeFileSync(file, fixture.text);
          return file;
        });
        const result = await runCli(["validate", schema, ...files, "--format", "json"]);
        const { results } = JSON.parse(result.stdout) as { results: { errors: { line?: number }[] }[] };
        mine.forEach((fixture, index) =>
          cliLines.set(fixture.id, uniqueLines(results[index]?.errors.map((error) => error.line) ?? [])),
        );
      }),
    );
  expect(cliLines.size).toBe(ALL.length);
}, 300_000);

describe("VS Code's JSON language service with the shipped schemas (docs/validating.md#editors)", () => {
  it("reports on exactly the lines the CLI reports, on every fixture, offline: it loads the shipped files alone", async () => {
    // one editor for all the files, as one VS Code window, and a fresh one for each (what it shows then does not
    // depend on the files opened before)
    const window = editor();
    const disagreements: string[] = [];
    const requested = new Set<string>();
    for (const fixture of ALL) {
      const fresh = editor();
      const expected = cliLines.get(fixture.id);
      for (const [label, diagnostics] of [
        ["fresh", await fresh.diagnose(fixture)],
        ["window", await window.diagnose(fixture)],
      ] as const) {
        const lines = uniqueLines(diagnostics.map((diagnostic) => diagnostic.line));
        if (JSON.stringify(lines) !== JSON.stringify(expected))
          disagreements.push(
            `${fixture.id} (${label}): CLI lines ${JSON.stringify(expected)}, editor ${JSON.stringify(diagnostics)}`,
          );
      }
      for (const uri of fresh.requested) requested.add(uri);
    }
    // No exceptions to list: the keywords and formats the schemas use (if/then, const, enum, pattern,
    // additionalProperties, date-time) are all checked by the service, and its messages sit on the CLI's lines.
    expect(disagreements).toEqual([]);
    expect(ALL.filter((fixture) => fixture.id.includes("/invalid/")).length).toBeGreaterThan(200);
    // Every $ref is relative, resolved against the schema file the editor loaded: no address beyond the files.
    expect([...requested].filter((uri) => !uri.startsWith("file:"))).toEqual([]);
  });
});
