/**
 * Section 9 — proxy throughput: valid small requests per second through `createProxy({ enforce: true })` (defaults
 * otherwise) against the same requests sent straight to the upstream, at 1, 16 and 64 concurrent keep-alive clients,
 * runs paired in time (upstream alone, then through the proxy, `ROUNDS` times; the ratio is the median of the
 * pairs); the proxy process's CPU time per request; every answer other than 202 counted (503 `busy` before the
 * queue). Then a small request's latency while 32 connections trickle their bodies one byte every 200 ms (each
 * answered 408 after the 5 s grace, and opened again at once, as an attacker would), next to the proxy idle.
 * The upstream (bench/proxy/upstream.mjs: node:http, doing nothing but read the body) and the proxy
 * (bench/proxy/proxy.mjs, dist/) run in their own processes; the clients in this one.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { BENCH_DIR, QUICK, fmt, log, median, quantile, table, type Section } from "./shared.js";

const MEASURE_MS = QUICK ? 1_000 : 3_000;
const WARMUP_MS = QUICK ? 300 : 1_000;
const PAIRS = QUICK ? 1 : 3;
const TRICKLE_MS = QUICK ? 3_000 : 12_000;
const SLOW_BODIES = 32;
const SMALL = '{"to":"a@b.c","type":"text/plain","content":"hi"}';

/** Starts a script of bench/proxy/ that prints its port first. */
async function start(script: string, args: string[]): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(BENCH_DIR, "proxy", script), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  return { port: Number(first.value), child };
}

/** CPU time (user + system) a process has used, in seconds (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Load {
  perSecond: number;
  latencies: number[];
  /** Answers other than 202, by status (0: the connection failed). */
  others: Map<number, number>;
  requests: number;
  /** CPU time (µs) per request measured, of the processes `cpuOf` counts, over the measured run only. */
  cpuUsPerRequest: number;
}

/**
 * `clients` keep-alive clients each sending small requests back to back for `ms` (after a warm-up); `cpuOf` gives
 * the CPU seconds used so far by the processes to account for.
 */
async function load(port: number, clients: number, ms: number, cpuOf: () => number = () => 0): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const post = () =>
    new Promise<number>((resolve) => {
      const outgoing = request(
        {
          host: "127.0.0.1",
          port,
          path: "/messages",
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "content-length": SMALL.length },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      outgoing.on("error", () => resolve(0));
      outgoing.end(SMALL);
    });
  const latencies: number[] = [];
  const others = new Map<number, number>();
  const from = performance.now() + WARMUP_MS;
  let cpuFrom = 0;
  const measuring = setTimeout(() => (cpuFrom = cpuOf()), WARMUP_MS);
  const to = from + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < to) {
        const start = performance.now();
        const status = await post();
        if (start < from) continue;
        latencies.push(performance.now() - start);
        if (status !== 202) others.set(status, (others.get(status) ?? 0) + 1);
      }
    }),
  );
  clearTimeout(measuring);
  const cpuUsPerRequest = ((cpuOf() - cpuFrom) * 1e6) / latencies.length;
  agent.destroy();
  return { perSecond: (latencies.length * 1000) / ms, latencies, others, requests: latencies.length, cpuUsPerRequest };
}

const othersNote = (others: Map<number, number>) =>
  others.size === 0 ? "0" : [...others].map(([status, count]) => `${fmt(count)} × ${status || "failed"}`).join(", ");

/** One connection sending a `POST /messages` body one byte every 200 ms, opened again whenever it is closed. */
function trickleForever(port: number, stopped: () => boolean, answered: Map<number, number>): () => void {
  let socket: Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  const open = () => {
    if (stopped()) return;
    let text = "";
    socket = connect(port, "127.0.0.1", () => {
      socket!.write(
        `POST /messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${SMALL.length}\r\n\r\n`,
      );
      let sent = 0;
      timer = setInterval(() => {
        if (sent < SMALL.length - 1) socket!.write(SMALL[sent++]!);
      }, 200);
    });
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      answered.set(status, (answered.get(status) ?? 0) + 1);
      open();
    });
  };
  open();
  return () => {
    clearInterval(timer);
    socket?.destroy();
  };
}

export async function runProxyThroughput(): Promise<Section> {
  const loadBefore = os.loadavg()[0]!;
  const rows: (string | number)[][] = [];
  const ratios = new Map<number, number>();
  /** The ratio CPU allows when the cores are busy: (upstream + clients) / (upstream + clients + proxy), per request. */
  const ceilings = new Map<number, number>();
  const upstream = await start("upstream.mjs", []);
  const proxy = await start("proxy.mjs", [
    JSON.stringify({ upstream: `http://127.0.0.1:${upstream.port}`, enforce: true }),
  ]);
  const slowRows: (string | number)[][] = [];
  let trickled = new Map<number, number>();
  try {
    for (const clients of [1, 16, 64]) {
      log(`proxy-throughput: ${clients} clients`);
      const pairs: { direct: Load; through: Load }[] = [];
      const ownCpu = () => (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
      for (let pair = 0; pair < PAIRS; pair++) {
        const direct = await load(upstream.port, clients, MEASURE_MS, () => cpuSeconds(upstream.child.pid!) + ownCpu());
        const through = await load(proxy.port, clients, MEASURE_MS, () => cpuSeconds(proxy.child.pid!));
        pairs.push({ direct, through });
      }
      const directCpu = median(pairs.map((p) => p.direct.cpuUsPerRequest));
      const proxyCpu = median(pairs.map((p) => p.through.cpuUsPerRequest));
      ceilings.set(clients, directCpu / (directCpu + proxyCpu));
      const ratio = median(pairs.map(({ direct, through }) => through.perSecond / direct.perSecond));
      ratios.set(clients, ratio);
      const through = pairs.map((p) => p.through);
      const others = new Map<number, number>();
      for (const run of through)
        for (const [status, count] of run.others) others.set(status, (others.get(status) ?? 0) + count);
      rows.push([
        clients,
        fmt(median(pairs.map((p) => p.direct.perSecond))),
        fmt(median(through.map((run) => run.perSecond))),
        `${ratio.toFixed(2)}×`,
        fmt(median(through.map((run) => quantile(run.latencies, 0.5))), 2),
        fmt(median(through.map((run) => quantile(run.latencies, 0.99))), 2),
        fmt(directCpu, 0),
        fmt(proxyCpu, 0),
        `${(directCpu / (directCpu + proxyCpu)).toFixed(2)}×`,
        othersNote(others),
      ]);
    }

    log("proxy-throughput: slow bodies");
    const idle = await load(proxy.port, 1, TRICKLE_MS / 2);
    let stop = false;
    const stops = Array.from({ length: SLOW_BODIES }, () => trickleForever(proxy.port, () => stop, trickled));
    await new Promise((resolve) => setTimeout(resolve, 500)); // every slow body under way
    const loaded = await load(proxy.port, 1, TRICKLE_MS);
    stop = true;
    for (const stopOne of stops) stopOne();
    trickled = new Map([...trickled].filter(([status]) => status !== 0)); // 0: closed by this benchmark
    for (const [label, run] of [
      ["idle", idle],
      [`${SLOW_BODIES} bodies trickling 1 byte / 200 ms`, loaded],
    ] as const)
      slowRows.push([
        label,
        fmt(quantile(run.latencies, 0.5), 2),
        fmt(quantile(run.latencies, 0.99), 2),
        fmt(run.requests),
        othersNote(run.others),
      ]);
  } finally {
    proxy.child.kill();
    upstream.child.kill();
  }
  const loadAfter = os.loadavg()[0]!;

  const body = [
    `Valid small requests (${SMALL.length} B, \`POST /messages\`) sent back to back by keep-alive clients for ${fmt(MEASURE_MS / 1000, 0)} s (after ${fmt(WARMUP_MS / 1000, 1)} s of warm-up), straight to the upstream and then through \`createProxy({ enforce: true })\` with the defaults (32 in flight, 1,024 queued), ${PAIRS} such pairs per row; rates and latencies are the medians of the pairs, the ratio the median of each pair's ratio. The upstream, the proxy and the clients each run in their own process, on ${os.availableParallelism()} cores; load average ${fmt(loadBefore, 1)} before, ${fmt(loadAfter, 1)} after. CPU per request is CPU time (user + system) over the requests answered, both over the measured seconds only: the upstream's and the clients' processes for the upstream alone, the proxy's process through it. Through the proxy each request costs the proxy a server's work and a client's work (parse, write and read it twice), about what the upstream and the clients together spend on it: once the cores are busy, the ratio cannot pass (upstream + clients) / (upstream + clients + proxy) per request ("CPU-bound ceiling"), under 0.5 for a node:http service that does nothing; the proxy runs on one thread, so it is also at most one core's worth of requests.`,
    "",
    table(
      [
        "Clients",
        "upstream alone (req/s)",
        "through the proxy (req/s)",
        "ratio",
        "p50 (ms)",
        "p99 (ms)",
        "upstream + clients CPU, alone (µs/req)",
        "proxy CPU (µs/req)",
        "CPU-bound ceiling",
        "answers other than 202",
      ],
      rows,
    ),
    "",
    `A small request's latency through the proxy (defaults), one request after another for ${fmt(TRICKLE_MS / 2000, 0)} s idle and then for ${fmt(TRICKLE_MS / 1000, 0)} s while ${SLOW_BODIES} connections send a body one byte every 200 ms, each opened again when the proxy closes it (answers they got: ${othersNote(trickled)}).`,
    "",
    table(["Meanwhile", "p50 (ms)", "p99 (ms)", "requests", "answers other than 202"], slowRows),
  ].join("\n");
  const limit =
    `How close to the limit: through \`specfirst proxy --enforce\` a node:http service that does nothing serves ${[1, 16, 64].map((clients) => `${(ratios.get(clients) ?? Number.NaN).toFixed(2)}×`).join(", ")} of its requests per second alone at 1, 16 and 64 clients, ` +
    `where the CPU each request costs the proxy, the upstream and the clients allows at most ${[1, 16, 64].map((clients) => `${(ceilings.get(clients) ?? Number.NaN).toFixed(2)}×`).join(", ")}; ` +
    `a small request's p99 while ${SLOW_BODIES} bodies trickle: ${slowRows[1]?.[2] ?? "?"} ms (idle ${slowRows[0]?.[2] ?? "?"} ms).`;
  return { title: "9. Proxy throughput", body, limit };
}
