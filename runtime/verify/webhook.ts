/**
 * The bot's side of a verify run (`--webhook-port`): an HTTP server standing in for the bot's messages and
 * notifications URLs. It answers every POST with 200 and keeps what came, as bytes, for the webhook checks.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readBodyUpTo } from "../http/read-body.js";

export interface ReceivedPayload {
  /** The URL path it was POSTed to (`/notifications`). */
  readonly path: string;
  readonly body: Uint8Array;
  /** `performance.now()` when it arrived. */
  readonly at: number;
}

export interface WebhookReceiver {
  /** `http://<host>:<port>`: the bot's URLs are this plus `/messages` and `/notifications`. */
  readonly url: string;
  readonly received: readonly ReceivedPayload[];
  /** Resolves once `condition` holds after a payload arrived, or after `timeoutMs` (with false). */
  waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Largest payload kept (the rest is dropped): far above any envelope. */
const MAX_PAYLOAD_BYTES = 1024 * 1024;

export async function startWebhookReceiver(port: number, host: string): Promise<WebhookReceiver> {
  const received: ReceivedPayload[] = [];
  const listeners = new Set<() => void>();
  const server = http.createServer((request, response) => {
    void (async () => {
      const body = await readBodyUpTo(request, MAX_PAYLOAD_BYTES, { drain: true }).catch(() => undefined);
      if (request.method === "POST" && body !== undefined) {
        received.push({ path: (request.url ?? "/").split("?", 1)[0] ?? "/", body, at: performance.now() });
        for (const listener of listeners) listener();
      }
      response.writeHead(request.method === "POST" ? 200 : 405, { "content-length": "0" });
      response.end();
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    received,
    waitFor(condition, timeoutMs) {
      if (condition()) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (result: boolean) => {
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(result);
        };
        const listener = () => {
          if (condition()) done(true);
        };
        const timer = setTimeout(() => done(condition()), timeoutMs);
        listeners.add(listener);
      });
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
