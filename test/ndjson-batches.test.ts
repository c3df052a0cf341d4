import { mkdtempSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fileSource, readBatches, streamSource, type Batch, type ByteSource } from "../runtime/cli/ndjson.js";

// The batches `specfirst validate --ndjson` cuts a stream into (docs/validating.md, the validate CLI; memory bound):
// whatever the reads and chunks, the lines are those of the stream, a line over the limit is dropped while it is
// read (never held) and reported as oversized, and each batch owns its buffer, of bounded size, so it can be moved to
// a worker thread without a copy.

const dir = mkdtempSync(path.join(tmpdir(), "specfirst-batches-"));
const OVERSIZED = "<oversized>";

/** What the checker sees of each line: its text without "\r\n" or "\n", or OVERSIZED past `maxBytes`. */
function linesOf(bytes: Buffer, maxBytes: number): string[] {
  const lines = bytes.toString("latin1").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.map((line) => {
    const content = line.endsWith("\r") ? line.slice(0, -1) : line;
    return content.length > maxBytes ? OVERSIZED : content;
  });
}

async function collect(source: ByteSource, maxBytes: number): Promise<Batch[]> {
  const batches: Batch[] = [];
  for await (const batch of readBatches(source, maxBytes, () => {})) batches.push({ ...batch, bytes: batch.bytes });
  return batches;
}

const input = fc.record({
  lines: fc.array(
    fc.tuple(fc.nat({ max: 400 }), fc.constantFrom("\n", "\r\n"), fc.constantFrom("a", '"k":1,"k":2', "é")),
    { maxLength: 40 },
  ),
  unterminated: fc.boolean(),
  maxBytes: fc.integer({ min: 1, max: 200 }),
  room: fc.integer({ min: 1, max: 300 }),
  chunkSizes: fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 6 }),
});

describe("readBatches: the lines of any stream, in buffers of their own, bounded by the record limit", () => {
  it("gives the stream's lines whatever the reads, from a file or from chunks of standard input", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(input, async ({ lines, unterminated, maxBytes, room, chunkSizes }) => {
        const text = lines
          .map(
            ([length, end, fill], i) =>
              fill.repeat(length).slice(0, length) + (unterminated && i === lines.length - 1 ? "" : end),
          )
          .join("");
        const bytes = Buffer.from(text);
        const chunks: Buffer[] = [];
        for (let start = 0, i = 0; start < bytes.length; i++) {
          const size = chunkSizes[i % chunkSizes.length] as number;
          chunks.push(bytes.subarray(start, start + size));
          start += size;
        }
        const file = path.join(dir, `input-${runs++}.ndjson`);
        writeFileSync(file, bytes);
        const handle = await open(file);
        try {
          for (const source of [streamSource(chunks, room), fileSource(handle, room)]) {
            const batches = await collect(source, maxBytes);
            const seen = batches.flatMap((batch) => [
              ...(batch.firstOversized ? [OVERSIZED] : []),
              ...linesOf(Buffer.from(batch.bytes), maxBytes),
            ]);
            expect(seen).toEqual(linesOf(bytes, maxBytes));
            for (const [i, batch] of batches.entries()) {
              // whole lines only (but the stream's last), each batch in a buffer no other batch shares
              if (i < batches.length - 1) expect(batch.bytes.at(-1) === 10 || batch.bytes.length === 0).toBe(true);
              expect(batches.filter((other) => other.bytes.buffer === batch.bytes.buffer)).toHaveLength(1);
              // memory: one read and the part of a line carried over, or a line growing up to the limit
              expect(batch.bytes.buffer.byteLength).toBeLessThanOrEqual(Math.max(room + maxBytes + 1, maxBytes + 2));
            }
          }
        } finally {
          await handle.close();
        }
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it("drops a line over the limit as it is read, before its end arrives", async () => {
    const maxBytes = 100;
    const line = Buffer.alloc(10 * maxBytes, "x");
    async function* slowly(): AsyncGenerator<Buffer> {
      yield Buffer.from("ok\n");
      for (let i = 0; i < 10; i++) yield line.subarray(i * maxBytes, (i + 1) * maxBytes);
      yield Buffer.from("\r\nnext");
    }
    const batches = await collect(streamSource(slowly(), 64), maxBytes);
    expect(batches.map((b) => [b.firstOversized, Buffer.from(b.bytes).toString()])).toEqual([
      [false, "ok\n"],
      [true, ""],
      [false, "next"],
    ]);
    for (const batch of batches) expect(batch.bytes.buffer.byteLength).toBeLessThanOrEqual(maxBytes + 2 + 64);
  });

  it("reads the next batch while the caller checks one; a failed read reaches the caller, or no one once it stopped", async () => {
    /** A source giving "a\n" per read, whose read number `failAt` rejects (after a turn of the event loop). */
    const source = (failAt: number) => {
      let reads = 0;
      const counted: ByteSource & { reads: () => number } = {
        room: 8,
        reads: () => reads,
        async read(into) {
          reads++;
          await new Promise((resolve) => setImmediate(resolve));
          if (reads === failAt) throw new Error("the disk is gone");
          into.set(Buffer.from("a\n"));
          return 2;
        },
      };
      return counted;
    };
    const ahead = source(10);
    const batches = readBatches(ahead, 100, () => {});
    await batches.next();
    expect(ahead.reads()).toBe(2); // the second read started before the first batch was handed over
    await batches.return(undefined);

    const failing = readBatches(source(2), 100, () => {});
    expect(Buffer.from((await failing.next()).value?.bytes ?? []).toString()).toBe("a\n");
    await expect(failing.next()).rejects.toThrow("the disk is gone");

    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      for await (const batch of readBatches(source(2), 100, () => {})) {
        expect(batch.bytes.length).toBe(2);
        break; // the caller stops while the second read is on its way to failing
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off("unhandledRejection", record);
    }
    expect(unhandled).toEqual([]);
  });
});
