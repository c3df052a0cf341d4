import { createReadStream } from "node:fs";
import { open, stat, type FileHandle } from "node:fs/promises";
import type { Readable } from "node:stream";
import { readBodyUpTo } from "../http/read-body.js";
import { DEFAULT_MAX_ERRORS, unlistedErrorsMessage } from "../validation/listed-errors.js";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "./command.js";
import {
  checkBatch,
  fileSource,
  readBatches,
  streamSource,
  type Batch,
  type BatchResult,
  type ByteSource,
} from "./ndjson.js";
import { NdjsonPool, checkingWorkers } from "./ndjson-pool.js";
import {
  checkJsonText,
  checkYamlText,
  createCheck,
  loadValidators,
  locateErrors,
  type CheckedText,
  type CheckTarget,
  type ReportedError,
  type ValidatorsModule,
} from "./record-check.js";

export type { ReportedError };

export interface RecordResult {
  file: string;
  /** In an NDJSON stream: the record's number, counting records (1 for the first; empty lines are not records). */
  record?: number;
  /** In an NDJSON stream: the line of the stream the record is on (its errors carry this line too). */
  line?: number;
  valid: boolean;
  /** The errors, in the order found: all of them, or the first `--max-errors`. */
  errors: ReportedError[];
  /** The number of errors found; present only when `errors` lists fewer (`--max-errors`). */
  errorCount?: number;
}

/** Exit codes: 0 all valid, 1 some invalid, 2 usage error or input that cannot be read (as JSON, or as YAML). */
export { EXIT_USAGE };
const EXIT_VALID = EXIT_OK;
const EXIT_INVALID = EXIT_FAILURE;

/** Default `--max-record-bytes`: the longest NDJSON record held in memory. */
export const DEFAULT_MAX_RECORD_BYTES = 16 * 1024 * 1024;

/**
 * Default `--max-bytes`: the largest whole input (not NDJSON) read. A whole input is one JSON value, held and parsed
 * at once as one NDJSON record is, so it gets the record's bound: far above any message or Config (the 50,000-entry
 * Config of test/hostile-input.test.ts is 5 MB), and its parsed form (up to about 25 times the text) still fits
 * in memory.
 */
export const DEFAULT_MAX_BYTES = DEFAULT_MAX_RECORD_BYTES;

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
  /**
   * Every input is YAML, standard input included (docs/validating.md#yaml-input); without it, a file whose name ends
   * in `.yaml` or `.yml` is YAML and any other input JSON. Not with `ndjson`.
   */
  yaml?: boolean;
  /** With `ndjson`: a longer record is not held in memory but skipped and reported as unreadable. */
  maxRecordBytes: number;
  /**
   * The most errors listed of one input or record, in the order found (default `DEFAULT_MAX_ERRORS`, 100; fewer when
   * their pointers and messages pass `maxErrors` KiB: runtime/validation/listed-errors.ts); a result listing fewer than it found
   * holds `errorCount`.
   */
  maxErrors?: number;
  /**
   * Without `ndjson`: the largest input read (default `DEFAULT_MAX_BYTES`); reading a longer one stops there, and it is
   * reported as an input that cannot be read (exit 2).
   */
  maxBytes?: number;
  format: "text" | "json";
  /** File paths; `-` is standard input. */
  inputs: string[];
  stdin: Readable;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Draw a progress bar on stderr (only when it is a terminal). */
  progress: boolean;
  /**
   * With `ndjson`: once this many bytes of an input are read (a file whose size is known: from its start), its
   * records are checked in `workerThreads` worker threads while the main thread reads and writes (default
   * `DEFAULT_PARALLEL_FROM_BYTES`).
   */
  parallelFromBytes?: number;
  /**
   * With `ndjson`: the worker threads that check a large input's records; 0, the main thread checks every record
   * (default: one per core but one, or 0 when that is fewer than two; runtime/cli/ndjson-pool.ts `checkingWorkers`).
   */
  workerThreads?: number;
  /**
   * With `ndjson`: the bytes of one read, a batch of records (default: 256 KiB from a file, a chunk of up to 64 KiB
   * from standard input).
   */
  batchBytes?: number;
}

const STDIN = "-";

/** Whether an input is read as YAML: all of them with `--yaml`, otherwise a file named `*.yaml` or `*.yml`. */
function isYamlInput(input: string, yaml: boolean): boolean {
  return yaml || (input !== STDIN && /\.ya?ml$/i.test(input));
}

/**
 * Bytes read from a file at a time with --ndjson: one batch of records (see runtime/cli/ndjson.ts). Small enough
 * that the worker starts on the first batch early and the wait for the last one is short, large enough that
 * handing a batch over costs little beside checking it.
 */
const NDJSON_FILE_BATCH_BYTES = 256 * 1024;
/** Room for a read from standard input: a pipe's chunk is at most 64 KiB, and each is checked as it arrives. */
const NDJSON_STREAM_BATCH_BYTES = 64 * 1024;

/** Default `parallelFromBytes`: an NDJSON input at least this large is checked in worker threads. */
export const DEFAULT_PARALLEL_FROM_BYTES = 8 * 1024 * 1024;

/** An input that cannot be opened or read to its end, reported by its error code alone (never a path or the input). */
function cannotRead(file: string, error: unknown): RecordResult {
  const code = (error as NodeJS.ErrnoException).code ?? "error";
  return { file, valid: false, errors: [{ pointer: "", message: `cannot read (${code})` }] };
}

/** An error of reading (the system's or a stream's, with a code), as opposed to a fault of this program. */
function isReadError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string";
}

/** Bytes of a whole file read at a time: what the input holds in memory beyond `--max-bytes` at most. */
const WHOLE_FILE_READ_BYTES = 64 * 1024;

/** A whole input longer than `--max-bytes`, reported without its content (exit 2). */
function tooLargeInput(file: string, maxBytes: number): RecordResult {
  const message = `is longer than ${maxBytes} bytes (--max-bytes): reading stopped there; raise --max-bytes, or validate newline-delimited records with --ndjson`;
  return { file, valid: false, errors: [{ pointer: "", message }] };
}

/** A result's `errorCount`: only when it lists fewer errors than were found. */
function unlistedCount(checked: CheckedText): { errorCount?: number } {
  return checked.errorCount > checked.errors.length ? { errorCount: checked.errorCount } : {};
}

function formatText(result: RecordResult): string {
  if (result.valid) return `${result.file}: valid\n`;
  // An NDJSON record is named by its line in the stream, then each error's column: file:line:column.
  const where = result.line === undefined ? result.file : `${result.file}:${result.line}`;
  const unlisted =
    result.errorCount === undefined
      ? ""
      : `${where}: ${unlistedErrorsMessage(result.errors.length, result.errorCount)}: raise --max-errors to list more\n`;
  return result.errors
    .map((error) => {
      const position =
        error.line === undefined
          ? ""
          : result.line === undefined
            ? `:${error.line}:${error.column ?? 1}`
            : `:${error.column ?? 1}`;
      return `${where}${position}: ${error.pointer === "" ? "(root)" : error.pointer} ${error.message}\n`;
    })
    .join("")
    .concat(unlisted);
}

/**
 * `specfirst validate`: validates JSON files, standard input or NDJSON streams and reports every error with its
 * JSON pointer and line:column. Messages come from the validators, which never quote payload values, and input
 * errors never quote the input, so secrets stay out of the output.
 */
export async function runValidateCommand(options: ValidateCommandOptions): Promise<number> {
  const usage = (message: string) => {
    options.stderr(`specfirst validate: ${message}\n`);
    return EXIT_USAGE;
  };
  let target: CheckTarget;
  let variant: "lenient" | "strict" | undefined;
  if (options.mediaType !== undefined) target = { mediaType: options.mediaType };
  else {
    if (options.name === undefined) return usage("missing schema name (or --media-type)");
    if (options.lenient && options.strict === true) return usage("--lenient and --strict exclude each other");
    variant = options.lenient ? "lenient" : options.strict === true ? "strict" : undefined;
    target = { name: variant === undefined ? options.name : `${options.name}-${variant}` };
  }
  const workerThreads = options.workerThreads ?? checkingWorkers();
  // no worker threads: every input is checked on this thread, whatever its size
  const parallelFrom =
    workerThreads > 0 ? (options.parallelFromBytes ?? DEFAULT_PARALLEL_FROM_BYTES) : Number.POSITIVE_INFINITY;
  // A file large enough for worker threads: they start now, loading the validators while this thread loads them
  // too (closed below if the schema name turns out unknown).
  const maxErrors = options.maxErrors ?? DEFAULT_MAX_ERRORS;
  const config = { target, maxRecordBytes: options.maxRecordBytes, maxErrors };
  let pool =
    options.ndjson && workerThreads > 0 && (await someFileHolds(options.inputs, parallelFrom))
      ? new NdjsonPool(config, workerThreads)
      : undefined;
  try {
    return await validateInputs(
      options,
      await loadValidators(target),
      target,
      maxErrors,
      variant,
      usage,
      parallelFrom,
      () => (pool ??= new NdjsonPool(config, workerThreads)),
    );
  } finally {
    pool?.close();
  }
}

/** Whether one of the inputs is a file of at least `bytes` bytes (one that cannot be read is reported later). */
async function someFileHolds(inputs: string[], bytes: number): Promise<boolean> {
  const sizes = await Promise.all(
    inputs.map(async (input) =>
      input === STDIN
        ? 0
        : stat(input).then(
            (stats) => stats.size,
            () => 0,
          ),
    ),
  );
  return sizes.some((size) => size >= bytes);
}

async function validateInputs(
  options: ValidateCommandOptions,
  validators: ValidatorsModule,
  target: CheckTarget,
  maxErrors: number,
  variant: "lenient" | "strict" | undefined,
  usage: (message: string) => number,
  parallelFrom: number,
  workers: () => NdjsonPool,
): Promise<number> {
  if ("name" in target) {
    const name = target.name;
    if (variant !== undefined && !validators.schemaNames.includes(name)) {
      const bases = validators.schemaNames
        .filter((known) => known.endsWith(`-${variant}`))
        .map((known) => known.slice(0, -`-${variant}`.length));
      return usage(`--${variant} applies to ${bases.join(", ")} only`);
    }
    if (!validators.schemaNames.includes(name))
      return usage(`unknown schema "${name}"; expected one of: ${validators.schemaNames.join(", ")}`);
  }
  const check = createCheck(validators, target, maxErrors);
  if (options.inputs.length === 0) return usage("no input given (a file path, or - for standard input)");
  if (options.ndjson) {
    if (options.yaml === true) return usage("--ndjson reads newline-delimited JSON; --yaml excludes it");
    const yamlFile = options.inputs.find((input) => isYamlInput(input, false));
    if (yamlFile !== undefined)
      return usage(
        `--ndjson reads newline-delimited JSON, and ${yamlFile} is YAML (by its name): validate it without --ndjson`,
      );
  }

  const counts = { records: 0, valid: 0, invalid: 0, unreadable: 0 };
  const jsonResults: RecordResult[] = [];
  /** The output of a result: a line of JSON per NDJSON record with --format json, the text format's lines otherwise. */
  const formatted = (result: RecordResult) =>
    options.format === "json" ? `${JSON.stringify(result)}\n` : formatText(result);
  /** Reports a result that is not valid, or (whole files only) a valid one. */
  const emit = (result: RecordResult) => {
    if (options.format === "json" && !options.ndjson) jsonResults.push(result);
    else options.stdout(formatted(result));
  };
  /** Counts a result: valid, invalid against the schema, or not readable (as JSON or YAML: exit code 2), counted apart. */
  const count = (valid: boolean, readable: boolean) => {
    counts.records++;
    if (valid) counts.valid++;
    else if (readable) counts.invalid++;
    else counts.unreadable++;
  };
  for (const input of options.inputs) {
    const label = input === STDIN ? "<stdin>" : input;
    if (!options.ndjson) {
      const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
      // Read up to the limit and no further, whatever the input (a file that grows, /dev/zero, a pipe): its size
      // as the file system reports it is not trusted.
      let bytes: Uint8Array | undefined;
      try {
        const stream =
          input === STDIN ? options.stdin : createReadStream(input, { highWaterMark: WHOLE_FILE_READ_BYTES });
        bytes = await readBodyUpTo(stream, maxBytes);
      } catch (error) {
        if (!isReadError(error)) throw error;
        count(false, false);
        emit(cannotRead(label, error));
        continue;
      }
      if (bytes === undefined) {
        count(false, false);
        emit(tooLargeInput(label, maxBytes));
        continue;
      }
      const checked = isYamlInput(input, options.yaml === true)
        ? await checkYamlText(bytes, check)
        : checkJsonText(bytes, check);
      count(checked.valid, checked.readable);
      emit({ file: label, valid: checked.valid, errors: locateErrors(checked), ...unlistedCount(checked) });
      continue;
    }
    // where an NDJSON input's bytes come from
    let source: ByteSource;
    let file: FileHandle | undefined;
    let totalBytes: number | undefined;
    try {
      if (input === STDIN) source = streamSource(options.stdin, options.batchBytes ?? NDJSON_STREAM_BATCH_BYTES);
      else {
        file = await open(input);
        totalBytes = (await file.stat()).size;
        source = fileSource(file, options.batchBytes ?? NDJSON_FILE_BATCH_BYTES);
      }
    } catch (error) {
      await file?.close();
      count(false, false);
      emit(cannotRead(label, error));
      continue;
    }
    const progress = createProgress(options, label, totalBytes);
    // Results are taken in the order of the batches: line and record numbers continue from the batch before.
    let lines = 0;
    // the output of a batch is written at once
    const take = (result: BatchResult) => {
      const before = counts.records;
      let output = "";
      for (const finding of result.findings) {
        if (finding.readable) counts.invalid++;
        else counts.unreadable++;
        // an NDJSON record is one line: a position inside it is on the record's line of the stream
        const line = lines + finding.line;
        output += formatted({
          file: label,
          record: before + finding.record,
          line,
          valid: false,
          errors: locateErrors(finding, line),
          ...unlistedCount(finding),
        });
      }
      if (output !== "") options.stdout(output);
      counts.records = before + result.records;
      counts.valid += result.valid;
      lines += result.lines;
      progress.record(counts);
    };
    let read = 0;
    // The worker threads' results to come, in input order. The main thread only reads, hands batches over and
    // writes results: checking a batch itself would warm up a second copy of the validators (runtime/cli/ndjson-pool.ts).
    const pending: Promise<BatchResult>[] = [];
    const settled = new WeakSet<Promise<BatchResult>>();
    // a read that fails part way (a directory, a disk error, a broken pipe): what was read before is reported, then
    // the input as one that cannot be read. Only the reading is guarded: a worker thread's failure is not the input's.
    let readFailure: NodeJS.ErrnoException | undefined;
    const batches = readBatches(source, options.maxRecordBytes, (bytes) => {
      read += bytes;
      progress.advance(bytes);
    });
    try {
      for (;;) {
        let next: IteratorResult<Batch>;
        try {
          next = await batches.next();
        } catch (error) {
          if (!isReadError(error)) throw error;
          readFailure = error;
          break;
        }
        if (next.done === true) break;
        const batch = next.value;
        if (pending.length === 0 && (totalBytes ?? read) < parallelFrom) {
          take(checkBatch(batch, check, options.maxRecordBytes));
          continue;
        }
        const pool = workers();
        // the oldest batch's result frees its worker: memory stays bounded by the batches the pool holds
        while (pool.full) take(await (pending.shift() as Promise<BatchResult>));
        const result = pool.check(batch);
        result.then(() => settled.add(result)).catch(() => {});
        pending.push(result);
        // results written as soon as they are in, in order
        while (pending[0] !== undefined && settled.has(pending[0]))
          take(await (pending.shift() as Promise<BatchResult>));
      }
      for (const result of pending) take(await result);
    } finally {
      // a loop left early (a worker thread failed) ends the reading, as `for await` would
      await batches.return(undefined);
      await file?.close();
    }
    if (readFailure !== undefined) {
      count(false, false);
      emit(cannotRead(label, readFailure));
    }
    progress.done();
  }

  if (options.format === "json") {
    if (options.ndjson) options.stdout(`${JSON.stringify({ summary: counts })}\n`);
    else options.stdout(`${JSON.stringify({ results: jsonResults })}\n`);
  } else if (options.ndjson) {
    options.stdout(
      `${counts.records} records: ${counts.valid} valid, ${counts.invalid} invalid, ${counts.unreadable} not readable as JSON\n`,
    );
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
    const bar =
      share === undefined
        ? ""
        : `[${"#".repeat(Math.round(share * 30)).padEnd(30, ".")}] ${(share * 100).toFixed(0).padStart(3)}% `;
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
