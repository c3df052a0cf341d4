import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the test server received, as it arrived on the wire. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `performance.now()` when the whole request had arrived. */
  at: number;
  /** The client closed the connection before the answer was sent (an aborted request). */
  abandoned: boolean;
}

/** How the test server answers one request. */
export interface Answer {
  status: number;
  body?: string | object;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow server). */
  delayMs?: number;
  /** Close the connection instead of answering (a reset). */
  reset?: boolean;
}

export interface ApiServer {
  url: string;
  received: Received[];
  /** The requests received on one path, in order. */
  on(path: string): Received[];
  /** Answers for the next requests to `path`, in order; when none is queued, the default answer. */
  answer(path: string, ...answers: Answer[]): void;
  /** Drops every queued answer and recorded request (a test's leftovers must not answer the next one's requests). */
  reset(): void;
  /** Resolves once `count` requests have been received in all. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The two APIs over real HTTP on 127.0.0.1 (port 0): records every request and answers like the service:
 * `/messages`, `/notifications` 202; `/commands` 200 with a success response for the command's `id`; `/v1/configs`
 * 201 with `{ "id": "cfg-1" }`. Queued answers override that per path.
 */
export async function startApiServer(): Promise<ApiServer> {
  const received: Received[] = [];
  const queues = new Map<string, Answer[]>();
  const waiters = new Set<() => void>();
  const defaultAnswer = (request: Received): Answer => {
    if (request.path === "/commands") {
      const command = JSON.parse(request.body) as { id?: string; method?: string; to?: string };
      return {
        status: 200,
        body: {
          id: command.id,
          from: command.to ?? "postmaster@example.net",
          to: "mybot@example.net",
          method: command.method,
          status: "success",
        },
      };
    }
    if (request.path === "/v1/configs") return { status: 201, body: { id: "cfg-1" } };
    return { status: 202 };
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const entry: Received = {
        method: request.method ?? "",
        path: url.pathname,
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: performance.now(),
        abandoned: false,
      };
      response.on("close", () => (entry.abandoned = !response.writableFinished));
      received.push(entry);
      for (const wake of waiters) wake();
      const answer = queues.get(entry.path)?.shift() ?? defaultAnswer(entry);
      const respond = () => {
        if (response.destroyed) return;
        if (answer.reset === true) return void request.socket.destroy();
        const body =
          answer.body === undefined ? "" : typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
        response.writeHead(answer.status, {
          ...(typeof answer.body === "object" ? { "content-type": "application/json" } : {}),
          ...answer.headers,
        });
        response.end(body);
      };
      if (answer.delayMs === undefined) respond();
      else setTimeout(respond, answer.delayMs);
    });
    response.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on: (path) => received.filter((request) => request.path === path),
    answer(path, ...answers) {
      queues.set(path, [...(queues.get(path) ?? []), ...answers]);
    },
    reset() {
      queues.clear();
      received.length = 0;
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `timed out waiting for ${count} requests; got ${received.map((r) => `${r.method} ${r.path}`).join(", ")}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
