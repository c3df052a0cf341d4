import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateCommand } from "../runtime/cli/commands/validate.js";
import { DEFAULT_PARALLEL_FROM_BYTES, type ValidateCommandOptions } from "../runtime/cli/validate-inputs.js";
import { checkingWorkers } from "../runtime/cli/ndjson-pool.js";
import { loadValidators } from "../runtime/cli/record-check.js";
import { apiValidatorModules, schemaApis } from "../generated/schema-apis.js";
import * as everyApi from "../generated/validators.js";
import { builtRunValidateCommand, runCli, runInProcess, runtimeCli } from "./helpers/cli.js";

const dir = mkdtempSync(path.join(tmpdir(), "specfirst-validate-"));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

const validMessage = write(
  "valid.json",
  JSON.stringify({ to: "5531988887777@sms.example.net", type: "text/plain", content: "hi" }),
);
const invalidNotification = write(
  "failed.json",
  '{\n  "id": "1",\n  "event": "failed",\n  "reason": { "code": "42" }\n}\n',
);
const notJson = write("broken.json", '{\n  "to": "a@b.c",\n  "type": \n}');

// Five tests spawn the shipped CLI (exit codes 0, 1, 2 and 141 through the process, standard input and output through
// real pipes); the other cases run the same command in this process with its input and output captured, sparing a
// Node start-up each. Each works on its own files: they run concurrently.
const validate = (args: string[], options?: { input?: string }) => runInProcess(validateCommand, args, options);

describe.concurrent("specfirst validate", () => {
  it("exits 0 when every file is valid", async () => {
    const result = await runCli(["validate", "message", validMessage]);
    expect(result).toMatchObject({ code: 0, stdout: `${validMessage}: valid\n` });
  });

  it("exits 1 and names pointer, line and column of each error", async () => {
    const result = await runCli(["validate", "notification", validMessage, invalidNotification]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${invalidNotification}:4:23: /reason/code must be an integer`);
  });

  it("stops quietly, exit 141, when the reader of its output goes away", async () => {
    // far more findings than a pipe holds: the CLI is still writing when its reader closes the pipe (`| head`)
    const findings = write("many-invalid.ndjson", '{"type":"text/plain","content":5}\n'.repeat(20_000));
    const child = spawn(process.execPath, [await runtimeCli(), "validate", "message", "--ndjson", findings], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect({ code, stderr }).toEqual({ code: 141, stderr: "" });
  });

  it("prints machine-readable results with --format json", async () => {
    const result = await validate(["notification", invalidNotification, "--format", "json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      results: [
        {
          file: invalidNotification,
          valid: false,
          errors: [{ pointer: "/reason/code", message: "must be an integer", line: 4, column: 23 }],
        },
      ],
    });
  });

  it("exits 2 for non-JSON or unreadable input and usage errors", async () => {
    const broken = await runCli(["validate", "message", notJson]);
    expect(broken.code).toBe(2);
    expect(broken.stdout).toContain(`${notJson}:4:1: (root) invalid JSON: unexpected character`);
    expect((await validate(["message", path.join(dir, "missing.json")])).code).toBe(2);
    expect((await validate(["no-such-schema", validMessage])).code).toBe(2);
    expect((await validate([])).code).toBe(2);
    expect((await validate(["message"])).code).toBe(2);
  });

  it("never prints the value of a secret field, even when it has the wrong type", async () => {
    const secret = "s3cr3t-Pa55word-value";
    const config = write(
      "secret.json",
      JSON.stringify({
        input: { sql: { uri: `mysql://root:${secret}@db:3306/x`, scheduler: { seconds: secret } } },
        output: {
          http: {
            basic_auth: { user_id: "u", password: [secret] },
            headers: { Authorization: 7 },
            oauth2: { client_secret: { v: secret } },
          },
        },
      }),
    );
    for (const format of ["text", "json"]) {
      const result = await validate(["config", config, "--format", format]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("/output/http/basic_auth/password");
      expect(result.stdout + result.stderr).not.toContain(secret);
    }
  });

  it("reads standard input with - or when no file is named", async () => {
    const message = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" });
    expect((await runCli(["validate", "message", "-"], { input: message })).code).toBe(0);
    const piped = await runCli(["validate", "message"], { input: '{"type":"text/plain"}' });
    expect(piped.code).toBe(1);
    expect(piped.stdout).toContain("<stdin>:1:1: /to is required");
  });

  it("validates an NDJSON stream record by record, with line numbers and a summary", async () => {
    const lines = [
      JSON.stringify({ to: "a@b.c", type: "text/plain", content: "one" }),
      "",
      JSON.stringify({ to: "a@b.c", type: "text/plain", content: { no: 1 } }),
      JSON.stringify({ to: "a@b.c", type: "application/vnd.lime.select+json", content: { options: [{ order: "x" }] } }),
    ];
    const file = write("stream.ndjson", `${lines.join("\n")}\n`);
    const result = await validate(["message", "--ndjson", file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${file}:3:`);
    expect(result.stdout).toContain("/content must be a string");
    expect(result.stdout).toContain(`${file}:4:`);
    expect(result.stdout).toContain("/content/options/0/order must be an integer");
    expect(result.stdout).toContain("3 records: 1 valid, 2 invalid, 0 not readable as JSON");
    expect(result.stderr).toBe(""); // no progress bar when stderr is not a terminal

    const json = await validate(["message", "--ndjson", "--format", "json", file]);
    const records = json.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.at(-1)).toEqual({ summary: { records: 3, valid: 1, invalid: 2, unreadable: 0 } });
    // record: its number among the records (the empty line 2 is none); line: its line in the stream, as its errors'.
    expect(records[0]).toMatchObject({ file, record: 2, line: 3, valid: false });
    expect(records[1]).toMatchObject({ file, record: 3, line: 4, valid: false });
    for (const record of records.slice(0, 2))
      for (const error of record.errors as { line: number }[]) expect(error.line).toBe(record.line);

    const withGarbage = await validate(["message", "--ndjson", "-"], { input: `${lines[0]}\n{"to": \n` });
    expect(withGarbage.code).toBe(2);
    expect(withGarbage.stdout).toContain("<stdin>:2:");
    const garbageJson = await validate(["message", "--ndjson", "--format", "json", "-"], {
      input: `${lines[0]}\n\n{"to": \n${lines[2]}\n`,
    });
    expect(garbageJson.code).toBe(2);
    expect(
      garbageJson.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      {
        file: "<stdin>",
        record: 2,
        line: 3,
        valid: false,
        errors: [{ pointer: "", message: "invalid JSON: unexpected end of JSON input", line: 3, column: 8 }],
      },
      expect.objectContaining({ file: "<stdin>", record: 3, line: 4, valid: false }),
      { summary: { records: 3, valid: 1, invalid: 1, unreadable: 1 } },
    ]);
  });

  it("reports an input it cannot read to its end (a directory, a stream failing part way) by its error code, exit 2, after what it read", async () => {
    const run = async (options: Partial<ValidateCommandOptions>) => {
      let stdout = "";
      const code = await (
        await builtRunValidateCommand()
      )({
        name: "message",
        lenient: false,
        ndjson: true,
        maxRecordBytes: 1024,
        format: "text",
        inputs: ["-"],
        stdin: Readable.from([]),
        stdout: (text) => (stdout += text),
        stderr: () => {},
        progress: false,
        ...options,
      });
      return { code, stdout };
    };
    expect(await run({ inputs: [dir] })).toEqual({
      code: 2,
      stdout: `${dir}: (root) cannot read (EISDIR)\n1 records: 0 valid, 0 invalid, 1 not readable as JSON\n`,
    });
    // standard input: a record that breaks the schema, a valid one, then the stream fails (EIO)
    const failing = () =>
      Readable.from(
        (async function* () {
          yield Buffer.from('{"type":"text/plain","content":5}\n{"to":"a@b.cc","type":"text/plain","content":"hi"}\n');
          throw Object.assign(new Error("input/output error"), { code: "EIO" });
        })(),
      );
    const ndjson = await run({ stdin: failing() });
    // the same with the records checked in worker threads: their results are written before the failure
    expect(await run({ stdin: failing(), parallelFromBytes: 0, workerThreads: 2 })).toEqual(ndjson);
    expect(ndjson.code).toBe(2);
    expect(ndjson.stdout.split("\n")).toEqual([
      "<stdin>:1:32: /content must be a string (checked as the text/plain document)",
      "<stdin>:1:1: /to is required",
      "<stdin>: (root) cannot read (EIO)",
      "3 records: 1 valid, 1 invalid, 1 not readable as JSON",
      "",
    ]);
    expect(await run({ ndjson: false, stdin: failing() })).toEqual({
      code: 2,
      stdout: "<stdin>: (root) cannot read (EIO)\n",
    });
  });

  it("skips an NDJSON record longer than --max-record-bytes, reports it by line and validates the records after it", async () => {
    const valid = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "fits exactly" });
    const max = Buffer.byteLength(valid);
    const secret = "s3cr3t-in-a-huge-record";
    // Longer than one read chunk (64 KiB), so the skipping goes on across chunks.
    const huge = JSON.stringify({ to: "a@b.c", type: "text/plain", content: `${secret}${"x".repeat(300_000)}` });
    const lines = [
      valid,
      huge,
      "",
      `${valid}\r`,
      `${valid} `,
      JSON.stringify({ to: "a@b.c", type: "text/plain", content: 7 }),
      valid,
    ];
    const input = lines.join("\n"); // the last record has no line break
    const oversized = `record exceeds the maximum size of ${max} bytes (--max-record-bytes)`;

    const text = await validate(["message", "--ndjson", "--max-record-bytes", String(max), "-"], { input });
    expect(text.code).toBe(2);
    const output = text.stdout.trimEnd().split("\n");
    expect(output.slice(0, 2)).toEqual([`<stdin>:2: (root) ${oversized}`, `<stdin>:5: (root) ${oversized}`]);
    expect(output.slice(2, -1).length).toBeGreaterThan(0);
    for (const error of output.slice(2, -1)) expect(error).toMatch(/^<stdin>:6:\d+: \/content must be /);
    expect(output.at(-1)).toBe("6 records: 3 valid, 1 invalid, 2 not readable as JSON");
    expect(text.stdout + text.stderr).not.toContain(secret);

    const file = write("oversized.ndjson", input);
    const json = await validate(["message", "--ndjson", "--format", "json", "--max-record-bytes", String(max), file]);
    expect(json.code).toBe(2);
    const records = json.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toEqual([
      { file, record: 2, line: 2, valid: false, errors: [{ pointer: "", message: oversized }] },
      { file, record: 4, line: 5, valid: false, errors: [{ pointer: "", message: oversized }] },
      expect.objectContaining({ file, record: 5, line: 6, valid: false }),
      { summary: { records: 6, valid: 3, invalid: 1, unreadable: 2 } },
    ]);

    expect((await validate(["message", "--ndjson", "-"], { input: `${huge}\n${valid}\n` })).code).toBe(0); // under the 16 MiB default
    for (const bad of ["0", "-1", "1.5", "16MiB"]) {
      const usage = await validate(["message", "--ndjson", `--max-record-bytes=${bad}`, "-"], { input: valid });
      expect(usage, bad).toMatchObject({ code: 2, stdout: "" });
      expect(usage.stderr).toContain("--max-record-bytes");
    }
  });

  it("gives the same output for an NDJSON stream read in any chunks, on the main thread or in worker threads", async () => {
    const message = (content: unknown) => JSON.stringify({ to: "a@b.c", type: "text/plain", content });
    const line = fc.oneof(
      fc.string().map((content) => message(content)),
      fc.integer().map((content) => message(content)),
      fc.constantFrom(
        "",
        "   ",
        "\t",
        "{broken",
        '{"to":"a@b.c","to":"d@e.f","type":"text/plain","content":"x"}',
        `\uFEFF${message("bom")}`,
        "[]",
        "null",
      ),
      fc.string({ minLength: 200, maxLength: 400 }).map((content) => message(content)), // over --max-record-bytes
    );
    const stream = fc.tuple(
      fc.array(fc.tuple(line, fc.constantFrom("\n", "\r\n")), { minLength: 1, maxLength: 60 }),
      fc.boolean(), // a last line without a line break
      fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 20 }), // chunk sizes, repeated
      fc.constantFrom(Buffer.from([0xc0, 0xaf]), Buffer.from([0xa0]), Buffer.from("é")), // bytes put into one line
    );
    await fc.assert(
      fc.asyncProperty(stream, async ([lines, unterminated, sizes, odd]) => {
        const text = Buffer.from(
          lines.map(([l, end], i) => (unterminated && i === lines.length - 1 ? l : `${l}${end}`)).join(""),
        );
        const at = Math.floor(text.length / 2);
        const bytes = Buffer.concat([text.subarray(0, at), odd, text.subarray(at)]);
        const chunks: Buffer[] = [];
        for (let start = 0, i = 0; start < bytes.length; start += sizes[i++ % sizes.length] as number)
          chunks.push(bytes.subarray(start, start + (sizes[i % sizes.length] as number)));
        for (const format of ["text", "json"] as const) {
          const whole = await ndjson(format, [bytes], Number.POSITIVE_INFINITY);
          const split = await ndjson(format, chunks, 0);
          expect(split).toEqual(whole);
        }
      }),
      { numRuns: 4 },
    );
  }, 120_000);

  it(`checks an NDJSON file of ${DEFAULT_PARALLEL_FROM_BYTES / 1024 / 1024} MiB or more with the same output on one thread and in worker threads, the CLI included`, async () => {
    const records = [
      JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" }),
      JSON.stringify({ to: "a@b.c", type: "text/plain", content: 7 }),
      JSON.stringify({
        to: "a@b.c",
        type: "application/vnd.lime.select+json",
        content: { text: "Pick", options: [{ order: 1, text: "x".repeat(120) }] },
      }),
      "{not json",
    ];
    const count = Math.ceil(DEFAULT_PARALLEL_FROM_BYTES / records.join("\n").length) + 1;
    const text = `${Array.from({ length: count }, (_, i) => (i % 97 === 0 ? records.join("\n") : `${records[0]}\n${records[2]}\n${records[0]}`)).join("\n")}\n`;
    const file = write("large.ndjson", text);
    // the CLI as shipped: worker threads or not, as this machine's cores decide (runtime/cli/ndjson-pool.ts)
    const spawned = await runCli(["validate", "message", "--ndjson", "--format", "json", file]);
    const oneThread = await ndjson("json", [Buffer.from(text)], Number.POSITIVE_INFINITY, file);
    const workers = await ndjson("json", [Buffer.from(text)], DEFAULT_PARALLEL_FROM_BYTES, file);
    expect(spawned.code).toBe(oneThread.code);
    expect(spawned.stdout).toBe(oneThread.stdout);
    expect(workers).toEqual(oneThread);
    expect(spawned.stdout).toMatch(/"summary":\{"records":\d{5,}/);
  }, 120_000);

  it("checks a large NDJSON input in worker threads from 3 cores, one per core but one, and on the main thread below", () => {
    // docs/validating.md: one worker would only move the work, not spread it
    expect([1, 2, 3, 4, 8].map((cores) => checkingWorkers(cores))).toEqual([0, 0, 2, 3, 7]);
  });

  it("loads the validators of the one API that holds the schema, every API's for a media type or an unknown name", async () => {
    // generated/schema-apis.ts names every schema once, with the API whose validators module holds it
    expect(Object.keys(schemaApis).sort()).toEqual([...everyApi.schemaNames].sort());
    for (const [name, api] of Object.entries(schemaApis)) {
      const module = (await (apiValidatorModules[api] as () => Promise<unknown>)()) as {
        schemaNames: readonly string[];
      };
      expect(module.schemaNames, name).toContain(name);
    }
    const namesLoadedFor = async (target: { name: string } | { mediaType: string }) =>
      [...(await loadValidators(target)).schemaNames].sort();
    const namesOf = (api: string) =>
      Object.keys(schemaApis)
        .filter((name) => schemaApis[name] === api)
        .sort();
    expect(await namesLoadedFor({ name: "message" })).toEqual(namesOf("messaging"));
    expect(await namesLoadedFor({ name: "config-lenient" })).toEqual(namesOf("configs"));
    expect(await namesLoadedFor({ mediaType: "text/plain" })).toEqual([...everyApi.schemaNames].sort());
    expect(await namesLoadedFor({ name: "constructor" })).toEqual([...everyApi.schemaNames].sort());
  });

  it("checks the lenient Config and bare content documents", async () => {
    const config = write("lenient.json", JSON.stringify({ name: "c", input: { kafka: { consumer_grop: "g" } } }));
    expect((await validate(["config", config])).code).toBe(1);
    expect((await validate(["config", "--lenient", config])).code).toBe(0);
    expect((await validate(["message", "--lenient", config])).code).toBe(2);
    const select = write("select.json", JSON.stringify({ text: "Pick", options: [{ order: 1.5, text: "a" }] }));
    const checked = await validate(["--media-type", "application/vnd.lime.select+json", select]);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain("/options/0/order must be an integer");
    expect((await validate(["--media-type", "application/x-unknown", select])).code).toBe(0);
  });

  it("answers odd input clearly: BOM, invalid UTF-8, duplicate keys, trailing commas, NaN, empty input", async () => {
    const message = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" });
    expect((await validate(["message", write("bom.json", `\uFEFF${message}`)])).code).toBe(0);
    const badUtf8 = path.join(dir, "latin1.json");
    writeFileSync(
      badUtf8,
      Buffer.concat([
        Buffer.from('{"to":"a@b.c","type":"text/plain","content":"'),
        Buffer.from([0xc0, 0xaf]),
        Buffer.from('"}'),
      ]),
    );
    const utf8 = await validate(["message", badUtf8]);
    expect(utf8).toMatchObject({ code: 2 });
    expect(utf8.stdout).toContain("invalid UTF-8");
    const cases: [string, string][] = [
      ['{"to":"a@b.c","to":"d@e.f","type":"text/plain","content":"x"}', "duplicate key in an object"],
      ['{"to":"a@b.c",}', "trailing comma"],
      ['{"to":NaN}', "unexpected character"],
      ["", "unexpected end of JSON input"],
    ];
    for (const [text, reason] of cases) {
      const result = await validate(["message", "-"], { input: text });
      expect(result.code, text).toBe(2);
      expect(result.stdout).toContain(reason);
    }
    for (const [text, message] of [
      ["[]", "must be an object"],
      ["null", "must be an object"],
      ['"a string"', "must be an object"],
    ]) {
      const result = await validate(["message", "-"], { input: text });
      expect(result.code, text).toBe(1);
      expect(result.stdout).toContain(message);
    }
  });

  it("documents every option in --help", async () => {
    const help = await validate(["--help"]);
    expect(help.code).toBe(0);
    for (const option of ["--ndjson", "--max-record-bytes", "--lenient", "--media-type", "--format", "Exit codes"])
      expect(help.stdout).toContain(option);
  });
});

/** `validate message --ndjson` over standard input given as these chunks (or over `file`), output captured. */
async function ndjson(
  format: "text" | "json",
  chunks: Buffer[],
  parallelFromBytes: number,
  file?: string,
): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  const options: ValidateCommandOptions = {
    name: "message",
    lenient: false,
    ndjson: true,
    maxRecordBytes: 150,
    format,
    inputs: [file ?? "-"],
    stdin: Readable.from(chunks),
    stdout: (text) => (stdout += text),
    stderr: () => {},
    progress: false,
    parallelFromBytes,
    // worker threads even on a machine where the CLI checks on its main thread (runtime/cli/ndjson-pool.ts)
    workerThreads: 2,
  };
  if (file !== undefined) options.maxRecordBytes = 16 * 1024 * 1024;
  const code = await (await builtRunValidateCommand())(options);
  return { code, stdout };
}
