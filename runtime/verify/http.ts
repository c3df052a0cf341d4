/**
 * The requests `specfirst verify` sends: the exact bytes of a body with `Content-Type: application/json`, the
 * credential as the API's security scheme carries it (or none, or a wrong one), and the answer read whole; plus the
 * `curl` command that repeats one, its credential replaced by a shell variable.
 */
import http from "node:http";
import https from "node:https";
import type { SecurityDescriptor } from "../client/descriptor.js";

/** Which credential a request carries. */
export type CredentialUse = "valid" | "none" | "wrong";

/** The credential verify sends for "wrong": its own made-up key, never the real one. */
export const WRONG_KEY = "specfirst-verify-wrong-key";
/** The shell variable a reproduction reads the real credential from. */
export const CREDENTIAL_VARIABLE = "SPECFIRST_ACCESS_KEY";

export interface SentRequest {
  readonly method: string;
  /** The URL without any credential in its query. */
  readonly url: string;
  readonly body: Uint8Array;
  readonly credential: CredentialUse;
}

export interface ReceivedResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/** The answer, or why there is none (`ECONNREFUSED`, `timeout`, ...). */
export type Outcome = { readonly response: ReceivedResponse } | { readonly error: string };

/** Largest answer read; the rest is dropped and the body marked cut. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** Where and how a key travels, from the API's security scheme. */
export function credentialPlacement(
  security: SecurityDescriptor,
  key: string,
): { header?: [string, string]; query?: string } {
  switch (security.kind) {
    case "bearer":
      return { header: ["Authorization", `Bearer ${key}`] };
    case "basic":
      return { header: ["Authorization", `Basic ${Buffer.from(key, "utf8").toString("base64")}`] };
    case "apiKey":
      return security.in === "query"
        ? { query: `${encodeURIComponent(security.name)}=${encodeURIComponent(`${security.prefix}${key}`)}` }
        : { header: [security.name, `${security.prefix}${key}`] };
  }
}

export interface Transport {
  readonly security: SecurityDescriptor;
  /** The real key (never printed). */
  readonly key: string;
  readonly timeoutMs: number;
}

/** Sends `request` and reads the whole answer; never throws. */
export function send(transport: Transport, request: SentRequest): Promise<Outcome> {
  const key = request.credential === "valid" ? transport.key : request.credential === "wrong" ? WRONG_KEY : undefined;
  const placement = key === undefined ? {} : credentialPlacement(transport.security, key);
  const url = new URL(request.url);
  if (placement.query !== undefined)
    url.search = url.search === "" ? placement.query : `${url.search}&${placement.query}`;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
    "content-length": String(request.body.byteLength),
  };
  if (placement.header !== undefined) headers[placement.header[0].toLowerCase()] = placement.header[1];
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const outgoing = client.request(url, { method: request.method, headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on("data", (chunk: Buffer) => {
        if (size < MAX_RESPONSE_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      incoming.on("error", (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
      incoming.on("end", () => {
        const responseHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers))
          if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(", ") : value;
        finish({
          response: { status: incoming.statusCode ?? 0, headers: responseHeaders, body: Buffer.concat(chunks) },
        });
      });
    });
    outgoing.setTimeout(transport.timeoutMs, () => {
      outgoing.destroy();
      finish({ error: `no answer within ${transport.timeoutMs} ms` });
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
    outgoing.end(request.body);
  });
}

const shellQuote = (text: string): string => `'${text.replace(/'/g, "'\\''")}'`;

/** `$'...'` quoting, for bytes a single-quoted word cannot show (not UTF-8, control characters). */
function ansiQuote(bytes: Uint8Array): string {
  let out = "$'";
  for (const byte of bytes) {
    if (byte === 0x27 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, "0")}`;
  }
  return `${out}'`;
}

function bodyWord(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return /[\u0000-\u001f\u007f]/.test(text) ? ansiQuote(bytes) : shellQuote(text);
  } catch {
    return ansiQuote(bytes);
  }
}

/**
 * The `curl` command repeating `request`. The real credential is `"$SPECFIRST_ACCESS_KEY"`, expanded by the shell
 * that runs the command; the wrong one is verify's own (`WRONG_KEY`), shown as sent.
 */
export function curlOf(security: SecurityDescriptor, request: SentRequest): string {
  const key =
    request.credential === "valid"
      ? `\${${CREDENTIAL_VARIABLE}}`
      : request.credential === "wrong"
        ? WRONG_KEY
        : undefined;
  const placement = key === undefined ? {} : credentialPlacement(security, key);
  const parts = ["curl", "-i", "-X", request.method];
  const url = new URL(request.url);
  let urlText = url.href;
  if (placement.query !== undefined)
    urlText = `${url.href}${url.search === "" ? "?" : "&"}${decodeURIComponent(placement.query)}`;
  parts.push(request.credential === "valid" && placement.query !== undefined ? `"${urlText}"` : shellQuote(urlText));
  parts.push("-H", shellQuote("Content-Type: application/json"));
  if (placement.header !== undefined) {
    const header = `${placement.header[0]}: ${placement.header[1]}`;
    // A basic scheme sends base64 of the key: the shell encodes the variable's value.
    if (request.credential === "valid" && security.kind === "basic")
      parts.push("-H", `"${placement.header[0]}: Basic $(printf %s "$${CREDENTIAL_VARIABLE}" | base64)"`);
    else parts.push("-H", request.credential === "valid" ? `"${header}"` : shellQuote(header));
  }
  parts.push("--data-binary", bodyWord(request.body));
  return parts.join(" ");
}
