// A small service that validates incoming envelopes and configs with the specfirst package and answers 400 with
// the errors. Plain node:http; any framework that hands over a parsed body works the same way.
import { createServer } from "node:http";
import { redact, validate } from "specfirst/validators";

/** Route → schema of its body and the status of an accepted request (202 for envelopes, as the seed says). */
const ROUTES = {
  "POST /messages": { schema: "message", status: 202 },
  "POST /notifications": { schema: "outbound-notification", status: 202 },
  "POST /commands": { schema: "command", status: 200 },
  "POST /v1/configs": { schema: "config", status: 201 },
};
const MAX_BODY_BYTES = 10 * 1024 * 1024;

function send(response, status, body) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error("body too large"), { status: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** One JSON log line with the (redacted) body; a body nested too deeply for JSON.stringify is left out. */
function logLine(fields, body) {
  try {
    return JSON.stringify({ ...fields, body });
  } catch {
    return JSON.stringify({ ...fields, body: "(not logged: nested too deeply)" });
  }
}

/** @param {{ log?: (line: string) => void }} [options] */
export function createValidationServer(options = {}) {
  const log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
  return createServer(async (request, response) => {
    const route = ROUTES[`${request.method} ${request.url}`];
    if (route === undefined) return send(response, 404, { errors: [{ pointer: "", message: "no such route" }] });
    let data;
    try {
      data = JSON.parse(await readBody(request));
    } catch (error) {
      // The parser's message can quote the body, so it is not passed on.
      return send(response, error.status ?? 400, { errors: [{ pointer: "", message: error.status ? "body too large" : "body is not valid JSON" }] });
    }
    try {
      const result = validate(route.schema, data);
      // Payloads are logged with their secret fields replaced.
      log(logLine({ route: `${request.method} ${request.url}`, valid: result.valid }, redact(route.schema, data)));
      if (!result.valid) return send(response, 400, { errors: result.errors });
      if (route.schema === "command") {
        return send(response, 200, { id: data.id, from: data.to ?? "postmaster@example.net", to: data.from ?? "bot@example.net", method: data.method, status: "success" });
      }
      return send(response, route.status);
    } catch {
      // An unexpected failure answers 500 and keeps the service running; the error could quote the payload.
      return send(response, 500, { errors: [{ pointer: "", message: "internal error" }] });
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 3000);
  createValidationServer().listen(port, () => process.stdout.write(`validation service on http://localhost:${port}\n`));
}
