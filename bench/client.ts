/**
 * Section 6 — client overhead: requests per second of the generated client's `sendMessage` (dist/generated/client.js,
 * what `specfirst/client` gives) against a loopback
 * server, next to a raw `fetch` sending the same headers and body. The server runs in its own process
 * (bench/client/server.mjs), so each side has a core of the 2-core machine.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { BENCH_DIR, QUICK, distUrl, fmt, log, median, table, type Section } from "./shared.js";

type ClientModule = typeof import("../generated/client.js");

const ROUNDS = QUICK ? 2 : 7;
const ROUND_MS = QUICK ? 300 : 1500;
const WARMUP_MS = QUICK ? 200 : 1000;
const CONCURRENCY = [1, 16];
const ACCESS_KEY = "bench-access-key";

type Send = () => Promise<unknown>;

async function startServer(): Promise<{ baseUrl: string; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(BENCH_DIR, "client", "server.mjs")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = await createInterface({ input: child.stdout })
    [Symbol.asyncIterator]()
    .next()
    .then((r) => [r.value as string]);
  return { baseUrl: `http://127.0.0.1:${Number(line)}`, stop: () => child.kill() };
}

/** Completed sends per second, with `concurrency` sends in flight, over `ms` milliseconds. */
async function throughput(send: Send, concurrency: number, ms: number): Promise<number> {
  let done = 0;
  const start = performance.now();
  const deadline = start + ms;
  const worker = async () => {
    while (performance.now() < deadline) {
      await send();
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - start) / 1000);
}

const RAW = "raw `fetch` (same method, URL, headers and body; status checked, body read)";
const RAW_NEW_SIGNAL = "raw `fetch` with a new `AbortSignal` per request";
const CLIENT = "`client.sendMessage(message)`";

export async function runClient(): Promise<Section> {
  // the client as a consumer imports it: `specfirst/client`, the build of generated/client.ts
  const { createMessagingClient } = (await import(distUrl("generated/client.js"))) as ClientModule;
  const message = JSON.parse(readFileSync(path.join(BENCH_DIR, "payloads", "message-text.json"), "utf8")) as Parameters<
    ReturnType<ClientModule["createMessagingClient"]>["sendMessage"]
  >[0];
  const server = await startServer();
  try {
    const url = `${server.baseUrl}/messages`;
    const headers = {
      Authorization: `Key ${ACCESS_KEY}`,
      "Content-Type": "application/json",
      Accept: "application/json",
    };
    const client = createMessagingClient({ baseUrl: server.baseUrl, accessKey: ACCESS_KEY });
    const validating = createMessagingClient({ baseUrl: server.baseUrl, accessKey: ACCESS_KEY, validate: true });
    const rawFetch = async (signal: AbortSignal | undefined) => {
      const response = await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify(message),
        ...(signal === undefined ? {} : { signal }),
      });
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`status ${response.status}`);
    };
    // Each long-lived signal serves one row only: listeners Node's fetch left on one would slow another row.
    const kept = new AbortController();
    const shutdown = new AbortController();
    const implementations: [label: string, send: Send][] = [
      [RAW, () => rawFetch(undefined)],
      // With an AbortSignal: one kept for every request (Node's fetch leaves a listener on it until a garbage
      // collection) and a new one per request (what the client hands fetch when the caller passes a signal).
      ["raw `fetch` with one `AbortSignal` for every request (a bot's shutdown signal)", () => rawFetch(kept.signal)],
      [RAW_NEW_SIGNAL, () => rawFetch(new AbortController().signal)],
      [CLIENT, () => client.sendMessage(message)],
      ["`client.sendMessage(message)` with `validate: true`", () => validating.sendMessage(message)],
      // A caller's signal, kept for every call: the client links it to a new one per request, which fetch gets.
      [
        "`client.sendMessage(message, { signal })` (one caller's `AbortSignal` for every call)",
        () => client.sendMessage(message, { signal: shutdown.signal }),
      ],
    ];
    const rows: (string | number)[][] = [];
    const ratios = new Map<string, number>();
    for (const concurrency of CONCURRENCY) {
      const figures = new Map<string, number[]>(implementations.map(([label]) => [label, []]));
      for (const [, send] of implementations) await throughput(send, concurrency, WARMUP_MS);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [label, send] of implementations)
          figures.get(label)!.push(await throughput(send, concurrency, ROUND_MS));
      }
      const rawRounds = figures.get(RAW)!;
      // Each round's rate over the raw fetch round run just before it: a ratio paired in time, which the machine's
      // other work moves far less than either rate.
      const pairedRatio = (label: string): number =>
        median(figures.get(label)!.map((rps, round) => rps / rawRounds[round]!));
      const raw = median(rawRounds);
      for (const [label] of implementations) {
        const rps = median(figures.get(label)!);
        const overheadUs = (1 / rps - 1 / raw) * 1e6;
        ratios.set(`${concurrency} ${label}`, pairedRatio(label));
        rows.push([
          concurrency,
          label,
          fmt(rps),
          `${pairedRatio(label).toFixed(2)}×`,
          label === RAW ? "—" : `${fmt(overheadUs, 1)} µs`,
          `${fmt(Math.min(...figures.get(label)!))} – ${fmt(Math.max(...figures.get(label)!))}`,
        ]);
      }
      log(`client: concurrency ${concurrency} done`);
    }
    const ratioTable = table(
      ["In flight", "÷ raw `fetch`", "÷ raw `fetch` given a new `AbortSignal` per request", "target ≥ 0.95×"],
      CONCURRENCY.map((concurrency) => {
        const bare = ratios.get(`${concurrency} ${CLIENT}`)!;
        const likeForLike = bare / ratios.get(`${concurrency} ${RAW_NEW_SIGNAL}`)!;
        return [concurrency, `${bare.toFixed(2)}×`, `${likeForLike.toFixed(2)}×`, bare >= 0.95 ? "met" : "**missed**"];
      }),
    );
    const ratiosText = [
      "`client.sendMessage` ÷ raw `fetch` of the same request, requests/s paired in time; a loopback server in its own process.",
      "",
      ratioTable,
    ].join("\n");
    const body = [
      `Requests per second, median of ${ROUNDS} rounds of ${fmt(ROUND_MS)} ms; overhead per request = 1 / client rate − 1 / raw rate.`,
      "",
      table(
        ["In flight", "Sender", "requests/s", "÷ raw fetch", "overhead per request", "min – max requests/s"],
        rows,
        ["r", "l", "r", "r", "r", "r"],
      ),
    ].join("\n");
    return { title: "6. Client overhead", ratios: ratiosText, body };
  } finally {
    server.stop();
  }
}
