import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Starts a server (or a request listener in a new one) on 127.0.0.1, port 0; returns its URL and a `close` that also
 * drops kept-alive connections, so a test's cleanup never waits for an idle socket.
 */
export async function listenOnLoopback(
  listener: RequestListener | Server,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = typeof listener === "function" ? createServer(listener) : listener;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
