import { parseArgs } from "node:util";
import { EXIT_OK, EXIT_USAGE, processIo, type CliCommand, type CliIo } from "../command.js";

const HELP = `Usage:
  specfirst proxy --upstream <url> --port <n> [--host <address>] [--enforce] [--max-body-bytes <n>]
      A validation proxy in front of a real service of either API: requests and responses of the operations
      (POST /messages, /notifications, /commands, /v1/configs) are checked against their schemas, and every
      violation is printed on standard output as one JSON line:
        {"direction":"request"|"response","operation","method","path","status"?,"pointer","message","keyword"}
      (messages come from the schema: never a payload value, a header or the query string). Traffic passes
      through byte for byte (only hop-by-hop headers and host change). Prints "listening on http://<host>:<port>"
      when ready; runs until interrupted.
      --upstream    base URL of the service (http: or https:, with an optional base path)
      --port        port to listen on (0: any free port, printed when ready)
      --host        address to listen on (default 127.0.0.1)
      --enforce     answer an invalid request 400 {"errors":[{"pointer","message","keyword"}]} (one that cannot
                    be read as JSON too, under the validate command's input rules) and do not forward it
      --max-body-bytes <n>
                    largest body checked (default 16 MiB); a longer one is reported and passed on unchecked,
                    or answered 413 with --enforce
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
        "max-body-bytes": { type: "string" },
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
  if (upstream.protocol !== "http:" && upstream.protocol !== "https:") return usage("--upstream is an http: or https: URL");
  if (values.port === undefined || !/^\d+$/.test(values.port) || Number(values.port) > 65535) return usage("--port <n> is required: a port number (0 for any free port)");
  const maxBodyBytes = values["max-body-bytes"] === undefined ? undefined : Number(values["max-body-bytes"]);
  if (maxBodyBytes !== undefined && (!/^\d+$/.test(values["max-body-bytes"] ?? "") || !Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1)) return usage("--max-body-bytes is a whole number of bytes, at least 1");

  const { createProxy } = await import("../../proxy/server.js");
  let proxy;
  try {
    proxy = await createProxy({ upstream, port: Number(values.port), host: values.host, enforce: values.enforce, ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }) });
  } catch (error) {
    return usage(`cannot listen on ${values.host}:${values.port} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
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
