/**
 * NDJSON streams for `specfirst validate --ndjson`, in batches rather than line by line: the reader cuts the byte
 * stream at the last line break of each read (a batch holds whole lines only, and the main thread never looks at a
 * line), and `checkBatch` decodes a batch, splits it into lines and checks every record of it in one synchronous
 * loop, on the main thread or in a worker thread (runtime/cli/ndjson-worker.ts). Line and record numbers in a
 * batch's results count from the batch's start; the caller, which takes the batches in order, adds the lines and
 * records of the batches before.
 *
 * Memory: a batch holds at most one read (`ByteSource.room`) plus the part of a line carried over from the read
 * before, which is never more than `maxRecordBytes` + 1: a longer line is dropped as soon as it grows past that and
 * reported as oversized, never held.
 */
import type { FileHandle } from "node:fs/promises";
import { parseJson } from "../json/json-text.js";
import { decodeJsonText, decodeUtf8 } from "../json/read-json.js";
import {
  STRICT,
  checkJsonText,
  invalidText,
  unreadable,
  type Check,
  type CheckedText,
  type ReportedError,
} from "./record-check.js";

const LF = 10;
const CR = 13;

/** Whole lines of the stream (each ending with a line break, but the stream's last line may not). */
export interface Batch {
  bytes: Uint8Array<ArrayBuffer>;
  /** The batch's first line is the end of a line that grew past the maximum record size: it is oversized. */
  firstOversized: boolean;
}

/**
 * A record that is not valid, its line and record numbers counted from the start of its batch (1 for the first):
 * what `checkJsonText` found, the lines of its errors counted from the record's (1), not located yet when the
 * record is invalid against the schema (`locateErrors`, on the main thread).
 */
export interface BatchFinding extends CheckedText {
  record: number;
  line: number;
}

export interface BatchResult {
  lines: number;
  records: number;
  valid: number;
  findings: BatchFinding[];
}

/**
 * Where the bytes of an input come from: `read` fills the start of `into` (a file: as much as it holds; a stream:
 * at most the chunk it is given next, so that records are checked as they arrive) and resolves with the count, 0 at
 * the end. `room` is the space a read is given after the part of a line carried over: a batch's size.
 */
export interface ByteSource {
  room: number;
  read(into: Uint8Array): Promise<number>;
}

/** A file read `room` bytes at a time straight into the batch's buffer (no copy on the way). */
export function fileSource(file: FileHandle, room: number): ByteSource {
  return { room, read: async (into) => (await file.read(into, 0, into.length, null)).bytesRead };
}

/** A stream (standard input): each read copies the next chunk, or what of it fits; the rest waits for the next. */
export function streamSource(stream: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, room: number): ByteSource {
  const chunks =
    Symbol.asyncIterator in stream
      ? stream[Symbol.asyncIterator]()
      : (stream as Iterable<Uint8Array>)[Symbol.iterator]();
  let rest: Uint8Array = new Uint8Array(0);
  return {
    room,
    async read(into) {
      while (rest.length === 0) {
        const next = await chunks.next();
        if (next.done === true) return 0;
        rest = next.value;
      }
      const count = Math.min(rest.length, into.length);
      into.set(rest.subarray(0, count));
      rest = rest.subarray(count);
      return count;
    },
  };
}

/**
 * The batches of a byte source: what each read brings, up to its last line break, after the part of a line carried
 * over from the read before. Each batch is a view of a buffer of its own (`Buffer.allocUnsafeSlow`, never a shared
 * pool), which can be moved to a worker thread without a copy. A line longer than `maxBytes` (plus one byte for a
 * "\r") is given up while it is read: its bytes are dropped, and the batch after it starts `firstOversized`.
 *
 * Memory: the buffer being filled holds at most the part of a line carried over (`maxBytes` + 1 bytes) and one
 * read (`source.room` bytes); a line that grows within it doubles it, up to `maxBytes` + 2 bytes.
 */
export async function* readBatches(
  source: ByteSource,
  maxBytes: number,
  onBytes: (count: number) => void,
): AsyncGenerator<Batch> {
  let buffer = Buffer.allocUnsafeSlow(source.room);
  let filled = 0;
  let oversized = false;
  // The read into the next batch's buffer, started before a batch is yielded: it goes on while the caller checks
  // that batch (a file's read runs in the thread pool), instead of after it.
  let ahead: Promise<number> | undefined;
  try {
    for (;;) {
      // a line (under the limit) fills the buffer: double it, at most to one byte past the limit with its "\r"
      // (never while a read is ahead: one is started only into a buffer with room)
      if (filled === buffer.length) buffer = grown(buffer, Math.min(2 * buffer.length, maxBytes + 2));
      const from = filled;
      const read = await (ahead ?? source.read(buffer.subarray(from)));
      ahead = undefined;
      if (read === 0) break;
      onBytes(read);
      filled += read;
      const last = buffer.subarray(from, filled).lastIndexOf(LF);
      if (last === -1) {
        // no line break read: the line goes on, dropped if it is (or has just grown) over the limit
        if (oversized || filled > maxBytes + 1) {
          oversized = true;
          filled = 0;
        }
        continue;
      }
      const end = from + last + 1;
      // an oversized line (dropped: `from` is 0) ends at the first line break read: the batch starts after it
      const batch: Batch = {
        bytes: buffer.subarray(oversized ? buffer.indexOf(LF) + 1 : 0, end),
        firstOversized: oversized,
      };
      // the rest goes to a buffer of its own before the batch is yielded (and its buffer maybe moved to a worker)
      const rest = filled - end;
      oversized = rest > maxBytes + 1;
      const next = Buffer.allocUnsafeSlow((oversized ? 0 : rest) + source.room);
      if (!oversized) buffer.copy(next, 0, end, filled);
      buffer = next;
      filled = oversized ? 0 : rest;
      ahead = source.read(buffer.subarray(filled));
      // awaited at the next turn; marked handled so that a failure while the caller works is not "unhandled"
      ahead.catch(() => 0);
      yield batch;
    }
  } finally {
    // a caller that stops early leaves no read behind unawaited (its failure would be an unhandled rejection)
    await ahead?.catch(() => 0);
  }
  if (oversized || filled > 0) yield { bytes: buffer.subarray(0, oversized ? 0 : filled), firstOversized: oversized };
}

function grown(buffer: Buffer, size: number): Buffer<ArrayBuffer> {
  const bigger = Buffer.allocUnsafeSlow(size);
  buffer.copy(bigger);
  return bigger;
}

/**
 * Checks every record of a batch: an empty or blank line is not a record; a line longer than `maxBytes` (without
 * its "\r\n" or "\n") is an oversized record, not read; any other line is read as JSON and validated. The batch is
 * decoded at once (a line break never falls inside a UTF-8 sequence, so the lines of the text are the texts of the
 * lines); a batch that is not valid UTF-8 is split into lines of bytes instead, each decoded on its own, so that the
 * error is the bad record's.
 */
export function checkBatch(batch: Batch, check: Check, maxBytes: number): BatchResult {
  const result: BatchResult = { lines: 0, records: 0, valid: 0, findings: [] };
  if (batch.firstOversized) {
    result.lines++;
    result.findings.push(finding(oversizedRecord(maxBytes), ++result.records, 1));
  }
  const bytes = batch.bytes;
  for (let start = 0; start < bytes.length;) {
    // pieces of about DECODED_PIECE_BYTES, each ending at a line break (or the batch's end)
    let end = bytes.length;
    if (start + DECODED_PIECE_BYTES < bytes.length) {
      end = bytes.lastIndexOf(LF, start + DECODED_PIECE_BYTES - 1) + 1;
      if (end <= start) end = bytes.indexOf(LF, start + DECODED_PIECE_BYTES) + 1 || bytes.length;
    }
    const piece = bytes.subarray(start, end);
    const text = decodedOrUndefined(piece);
    if (text === undefined) checkByteLines(piece, check, maxBytes, result);
    else checkTextLines(text, check, maxBytes, result);
    start = end;
  }
  return result;
}

/**
 * A batch is decoded this many bytes at a time: a text this size stays in the processor's cache while its records
 * are parsed (1 MiB decoded at once measured 8% slower per record, in the same process).
 */
const DECODED_PIECE_BYTES = 64 * 1024;

/**
 * The lines of a decoded batch. A blank line holds only \t \n \v \f \r and spaces (a no-break space in a text
 * decoded strictly comes from the bytes C2 A0, which are not blank; see `checkByteLines`). One plain loop, with no
 * callback per line, so that the optimizing compiler compiles it once.
 *
 * Each record is checked here, in the loop, from the parts of `checkJsonText` (runtime/cli/record-check.ts: the
 * same decoding, strict reading and results) rather than through `checkRecord` and `checkJsonText`: each function
 * the record loop calls grows hot on its own and is compiled on its own, with the reader and the validators inlined
 * into it again, and those compiles queue on the compiler's threads while the records wait in slower code. Written
 * out here, the whole command took 0.93-0.97x the wall time of the same code with the calls (one worker thread
 * checking, paired runs on the shared machine; docs/performance.md, CLI stream).
 */
function checkTextLines(text: string, check: Check, maxBytes: number, result: BatchResult): void {
  for (let start = 0; start < text.length;) {
    const lf = text.indexOf("\n", start);
    const next = lf === -1 ? text.length : lf + 1;
    let end = lf === -1 ? text.length : lf;
    if (end > start && text.charCodeAt(end - 1) === CR) end--;
    result.lines++;
    let blank = true;
    for (let i = start; blank && i < end; i++) {
      const c = text.charCodeAt(i);
      blank = c === 32 || (c >= 9 && c <= 13);
    }
    if (!blank) {
      const line = text.slice(start, end);
      const record = ++result.records;
      let checked: CheckedText | undefined;
      // a UTF-16 code unit is at most 3 bytes of UTF-8: count the bytes only when the line may be too long
      if ((end - start) * 3 > maxBytes && Buffer.byteLength(line) > maxBytes) checked = oversizedRecord(maxBytes);
      else {
        const json = decodeJsonText(line);
        let value: unknown = undefined;
        try {
          value = parseJson(json, STRICT);
        } catch (error) {
          checked = unreadable(error);
        }
        if (checked === undefined) {
          const outcome = check(value);
          if (outcome.valid) result.valid++;
          else checked = invalidText(outcome, json);
        }
      }
      if (checked !== undefined) result.findings.push(finding(checked, record, result.lines));
    }
    start = next;
  }
}

/**
 * The lines of a batch that is not valid UTF-8, as bytes. A blank line's bytes, read as Latin-1, are all white
 * space: \t \n \v \f \r, space, no-break space.
 */
function checkByteLines(bytes: Uint8Array, check: Check, maxBytes: number, result: BatchResult): void {
  for (let start = 0; start < bytes.length;) {
    const lf = bytes.indexOf(LF, start);
    const next = lf === -1 ? bytes.length : lf + 1;
    let end = lf === -1 ? bytes.length : lf;
    if (end > start && bytes[end - 1] === CR) end--;
    result.lines++;
    let blank = true;
    for (let i = start; blank && i < end; i++) {
      const b = bytes[i] as number;
      blank = b === 32 || (b >= 9 && b <= 13) || b === 160;
    }
    if (!blank) checkRecord(bytes.subarray(start, end), end - start > maxBytes, check, maxBytes, result);
    start = next;
  }
}

/** Counts the record on the batch's current line (`result.lines`) and its finding, if any (`checkTextLines` checks
 * the records of a decoded batch the same way, written out in its loop). */
function checkRecord(
  line: string | Uint8Array,
  oversized: boolean,
  check: Check,
  maxBytes: number,
  result: BatchResult,
): void {
  const record = ++result.records;
  const at = result.lines;
  if (oversized) {
    result.findings.push(finding(oversizedRecord(maxBytes), record, at));
    return;
  }
  const checked = checkJsonText(line, check);
  if (checked.valid) {
    result.valid++;
    return;
  }
  result.findings.push(finding(checked, record, at));
}

/**
 * A finding, always built with the same properties in the same order: findings of every kind then share one
 * object shape, and the optimized record loop is not thrown back to the interpreter by a new one.
 */
function finding(checked: CheckedText, record: number, line: number): BatchFinding {
  return {
    valid: false,
    readable: checked.readable,
    errors: checked.errors,
    errorCount: checked.errorCount,
    text: checked.text,
    record,
    line,
  };
}

function oversizedRecord(maxBytes: number): CheckedText {
  return { valid: false, readable: false, errors: [oversizedError(maxBytes)], errorCount: 1, text: undefined };
}

function decodedOrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return decodeUtf8(bytes);
  } catch {
    return undefined;
  }
}

export function oversizedError(maxBytes: number): ReportedError {
  return { pointer: "", message: `record exceeds the maximum size of ${maxBytes} bytes (--max-record-bytes)` };
}
