import { createServer } from "node:http";
import { listenOnLoopback } from "./loopback.js";

/** One request the proxy passed on (or answered itself). */
export interface Forwarded {
  path: string;
  body: string;
  /** The target it went to; undefined when `intercept` answered it. */
  target: string | undefined;
  status: number;
}

/** What `intercept` may do instead of forwarding: answer with a status (and headers), or reset the connection. */
export type Interception = { status: number; headers?: Record<string, string> } | "reset" | undefined;

export interface RoundRobinProxy {
  readonly url: string;
  /** Every request, in arrival order. */
  readonly forwarded: Forwarded[];
  close(): Promise<void>;
}

/**
 * A tiny loopback HTTP proxy, as a load balancer in front of several processes: each request goes, whole, to the
 * next of `targets` in turn (method, path, query, body and headers but `Host` and the hop-by-hop ones), and its
 * answer comes back as it is; an unreachable target answers 502. `intercept(path, body)` may answer a request
 * itself first (a 429, a 503, a reset connection), to play a server that refuses.
 */
export async function startRoundRobinProxy(
  targets: readonly string[],
  intercept: (path: string, body: string) => Interception = () => undefined,
): Promise<RoundRobinProxy> {
  const forwarded: Forwarded[] = [];
  let next = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = request.url ?? "/";
      const interception = intercept(path, body);
      if (interception === "reset") {
        forwarded.push({ path, body, target: undefined, status: 0 });
        request.socket.destroy();
        return;
      }
      if (interception !== undefined) {
        forwarded.push({ path, body, target: undefined, status: interception.status });
        response.writeHead(interception.status, { "content-length": "0", ...interception.headers });
        response.end();
        return;
      }
      const target = targets[next++ % targets.length] as string;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === "string" && !["host", "connection", "content-length", "keep-alive"].includes(name))
          headers[name] = value;
      fetch(`${target}${path}`, { method: request.method ?? "POST", headers, body, redirect: "manual" })
        .then(async (answer) => {
          const text = await answer.text();
          forwarded.push({ path, body, target, status: answer.status });
          const back: Record<string, string> = {};
          answer.headers.forEach((value, name) => {
            if (!["connection", "content-length", "transfer-encoding", "keep-alive"].includes(name)) back[name] = value;
          });
          response.writeHead(answer.status, { ...back, "content-length": String(Buffer.byteLength(text)) });
          response.end(text);
        })
        .catch(() => {
          forwarded.push({ path, body, target, status: 502 });
          response.writeHead(502, { "content-length": "0" });
          response.end();
        });
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return { url, forwarded, close };
}
