// A small service that validates incoming envelopes and configs with the specfirst package and answers 400 with
// the errors. Plain node:http; with a framework, use specfirst/express, specfirst/fastify or specfirst/web instead.
// Run it with `npx tsx examples/validation-service/server.ts`.
//
// Bodies are read with the strict reader, so the README's input rules hold here too: UTF-8 decoded strictly, a
// leading BOM skipped, a key repeated in one object is an error. In a service of your own the reader is
// `import { readJson } from "specfirst/json"` and `from "specfirst/validators"`; this example lives inside the
// repository and runs from source, so it imports the source modules those entry points are compiled from.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { redact, validate, type SchemaName } from "../../generated/validators.js";
import { JsonSyntaxError, readJson } from "../../runtime/json/read-json.js";

/** Route → schema of its body and the status of an accepted request (202 for envelopes, as the seed says). */
const ROUTES: Record<string, { schema: SchemaName; status: number }> = {
  "POST /messages": { schema: "message", status: 202 },
  "POST /notifications": { schema: "outbound-notification", status: 202 },
  "POST /commands": { schema: "command", status: 200 },
  "POST /v1/configs": { schema: "config", status: 201 },
};
const MAX_BODY_BYTES = 10 * 1024 * 1024;

class BodyTooLarge extends Error {}

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** One JSON log line with the (redacted) body; a body nested too deeply for JSON.stringify is left out. */
function logLine(fields: Record<string, unknown>, body: unknown): string {
  try {
    return JSON.stringify({ ...fields, body });
  } catch {
    return JSON.stringify({ ...fields, body: "(not logged: nested too deeply)" });
  }
}

export function createValidationServer(options: { log?: (line: string) => void } = {}) {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  return createServer(async (request, response) => {
    const route = ROUTES[`${request.method} ${request.url}`];
    if (route === undefined)
      return send(response, 404, { errors: [{ pointer: "", message: "no such route", keyword: "route" }] });
    let data: unknown;
    try {
      data = readJson(await readBody(request));
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return send(response, 413, { errors: [{ pointer: "", message: "body too large", keyword: "maxBytes" }] });
      // The reader's messages give a position and never quote the body.
      if (error instanceof JsonSyntaxError) {
        const { line, column } = error.position;
        return send(response, 400, {
          errors: [{ pointer: "", message: `${error.message} at line ${line}, column ${column}`, keyword: "json" }],
        });
      }
      return send(response, 500, { errors: [{ pointer: "", message: "internal error", keyword: "internal" }] });
    }
    try {
      const result = validate(route.schema, data);
      // Payloads are logged with their secret fields replaced.
      log(logLine({ route: `${request.method} ${request.url}`, valid: result.valid }, redact(route.schema, data)));
      if (!result.valid) return send(response, 400, { errors: result.errors });
      if (route.schema === "command") {
        const command = data as { id?: string; to?: string; from?: string; method?: string };
        return send(response, 200, {
          id: command.id,
          from: command.to ?? "postmaster@example.net",
          to: command.from ?? "bot@example.net",
          method: command.method,
          status: "success",
        });
      }
      return send(response, route.status);
    } catch {
      // An unexpected failure answers 500 and keeps the service running; the error could quote the payload.
      return send(response, 500, { errors: [{ pointer: "", message: "internal error", keyword: "internal" }] });
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 3000);
  createValidationServer().listen(port, () => process.stdout.write(`validation service on http://localhost:${port}\n`));
}
