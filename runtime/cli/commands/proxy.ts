import { parseArgs } from "node:util";
import { EXIT_OK, EXIT_USAGE, processIo, type CliCommand, type CliIo } from "../command.js";

const HELP = `Usage:
  specfirst proxy --upstream <url> --port <n> [--host <address>] [--enforce] [--enforce-responses] [--max-body-bytes <n>]
                  [--max-in-flight <n>] [--max-queued <n>] [--max-buffered-bytes <n>] [--min-body-rate <n>]
                  [--upstream-timeout-ms <n>] [--max-errors <n>]
      A validation proxy in front of a real service of either API: requests and responses of the operations
      (POST /messages, /notifications, /commands, /v1/configs) are checked against their schemas, and every
      violation is printed on standard output as one JSON line:
        {"direction":"request"|"response","operation","method","path","status"?,"pointer","message","keyword"}
      (messages come from the schema: never a payload value, a header or the query string). Traffic passes
      through as received (only hop-by-hop headers, host and the body's framing change: every forwarded body
      goes with Content-Length or chunked, whatever the method; the request target is never normalised).
      Prints "listening on http://<host>:<port>" when ready; runs until interrupted.
      --upstream    base URL of the service (http: or https:, with an optional base path)
      --port        port to listen on (0: any free port, printed when ready)
      --host        address to listen on (default 127.0.0.1)
      --enforce     answer instead of forwarding: 400 an invalid request {"errors":[{"pointer","message",
                    "keyword"}]} (one that cannot be read as JSON too, under the validate command's input rules);
                    415 a body that is not application/json (a charset, if given, utf-8; keyword "contentType");
                    405 with Allow a method the path does not declare (keyword "method"); 404 a spelling of a
                    declared path that a router may read as it (/MESSAGES, /messages/, /./messages, /%6Dessages,
                    /messages;x=1, ...; keyword "path"); without --enforce each is reported and forwarded
      --enforce-responses
                    answer 502 {"errors":[...]} (header X-Specfirst-Violations: response) in place of an upstream
                    answer of a checked operation that breaks the document: an undeclared status (keyword
                    "status"), a body invalid against its schema, or one too long to check ("maxBytes"); for
                    staging: a client never sees an answer the contract does not allow
      --max-body-bytes <n>
                    largest body checked (default 1 MiB, as the middleware); a longer one is reported and passed
                    on unchecked, or answered 413 with --enforce
      --max-in-flight <n>
                    exchanges of the checked operations with the upstream at once (default 32), each with at most
                    --max-body-bytes of request and of response body; a request takes one once its body is read
      --max-queued <n>
                    checked requests waiting for one of those (default 1024, 0 for none); one more is answered
                    503 (keyword "busy")
      --max-buffered-bytes <n>
                    request body bytes held at once, read or being read (default 2 x --max-in-flight x
                    --max-body-bytes); a body that would pass it is answered 503 (keyword "busy")
      --min-body-rate <n>
                    bytes per second a request body must average after a 5 s grace period (default 240, 0 for no
                    minimum); a slower one is answered 408 (keyword "timeout")
      --upstream-timeout-ms <n>
                    how long the upstream may stay silent, before or within its answer (default 30000): then 504
                    (keyword "upstream-timeout"); an unreachable upstream is 502 (keyword "upstream")
      --max-errors <n>
                    the most errors of one body an answer lists and the log reports, in the order found (default
                    100; fewer when their pointers and messages pass <n> KiB); the answer then holds "errorCount",
                    the number found, and the log one more line with keyword "maxErrors"
      Every answer of the proxy's own is JSON {"errors":[...]}: 400 invalid (schema keywords, "json",
      "contentEncoding") or not a path ("path"), 404 "path", 405 "method", 408 "timeout", 413 "maxBytes",
      415 "contentType", 431/400 "http", 500 "proxy", 501 "http" (a transfer coding other than chunked),
      502 "upstream" (or, with --enforce-responses, the upstream answer's violations), 503 "busy",
      504 "upstream-timeout".
      Exit codes: 0 stopped by a signal, 2 usage error or the port cannot be listened on.
`;

async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        upstream: { type: "string" },
        port: { type: "string" },
        host: { type: "string", default: "127.0.0.1" },
        enforce: { type: "boolean", default: false },
        "enforce-responses": { type: "boolean", default: false },
        "max-body-bytes": { type: "string" },
        "max-in-flight": { type: "string" },
        "max-queued": { type: "string" },
        "max-buffered-bytes": { type: "string" },
        "min-body-rate": { type: "string" },
        "upstream-timeout-ms": { type: "string" },
        "max-errors": { type: "string" },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    io.stderr(`specfirst proxy: ${(error as Error).message}\n`);
    return EXIT_USAGE;
  }
  if (values.help) {
    io.stdout(HELP);
    return EXIT_OK;
  }
  const usage = (message: string) => {
    io.stderr(`specfirst proxy: ${message}\n`);
    return EXIT_USAGE;
  };
  if (values.upstream === undefined) return usage("--upstream <url> is required");
  let upstream: URL;
  try {
    upstream = new URL(values.upstream);
  } catch {
    return usage("--upstream is not a URL");
  }
  if (upstream.protocol !== "http:" && upstream.protocol !== "https:")
    return usage("--upstream is an http: or https: URL");
  if (values.port === undefined || !/^\d+$/.test(values.port) || Number(values.port) > 65535)
    return usage("--port <n> is required: a port number (0 for any free port)");
  const numbers: Record<string, number | undefined> = {};
  const least = { "max-queued": 0, "min-body-rate": 0 } as Record<string, number | undefined>;
  for (const flag of [
    "max-body-bytes",
    "max-in-flight",
    "max-queued",
    "max-buffered-bytes",
    "min-body-rate",
    "upstream-timeout-ms",
    "max-errors",
  ] as const) {
    const text = values[flag];
    if (text === undefined) continue;
    const minimum = least[flag] ?? 1;
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < minimum)
      return usage(`--${flag} is a whole number, at least ${minimum}`);
    numbers[flag] = Number(text);
  }
  const rate = numbers["min-body-rate"];
  const limits = {
    ...(numbers["max-body-bytes"] === undefined ? {} : { maxBodyBytes: numbers["max-body-bytes"] }),
    ...(numbers["max-in-flight"] === undefined ? {} : { maxInFlight: numbers["max-in-flight"] }),
    ...(numbers["max-queued"] === undefined ? {} : { maxQueued: numbers["max-queued"] }),
    ...(numbers["max-buffered-bytes"] === undefined ? {} : { maxBufferedBytes: numbers["max-buffered-bytes"] }),
    ...(numbers["upstream-timeout-ms"] === undefined ? {} : { upstreamTimeoutMs: numbers["upstream-timeout-ms"] }),
    ...(numbers["max-errors"] === undefined ? {} : { maxErrors: numbers["max-errors"] }),
  };

  const { createProxy, DEFAULT_MAX_BODY_BYTES, DEFAULT_MIN_BODY_RATE } = await import("../../proxy/server.js");
  const bodyLimit = numbers["max-body-bytes"] ?? DEFAULT_MAX_BODY_BYTES;
  if ((numbers["max-buffered-bytes"] ?? bodyLimit) < bodyLimit)
    return usage(`--max-buffered-bytes is at least --max-body-bytes (${bodyLimit})`);
  let proxy;
  try {
    proxy = await createProxy({
      upstream,
      port: Number(values.port),
      host: values.host,
      enforce: values.enforce,
      enforceResponses: values["enforce-responses"],
      ...limits,
      ...(rate === undefined
        ? {}
        : { minBodyRate: rate === 0 ? null : { ...DEFAULT_MIN_BODY_RATE, bytesPerSecond: rate } }),
    });
  } catch (error) {
    return usage(
      `cannot listen on ${values.host}:${values.port} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  io.stdout(`listening on ${proxy.url}\n`);
  const running = proxy;
  return new Promise<number>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void running.close().then(() => resolve(EXIT_OK));
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

export const proxyCommand: CliCommand = { name: "proxy", usage: HELP, run };
