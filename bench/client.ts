/**
 * Section 6 — client overhead: requests per second of `client.sendMessage` (`specfirst/client`, dist/generated/
 * client.js) against a raw `fetch` of the same request, with and without a new `AbortSignal` per request (what the
 * client hands fetch for its timeout), on a loopback server in its own process (bench/proxy/upstream.mjs).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BENCH_DIR, QUICK, distUrl, log, median, startServer, table, type Section } from "./shared.js";

type ClientModule = typeof import("../generated/client.js");

const ROUNDS = QUICK ? 2 : 7;
const ROUND_MS = QUICK ? 300 : 1500;
const ACCESS_KEY = "bench-access-key";

/** Completed sends per second, with `concurrency` sends in flight, over `ms` milliseconds. */
async function throughput(send: () => Promise<unknown>, concurrency: number, ms: number): Promise<number> {
  let done = 0;
  const start = performance.now();
  const worker = async () => {
    for (; performance.now() < start + ms; done++) await send();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - start) / 1000);
}

export async function runClient(): Promise<Section> {
  const { createMessagingClient } = (await import(distUrl("generated/client.js"))) as ClientModule;
  const message = JSON.parse(readFileSync(path.join(BENCH_DIR, "payloads", "message-text.json"), "utf8")) as Parameters<
    ReturnType<ClientModule["createMessagingClient"]>["sendMessage"]
  >[0];
  const server = await startServer("proxy/upstream.mjs");
  try {
    const baseUrl = `http://127.0.0.1:${server.port}`;
    const client = createMessagingClient({ baseUrl, accessKey: ACCESS_KEY });
    const headers = {
      Authorization: `Key ${ACCESS_KEY}`,
      "Content-Type": "application/json",
      Accept: "application/json",
    };
    const rawFetch = async (signal?: AbortSignal) => {
      const init = { method: "POST", headers, body: JSON.stringify(message), ...(signal ? { signal } : {}) };
      const response = await fetch(`${baseUrl}/messages`, init);
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`status ${response.status}`);
    };
    const senders = [() => rawFetch(), () => rawFetch(new AbortController().signal), () => client.sendMessage(message)];
    const rows: string[][] = [];
    for (const concurrency of [1, 16]) {
      for (const send of senders) await throughput(send, concurrency, ROUND_MS); // warm-up
      // each round of the client over the round of each raw fetch run just before it: ratios paired in time
      const [bare, withSignal]: [number[], number[]] = [[], []];
      for (let round = 0; round < ROUNDS; round++) {
        const rates: number[] = [];
        for (const send of senders) rates.push(await throughput(send, concurrency, ROUND_MS));
        const [raw, signalled, sent] = rates as [number, number, number];
        bare.push(sent / raw);
        withSignal.push(sent / signalled);
      }
      const ratio = median(bare);
      rows.push([
        String(concurrency),
        `${ratio.toFixed(2)}×`,
        `${median(withSignal).toFixed(2)}×`,
        ratio >= 0.95 ? "met" : "**missed**",
      ]);
      log(`client: ${concurrency} in flight`);
    }
    const ratios = [
      "`client.sendMessage` ÷ raw `fetch` of the same request, requests/s paired in time (target ≥ 0.95×); a loopback server in its own process.",
      "",
      table(
        ["In flight", "÷ raw `fetch`", "÷ raw `fetch` given a new `AbortSignal` per request", "target"],
        rows,
        "rrrl",
      ),
    ].join("\n");
    return { title: "6. Client overhead", ratios };
  } finally {
    await server.stop();
  }
}
