import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { WebhookHandler } from "../../runtime/client/index.js";
import { startApiServer, type ApiServer } from "./api-server.js";
import { listenOnLoopback } from "./loopback.js";

/** A webhook handler served on loopback, and the fake API its client sends acknowledgements and replies to. */
export interface WebhookBot {
  /** The fake API (emptied before each test). */
  readonly api: ApiServer;
  /** The served handler's URL. */
  readonly url: string;
  /** Serves `handler` on a real node:http server on loopback, closing the one served before. */
  serve(handler: WebhookHandler): Promise<void>;
  /** POSTs to the served handler; resolves with its answer once the envelope's background processing is over too. */
  post(route: string, body: unknown, init?: RequestInit): Promise<Response>;
}

/** Registers the hooks of a webhook test file (the API server for the file, the served handler closed after each test). */
export function useWebhookBot(): WebhookBot {
  let api: ApiServer | undefined;
  let served: { handler: WebhookHandler; url: string; close: () => Promise<void> } | undefined;
  const closeServed = async () => {
    await served?.close();
    served = undefined;
  };
  beforeAll(async () => {
    api = await startApiServer();
  });
  afterAll(() => api?.close());
  beforeEach(() => {
    if (api !== undefined) api.received.length = 0;
  });
  afterEach(closeServed);
  return {
    get api() {
      if (api === undefined) throw new Error("the API server starts in beforeAll");
      return api;
    },
    get url() {
      if (served === undefined) throw new Error("serve a handler first");
      return served.url;
    },
    async serve(handler) {
      await closeServed();
      served = { handler, ...(await listenOnLoopback(handler)) };
    },
    async post(route, body, init = {}) {
      const target = this.url;
      const response = await fetch(`${target}${route}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body),
        ...init,
      });
      await served?.handler.idle();
      return response;
    },
  };
}
