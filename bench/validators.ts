/**
 * Section 1 — validator throughput: generated `validate()` (dist/generated/validators.js, `specfirst/validators`)
 * against each peer of bench/peers.ts on the payloads of bench/payloads/, warm, in one process. On an invalid
 * payload each implementation makes the call a caller reporting the errors makes.
 *
 * The same validator runs at full or about half speed from one instance to the next (how often V8 collects the young
 * generation), so each implementation is timed on INSTANCES fresh instances per payload (new module instances, new
 * compilations), and a ratio is paired in time: the median, over instances and rounds, of two tasks timed back to back.
 */
import { PEERS } from "./peers.js";
import {
  INSTANCES,
  ROUNDS,
  fmt,
  loadGenerated,
  loadPayloads,
  log,
  median,
  table,
  timeTasks,
  type Payload,
  type Section,
  type TimedTask,
} from "./shared.js";

const GENERATED = "generated validate()";

/** A peer's `fn` behind a call site of its own (`new Function`), like the timed loop around it. */
const own = (fn: (data: unknown) => unknown) =>
  (new Function("fn", "return function peer(data) { return fn(data); };") as (f: typeof fn) => typeof fn)(fn);

/** Per implementation, ops/s of [instance][round]. */
async function measure({ name, schema, valid, data }: Payload): Promise<Map<string, number[][]>> {
  const tasks: TimedTask[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const key = `${name}-${i}`;
    tasks.push({ name: `${GENERATED}#${i}`, fn: (await loadGenerated(key)).validate, args: [schema, data] });
    for (const peer of PEERS) {
      const instance = await peer.load(key);
      const fn = valid ? instance.is(schema) : instance.errors(schema);
      if (fn !== undefined) tasks.push({ name: `${peer.name}#${i}`, fn: own(fn), args: [data] });
    }
  }
  log(`validators: ${name} (${tasks.length} tasks)`);
  const timed = timeTasks(tasks);
  const figures = new Map<string, number[][]>();
  for (const [task, rounds] of timed) {
    const impl = task.slice(0, task.lastIndexOf("#"));
    figures.set(impl, [...(figures.get(impl) ?? []), rounds]);
  }
  return figures;
}

/** a ÷ b, paired in time: the median over instances and rounds of a's ops/s over b's in the same slot. */
const pairedRatio = (a: number[][], b: number[][]) =>
  median(a.flatMap((rounds, i) => rounds.map((value, r) => value / b[i]![r]!)));

export async function runValidators(): Promise<Section> {
  const ratioRows: string[][] = [];
  const rows: string[][] = [];
  for (const payload of loadPayloads()) {
    const figures = await measure(payload);
    const generated = figures.get(GENERATED)!;
    const ratios = PEERS.map((peer) => {
      const figure = figures.get(peer.name);
      return figure === undefined ? undefined : pairedRatio(generated, figure);
    });
    // valid: the fastest peer; invalid: AJV as its users run it (docs/performance.md#targets)
    const against = payload.valid ? Math.min(...ratios.filter((r) => r !== undefined)) : ratios[0]!;
    const name = PEERS[ratios.indexOf(against)]!.name;
    const cell = `\`${payload.name}\`${payload.valid ? "" : " (invalid)"}`;
    ratioRows.push([
      cell,
      ...ratios.map((r) => (r === undefined ? "—" : `${r.toFixed(2)}×`)),
      `${against >= 1 ? "met" : "**missed**"} (${name})`,
    ]);
    rows.push([
      cell,
      ...[GENERATED, ...PEERS.map((p) => p.name)].map((impl) => {
        const figure = figures.get(impl);
        return figure === undefined ? "—" : fmt(median(figure.map((rounds) => median(rounds))));
      }),
    ]);
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
    table(["Payload", ...[GENERATED, ...PEERS.map((p) => p.name)].map((n) => `${n} ops/s`)], rows),
  ].join("\n");
  return { title: "1. Validator throughput", ratios, body };
}
