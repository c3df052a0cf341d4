/**
 * The validation proxy (`specfirst proxy`): an HTTP server in front of a real service that checks the requests
 * and responses of the operations in `routes.ts` against their schemas and reports every violation as one JSON
 * line. Traffic passes through byte for byte: bodies are forwarded exactly as received (a compressed body is
 * decompressed only to be checked), with the same method, path, query and headers, except the hop-by-hop headers
 * and `host` (set to the upstream's). With `enforce`, a request that breaks its schema (or cannot be read as JSON)
 * is answered 400 `{ errors }` and not forwarded.
 *
 * A violation line holds the direction, operation, method, path (the route's, never the query string), status
 * (responses), JSON pointer, message and keyword: messages come from the schema and never quote the payload, and
 * no header is ever logged, so neither payload values nor the Authorization key reach the log.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { JsonSyntaxError, readJson } from "../json/read-json.js";
import { defaultValidators, errorText, JSON_CONTENT_TYPE, unreadable, type ValidationError, type Validates } from "../middleware/core.js";
import { ROUTES, type ProxyRoute } from "./routes.js";

export { ROUTES, type ProxyRoute };

/** Largest body held to be checked (default 16 MiB); a longer one passes unchecked (413 with `enforce`). */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface ProxyOptions {
  /** Base URL of the service (`http://127.0.0.1:8080`, `https://api.example.net/base`). */
  upstream: string | URL;
  /** Port to listen on (default 0: any free port; see `RunningProxy.port`). */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Answer an invalid request 400 instead of forwarding it. */
  enforce?: boolean;
  /** Receives one JSON text per violation (default: a line on stdout). */
  log?: (line: string) => void;
  /** Receives operational problems (upstream unreachable), one line of text each (default: stderr). */
  warn?: (line: string) => void;
  routes?: readonly ProxyRoute[];
  /** Default: the generated validators. */
  validators?: Validates;
  maxBodyBytes?: number;
}

/** One line of the violation log. */
export interface Violation {
  direction: "request" | "response";
  operation: string;
  method: string;
  path: string;
  status?: number;
  pointer: string;
  message: string;
  keyword: string;
}

export interface RunningProxy {
  server: Server;
  host: string;
  port: number;
  /** `http://<host>:<port>` */
  url: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"]);

/** Hop-by-hop headers, and those named by `connection`, which a proxy does not pass on. */
function hopByHop(connection: string | string[] | undefined): Set<string> {
  const names = new Set(HOP_BY_HOP);
  for (const value of [connection ?? []].flat()) for (const name of value.split(",")) if (name.trim() !== "") names.add(name.trim().toLowerCase());
  return names;
}

/** A body read up to a limit: whole (`bytes`), or the chunks read so far and the rest of the stream. */
type Body = { complete: true; bytes: Buffer } | { complete: false; stream: AsyncIterable<Buffer> };

async function readUpTo(stream: AsyncIterable<Buffer>, limit: number): Promise<Body> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done === true) return { complete: true, bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size) };
    chunks.push(next.value);
    size += next.value.length;
    if (size > limit) {
      const rest = { [Symbol.asyncIterator]: () => iterator };
      return {
        complete: false,
        stream: (async function* () {
          yield* chunks;
          yield* rest;
        })(),
      };
    }
  }
}

/** The body as the schema sees it: decompressed when `content-encoding` says so. */
function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? "identity").trim().toLowerCase()) {
    case "identity":
    case "":
      return bytes;
    case "gzip":
    case "x-gzip":
      return gunzipSync(bytes);
    case "deflate":
      return inflateSync(bytes);
    case "br":
      return brotliDecompressSync(bytes);
    default:
      throw new Error("unsupported content-encoding");
  }
}

export async function createProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== "http:" && upstream.protocol !== "https:") throw new TypeError("the upstream is an http: or https: URL");
  const basePath = upstream.pathname.replace(/\/+$/, "");
  const routes = options.routes ?? ROUTES;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const validators = options.validators ?? (await defaultValidators());
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const send = upstream.protocol === "https:" ? httpsRequest : httpRequest;

  /** The violations of one body: not readable as JSON, or the schema's errors. Nothing quotes the body. */
  const check = (schema: string, bytes: Buffer, encoding: string | undefined): ValidationError[] => {
    let data: unknown;
    try {
      data = readJson(decoded(bytes, encoding));
    } catch (error) {
      if (error instanceof JsonSyntaxError) {
        const answer = unreadable(error);
        return answer.ok ? [] : answer.body.errors;
      }
      return [{ pointer: "", message: `body cannot be decoded (content-encoding ${String(encoding)})`, keyword: "contentEncoding" }];
    }
    const result = validators.validate(schema, data);
    return result.valid ? [] : result.errors;
  };

  const report = (route: ProxyRoute, direction: Violation["direction"], errors: ValidationError[], status?: number) => {
    for (const error of errors) {
      const violation: Violation = { direction, operation: route.operationId, method: route.method, path: route.path, ...(status === undefined ? {} : { status }), pointer: error.pointer, message: error.message, keyword: error.keyword };
      log(JSON.stringify(violation));
    }
  };

  const answer = (res: ServerResponse, status: number, errors: ValidationError[]) => {
    // A 413 leaves the rest of the body unread: close the connection rather than read it.
    res.writeHead(status, status === 413 ? { "content-type": JSON_CONTENT_TYPE, connection: "close" } : { "content-type": JSON_CONTENT_TYPE });
    res.end(errorText({ errors }));
  };

  const forward = (req: IncomingMessage, res: ServerResponse, route: ProxyRoute | undefined, body: Body) => {
    const skip = hopByHop(req.headers.connection);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers as IncomingHttpHeaders)) if (!skip.has(name) && value !== undefined) headers[name] = value;
    headers.host = upstream.host;
    if (body.complete) headers["content-length"] = String(body.bytes.length);
    const target = new URL(upstream);
    const [pathname, query] = splitUrl(req.url ?? "/");
    target.pathname = basePath + pathname;
    target.search = query;
    const outgoing = send(target, { method: req.method, headers });
    outgoing.on("response", (incoming) => void respond(res, route, incoming).catch(() => res.destroy()));
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      warn(`specfirst proxy: ${req.method} ${pathname}: upstream ${error.code ?? "error"}`);
      if (!res.headersSent) answer(res, 502, [{ pointer: "", message: `upstream unreachable (${error.code ?? "error"})`, keyword: "upstream" }]);
      else res.destroy();
    });
    if (body.complete) outgoing.end(body.bytes);
    else pipeline(Readable.from(body.stream), outgoing).catch(() => outgoing.destroy());
  };

  const respond = async (res: ServerResponse, route: ProxyRoute | undefined, incoming: IncomingMessage) => {
    const status = incoming.statusCode ?? 502;
    let schema: string | null = null;
    if (route !== undefined) {
      const declared = route.responses[String(status)] !== undefined ? route.responses[String(status)] : route.responses.default;
      if (declared === undefined) report(route, "response", [{ pointer: "", message: `status ${status} is not a declared response`, keyword: "status" }], status);
      schema = declared ?? null;
    }
    const skip = hopByHop(incoming.headers.connection);
    const headers: string[] = [];
    for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
      const name = incoming.rawHeaders[i] as string;
      if (!skip.has(name.toLowerCase()) && !(schema !== null && name.toLowerCase() === "content-length")) headers.push(name, incoming.rawHeaders[i + 1] as string);
    }
    if (route === undefined || schema === null) {
      res.writeHead(status, incoming.statusMessage, headers);
      await pipeline(incoming, res);
      return;
    }
    const body = await readUpTo(incoming, maxBodyBytes);
    if (body.complete) {
      report(route, "response", check(schema, body.bytes, incoming.headers["content-encoding"]), status);
      res.writeHead(status, incoming.statusMessage, [...headers, "content-length", String(body.bytes.length)]);
      res.end(body.bytes);
    } else {
      report(route, "response", [{ pointer: "", message: `body exceeds ${maxBodyBytes} bytes and was not checked`, keyword: "maxBytes" }], status);
      res.writeHead(status, incoming.statusMessage, incoming.headers["content-length"] === undefined ? headers : [...headers, "content-length", incoming.headers["content-length"]]);
      await pipeline(Readable.from(body.stream), res);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const [pathname] = splitUrl(req.url ?? "/");
    const route = routes.find((r) => r.method === req.method && r.path === pathname);
    if (route === undefined || route.requestSchema === null) return forward(req, res, route, { complete: false, stream: req });
    const body = await readUpTo(req, maxBodyBytes);
    if (!body.complete) {
      const errors = [{ pointer: "", message: `body exceeds ${maxBodyBytes} bytes and was not checked`, keyword: "maxBytes" }];
      report(route, "request", errors);
      if (options.enforce) return answer(res, 413, errors);
      return forward(req, res, route, body);
    }
    const errors = check(route.requestSchema, body.bytes, req.headers["content-encoding"]);
    report(route, "request", errors);
    if (options.enforce && errors.length > 0) return answer(res, 400, errors);
    forward(req, res, route, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) answer(res, 500, [{ pointer: "", message: "proxy error", keyword: "proxy" }]);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    server,
    host: address.address,
    port: address.port,
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Path and query (`?...`, or "") of a request target. */
function splitUrl(url: string): [string, string] {
  const at = url.indexOf("?");
  return at === -1 ? [url, ""] : [url.slice(0, at), url.slice(at)];
}
