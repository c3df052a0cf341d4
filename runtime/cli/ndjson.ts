/**
 * NDJSON streams for `specfirst validate --ndjson`, in batches rather than line by line: the reader cuts the byte
 * stream at the last line break of each chunk it reads (a batch holds whole lines only), and `checkBatch` splits
 * a batch into lines and checks every record of it in one synchronous loop, on the main thread or in a worker
 * thread (runtime/cli/ndjson-worker.ts). Line and record numbers in a batch's results count from the batch's start;
 * the caller, which takes the batches in order, adds the lines and records of the batches before.
 *
 * Memory: a batch holds at most one chunk read from the input plus the part of a line carried over from the chunk
 * before, which is never more than `maxRecordBytes` + 1: a longer line is dropped as soon as it grows past that and
 * reported as oversized, never held.
 */
import { decodeUtf8 } from "../json/read-json.js";
import { checkJsonText, type Check, type ReportedError } from "./record-check.js";

const LF = 10;
const CR = 13;

/** Whole lines of the stream (each ending with a line break, but the stream's last line may not). */
export interface Batch {
  bytes: Uint8Array;
  /** The batch's first line is the end of a line that grew past the maximum record size: it is oversized. */
  firstOversized: boolean;
}

/** A record that is not valid, its line and record numbers counted from the start of its batch (1 for the first). */
export interface BatchFinding {
  record: number;
  line: number;
  readable: boolean;
  errors: ReportedError[];
}

export interface BatchResult {
  lines: number;
  records: number;
  valid: number;
  findings: BatchFinding[];
}

/**
 * The batches of a byte stream: each chunk read up to its last line break, with the part of a line carried over
 * from the chunks before. A line longer than `maxBytes` (plus one byte for a "\r") is given up while it is read.
 */
export async function* readBatches(
  stream: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  maxBytes: number,
  onBytes: (count: number) => void,
): AsyncGenerator<Batch> {
  let carry: Uint8Array[] = [];
  let carried = 0;
  let oversized = false;
  for await (const chunk of stream) {
    onBytes(chunk.length);
    const last = chunk.lastIndexOf(LF);
    if (last === -1) {
      if (!oversized && carried + chunk.length > maxBytes + 1) {
        oversized = true;
        carry = [];
        carried = 0;
      } else if (!oversized) {
        carry.push(chunk);
        carried += chunk.length;
      }
      continue;
    }
    const whole = chunk.subarray(0, last + 1);
    if (oversized) {
      // the oversized line ends at the chunk's first line break: the batch starts after it
      yield { bytes: whole.subarray(whole.indexOf(LF) + 1), firstOversized: true };
    } else {
      yield {
        bytes: carried === 0 ? whole : Buffer.concat([...carry, whole], carried + whole.length),
        firstOversized: false,
      };
    }
    const rest = chunk.subarray(last + 1);
    carry = rest.length > 0 ? [rest] : [];
    carried = rest.length;
    oversized = carried > maxBytes + 1;
    if (oversized) carry = [];
  }
  if (oversized || carried > 0)
    yield { bytes: oversized ? new Uint8Array(0) : Buffer.concat(carry, carried), firstOversized: oversized };
}

/** What a line of a batch is: the text of a record, an oversized record, or no record (empty or blank). */
type Line = Uint8Array | string | typeof OVERSIZED | undefined;
const OVERSIZED = Symbol("oversized record");

/**
 * The lines of a batch decoded at once: a line break never falls inside a UTF-8 sequence, so the lines of the text
 * are the texts of the lines. A blank line holds only \t \n \v \f \r and spaces (a no-break space in a text
 * decoded strictly comes from the bytes C2 A0, which are not blank; see `byteLines`).
 */
function textLines(text: string, maxBytes: number, onLine: (line: Line) => void): void {
  for (let start = 0; start < text.length;) {
    const lf = text.indexOf("\n", start);
    const next = lf === -1 ? text.length : lf + 1;
    let end = lf === -1 ? text.length : lf;
    if (end > start && text.charCodeAt(end - 1) === CR) end--;
    let blank = true;
    for (let i = start; blank && i < end; i++) {
      const c = text.charCodeAt(i);
      blank = c === 32 || (c >= 9 && c <= 13);
    }
    // a UTF-16 code unit is at most 3 bytes of UTF-8: count the bytes only when the line may be too long
    const line = text.slice(start, end);
    onLine((end - start) * 3 > maxBytes && Buffer.byteLength(line) > maxBytes ? OVERSIZED : blank ? undefined : line);
    start = next;
  }
}

/**
 * The lines of a batch that is not valid UTF-8, as bytes (each decoded on its own, so that the error is the bad
 * record's). A blank line's bytes, read as Latin-1, are all white space: \t \n \v \f \r, space, no-break space.
 */
function byteLines(bytes: Uint8Array, maxBytes: number, onLine: (line: Line) => void): void {
  for (let start = 0; start < bytes.length;) {
    const lf = bytes.indexOf(LF, start);
    const next = lf === -1 ? bytes.length : lf + 1;
    let end = lf === -1 ? bytes.length : lf;
    if (end > start && bytes[end - 1] === CR) end--;
    let blank = true;
    for (let i = start; blank && i < end; i++) {
      const b = bytes[i] as number;
      blank = b === 32 || (b >= 9 && b <= 13) || b === 160;
    }
    onLine(end - start > maxBytes ? OVERSIZED : blank ? undefined : bytes.subarray(start, end));
    start = next;
  }
}

function decodedOrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return decodeUtf8(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Checks every record of a batch: an empty or blank line is not a record; a line longer than `maxBytes` (without
 * its "\r\n" or "\n") is an oversized record, not read; any other line is read as JSON and validated.
 */
export function checkBatch(batch: Batch, check: Check, maxBytes: number): BatchResult {
  const result: BatchResult = { lines: 0, records: 0, valid: 0, findings: [] };
  const onLine = (line: Line): void => {
    result.lines++;
    if (line === undefined) return;
    const record = ++result.records;
    if (line === OVERSIZED) {
      result.findings.push({ record, line: result.lines, readable: false, errors: [oversizedError(maxBytes)] });
      return;
    }
    const checked = checkJsonText(line, check);
    if (checked.valid) {
      result.valid++;
      return;
    }
    // an NDJSON record is one line: a position inside it is on the record's line of the batch
    const at = result.lines;
    const errors = checked.errors.map((error) =>
      error.line === undefined ? error : { ...error, line: at + error.line - 1 },
    );
    result.findings.push({ record, line: at, readable: checked.readable, errors });
  };
  if (batch.firstOversized) onLine(OVERSIZED);
  const text = decodedOrUndefined(batch.bytes);
  if (text === undefined) byteLines(batch.bytes, maxBytes, onLine);
  else textLines(text, maxBytes, onLine);
  return result;
}

export function oversizedError(maxBytes: number): ReportedError {
  return { pointer: "", message: `record exceeds the maximum size of ${maxBytes} bytes (--max-record-bytes)` };
}
