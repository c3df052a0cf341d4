import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builtRunValidateCommand } from "./helpers/cli.js";

// `specfirst validate --ndjson` (docs/validating.md, the validate CLI): every record's finding is reported on its
// own line and record number, in input order, whether the batches are checked on the main thread or spread over
// worker threads, whatever the chunks the input arrives in.

const dir = mkdtempSync(path.join(tmpdir(), "specfirst-ndjson-"));
const MAX_RECORD_BYTES = 150;
const message = (content: unknown) => JSON.stringify({ to: "a@b.c", type: "text/plain", content });

/** A kind of line, its bytes, and what the CLI must say of it (undefined: valid or not a record). */
interface Kind {
  bytes: (content: string) => Buffer;
  record: boolean;
  says?: RegExp;
  readable?: boolean;
}
const KINDS: Record<string, Kind> = {
  valid: { bytes: (c) => Buffer.from(message(c)), record: true },
  blank: { bytes: () => Buffer.from(" \t"), record: false },
  empty: { bytes: () => Buffer.alloc(0), record: false },
  schema: { bytes: () => Buffer.from(message(7)), record: true, says: /must be/, readable: true },
  utf8: {
    bytes: (c) =>
      Buffer.concat([
        Buffer.from(`{"to":"a@b.c","type":"text/plain","content":"${c.slice(0, 20)}`),
        Buffer.from([0xc0, 0xaf]),
        Buffer.from('"}'),
      ]),
    record: true,
    says: /invalid UTF-8/,
    readable: false,
  },
  repeated: {
    bytes: (c) =>
      Buffer.from(`{"to":"a@b.c","content":${JSON.stringify(c.slice(0, 20))},"type":"text/plain","to":"d@e.f"}`),
    record: true,
    says: /duplicate key/,
    readable: false,
  },
  oversized: {
    bytes: (c) => Buffer.from(message(c.padEnd(MAX_RECORD_BYTES, "x"))),
    record: true,
    says: /exceeds the maximum size of 150 bytes/,
    readable: false,
  },
  // a record of exactly the limit, and one byte over it (the line break, "\n" or "\r\n", is not counted)
  atLimit: { bytes: () => Buffer.from(message("x".repeat(MAX_RECORD_BYTES - message("").length))), record: true },
  overByOne: {
    bytes: () => Buffer.from(message("x".repeat(MAX_RECORD_BYTES + 1 - message("").length))),
    record: true,
    says: /exceeds the maximum size/,
    readable: false,
  },
  broken: { bytes: () => Buffer.from('{"to":'), record: true, says: /invalid JSON/, readable: false },
};

const stream = fc.record({
  lines: fc.array(
    fc.tuple(fc.constantFrom(...Object.keys(KINDS)), fc.string({ maxLength: 30 }), fc.constantFrom("\n", "\r\n")),
    { minLength: 1, maxLength: 300 },
  ),
  unterminated: fc.boolean(),
  chunkSizes: fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 1, maxLength: 8 }),
});

async function run(
  input: { chunks: Buffer[] } | { file: string },
  parallelFromBytes: number,
  batchBytes?: number,
): Promise<{ code: number; out: Record<string, unknown>[] }> {
  let stdout = "";
  const runValidateCommand = await builtRunValidateCommand();
  const code = await runValidateCommand({
    name: "message",
    lenient: false,
    ndjson: true,
    maxRecordBytes: MAX_RECORD_BYTES,
    format: "json",
    inputs: ["file" in input ? input.file : "-"],
    stdin: Readable.from("chunks" in input ? input.chunks : []),
    stdout: (text) => (stdout += text),
    stderr: () => {},
    progress: false,
    parallelFromBytes,
    // worker threads even on a machine where the CLI checks on its main thread (runtime/cli/ndjson-pool.ts)
    workerThreads: 2,
    batchBytes,
  });
  return {
    code,
    out: stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe.concurrent("validate --ndjson: findings on the right line, in order, with and without worker threads", () => {
  it("reports invalid UTF-8, repeated keys, over-limit and broken records and schema errors on their own line and record", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(stream, async ({ lines, unterminated, chunkSizes }) => {
        const parts = lines.map(([kind, content, end], i) =>
          Buffer.concat([
            (KINDS[kind] as Kind).bytes(content),
            Buffer.from(unterminated && i === lines.length - 1 ? "" : end),
          ]),
        );
        const bytes = Buffer.concat(parts);
        const expected: { record: number; line: number; says: RegExp; readable: boolean }[] = [];
        let records = 0;
        lines.forEach(([name], index) => {
          const kind = KINDS[name] as Kind;
          if (!kind.record) return;
          records++;
          if (kind.says !== undefined)
            expected.push({ record: records, line: index + 1, says: kind.says, readable: kind.readable === true });
        });
        const chunks: Buffer[] = [];
        for (let start = 0, i = 0; start < bytes.length; i++) {
          const size = chunkSizes[i % chunkSizes.length] as number;
          chunks.push(bytes.subarray(start, start + size));
          start += size;
        }
        const file = path.join(dir, `stream-${runs++}.ndjson`);
        writeFileSync(file, bytes);
        // main thread only; worker threads from the first byte (standard input in chunks, and a file); a file read a
        // few bytes at a time (a repeated key, a "\r\n", an over-limit record split between reads), on the main
        // thread and in worker threads
        const outcomes = await Promise.all([
          run({ chunks }, Number.POSITIVE_INFINITY),
          run({ chunks }, 0),
          run({ file }, 1),
          run({ file }, Number.POSITIVE_INFINITY, chunkSizes[0]),
          run({ file }, 1, chunkSizes[0]),
        ]);
        for (const { code, out } of outcomes) {
          const findings = out.slice(0, -1);
          expect(findings.map((f) => ({ record: f.record, line: f.line }))).toEqual(
            expected.map(({ record, line }) => ({ record, line })),
          );
          findings.forEach((finding, i) => {
            const errors = finding.errors as { message: string; line?: number }[];
            expect(errors[0]?.message).toMatch((expected[i] as (typeof expected)[number]).says);
            for (const error of errors) if (error.line !== undefined) expect(error.line).toBe(finding.line);
          });
          const unreadable = expected.filter((e) => !e.readable).length;
          expect(out.at(-1)).toEqual({
            summary: { records, valid: records - expected.length, invalid: expected.length - unreadable, unreadable },
          });
          expect(code).toBe(unreadable > 0 ? 2 : expected.length > 0 ? 1 : 0);
        }
        expect(outcomes[1]).toEqual(outcomes[0]);
        for (const fromFile of outcomes.slice(2))
          expect(fromFile?.out.slice(0, -1).map((f) => ({ ...f, file: "-" }))).toEqual(
            outcomes[0]?.out.slice(0, -1).map((f) => ({ ...f, file: "-" })),
          );
      }),
      { numRuns: 5 },
    );
  }, 180_000);

  it("reports the same from a batch decoded in many pieces, one of them not valid UTF-8, as from small batches", async () => {
    // over 256 KiB: a 1 MiB batch is decoded 64 KiB at a time (runtime/cli/ndjson.ts), on either side of each cut
    const names = Object.keys(KINDS);
    const lines = Array.from({ length: 4000 }, (_, i) => {
      const name = i % 13 === 0 ? (names[(i / 13) % names.length] as string) : "valid";
      return Buffer.concat([
        (KINDS[name] as Kind).bytes(`record ${i} ${"é".repeat(i % 40)}`),
        Buffer.from(i % 3 ? "\n" : "\r\n"),
      ]);
    });
    const file = path.join(dir, "pieces.ndjson");
    const bytes = Buffer.concat(lines);
    expect(bytes.length).toBeGreaterThan(4 * 64 * 1024);
    writeFileSync(file, bytes);
    const [pieces, inWorkers, small] = await Promise.all([
      run({ file }, Number.POSITIVE_INFINITY),
      run({ file }, 1),
      run({ file }, Number.POSITIVE_INFINITY, 200),
    ]);
    expect(small.out.length).toBeGreaterThan(150);
    expect(pieces).toEqual(small);
    expect(inWorkers).toEqual(small);
  }, 60_000);

  it("keeps input order over many batches spread across worker threads", async () => {
    // 3,000 records in 1,500 chunks of two lines: every 7th record is invalid, each names its own record number
    const lines = Array.from({ length: 3000 }, (_, i) => message(i % 7 === 3 ? i : `record ${i}`));
    const chunks = Array.from({ length: 1500 }, (_, i) => Buffer.from(`${lines[2 * i]}\n${lines[2 * i + 1]}\n`));
    const { code, out } = await run({ chunks }, 0);
    expect(code).toBe(1);
    const invalid = lines.flatMap((_, i) => (i % 7 === 3 ? [i + 1] : []));
    expect(out.slice(0, -1).map((f) => f.record)).toEqual(invalid);
    expect(out.slice(0, -1).map((f) => f.line)).toEqual(invalid);
  }, 60_000);
});
