import { parseArgs } from "node:util";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, processIo, type CliCommand, type CliIo } from "../command.js";

const HELP = `Usage:
  specfirst verify <api> --base-url <url> [--access-key <key>] [--seed <n>] [--max-requests <n>]
                   [--time-limit <seconds>] [--rate <n>|<plan>] [--webhook-port <n>] [--webhook-host <host>]
                   [--webhook-wait-ms <n>] [--exclude-checks <id>,...] [--format text|json|junit]
      Property-based conformance testing of a running implementation of <api> (messaging or configs): requests
      generated from the contract's schemas (valid bodies of every variant, invalid bodies each breaking one rule,
      no credential, a wrong one) with fast-check, every answer judged by the checks below, each failure shrunk
      to a minimal request and printed as a curl command (the credential read from $SPECFIRST_ACCESS_KEY).
      Checks: not_a_server_error, status_code_conformance, content_type_conformance,
      response_schema_conformance, command_response_id, positive_data_acceptance, negative_data_rejection,
      ignored_auth, observe_not_answered, and with --webhook-port notification_delivery and
      webhook_payload_conformance.
      --base-url        where the implementation answers (http: or https:, with an optional base path)
      --access-key      the API's key (messaging: sent as Authorization: Key <key>); default: the environment
                        variable SPECFIRST_ACCESS_KEY, which keeps the key out of process lists and CI logs
      --seed            seed of the generation (default: random, printed): the same seed gives the same requests
      --max-requests    most requests sent, shrinking included (default 500)
      --time-limit      stop starting requests after this many seconds (default: none)
      --rate            requests per second in total, or a plan (free, business, enterprise, paid): each
                        operation under its plan figure (default: no limit)
      --webhook-port    listen there as the bot's webhooks (<url>/notifications, <url>/messages); the server
                        must POST its notifications there: checks that a message sent with an id gets them
      --webhook-host    address to listen on (default 127.0.0.1)
      --webhook-wait-ms how long to wait for notifications after the last message (default 5000)
      --exclude-checks  checks not to run, comma-separated
      --format          text (default), json or junit
      Exit codes: 0 conformant, 1 violations found, 2 usage error or the server cannot be reached.
`;

function whole(text: string | undefined, min: number): number | undefined | null {
  if (text === undefined) return undefined;
  const value = Number(text);
  return /^[0-9]+$/.test(text) && Number.isSafeInteger(value) && value >= min ? value : null;
}

async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const usage = (message: string): number => {
    io.stderr(`specfirst verify: ${message}\n`);
    return EXIT_USAGE;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        "base-url": { type: "string" },
        "access-key": { type: "string" },
        seed: { type: "string" },
        "max-requests": { type: "string" },
        "time-limit": { type: "string" },
        rate: { type: "string" },
        "webhook-port": { type: "string" },
        "webhook-host": { type: "string" },
        "webhook-wait-ms": { type: "string" },
        "exclude-checks": { type: "string" },
        format: { type: "string", default: "text" },
        help: { type: "boolean", default: false },
      },
    });
  } catch (caught) {
    return usage((caught as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(HELP);
    return EXIT_OK;
  }
  const {
    verify,
    formatJson,
    formatJunit,
    formatText,
    isCheckId,
    API_NAMES,
    VerifyOptionError,
    VerifyUnreachableError,
  } = await import("../../verify/index.js");
  const [api, ...extra] = positionals;
  if (api === undefined) return usage(`name the API to verify: ${API_NAMES.join(" or ")}`);
  if (extra.length > 0) return usage(`one API at a time (got ${positionals.length})`);
  if (!API_NAMES.includes(api)) return usage(`unknown API "${api}"; expected ${API_NAMES.join(" or ")}`);
  const baseUrl = values["base-url"];
  if (baseUrl === undefined) return usage("--base-url <url> is required");
  if (!URL.canParse(baseUrl) || !["http:", "https:"].includes(new URL(baseUrl).protocol))
    return usage("--base-url is an http: or https: URL");
  const accessKey = values["access-key"] ?? process.env.SPECFIRST_ACCESS_KEY;
  if (accessKey === undefined || accessKey === "")
    return usage("the API's key is needed: set SPECFIRST_ACCESS_KEY (or pass --access-key)");
  const format = values.format;
  if (format !== "text" && format !== "json" && format !== "junit") return usage("--format is text, json or junit");
  const seed = whole(values.seed, 0);
  if (seed === null || (seed !== undefined && seed > 2 ** 31 - 1)) return usage("--seed is a whole number below 2^31");
  const maxRequests = whole(values["max-requests"], 1);
  if (maxRequests === null) return usage("--max-requests is a whole number, at least 1");
  const timeLimit = whole(values["time-limit"], 1);
  if (timeLimit === null) return usage("--time-limit is a whole number of seconds, at least 1");
  const webhookPort = whole(values["webhook-port"], 0);
  if (webhookPort === null || (webhookPort !== undefined && webhookPort > 65535))
    return usage("--webhook-port is a port number");
  const webhookWait = whole(values["webhook-wait-ms"], 1);
  if (webhookWait === null) return usage("--webhook-wait-ms is a whole number of milliseconds, at least 1");
  if (webhookPort === undefined && (values["webhook-host"] !== undefined || webhookWait !== undefined))
    return usage("--webhook-host and --webhook-wait-ms go with --webhook-port");
  let rate: number | string | undefined = values.rate;
  if (rate !== undefined && /^[0-9]+$/.test(rate)) {
    rate = whole(rate, 1) ?? undefined;
    if (rate === undefined) return usage("--rate is a whole number of requests per second (at least 1) or a plan");
  }
  const exclude = (values["exclude-checks"] ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
  const unknown = exclude.find((id) => !isCheckId(id));
  if (unknown !== undefined) return usage(`--exclude-checks: unknown check "${unknown}"`);

  let report;
  try {
    report = await verify({
      api,
      baseUrl,
      accessKey,
      seed,
      maxRequests,
      timeLimitMs: timeLimit === undefined ? undefined : timeLimit * 1000,
      rate,
      exclude: exclude.filter(isCheckId),
      webhook:
        webhookPort === undefined
          ? undefined
          : { port: webhookPort, host: values["webhook-host"], waitMs: webhookWait },
      onWebhookListening: (url) => io.stderr(`bot webhooks listening: ${url}/notifications, ${url}/messages\n`),
    });
  } catch (caught) {
    if (caught instanceof VerifyUnreachableError || caught instanceof VerifyOptionError) return usage(caught.message);
    const code = (caught as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EADDRNOTAVAIL" || code === "EACCES")
      return usage(
        `cannot listen for webhooks on ${values["webhook-host"] ?? "127.0.0.1"}:${webhookPort ?? 0} (${code})`,
      );
    throw caught;
  }
  io.stdout(format === "json" ? formatJson(report) : format === "junit" ? formatJunit(report) : formatText(report));
  return report.conformant ? EXIT_OK : EXIT_FAILURE;
}

export const verifyCommand: CliCommand = { name: "verify", usage: HELP, run };
