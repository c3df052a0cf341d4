/**
 * Section 1 — validator throughput: generated `validate()` (dist/generated/validators.js, `specfirst/validators`)
 * against each peer of bench/peers.ts on the payloads of bench/payloads/, warm, in one process. On an invalid
 * payload each implementation makes the call a caller reporting the errors makes.
 *
 * The same validator runs at full or about half speed from one instance to the next (how often V8 collects the young
 * generation), so each implementation is timed on INSTANCES fresh instances per payload (new module instances, new
 * compilations), and a ratio is paired in time: the median, over instances and rounds, of two tasks timed back to back.
 */
import { Bench, hrtimeNow } from "tinybench";
import { PEERS } from "./peers.js";
import {
  QUICK,
  fmt,
  fresh,
  loadGenerated,
  loadPayloads,
  log,
  median,
  table,
  type Call,
  type Payload,
  type Section,
} from "./shared.js";

const INSTANCES = QUICK ? 1 : 5;
const ROUNDS = QUICK ? 1 : 3;
const ROUND_MS = QUICK ? 45 : 35;
const WARMUP_MS = QUICK ? 30 : 60;
const GENERATED = "generated validate()";
const IMPLEMENTATIONS = [GENERATED, ...PEERS.map((p) => p.name)];

/**
 * ops/s of each task in each of ROUNDS interleaved rounds (so a burst of load hits every implementation alike), the
 * median sample of the round (tinybench). A sample is a batch of calls lasting about 0.5 ms, so the timer's own
 * cost does not swamp a 100 ns call; each task loops in a function of its own.
 */
function timeTasks(tasks: Map<string, Call>, data: unknown): Map<string, number[]> {
  const sink: unknown[] = [];
  const prepared = [...tasks].map(([name, call]) => {
    const loop = new Function("call", "data", "n", "sink", "for (let i = 0; i < n; i++) sink[0] = call(data);") as (
      ...args: unknown[]
    ) => void;
    for (const start = hrtimeNow(); hrtimeNow() - start < WARMUP_MS / 3;) loop(call, data, 16, sink);
    let batch = 1; // doubled until a batch takes 4 ms, then scaled to last 0.5 ms
    for (;;) {
      const start = hrtimeNow();
      loop(call, data, batch, sink);
      const elapsed = hrtimeNow() - start;
      if (elapsed >= 4 || batch >= 1 << 20) {
        batch = Math.max(1, Math.round((batch * 0.5) / Math.max(elapsed, 1e-3)));
        break;
      }
      batch *= 2;
    }
    return { name, run: () => loop(call, data, batch, sink), batch, rounds: [] as number[] };
  });
  for (let round = 0; round < ROUNDS; round++) {
    const warmupTime = round === 0 ? WARMUP_MS : WARMUP_MS / 5;
    const bench = new Bench({ time: ROUND_MS, warmupTime, warmupIterations: 16, iterations: 16, now: hrtimeNow });
    for (const p of prepared) bench.add(p.name, p.run);
    bench.runSync();
    for (const p of prepared) {
      const result = bench.getTask(p.name)?.result;
      if (result === undefined || result.error !== undefined) throw result?.error ?? new Error(`${p.name} did not run`);
      p.rounds.push(median(result.throughput.samples) * p.batch);
    }
  }
  return new Map(prepared.map((p) => [p.name, p.rounds]));
}

/** Per implementation, ops/s of [instance][round]. */
async function measure({ name, schema, valid, data }: Payload): Promise<Map<string, number[][]>> {
  const tasks = new Map<string, Call>();
  for (let i = 0; i < INSTANCES; i++) {
    const { validate } = await loadGenerated(`${name}-${i}`);
    tasks.set(`${GENERATED}#${i}`, fresh("validate(schema, data)", { validate, schema }));
    for (const peer of PEERS) {
      const calls = (await peer.load(`${name}-${i}`))(schema);
      if (calls !== undefined) tasks.set(`${peer.name}#${i}`, valid ? calls.is : calls.errors);
    }
  }
  log(`validators: ${name} (${tasks.size} tasks)`);
  const figures = new Map<string, number[][]>();
  for (const [task, rounds] of timeTasks(tasks, data)) {
    const impl = task.slice(0, task.lastIndexOf("#"));
    figures.set(impl, [...(figures.get(impl) ?? []), rounds]);
  }
  return figures;
}

/** a ÷ b, paired in time: the median over instances and rounds of a's ops/s over b's in the same slot. */
const pairedRatio = (a: number[][], b: number[][]) =>
  median(a.flatMap((rounds, i) => rounds.map((value, r) => value / b[i]![r]!)));

export async function runValidators(): Promise<Section> {
  const [ratioRows, rows]: [string[][], string[][]] = [[], []];
  for (const payload of loadPayloads()) {
    const figures = await measure(payload);
    const ratios = PEERS.map(
      (peer) => figures.has(peer.name) && pairedRatio(figures.get(GENERATED)!, figures.get(peer.name)!),
    );
    // valid: the fastest peer; invalid: AJV as its users run it (docs/performance.md#targets)
    const against = payload.valid ? Math.min(...ratios.filter((r) => r !== false)) : Number(ratios[0]);
    const cell = `\`${payload.name}\`${payload.valid ? "" : " (invalid)"}`;
    const verdict = `${against >= 1 ? "met" : "**missed**"} (${PEERS[ratios.indexOf(against)]!.name})`;
    ratioRows.push([cell, ...ratios.map((r) => (r === false ? "—" : `${r.toFixed(2)}×`)), verdict]);
    const opsPerSecond = (f?: number[][]) => (f === undefined ? "—" : fmt(median(f.map((rounds) => median(rounds)))));
    rows.push([cell, ...IMPLEMENTATIONS.map((impl) => opsPerSecond(figures.get(impl)))]);
  }
  const ratios = [
    "Generated `validate()` ÷ each peer on the same payload, ops/s paired in time (above 1× = specfirst is faster). " +
      "Target: valid, ≥ 1× the fastest peer; invalid, ≥ 1× AJV as users run it (reading `.errors`). " +
      "The peers run the schema's address pattern as written, the generated code a cheaper equivalent (generator/emit/validators/fast-patterns.ts): against the hand-written checks, that pattern is the difference. " +
      "How each peer is set up: [README.md](README.md#the-peers).",
    "",
    table(["Payload", ...PEERS.map((p) => `÷ ${p.name}`), "target"], ratioRows),
  ].join("\n");
  const body = [
    `ops/s of one already-parsed payload, warm: median over ${INSTANCES} fresh instances of ${ROUNDS} interleaved rounds.`,
    "",
    table(["Payload", ...IMPLEMENTATIONS.map((n) => `${n} ops/s`)], rows),
  ].join("\n");
  return { title: "1. Validator throughput", ratios, body };
}
