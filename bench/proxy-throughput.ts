/**
 * Section 9 — proxy throughput: valid small requests per second through `createProxy({ enforce: true })` with the
 * defaults (bench/proxy/proxy.mjs) ÷ the same requests sent straight to the upstream (bench/proxy/upstream.mjs:
 * node:http doing nothing but read the body), at 1, 16 and 64 keep-alive clients, in pairs run back to back; each
 * in its own process, the clients in this one. Then a small request's latency while 32 connections trickle a body
 * one byte every 200 ms (each closed 408 after the grace period, and opened again at once, as an attacker would).
 */
import { connect, type Socket } from "node:net";
import { SMALL, load, type Load } from "./proxy.js";
import { QUICK, cpuSeconds, fmt, log, median, quantile, startServer, table, type Section } from "./shared.js";

const MEASURE_MS = QUICK ? 1_000 : 3_000;
const PAIRS = QUICK ? 1 : 3;
const TRICKLE_MS = QUICK ? 3_000 : 12_000;
const SLOW_BODIES = 32;

const othersNote = (others: Map<number, number>) =>
  others.size === 0 ? "0" : [...others].map(([status, count]) => `${fmt(count)} × ${status || "failed"}`).join(", ");

/** A connection sending a body one byte every 200 ms, opened again whenever it is closed; returns its stop. */
function trickle(port: number, answered: Map<number, number>): () => void {
  let socket: Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const open = () => {
    let text = "";
    socket = connect(port, "127.0.0.1", () => {
      socket!.write(
        `POST /messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${SMALL.length}\r\n\r\n`,
      );
      let sent = 0;
      timer = setInterval(() => sent < SMALL.length - 1 && socket!.write(SMALL[sent++]!), 200);
    });
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      if (stopped) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      answered.set(status, (answered.get(status) ?? 0) + 1);
      open();
    });
  };
  open();
  return () => {
    stopped = true;
    socket?.destroy();
  };
}

export async function runProxyThroughput(): Promise<Section> {
  const ratioRows: string[][] = [];
  const rows: string[][] = [];
  const slowRows: string[][] = [];
  const trickled = new Map<number, number>();
  const upstream = await startServer("proxy/upstream.mjs");
  const proxy = await startServer("proxy/proxy.mjs", [
    JSON.stringify({ upstream: `http://127.0.0.1:${upstream.port}`, enforce: true }),
  ]);
  const cpuOf = (pid: number | "self") => () => {
    const cpu = cpuSeconds(pid);
    return cpu === undefined ? Number.NaN : cpu.own;
  };
  try {
    for (const clients of [1, 16, 64]) {
      log(`proxy-throughput: ${clients} clients`);
      const pairs: { direct: Load; through: Load }[] = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        const direct = await load(upstream.port, clients, MEASURE_MS, () => cpuOf(upstream.pid)() + cpuOf("self")());
        pairs.push({ direct, through: await load(proxy.port, clients, MEASURE_MS, cpuOf(proxy.pid)) });
      }
      const [directCpu, proxyCpu] = [
        median(pairs.map((p) => p.direct.cpuUs)),
        median(pairs.map((p) => p.through.cpuUs)),
      ];
      const others = new Map<number, number>();
      for (const { through } of pairs)
        for (const [status, n] of through.others) others.set(status, (others.get(status) ?? 0) + n);
      ratioRows.push([
        String(clients),
        `${median(pairs.map(({ direct, through }) => through.perSecond / direct.perSecond)).toFixed(2)}×`,
        `${(directCpu / (directCpu + proxyCpu)).toFixed(2)}×`,
        othersNote(others),
      ]);
      rows.push([
        String(clients),
        fmt(median(pairs.map((p) => p.direct.perSecond))),
        fmt(median(pairs.map((p) => p.through.perSecond))),
        fmt(median(pairs.map((p) => quantile(p.through.latencies, 0.5))), 2),
        fmt(median(pairs.map((p) => quantile(p.through.latencies, 0.99))), 2),
      ]);
    }
    log("proxy-throughput: slow bodies");
    const idle = await load(proxy.port, 1, TRICKLE_MS / 2);
    const stops = Array.from({ length: SLOW_BODIES }, () => trickle(proxy.port, trickled));
    await new Promise((resolve) => setTimeout(resolve, 500)); // every slow body under way
    const loaded = await load(proxy.port, 1, TRICKLE_MS);
    for (const stop of stops) stop();
    for (const [meanwhile, run] of [
      ["idle", idle],
      [`${SLOW_BODIES} bodies trickling 1 byte / 200 ms`, loaded],
    ] as const)
      slowRows.push([
        meanwhile,
        fmt(quantile(run.latencies, 0.5), 2),
        fmt(quantile(run.latencies, 0.99), 2),
        othersNote(run.others),
      ]);
  } finally {
    await proxy.stop();
    await upstream.stop();
  }
  const ratios = [
    "Requests/s through `specfirst proxy --enforce` (defaults) ÷ the upstream alone, a node:http service that does nothing, medians of pairs run back to back. " +
      "Through the proxy each request costs a server's and a client's work again: once the cores are busy, the ratio cannot pass the CPU-bound ceiling, (upstream + clients) ÷ (upstream + clients + proxy) in CPU per request.",
    "",
    table(["Clients", "÷ upstream alone", "CPU-bound ceiling", "answers other than 202"], ratioRows),
  ].join("\n");
  const body = [
    `Small valid requests (\`POST /messages\`) back to back for ${fmt(MEASURE_MS / 1000)} s after a warm-up, medians of ${PAIRS} pairs.`,
    "",
    table(["Clients", "upstream alone (req/s)", "through the proxy (req/s)", "p50 (ms)", "p99 (ms)"], rows),
    "",
    `A small request through the proxy, one after another, idle and while ${SLOW_BODIES} connections trickle their bodies (answers they got: ${othersNote(trickled)}).`,
    "",
    table(["Meanwhile", "p50 (ms)", "p99 (ms)", "answers other than 202"], slowRows),
  ].join("\n");
  return { title: "9. Proxy throughput", ratios, body };
}
