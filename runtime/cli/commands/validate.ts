import { parseArgs } from "node:util";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_RECORD_BYTES, EXIT_USAGE } from "../validate-inputs.js";
import { processIo, type CliCommand, type CliIo } from "../command.js";

const HELP = `Usage:
  specfirst validate <name> [file... | -] [--max-bytes <n> | --ndjson [--max-record-bytes <n>]] [--lenient | --strict]
                    [--yaml] [--format text|json] [--max-errors <n>]
  specfirst validate --media-type <type> [file... | -]
      Validate JSON or YAML against a schema: message, notification, command, command-response, envelope, config,
      config-lenient, message-strict, command-strict, or any schema file name (node-address, select, input-sql, ...). With no file, or with -,
      reads standard input. A file named *.yaml or *.yml is read as YAML, any other input as JSON.
      --max-bytes <n>
                    without --ndjson: the longest input read (default ${DEFAULT_MAX_BYTES}, 16 MiB); reading a longer
                    one stops there, and it is reported as an input that cannot be read (exit 2)
      --ndjson      each input is newline-delimited JSON: every non-empty line is one record, validated in
                    constant memory; a progress bar is drawn on a terminal; a summary of counts ends the output
      --max-record-bytes <n>
                    with --ndjson: the longest record held in memory (default ${DEFAULT_MAX_RECORD_BYTES}, 16 MiB); a
                    longer line is skipped up to its line break and reported as a record that cannot be read (exit 2)
      --max-errors <n>
                    the most errors listed of one input (or NDJSON record), in the order found (default 100;
                    fewer when their pointers and messages pass <n> KiB: a deep tree's pointers are long); a
                    result that lists fewer than it found says how many it found: a last text line "... more
                    errors were found and not listed (<count> in all) ...", or "errorCount" in JSON
      --yaml        read every input as YAML, standard input included (YAML 1.2, core schema; not with --ndjson).
                    Refused, exit 2, at its line:column: a key that is not a string, a tag beyond the core schema's,
                    .inf or .nan, a merge key (<<), a key repeated in one mapping, a second document, aliases that
                    expand past 100 copies, nesting past 256 levels (docs/validating.md#yaml-input)
      --lenient     with config: accept unknown keys (the config-lenient variant)
      --strict      with message or command: reject fields a content document does not list, such as
                    media-link url for uri (the message-strict and command-strict variants; stricter than the seed)
      --media-type  validate bare content documents of a media type (text/plain,
                    application/vnd.lime.select+json, ...); unknown media types accept any string or object
      --format      text (default): one line per error, "file:line:column: /pointer message"
                    json: {"results":[{"file","valid","errors":[{"pointer","message","line","column"}],
                    "errorCount"?}]} ("errorCount" only when --max-errors left errors out);
                    with --ndjson, one JSON line per invalid or unreadable record, {"file","record","line",
                    "valid","errors","errorCount"?} (record: its number among the records, 1 for the first, empty lines not
                    counted; line: its line in the stream, which its errors' line repeats), then
                    {"summary":{"records","valid","invalid","unreadable"}} (invalid: read, and broke the schema;
                    unreadable: not readable as JSON; counted apart)
      Input rules: UTF-8 decoded strictly (invalid bytes are an error), a leading byte-order mark is skipped,
      a key repeated in one object is an error, and anything but one JSON value (trailing commas, NaN, comments,
      a second value) is an error. Errors never quote the input.
      Exit codes: 0 all valid, 1 some invalid, 2 usage error or input that cannot be read (as JSON or as YAML), 141
      the reader of the output closed it (piped into head, say).
`;

/** A positive whole number (of bytes, of errors) written in decimal digits, or undefined. */
function parseCount(text: string): number | undefined {
  const count = Number(text);
  return /^[0-9]+$/.test(text) && Number.isSafeInteger(count) && count > 0 ? count : undefined;
}

async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        format: { type: "string", default: "text" },
        ndjson: { type: "boolean", default: false },
        yaml: { type: "boolean", default: false },
        lenient: { type: "boolean", default: false },
        strict: { type: "boolean", default: false },
        "media-type": { type: "string" },
        "max-record-bytes": { type: "string" },
        "max-bytes": { type: "string" },
        "max-errors": { type: "string" },
        help: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    io.stderr(`specfirst validate: ${(error as Error).message}\n`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  const format = values.format;
  if (format !== "text" && format !== "json") {
    io.stderr("specfirst validate: --format is text or json\n");
    return EXIT_USAGE;
  }
  const maxRecordBytes =
    values["max-record-bytes"] === undefined ? DEFAULT_MAX_RECORD_BYTES : parseCount(values["max-record-bytes"]);
  if (maxRecordBytes === undefined) {
    io.stderr("specfirst validate: --max-record-bytes is a whole number of bytes, at least 1\n");
    return EXIT_USAGE;
  }
  const maxBytes = values["max-bytes"] === undefined ? DEFAULT_MAX_BYTES : parseCount(values["max-bytes"]);
  if (maxBytes === undefined) {
    io.stderr("specfirst validate: --max-bytes is a whole number of bytes, at least 1\n");
    return EXIT_USAGE;
  }
  const maxErrors = values["max-errors"] === undefined ? undefined : parseCount(values["max-errors"]);
  if (values["max-errors"] !== undefined && maxErrors === undefined) {
    io.stderr("specfirst validate: --max-errors is a whole number of errors, at least 1 (default 100)\n");
    return EXIT_USAGE;
  }
  if (values.ndjson && values["max-bytes"] !== undefined) {
    io.stderr(
      "specfirst validate: --max-bytes bounds a whole input; with --ndjson, bound each record with --max-record-bytes\n",
    );
    return EXIT_USAGE;
  }
  const mediaType = values["media-type"];
  const name = mediaType === undefined ? positionals[0] : undefined;
  const files = mediaType === undefined ? positionals.slice(1) : positionals;
  // No input named: read standard input when it is piped.
  const inputs = files.length === 0 && io.stdin.isTTY !== true ? ["-"] : files;
  const { runValidateCommand } = await import("../validate-inputs.js");
  return runValidateCommand({
    name,
    mediaType,
    lenient: values.lenient,
    strict: values.strict,
    ndjson: values.ndjson,
    yaml: values.yaml,
    maxRecordBytes,
    maxBytes,
    ...(maxErrors === undefined ? {} : { maxErrors }),
    format,
    inputs,
    stdin: io.stdin,
    stdout: io.stdout,
    stderr: io.stderr,
    progress: io.stderrIsTTY,
  });
}

export const validateCommand: CliCommand = { name: "validate", usage: HELP, run };
