import { connect } from "node:net";

/** An answer read off the wire: status, headers (names lower-cased) and the body as text. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  path: string;
  /** Sent exactly as written, in this order; an undefined value leaves the header out (`Host` too). */
  headers: Record<string, string | undefined>;
  /** The body's bytes, written as they are. */
  body?: Uint8Array | string;
  /** Send the body chunked (`Transfer-Encoding: chunked`), one chunk per piece, instead of with `Content-Length`. */
  chunks?: readonly Uint8Array[];
  /** The address to connect to (default 127.0.0.1). */
  address?: string;
}

/**
 * Sends one HTTP/1.1 request over a new TCP connection exactly as written, with `Connection: close`, and reads the
 * answer to the end of the connection. Without a `Host` header it is sent as HTTP/1.0 (Node's parser refuses an
 * HTTP/1.1 request without one before any handler runs). Body framing: `Content-Length` of `body`, or chunked
 * `chunks`.
 */
export function rawRequest(port: number, request: RawRequest): Promise<RawAnswer> {
  const version = request.headers.Host === undefined ? "1.0" : "1.1";
  const lines = [`${request.method} ${request.path} HTTP/${version}`];
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) lines.push(`${name}: ${value}`);
  lines.push("Connection: close");
  const body = typeof request.body === "string" ? Buffer.from(request.body) : Buffer.from(request.body ?? []);
  let payload: Buffer;
  if (request.chunks === undefined) {
    lines.push(`Content-Length: ${body.length}`);
    payload = body;
  } else {
    lines.push("Transfer-Encoding: chunked");
    payload = Buffer.concat([
      ...request.chunks
        .filter((chunk) => chunk.byteLength > 0)
        .flatMap((chunk) => [
          Buffer.from(`${chunk.byteLength.toString(16)}\r\n`),
          Buffer.from(chunk),
          Buffer.from("\r\n"),
        ]),
      Buffer.from("0\r\n\r\n"),
    ]);
  }
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`);
  return new Promise((resolve, reject) => {
    const socket = connect(port, request.address ?? "127.0.0.1");
    const received: Buffer[] = [];
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const bytes = Buffer.concat(received);
      const split = bytes.indexOf("\r\n\r\n");
      const [statusLine = "", ...headerLines] = bytes.subarray(0, split).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of headerLines)
        headers[line.slice(0, line.indexOf(":")).toLowerCase()] = line.slice(line.indexOf(":") + 1).trim();
      const rest = bytes.subarray(split + 4);
      const content = headers["transfer-encoding"] === "chunked" ? unchunk(rest) : rest;
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: content.toString("utf8") });
    });
    // Not end(): a server may take a half-closed connection for a client gone before the answer.
    socket.write(Buffer.concat([head, payload]));
  });
}

/** The body of a chunked answer. */
function unchunk(bytes: Buffer): Buffer {
  const pieces: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = bytes.indexOf("\r\n", at);
    const size = end === -1 ? 0 : parseInt(bytes.subarray(at, end).toString("latin1"), 16);
    if (!(size > 0)) return Buffer.concat(pieces);
    pieces.push(bytes.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
}
