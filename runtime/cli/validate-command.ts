import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { JsonSyntaxError, locatePointer } from "../json/json-text.js";
import { readJsonText } from "../json/read-json.js";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "./command.js";

/** The part of generated/validators.js this command uses. */
interface ValidatorsModule {
  schemaNames: readonly string[];
  validate(name: string, data: unknown): ValidationResult;
  validateDocument(mediaType: string, data: unknown): ValidationResult;
}
type ValidationResult = { valid: true } | { valid: false; errors: { pointer: string; message: string; keyword: string }[] };

export interface ReportedError {
  pointer: string;
  message: string;
  line?: number;
  column?: number;
}

export interface RecordResult {
  file: string;
  /** In an NDJSON stream: the record's number, counting records (1 for the first; empty lines are not records). */
  record?: number;
  /** In an NDJSON stream: the line of the stream the record is on (its errors carry this line too). */
  line?: number;
  valid: boolean;
  errors: ReportedError[];
}

/** Exit codes: 0 all valid, 1 some invalid, 2 usage error or unreadable / non-JSON input. */
export { EXIT_USAGE };
const EXIT_VALID = EXIT_OK;
const EXIT_INVALID = EXIT_FAILURE;

/** Default `--max-record-bytes`: the longest NDJSON record held in memory. */
export const DEFAULT_MAX_RECORD_BYTES = 16 * 1024 * 1024;

export interface ValidateCommandOptions {
  /** Schema name; ignored when `mediaType` is given. */
  name?: string;
  /** Validate bare content documents of this media type instead of a named schema. */
  mediaType?: string;
  /** Use the lenient variant (`config-lenient`: unknown keys accepted); only with a schema that has one. */
  lenient: boolean;
  /** Use the strict variant (`message-strict`: closed content documents); only with a schema that has one. */
  strict?: boolean;
  /** Each input is newline-delimited JSON, validated record by record in constant memory. */
  ndjson: boolean;
  /** With `ndjson`: a longer record is not held in memory but skipped and reported as unreadable. */
  maxRecordBytes: number;
  format: "text" | "json";
  /** File paths; `-` is standard input. */
  inputs: string[];
  stdin: Readable;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Draw a progress bar on stderr (only when it is a terminal). */
  progress: boolean;
}

async function loadValidators(): Promise<ValidatorsModule> {
  return (await import("../../generated/validators.js")) as ValidatorsModule;
}

const STDIN = "-";

const LF = 10;
const CR = 13;

/** Stands for a line longer than the maximum record size, whose bytes were skipped rather than held. */
const OVERSIZED = Symbol("oversized record");

/**
 * The part of a line read so far, kept as a list of pieces (joined once, when the line ends) and given up as soon
 * as it grows past the maximum record size, so it never holds more than `maxBytes` plus a line break.
 */
class PartialLine {
  private pieces: Buffer[] = [];
  private length = 0;
  private oversized = false;

  constructor(private readonly maxBytes: number) {}

  get empty(): boolean {
    return this.length === 0 && !this.oversized;
  }

  append(piece: Buffer): void {
    if (this.oversized || piece.length === 0) return;
    // One byte more than the maximum: a line may end with "\r", which is not part of the record.
    if (this.length + piece.length > this.maxBytes + 1) {
      this.oversized = true;
      this.pieces = [];
      this.length = 0;
      return;
    }
    this.pieces.push(piece);
    this.length += piece.length;
  }

  /** The whole line without its line break (or `OVERSIZED`), and starts the next one. */
  take(): Buffer | typeof OVERSIZED {
    const line = this.pieces.length === 1 ? (this.pieces[0] as Buffer) : Buffer.concat(this.pieces, this.length);
    const oversized = this.oversized;
    this.pieces = [];
    this.length = 0;
    this.oversized = false;
    const record = line.at(-1) === CR ? line.subarray(0, -1) : line;
    return oversized || record.length > this.maxBytes ? OVERSIZED : record;
  }
}

/**
 * The lines of a byte stream, as bytes, holding no more than `maxBytes` of one line (plus the chunk being read) in
 * memory: a longer line is skipped up to the next line break and yielded as `OVERSIZED`.
 */
async function* splitLines(stream: AsyncIterable<Buffer> | Iterable<Buffer>, maxBytes: number, onBytes: (count: number) => void): AsyncGenerator<Buffer | typeof OVERSIZED> {
  const partial = new PartialLine(maxBytes);
  for await (const chunk of stream) {
    onBytes(chunk.length);
    let start = 0;
    for (let end = chunk.indexOf(LF); end !== -1; end = chunk.indexOf(LF, start)) {
      partial.append(chunk.subarray(start, end));
      yield partial.take();
      start = end + 1;
    }
    partial.append(chunk.subarray(start));
  }
  if (!partial.empty) yield partial.take();
}

async function readAll(stream: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function formatText(result: RecordResult): string {
  if (result.valid) return `${result.file}: valid\n`;
  // An NDJSON record is named by its line in the stream, then each error's column: file:line:column.
  const where = result.line === undefined ? result.file : `${result.file}:${result.line}`;
  return result.errors
    .map((error) => {
      const position = error.line === undefined ? "" : result.line === undefined ? `:${error.line}:${error.column ?? 1}` : `:${error.column ?? 1}`;
      return `${where}${position}: ${error.pointer === "" ? "(root)" : error.pointer} ${error.message}\n`;
    })
    .join("");
}

/**
 * `specfirst validate`: validates JSON files, standard input or NDJSON streams and reports every error with its
 * JSON pointer and line:column. Messages come from the validators, which never quote payload values, and input
 * errors never quote the input, so secrets stay out of the output.
 */
export async function runValidateCommand(options: ValidateCommandOptions): Promise<number> {
  const validators = await loadValidators();
  const usage = (message: string) => {
    options.stderr(`specfirst validate: ${message}\n`);
    return EXIT_USAGE;
  };
  let check: (data: unknown) => ValidationResult;
  if (options.mediaType !== undefined) {
    const mediaType = options.mediaType;
    check = (data) => validators.validateDocument(mediaType, data);
  } else {
    if (options.name === undefined) return usage("missing schema name (or --media-type)");
    if (options.lenient && options.strict === true) return usage("--lenient and --strict exclude each other");
    const variant = options.lenient ? "lenient" : options.strict === true ? "strict" : undefined;
    const name = variant === undefined ? options.name : `${options.name}-${variant}`;
    if (variant !== undefined && !validators.schemaNames.includes(name)) {
      const bases = validators.schemaNames.filter((known) => known.endsWith(`-${variant}`)).map((known) => known.slice(0, -`-${variant}`.length));
      return usage(`--${variant} applies to ${bases.join(", ")} only`);
    }
    if (!validators.schemaNames.includes(name)) return usage(`unknown schema "${name}"; expected one of: ${validators.schemaNames.join(", ")}`);
    check = (data) => validators.validate(name, data);
  }
  if (options.inputs.length === 0) return usage("no input given (a file path, or - for standard input)");

  const counts = { records: 0, valid: 0, invalid: 0, unreadable: 0 };
  const jsonResults: RecordResult[] = [];
  /** Counts the result: valid, invalid against the schema, or (counted by `unreadable`) not readable as JSON. */
  const emit = (result: RecordResult, readable = true) => {
    counts.records++;
    if (result.valid) counts.valid++;
    else if (readable) counts.invalid++;
    if (options.format === "json") {
      if (options.ndjson) {
        if (!result.valid) options.stdout(`${JSON.stringify(result)}\n`);
      } else jsonResults.push(result);
    } else if (!(options.ndjson && result.valid)) options.stdout(formatText(result));
  };
  /** Where a result is: nothing for a whole file, `{ record, line }` for an NDJSON record. */
  type Place = { record: number; line: number } | undefined;
  /** An input or record that cannot be read as JSON (exit code 2), counted apart from invalid ones. */
  const unreadable = (file: string, place: Place, error: ReportedError) => {
    counts.unreadable++;
    emit({ file, ...place, valid: false, errors: [error] }, false);
  };
  /** An NDJSON record is one line, so a position inside it is on the record's line of the stream. */
  const onLine = (place: Place, position: { line: number; column: number }) => (place === undefined ? position : { line: place.line + position.line - 1, column: position.column });
  const validateText = (file: string, bytes: Uint8Array, place?: Place) => {
    let read: { text: string; value: unknown };
    try {
      read = readJsonText(bytes);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      return unreadable(file, place, { pointer: "", message: error.message, ...onLine(place, error.position) });
    }
    const outcome = check(read.value);
    const errors = outcome.valid ? [] : outcome.errors.map((e) => ({ pointer: e.pointer, message: e.message, ...onLine(place, locatePointer(read.text, e.pointer)) }));
    emit({ file, ...place, valid: outcome.valid, errors });
  };

  for (const input of options.inputs) {
    const label = input === STDIN ? "<stdin>" : input;
    let stream: AsyncIterable<Buffer> | Iterable<Buffer>;
    let totalBytes: number | undefined;
    try {
      if (input === STDIN) stream = options.stdin;
      else {
        totalBytes = (await stat(input)).size;
        stream = options.ndjson ? createReadStream(input) : [await readFile(input)];
      }
    } catch (error) {
      unreadable(label, undefined, { pointer: "", message: `cannot read (${(error as NodeJS.ErrnoException).code ?? "error"})` });
      continue;
    }
    if (!options.ndjson) {
      validateText(label, await readAll(stream));
      continue;
    }
    const progress = createProgress(options, label, totalBytes);
    let line = 0;
    let record = 0;
    const oversized = { pointer: "", message: `record exceeds the maximum size of ${options.maxRecordBytes} bytes (--max-record-bytes)` };
    for await (const bytes of splitLines(stream, options.maxRecordBytes, progress.advance)) {
      line++;
      if (bytes === OVERSIZED) unreadable(label, { record: ++record, line }, oversized);
      else if (bytes.length === 0 || /^\s*$/.test(bytes.toString("latin1"))) continue;
      else validateText(label, bytes, { record: ++record, line });
      progress.record(counts);
    }
    progress.done();
  }

  if (options.format === "json") {
    if (options.ndjson) options.stdout(`${JSON.stringify({ summary: counts })}\n`);
    else options.stdout(`${JSON.stringify({ results: jsonResults })}\n`);
  } else if (options.ndjson) {
    options.stdout(`${counts.records} records: ${counts.valid} valid, ${counts.invalid} invalid, ${counts.unreadable} not readable as JSON\n`);
  }
  if (counts.unreadable > 0) return EXIT_USAGE;
  return counts.invalid > 0 ? EXIT_INVALID : EXIT_VALID;
}

/** A one-line progress bar on stderr, redrawn at most every 100 ms; nothing when stderr is not a terminal. */
function createProgress(options: ValidateCommandOptions, label: string, totalBytes: number | undefined) {
  if (!options.progress) return { advance: () => {}, record: () => {}, done: () => {} };
  let bytes = 0;
  let last = 0;
  let latest = { records: 0, valid: 0, invalid: 0 };
  const draw = () => {
    const share = totalBytes ? Math.min(1, bytes / totalBytes) : undefined;
    const bar = share === undefined ? "" : `[${"#".repeat(Math.round(share * 30)).padEnd(30, ".")}] ${(share * 100).toFixed(0).padStart(3)}% `;
    options.stderr(`\r${bar}${label}: ${latest.records} records, ${latest.invalid} invalid`);
  };
  return {
    advance: (count: number) => {
      bytes += count;
    },
    record: (counts: { records: number; valid: number; invalid: number }) => {
      latest = counts;
      const now = Date.now();
      if (now - last >= 100) {
        last = now;
        draw();
      }
    },
    done: () => {
      draw();
      options.stderr("\n");
    },
  };
}
