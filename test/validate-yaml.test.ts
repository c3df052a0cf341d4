import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, jsonFiles } from "./helpers/fixtures.js";
import { runCli, type CliResult } from "./helpers/cli.js";

// docs/validating.md#yaml-input: `specfirst validate` reads a file named *.yaml or *.yml (or any input with --yaml)
// as YAML 1.2 and reports what it reports on the JSON form, at the YAML text's line:column; what JSON cannot hold is
// refused, exit 2, at its line:column. Every case runs the shipped CLI in its own process.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Fixture {
  id: string;
  schema: string;
  data: Json;
}

/** Every validator fixture, valid and invalid, with the schema its folder names. */
function fixtures(): Fixture[] {
  const found: Fixture[] = [];
  const root = path.join(FIXTURES, "validators");
  for (const schema of readdirSync(root).sort())
    for (const kind of ["valid", "invalid"] as const)
      for (const [file, content] of jsonFiles<Json>(path.join(root, schema, kind)))
        found.push({
          id: `${schema}/${kind}/${file.replace(/\.json$/, "")}`,
          schema,
          data: kind === "invalid" ? ((content as { data: Json }).data ?? null) : content,
        });
  return found;
}

const dir = mkdtempSync(path.join(tmpdir(), "specfirst-validate-yaml-"));
const write = (name: string, text: string | Uint8Array) => {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
};

interface ReportedError {
  pointer: string;
  message: string;
  line?: number;
  column?: number;
}
interface FileResult {
  file: string;
  valid: boolean;
  errors: ReportedError[];
}

/** `specfirst validate <args> --format json`, in its own process: the exit code and the results. */
async function validateJson(args: string[], input?: string): Promise<{ code: number | null; results: FileResult[] }> {
  const result: CliResult = await runCli(["validate", ...args, "--format", "json"], { input });
  expect(result.stderr).toBe("");
  return { code: result.code, results: (JSON.parse(result.stdout) as { results: FileResult[] }).results };
}

// ---------------------------------------------------------------------------------------------------------------
// A YAML writer whose choices fast-check makes, and which notes where it writes each value: the line:column the CLI
// must report for a pointer (docs/validating.md#yaml-input): a value's first character; a block mapping or sequence
// that is a mapping's value, or an empty value, at its key; inside an alias's target, where the target is written.
// ---------------------------------------------------------------------------------------------------------------

/** A line of the document that the CLI must refuse, written before the `at`-th mapping entry written on a line of its own. */
interface Injection {
  at: number;
  /** The line, written at the entry's indentation, given the entry's key as written. */
  line: (key: string) => string;
  /** Where the CLI must report it: a character of the injected line, or the key of the entry it precedes (a repeat). */
  reportAt: ((line: string) => number) | "entry key";
}

interface WriterOptions {
  /** Mappings and sequences in block style only (flow only where empty). */
  blockOnly?: boolean;
  inject?: Injection;
}

const RESERVED_PLAIN = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

/** A string written plain reads back as this string under the YAML 1.2 core schema (conservatively). */
function plainSafe(text: string, flow: boolean): boolean {
  if (!/^[A-Za-z][A-Za-z0-9 _./@+:=()-]*$/.test(text) || RESERVED_PLAIN.test(text)) return false;
  if (text !== text.trim() || text.endsWith(":") || text.includes(": ") || text.includes(" #")) return false;
  return !flow || !text.includes(":");
}

/** Characters YAML 1.2 prints as they are (outside them, a double-quoted escape). */
const NOT_PRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufeff\ufffe\uffff]|[\ud800-\udfff]/;

function doubleQuoted(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\ufeff\ufffe\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

class YamlWriter {
  text = "";
  /** pointer → offset in `text` of where the CLI must place it */
  readonly places = new Map<string, number>();
  private readonly anchors: { json: string; name: string; pointer: string; places: Map<string, number> }[] = [];
  private aliasCount = 0;
  private anchorNames = 0;
  private entriesOnLine = 0;
  /** Offset of the injected problem, once written. */
  injectedAt: number | undefined;

  constructor(
    private readonly choices: Iterator<number>,
    private readonly options: WriterOptions = {},
  ) {}

  private choose(count: number): number {
    return (this.choices.next().value as number) % count;
  }

  private get offset(): number {
    return this.text.length;
  }

  document(value: Json): string {
    this.text += ["", "# a fixture\n", "---\n", "%YAML 1.2\n---\n", "# before\n---\n"][this.choose(5)] as string;
    if (isCollection(value) && !isEmpty(value) && (this.options.blockOnly === true || this.choose(2) === 0)) {
      if (Array.isArray(value)) this.places.set("", this.blockSequence(value, "", "", false));
      else this.places.set("", this.blockMapping(value, "", "", false));
    } else {
      this.places.set("", this.offset);
      if (isCollection(value)) this.flow(value, "");
      else this.text += this.scalar(value, false, "");
      this.text += "\n";
    }
    if (this.choose(3) === 0) this.text += "# the end\n";
    return this.text;
  }

  /** A block mapping's entries; the offset of its first key. With `inline`, the first entry follows "- " on the line. */
  private blockMapping(value: { [key: string]: Json }, indent: string, pointer: string, inline: boolean): number {
    let first = -1;
    for (const [index, [key, child]] of Object.entries(value).entries()) {
      const keyText = plainSafe(key, false) && this.choose(4) !== 0 ? key : doubleQuoted(key);
      if (index > 0 || !inline) {
        if (this.choose(6) === 0) this.text += `${indent}# a comment\n`;
        const inject = this.options.inject;
        if (inject !== undefined && this.entriesOnLine++ === inject.at) {
          const lineStart = this.offset + indent.length;
          const line = inject.line(keyText);
          this.text += `${indent}${line}\n`;
          // a repeated key is reported at its second spelling: the entry's own key, next
          this.injectedAt =
            inject.reportAt === "entry key" ? this.offset + indent.length : lineStart + inject.reportAt(line);
        }
        this.text += indent;
      }
      const keyOffset = this.offset;
      if (first === -1) first = keyOffset;
      this.text += `${keyText}:`;
      this.mappingValue(child, indent, `${pointer}/${escape(key)}`, keyOffset);
    }
    return first;
  }

  private mappingValue(value: Json, indent: string, pointer: string, keyOffset: number): void {
    if (this.alias(value, pointer, " ")) return void (this.text += "\n");
    if (value === null && this.choose(4) === 0) {
      this.places.set(pointer, keyOffset); // an empty value: at its key
      this.text += "\n";
      return;
    }
    const anchor = this.anchorFor(value);
    if (!isCollection(value) || isEmpty(value) || (this.options.blockOnly !== true && this.choose(2) === 0)) {
      this.text += ` ${anchor}`;
      this.places.set(pointer, this.offset);
      if (isCollection(value)) this.flow(value, pointer);
      else this.text += this.scalar(value, false, `${indent}  `);
      if (!this.text.endsWith("\n") && this.choose(5) === 0) this.text += " # trailing";
      if (!this.text.endsWith("\n")) this.text += "\n";
    } else {
      this.places.set(pointer, keyOffset); // a block collection: at its key
      this.text += anchor === "" ? "\n" : ` ${anchor.trimEnd()}\n`;
      if (Array.isArray(value))
        this.blockSequence(value, this.choose(2) === 0 ? indent : `${indent}  `, pointer, false);
      else this.blockMapping(value, `${indent}  `, pointer, false);
    }
    this.remember(value, anchor, pointer);
  }

  /** A block sequence's items; the offset of its first "-". With `inline`, the first "-" follows "- " on the line. */
  private blockSequence(value: Json[], indent: string, pointer: string, inline: boolean): number {
    let first = -1;
    for (const [index, item] of value.entries()) {
      if (index > 0 || !inline) {
        if (this.choose(6) === 0) this.text += `${indent}# a comment\n`;
        this.text += indent;
      }
      if (first === -1) first = this.offset;
      this.text += "-";
      this.sequenceItem(item, indent, `${pointer}/${index}`);
    }
    return first;
  }

  private sequenceItem(value: Json, indent: string, pointer: string): void {
    if (this.alias(value, pointer, " ")) return void (this.text += "\n");
    const anchor = this.anchorFor(value);
    if (!isCollection(value) || isEmpty(value) || (this.options.blockOnly !== true && this.choose(2) === 0)) {
      this.text += ` ${anchor}`;
      this.places.set(pointer, this.offset);
      if (isCollection(value)) this.flow(value, pointer);
      else this.text += this.scalar(value, false, `${indent}  `);
      if (!this.text.endsWith("\n") && this.choose(5) === 0) this.text += " # trailing";
      if (!this.text.endsWith("\n")) this.text += "\n";
    } else if (anchor !== "") {
      // an anchored block collection starts on the next line (on this one, the anchor would be its first key's)
      this.text += ` ${anchor.trimEnd()}\n`;
      const nested = `${indent}  `;
      this.places.set(
        pointer,
        Array.isArray(value)
          ? this.blockSequence(value, nested, pointer, false)
          : this.blockMapping(value, nested, pointer, false),
      );
    } else {
      this.text += " ";
      const nested = `${indent}  `;
      this.places.set(
        pointer,
        Array.isArray(value)
          ? this.blockSequence(value, nested, pointer, true)
          : this.blockMapping(value, nested, pointer, true),
      );
    }
    this.remember(value, anchor, pointer);
  }

  /** Writes a flow collection on one line, noting its children's places. */
  private flow(value: Json[] | { [key: string]: Json }, pointer: string): void {
    const pad = this.choose(2) === 0 ? "" : " ";
    this.text += Array.isArray(value) ? `[${pad}` : `{${pad}`;
    const entries: [string | undefined, string, Json][] = Array.isArray(value)
      ? value.map((item, index) => [undefined, String(index), item])
      : Object.entries(value).map(([key, item]) => [key, escape(key), item]);
    for (const [index, [key, segment, item]] of entries.entries()) {
      if (index > 0) this.text += this.choose(2) === 0 ? ", " : " ,  ";
      if (key !== undefined) this.text += `${plainSafe(key, true) && this.choose(3) !== 0 ? key : doubleQuoted(key)}: `;
      const childPointer = `${pointer}/${segment}`;
      if (this.alias(item, childPointer, "")) continue;
      const anchor = this.anchorFor(item);
      this.text += anchor;
      this.places.set(childPointer, this.offset);
      if (isCollection(item)) this.flow(item, childPointer);
      else this.text += this.scalar(item, true, "");
      this.remember(item, anchor, childPointer);
    }
    this.text += Array.isArray(value) ? `${pad}]` : `${pad}}`;
  }

  private scalar(value: Json, flow: boolean, indent: string): string {
    if (value === null) return ["null", "~", "Null", "NULL"][this.choose(4)] as string;
    if (typeof value === "boolean")
      return [String(value), value ? "True" : "False", value ? "TRUE" : "FALSE"][this.choose(3)] as string;
    if (typeof value === "number") return JSON.stringify(value);
    const text = value as string;
    const styles: (() => string)[] = [() => doubleQuoted(text)];
    if (!NOT_PRINTABLE.test(text) && !/[\n\r\t]/.test(text)) styles.push(() => `'${text.replace(/'/g, "''")}'`);
    if (plainSafe(text, flow))
      styles.push(
        () => text,
        () => text,
      );
    if (
      !flow &&
      indent !== "" &&
      text.includes("\n") &&
      !/[\r\t]/.test(text) &&
      !NOT_PRINTABLE.test(text) &&
      /^[^ \n]/.test(text) &&
      !text.endsWith("\n")
    )
      styles.push(
        () =>
          `|-\n${text
            .split("\n")
            .map((line) => (line === "" ? "" : `${indent}${line}`))
            .join("\n")}\n`,
      );
    return (styles[this.choose(styles.length)] as () => string)();
  }

  /** An anchor for a value that may be repeated later (strings and non-empty collections), or none. */
  private anchorFor(value: Json): string {
    const anchorable = typeof value === "string" ? value !== "" : isCollection(value) && !isEmpty(value);
    return anchorable && this.choose(3) === 0 ? `&a${this.anchorNames++} ` : "";
  }

  /** Notes an anchored value, with the places of its content, for aliases to it. */
  private remember(value: Json, anchor: string, pointer: string): void {
    if (anchor === "") return;
    const places = new Map<string, number>();
    for (const [at, offset] of this.places)
      if (at === pointer || at.startsWith(`${pointer}/`)) places.set(at.slice(pointer.length), offset);
    // an anchored value holding an alias is not aliased: yaml's alias count stays at one per alias
    const holdsAlias = [...places.keys()].some((suffix) => this.aliasPointers.has(pointer + suffix));
    if (!holdsAlias) this.anchors.push({ json: JSON.stringify(value), name: anchor.trim().slice(1), pointer, places });
  }

  private readonly aliasPointers = new Set<string>();

  /** Writes an alias to an equal anchored value, when there is one and the writer chooses to. */
  private alias(value: Json, pointer: string, before: string): boolean {
    if (this.aliasCount >= 10) return false;
    const json = JSON.stringify(value);
    const target = this.anchors.find((anchor) => anchor.json === json);
    if (target === undefined || this.choose(2) === 0) return false;
    this.aliasCount++;
    this.text += before;
    this.places.set(pointer, this.offset);
    this.aliasPointers.add(pointer);
    for (const [suffix, offset] of target.places) if (suffix !== "") this.places.set(pointer + suffix, offset);
    this.text += `*${target.name}`;
    return true;
  }
}

function isCollection(value: Json): value is Json[] | { [key: string]: Json } {
  return value !== null && typeof value === "object";
}
function isEmpty(value: Json[] | { [key: string]: Json }): boolean {
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}
function escape(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The closest pointer to `pointer` that names a value of `data` (the pointer itself when it does). */
function closestExisting(data: Json, pointer: string): string {
  if (pointer === "") return "";
  let at = "";
  let node: Json = data;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node) && String(Number(segment)) === segment && Number(segment) < node.length)
      node = node[Number(segment)] as Json;
    else if (isCollection(node) && !Array.isArray(node) && Object.hasOwn(node, segment)) node = node[segment] as Json;
    else break;
    at += `/${raw}`;
  }
  return at;
}

/** Line and column (1-based, UTF-16 units) of an offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1 };
}

/** How a rendering is framed into a file: line breaks, a byte-order mark, the file's extension. */
const framing = fc.record({
  crlf: fc.boolean(),
  bom: fc.boolean(),
  extension: fc.constantFrom(".yaml", ".yml", ".YAML"),
});

function frame(text: string, { crlf, bom }: { crlf: boolean; bom: boolean }): string {
  return (bom ? "\uFEFF" : "") + (crlf ? text.replace(/\n/g, "\r\n") : text);
}

const ALL = fixtures();
const SCHEMAS = [...new Set(ALL.map((fixture) => fixture.schema))];

/** The CLI's results on the JSON form of every fixture, by id. */
const jsonResults = new Map<string, FileResult>();

beforeAll(async () => {
  // two schemas at a time: the machine is shared
  for (let i = 0; i < SCHEMAS.length; i += 2)
    await Promise.all(
      SCHEMAS.slice(i, i + 2).map(async (schema) => {
        const mine = ALL.filter((fixture) => fixture.schema === schema);
        const files = mine.map((fixture) => write(`json/${fixture.id}.json`, JSON.stringify(fixture.data, null, 2)));
        const { results } = await validateJson([schema, ...files]);
        mine.forEach((fixture, index) => jsonResults.set(fixture.id, results[index] as FileResult));
      }),
    );
  expect(jsonResults.size).toBe(ALL.length);
}, 300_000);

describe("specfirst validate on YAML (docs/validating.md#yaml-input)", () => {
  it("gives every fixture, written as YAML in generated styles, the JSON form's verdict and errors, at the YAML line:column", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.infiniteStream(fc.nat()), framing, async (choices, framed) => {
        run++;
        const rendered = ALL.map((fixture) => {
          const writer = new YamlWriter(choices);
          const text = writer.document(fixture.data);
          const file = write(`yaml-${run}/${fixture.id}${framed.extension}`, frame(text, framed));
          return { fixture, text, places: writer.places, file };
        });
        for (let i = 0; i < SCHEMAS.length; i += 2)
          await Promise.all(
            SCHEMAS.slice(i, i + 2).map(async (schema) => {
              const mine = rendered.filter(({ fixture }) => fixture.schema === schema);
              const { code, results } = await validateJson([schema, ...mine.map(({ file }) => file)]);
              for (const [index, { fixture, text, places, file }] of mine.entries()) {
                const fromJson = jsonResults.get(fixture.id) as FileResult;
                const expected = {
                  file,
                  valid: fromJson.valid,
                  errors: fromJson.errors.map(({ pointer, message }) => ({
                    pointer,
                    message,
                    ...lineColumn(text, places.get(closestExisting(fixture.data, pointer)) as number),
                  })),
                };
                expect(results[index], `${fixture.id} as\n${text}`).toEqual(expected);
              }
              expect(code, schema).toBe(mine.some(({ fixture }) => !jsonResults.get(fixture.id)?.valid) ? 1 : 0);
            }),
          );
      }),
      { numRuns: 3 },
    );
  }, 600_000);

  it("reads standard input as YAML with --yaml, and as JSON without it", async () => {
    const yaml = '# a notification\nid: "1"\nevent: failed\nreason:\n  code: "42"\n';
    const asYaml = await validateJson(["notification", "--yaml", "-"], yaml);
    expect(asYaml).toEqual({
      code: 1,
      results: [
        {
          file: "<stdin>",
          valid: false,
          errors: [{ pointer: "/reason/code", message: "must be an integer", line: 5, column: 9 }],
        },
      ],
    });
    const asJson = await validateJson(["notification", "-"], yaml);
    expect(asJson.code).toBe(2);
    expect(asJson.results[0]?.errors[0]).toMatchObject({ pointer: "", line: 1, column: 1 });
    expect(asJson.results[0]?.errors[0]?.message).toMatch(/^invalid JSON: /);
  });

  it("refuses --ndjson with YAML inputs, exit 2, naming the file", async () => {
    const file = write("usage/records.yaml", "a: 1\n");
    const named = await runCli(["validate", "message", "--ndjson", file]);
    expect(named).toEqual({
      code: 2,
      stdout: "",
      stderr: `specfirst validate: --ndjson reads newline-delimited JSON, and ${file} is YAML (by its name): validate it without --ndjson\n`,
    });
    const flag = await runCli(["validate", "message", "--ndjson", "--yaml", "-"], { input: "a: 1\n" });
    expect(flag).toEqual({
      code: 2,
      stdout: "",
      stderr: "specfirst validate: --ndjson reads newline-delimited JSON; --yaml excludes it\n",
    });
  });

  it("bounds a YAML input by --max-bytes as a JSON one: one byte over is not read, exit 2", async () => {
    const text = "id: '1'\nevent: received\n";
    const bytes = Buffer.byteLength(text);
    const file = write("size/notification.yml", text);
    const atLimit = await validateJson(["notification", "--max-bytes", String(bytes), file]);
    expect(atLimit).toEqual({ code: 0, results: [{ file, valid: true, errors: [] }] });
    const over = await validateJson(["notification", "--max-bytes", String(bytes - 1), file]);
    expect(over).toEqual({
      code: 2,
      results: [
        {
          file,
          valid: false,
          errors: [
            {
              pointer: "",
              message: `is longer than ${bytes - 1} bytes (--max-bytes): reading stopped there; raise --max-bytes, or validate newline-delimited records with --ndjson`,
            },
          ],
        },
      ],
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Refusals: each kind written into generated renderings of the fixtures (block style, so that there is a line to
// put it on), every file of a kind checked in one run of the CLI: exit 2, the message, the line:column.
// ---------------------------------------------------------------------------------------------------------------

const NOT_READ = "YAML not read: ";
const REFUSALS: {
  name: string;
  lines: string[];
  reportAt: ((line: string) => number) | "entry key";
  message: string;
}[] = [
  {
    name: "a key that is not a string",
    // (a flow collection as a key after another entry of a nested mapping is refused by yaml 2.9.1 as "a structure
    // that cannot be read": the whole-file cases below hold collection keys)
    lines: ["1: x", "-2.5: x", "0x1F: x", "true: x", "False: x", "~: x", "null: x", ": x"],
    reportAt: () => 0,
    message: `${NOT_READ}a mapping key that is `,
  },
  {
    name: "a tag beyond the core schema's",
    lines: [
      "k_t: !!binary aGVsbG8=",
      "k_t: !!timestamp 2001-12-14",
      "k_t: !!set {a: null}",
      "k_t: !!omap [a: 1]",
      "k_t: !secret-tag-value x",
      "k_t: !<tag:example.com,2000:secret> y",
      "k_t: [1, !!binary aGVsbG8=]",
    ],
    reportAt: (line) => line.indexOf("!"),
    message: `${NOT_READ}a tag JSON has no type for (only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq are read): remove the tag, or quote the value`,
  },
  {
    name: "a number JSON cannot hold",
    lines: ["k_n: .inf", "k_n: -.Inf", "k_n: +.INF", "k_n: .nan", "k_n: .NaN", "k_n: 1e400", "k_n: [0, -1e999]"],
    reportAt: (line) => line.search(/[-+]?\.(?:inf|Inf|INF|nan|NaN)|-?1e/),
    message: `${NOT_READ}a number JSON cannot hold (.inf, -.inf, .nan, or too large): write a finite number, or quote it`,
  },
  {
    name: "a merge key",
    lines: ["<<: {a: 1}", "<<: [{a: 1}]", "<<: {}"],
    reportAt: () => 0,
    message: `${NOT_READ}a merge key (<<), which YAML 1.2 does not define: write the merged keys out`,
  },
  {
    name: "a key repeated in one mapping",
    lines: ["<key>: 0", "<key>: {a: 1}", "<key>:"],
    reportAt: "entry key",
    message: "invalid YAML: duplicate key in a mapping",
  },
  {
    name: "an alias with no anchor before it",
    lines: ["k_a: *nowhere", "k_a: [*nowhere]", "k_a: {b: *nowhere}"],
    reportAt: (line) => line.indexOf("*"),
    message: `${NOT_READ}an alias with no anchor before it: define the anchor (&name) first`,
  },
];

let refusedCase = 0;

describe("specfirst validate refuses YAML that JSON cannot hold (docs/validating.md#yaml-input)", () => {
  const objectFixtures = ALL.filter(
    (fixture) => isCollection(fixture.data) && !Array.isArray(fixture.data) && !isEmpty(fixture.data),
  );

  for (const refusal of REFUSALS)
    it(`refuses ${refusal.name}, exit 2, at its line:column`, async () => {
      // a seed of its own, named in every failure: a failing sample can be drawn again
      const seed = Math.floor(Math.random() * 2 ** 31);
      const cases = fc.sample(
        fc.tuple(
          fc.constantFrom(...objectFixtures),
          fc.constantFrom(...refusal.lines),
          fc.nat(),
          fc.infiniteStream(fc.nat()),
          framing,
        ),
        { numRuns: 25, seed },
      );
      const files = cases.map(([fixture, line, at, choices, framed], index) => {
        const writer = new YamlWriter(choices, {
          blockOnly: true,
          inject: {
            at: at % Object.keys(fixture.data as object).length,
            line: (key) => line.replace("<key>", () => key),
            reportAt: refusal.reportAt,
          },
        });
        const text = writer.document(fixture.data);
        expect(writer.injectedAt, `${text}(seed ${seed})`).toBeDefined();
        const file = write(`refused/${refusal.name}/${index}${framed.extension}`, frame(text, framed));
        return { file, text, at: writer.injectedAt as number };
      });
      // any schema: the input is refused before it is validated
      const { code, results } = await validateJson(["config", ...files.map(({ file }) => file)]);
      expect(code).toBe(2);
      for (const [index, { file, text, at }] of files.entries()) {
        const result = results[index] as FileResult;
        expect(result, `${text}(seed ${seed})`).toMatchObject({ file, valid: false });
        expect(result.errors, `${text}(seed ${seed})`).toHaveLength(1);
        expect(result.errors[0], `${text}(seed ${seed})`).toMatchObject({ pointer: "", ...lineColumn(text, at) });
        expect(result.errors[0]?.message.startsWith(refusal.message), `${text}(seed ${seed})`).toBe(true);
        expect(result.errors[0]?.message, "never quotes the input").not.toMatch(/secret|nowhere|aGVsbG8/);
      }
    });

  /** Refused texts that need no rendering around them: one run of the CLI, each file's expected position. */
  async function expectRefused(
    cases: { text: string | Uint8Array; at: { line: number; column: number }; message: string }[],
  ) {
    const files = cases.map(({ text }) => write(`refused-whole/${refusedCase++}.yaml`, text));
    const { code, results } = await validateJson(["config", ...files]);
    expect(code).toBe(2);
    expect(results).toEqual(
      cases.map(({ at, message }, index) => ({
        file: files[index],
        valid: false,
        errors: [{ pointer: "", message, ...at }],
      })),
    );
  }

  it("refuses a second document, a directive other than %YAML 1.2 and an empty input, exit 2, at its line:column", async () => {
    const second = `${NOT_READ}a second YAML document (after --- or ...): validate one document per file`;
    const empty = `${NOT_READ}no YAML document: the input is empty, or holds only comments and markers (---)`;
    await expectRefused([
      { text: "a: 1\n---\nb: 2\n", at: { line: 2, column: 1 }, message: second },
      { text: "---\na: 1\n...\n---\nb: 2\n", at: { line: 4, column: 1 }, message: second },
      { text: "a: 1\n---\n", at: { line: 2, column: 1 }, message: second },
      { text: "# one\n---\n[1]\n--- # two\n{}\n", at: { line: 4, column: 1 }, message: second },
      {
        text: "%YAML 1.1\n---\na: yes\n",
        at: { line: 1, column: 1 },
        message: `${NOT_READ}a %YAML directive for a version other than 1.2: only YAML 1.2 is read; remove the directive`,
      },
      {
        text: "# c\n%TAG ! tag:example.com,2000:\n---\na: !x 1\n",
        at: { line: 2, column: 1 },
        message: `${NOT_READ}a %TAG directive: tags beyond the core schema's are not read; remove it`,
      },
      {
        text: "%SECRET value\n---\na: 1\n",
        at: { line: 1, column: 1 },
        message: `${NOT_READ}a directive YAML 1.2 does not define: remove it`,
      },
      { text: "", at: { line: 1, column: 1 }, message: empty },
      { text: "\uFEFF", at: { line: 1, column: 1 }, message: empty },
      { text: "# only a comment\n\n", at: { line: 1, column: 1 }, message: empty },
      { text: "---\n", at: { line: 1, column: 1 }, message: empty },
      { text: "%YAML 1.2\n--- # nothing\n...\n", at: { line: 1, column: 1 }, message: empty },
      {
        text: "? [a, b]\n: x\n",
        at: { line: 1, column: 3 },
        message: `${NOT_READ}a mapping key that is a sequence, not a string: JSON keys are strings; quote the key`,
      },
      {
        text: "a: 1\n{b: 1}: x\n",
        at: { line: 2, column: 1 },
        message: `${NOT_READ}a mapping key that is a mapping, not a string: JSON keys are strings; quote the key`,
      },
      {
        text: "a: 1\n*x : y\n",
        at: { line: 2, column: 1 },
        message: `${NOT_READ}a mapping key that is an alias, not a string: JSON keys are strings; quote the key`,
      },
    ]);
  });

  it("refuses alias bombs and 100 uses of one anchor (yaml's maxAliasCount), and an alias inside its own anchor's node", async () => {
    // levels of `width` aliases to the level before: expanded, width^(depth + 1) leaves; from 1,000 on, a bomb
    const bombs = fc
      .sample(fc.tuple(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 2, max: 12 })), { numRuns: 20 })
      .filter(([width, depth]) => width ** (depth + 1) >= 1000);
    const bomb = `${NOT_READ}aliases past yaml's limit (maxAliasCount 100: an anchor used 100 times, or fewer uses of nested aliases that multiply, as an alias bomb does): write the repeated content out, or use fewer aliases`;
    const cases = bombs.map(([width, depth]) => {
      let text = `l0: &l0 [${Array(width).fill("lol").join(", ")}]\n`;
      for (let level = 1; level <= depth; level++)
        text += `l${level}: &l${level} [${Array(width)
          .fill(`*l${level - 1}`)
          .join(", ")}]\n`;
      // reported at the first alias: on the second line, after "l1: &l1 ["
      return { text, at: { line: 2, column: 10 }, message: bomb };
    });
    const cycles = ["a: &x [1, *x]\n", "a: &x\n  b: *x\n", "- &x {a: [*x]}\n"].map((text) => ({
      text,
      at: lineColumn(text, text.indexOf("*x")),
      message: `${NOT_READ}an alias inside the node its anchor names: JSON cannot hold a cycle`,
    }));
    const uses = (count: number) => `a: &x v\nb: [${Array(count).fill("*x").join(", ")}]\n`;
    await expectRefused([...cases, ...cycles, { text: uses(100), at: { line: 2, column: 5 }, message: bomb }]);
    // 99 uses of one anchor are read, and validated
    const read = await validateJson(["config", write("aliases/99.yaml", uses(99))]);
    expect(read.code).toBe(1);
    expect(read.results[0]?.errors.map((error) => error.pointer)).toEqual(["/a", "/b"]);
  });

  it("reads mappings and sequences 256 levels deep, refuses 257 and deeper at the 257th, and stays up after deep inputs", async () => {
    const flow = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}\n`;
    const block = (depth: number) =>
      Array.from({ length: depth }, (_, level) => `${"  ".repeat(level)}k:`).join("\n") + " 1\n";
    const tooDeep = `${NOT_READ}mappings and sequences nested more than 256 levels deep: YAML input is read to 256 levels; write the document as JSON, which has no such limit`;
    const depths = fc.sample(fc.integer({ min: 257, max: 20_000 }), { numRuns: 4 });
    await expectRefused([
      { text: flow(257), at: { line: 1, column: 257 }, message: tooDeep },
      { text: block(257), at: { line: 257, column: 2 * 256 + 1 }, message: tooDeep },
      // deep inputs one after another in one process: each refused (no crash of the process)
      ...[100_000, 100_000, ...depths].map((depth) => ({
        text: flow(depth),
        at: { line: 1, column: 257 },
        message: tooDeep,
      })),
    ]);
    // 256 levels are read, and validated: the schema's errors, not the reader's
    const deepest = await validateJson([
      "config",
      write("deep/flow-256.yaml", flow(256)),
      write("deep/block-256.yaml", block(256)),
    ]);
    expect(deepest.code).toBe(1);
    for (const result of deepest.results)
      for (const error of result.errors) expect(error.message).not.toMatch(/^(?:YAML not read|invalid YAML): /);
  });

  it("reports invalid YAML and invalid UTF-8 at their line:column without quoting the input", async () => {
    await expectRefused([
      {
        text: 'a: 1\nb: "\\q my-secret-value"\n',
        at: { line: 2, column: 5 },
        message: "invalid YAML: an invalid escape in a double-quoted string",
      },
      {
        text: "a: 1\n b: 2\n",
        at: { line: 1, column: 4 },
        message:
          "invalid YAML: a mapping where YAML allows none (as a key, or on the line of another key): check the indentation",
      },
      { text: "a:\n\t- 1\n", at: { line: 2, column: 1 }, message: "invalid YAML: a tab used as indentation" },
      {
        text: 'a: "my-secret-value\n',
        at: { line: 2, column: 1 },
        message: "invalid YAML: a missing character (a quote, a comma, a colon, a closing bracket or white space)",
      },
      {
        text: "a: [1, my-secret-value\n",
        at: { line: 2, column: 1 },
        message: "invalid YAML: bad indentation (or a flow collection not closed)",
      },
      { text: "a: 'x' my-secret-value\n", at: { line: 1, column: 8 }, message: "invalid YAML: unexpected text" },
      {
        text: "a: @my-secret-value\n",
        at: { line: 1, column: 4 },
        message: "invalid YAML: a plain value starting with a reserved character (@ or `): quote it",
      },
      {
        text: Buffer.concat([Buffer.from("a: 1\nb: "), Buffer.from([0xc3, 0x28]), Buffer.from("\n")]),
        at: { line: 2, column: 4 },
        message: "invalid UTF-8",
      },
    ]);
  });
});
