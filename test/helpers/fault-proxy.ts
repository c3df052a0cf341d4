import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { listenOnLoopback } from "./loopback.js";

/** One request as the fault layer sees it (body parsed when it is JSON). */
export interface FaultRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  json: unknown;
}

/** The server's answer, which a fault may change or replace. */
export interface FaultAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Fault {
  /** Changes the request before it is forwarded (its headers); runs first. */
  request?(request: FaultRequest): void;
  /** The answer sent back: the server's, changed or replaced. */
  response?(request: FaultRequest, answer: FaultAnswer): FaultAnswer;
}

const parse = (body: Buffer): unknown => {
  try {
    return JSON.parse(body.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
};

const flat = (headers: IncomingHttpHeaders): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
};

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function forward(target: string, request: FaultRequest): Promise<FaultAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers, "content-length": String(request.body.length) };
    delete headers.host;
    const outgoing = httpRequest(
      new URL(request.path, target),
      { method: request.method, headers, agent: false },
      (answer) => {
        void readAll(answer).then(
          (body) => resolve({ status: answer.statusCode ?? 0, headers: flat(answer.headers), body }),
          reject,
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

/**
 * A loopback HTTP layer in front of a real server that injects one fault: it forwards each request (as changed by
 * `fault.request`) and sends back the answer as `fault.response` makes it. Every request it forwarded is kept.
 */
export async function startFaultProxy(upstream: string, fault: Fault = {}) {
  const seen: FaultRequest[] = [];
  const server = await listenOnLoopback((incoming, outgoing) => {
    void (async () => {
      const body = await readAll(incoming);
      const request: FaultRequest = {
        method: incoming.method ?? "GET",
        path: incoming.url ?? "/",
        headers: flat(incoming.headers),
        body,
        json: parse(body),
      };
      fault.request?.(request);
      seen.push(request);
      const answer = await forward(upstream, request);
      const sent = fault.response?.(request, answer) ?? answer;
      const headers: Record<string, string> = { ...sent.headers, "content-length": String(sent.body.length) };
      delete headers["transfer-encoding"];
      outgoing.writeHead(sent.status, headers);
      outgoing.end(sent.body);
    })().catch(() => {
      outgoing.writeHead(502);
      outgoing.end();
    });
  });
  return { ...server, seen };
}

/**
 * A webhook relay between a real server and the bot: each payload POSTed to it goes on to `target` as `change`
 * makes it (`undefined`: dropped). It answers the server 200 at once.
 */
export async function startWebhookRelay(change: (payload: unknown) => unknown) {
  let target: string | undefined;
  const relay = await listenOnLoopback((incoming, outgoing) => {
    void readAll(incoming).then(async (body) => {
      outgoing.writeHead(200, { "content-length": "0" });
      outgoing.end();
      const changed = change(parse(body));
      if (changed === undefined || target === undefined) return;
      const text = Buffer.from(JSON.stringify(changed));
      await forward(target, {
        method: "POST",
        path: new URL(incoming.url ?? "/", target).pathname,
        headers: { "content-type": "application/json" },
        body: text,
        json: changed,
      }).catch(() => undefined);
    });
  });
  return {
    ...relay,
    /** Where the relay forwards to (the bot: verify's webhook receiver). */
    forwardTo(url: string) {
      target = url;
    },
  };
}

export const jsonAnswer = (status: number, value: unknown, contentType = "application/json"): FaultAnswer => ({
  status,
  headers: { "content-type": contentType },
  body: Buffer.from(JSON.stringify(value)),
});
