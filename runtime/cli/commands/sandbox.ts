import { parseArgs } from "node:util";
import { EXIT_OK, EXIT_USAGE, processIo, type CliCommand, type CliIo } from "../command.js";

const HELP = `Usage:
  specfirst sandbox [--port <n>] [--host <host>] [--access-key <key>] [--configs-key <key>] [--bot <address>]
                    [--messages-webhook <url>] [--notifications-webhook <url>] [--plan <plan>]
                    [--notify-timeout-ms <n>] [--redeliver-after-ms <n>] [--fail-recipients <regex>] [--strict]
      A local server that behaves as the two API descriptions say: POST /messages, /notifications, /commands
      (Authorization: Key <access key>) and POST /v1/configs (Authorization: <configs key>), with delivery
      notifications POSTed to the bot's notifications webhook, commands (/ping, /account, /lists, /schedules,
      /event-track) kept in memory, and contract violations recorded. Prints "listening on http://<host>:<port>"
      when ready; stops on SIGINT or SIGTERM.
      --port                  default 8080; 0 picks a free port (printed)
      --host                  default 127.0.0.1
      --access-key            messaging access key (default sandbox-access-key)
      --configs-key           configs API key (default sandbox-configs-key)
      --bot                   the bot's node address (default bot@sandbox.example.net)
      --messages-webhook      the bot's messages URL (customer messages from POST /_sandbox/inbound go there)
      --notifications-webhook the bot's notifications URL (notifications about the bot's messages go there)
      --plan                  free, business, enterprise or paid: 429 over the plan's per-second limits (default: none)
      --notify-timeout-ms     time the bot has to send consumed or failed for a delivered message (default 5000)
      --redeliver-after-ms    deliver a message again when still unconfirmed this long after a delivery, 5 times at
                              most (default: never)
      --fail-recipients       a regular expression: the bot's messages to matching recipients fail with reason 42
                              (default ^unknown@)
      --strict                refuse (400) a field a content document does not list, such as media-link url for uri
                              (the message-strict and command-strict validators; stricter than the seed)
      Control endpoints: POST /_sandbox/inbound (a customer message to the bot), GET /_sandbox/state,
      POST /_sandbox/redeliver, POST /_sandbox/reset, GET|PUT /_sandbox/webhooks.
`;

/** A whole number of at least `min` written in decimal digits, or undefined. */
function parseWhole(text: string, min: number): number | undefined {
  const value = Number(text);
  return /^[0-9]+$/.test(text) && Number.isSafeInteger(value) && value >= min ? value : undefined;
}

async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const usage = (message: string): number => {
    io.stderr(`specfirst sandbox: ${message}\n`);
    return EXIT_USAGE;
  };
  let values;
  try {
    ({ values } = parseArgs({
      args,
      allowPositionals: false,
      options: {
        port: { type: "string", default: "8080" },
        host: { type: "string", default: "127.0.0.1" },
        "access-key": { type: "string" },
        "configs-key": { type: "string" },
        bot: { type: "string" },
        "messages-webhook": { type: "string" },
        "notifications-webhook": { type: "string" },
        plan: { type: "string" },
        "notify-timeout-ms": { type: "string", default: "5000" },
        "redeliver-after-ms": { type: "string" },
        "fail-recipients": { type: "string" },
        strict: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (caught) {
    return usage((caught as Error).message);
  }
  if (values.help) {
    io.stdout(HELP);
    return EXIT_OK;
  }
  const [{ createSandbox, isHttpUrl }, { isPlan, PLANS }, { validate }] = await Promise.all([
    import("../../sandbox/server.js"),
    import("../../sandbox/rate-limit.js"),
    import("../../../generated/validators.js"),
  ]);
  const port = parseWhole(values.port, 0);
  if (port === undefined || port > 65535) return usage("--port is a port number, 0 to 65535");
  const notifyTimeoutMs = parseWhole(values["notify-timeout-ms"], 1);
  if (notifyTimeoutMs === undefined) return usage("--notify-timeout-ms is a whole number of milliseconds, at least 1");
  const redeliverText = values["redeliver-after-ms"];
  const redeliverAfterMs = redeliverText === undefined ? undefined : parseWhole(redeliverText, 1);
  if (redeliverText !== undefined && redeliverAfterMs === undefined)
    return usage("--redeliver-after-ms is a whole number of milliseconds, at least 1");
  const plan = values.plan;
  if (plan !== undefined && !isPlan(plan)) return usage(`--plan is one of ${PLANS.join(", ")}`);
  for (const flag of ["messages-webhook", "notifications-webhook"] as const) {
    const value = values[flag];
    if (value !== undefined && !isHttpUrl(value)) return usage(`--${flag} is an http(s) URL`);
  }
  if (values.bot !== undefined && !validate("node-address", values.bot).valid)
    return usage("--bot is a node address, name@domain");
  for (const flag of ["access-key", "configs-key"] as const)
    if (values[flag] === "") return usage(`--${flag} must not be empty`);
  let failRecipients: RegExp | undefined;
  if (values["fail-recipients"] !== undefined) {
    try {
      failRecipients = new RegExp(values["fail-recipients"]);
    } catch {
      return usage("--fail-recipients is a regular expression");
    }
  }

  const sandbox = createSandbox({
    port,
    host: values.host,
    accessKey: values["access-key"],
    configsKey: values["configs-key"],
    bot: values.bot,
    messagesWebhook: values["messages-webhook"],
    notificationsWebhook: values["notifications-webhook"],
    plan,
    notifyTimeoutMs,
    ...(redeliverAfterMs === undefined ? {} : { redeliverAfterMs }),
    failRecipients,
    strict: values.strict,
    // Violations are reported as they happen, one line each on stderr.
    onViolation: (violation) =>
      io.stderr(
        `violation: ${violation.kind}${violation.messageId === undefined ? "" : ` (message ${violation.messageId})`}: ${violation.detail}\n`,
      ),
  });
  let url: string;
  try {
    url = await sandbox.start();
  } catch (caught) {
    // as `specfirst proxy` says it: a port taken or an address not this machine's is the caller's to change (exit 2)
    io.stderr(
      `specfirst sandbox: cannot listen on ${values.host}:${port} (${(caught as NodeJS.ErrnoException).code ?? (caught as Error).message})\n`,
    );
    return EXIT_USAGE;
  }
  // The handlers are in place before the line is printed: a signal sent right after it stops the sandbox cleanly.
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    const stop = (received: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(received);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    io.stdout(`listening on ${url}\n`);
  });
  await sandbox.close();
  io.stdout(`stopped (${signal})\n`);
  return EXIT_OK;
}

export const sandboxCommand: CliCommand = { name: "sandbox", usage: HELP, run };
