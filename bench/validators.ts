/**
 * Section 1 — validator throughput, one process, warm.
 *
 * The same payloads (bench/payloads/) go through: the generated validators as a consumer imports them
 * (dist/generated/validators.js, `specfirst/validators`: `validate(name, data)` and the guard `isMessage` ...), AJV
 * compiling the shipped schema files (generated/schemas/) at run time with the generator's options
 * (generator/emit/validators/ajv-options.ts), Zod 4 schemas written to the same rules (bench/zod-schemas.ts) and
 * hand-written checks (bench/hand-written.ts). On an invalid payload the AJV task reads `.errors` after the call
 * (what a caller reporting the errors does), so it is compared with `validate()` doing the same work.
 *
 * Method. The same allocation-heavy validator code runs at full speed or at about half speed from one instance or
 * process to the next (it depends on how often V8 ends up collecting the young generation), so every
 * implementation is measured on INSTANCES fresh instances per payload (a new module instance, a new AJV
 * compilation) and the figure is the median over instances of each instance's median sample.
 */
import { PEERS, lacksNote } from "./peers.js";
import { messageMix } from "./message-mix.js";
import {
  BENCH_TIME_MS,
  INSTANCES,
  ROUNDS,
  WARMUP_TIME_MS,
  fmt,
  guardName,
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
const IMPLS: string[] = [GENERATED, "generated guard", ...PEERS.map((p) => p.name)];

interface Figure {
  /** ops/s: median over instances of the per-instance median sample. */
  opsPerSec: number;
  /** the per-instance medians */
  instances: number[];
  /** [instance][round] ops/s, for ratios paired in time */
  rounds: number[][];
}

/**
 * a's figure ÷ b's figure of the same instance slot and round, grouped by instance slot. Tasks of one instance slot
 * run back to back (about half a second), so a slow phase of the machine or of V8 (they last seconds, and slow every
 * implementation alike) cancels out of each ratio.
 */
function ratiosBySlot(a: Figure, b: Figure): number[][] {
  return a.rounds.map((rounds, i) =>
    rounds.flatMap((value, r) => {
      const reference = b.rounds[i]?.[r];
      return reference !== undefined && reference > 0 ? [value / reference] : [];
    }),
  );
}

/** a ÷ b, paired in time: the median over instances and rounds of `ratiosBySlot`. */
function pairedRatio(a: Figure, b: Figure): number {
  const ratios = ratiosBySlot(a, b).flat();
  return ratios.length > 0 ? median(ratios) : a.opsPerSec / b.opsPerSec;
}

/** a ÷ b paired in time, instance slot by instance slot: each slot's median over its rounds. */
function instanceRatios(a: Figure, b: Figure): number[] {
  return ratiosBySlot(a, b).flatMap((ratios) => (ratios.length > 0 ? [median(ratios)] : []));
}

interface PayloadResult {
  payload: Measurable;
  figures: Map<string, Figure>;
}

/** A payload of section 1; `mixed` ones are an array of records, validated one after the other per call. */
type Measurable = Payload & { mixed?: boolean };

async function measurePayload(payload: Measurable): Promise<PayloadResult> {
  const { data, schema, name } = payload;
  const tasks: TimedTask[] = [];
  const firsts = new Map<string, TimedTask>();
  // `lead` are the arguments before the payload; a mixed payload gets its own loop over the records (new Function,
  // so each task's call site stays its own)
  const add = (impl: string, i: number, fn: TimedTask["fn"], lead: unknown[]) => {
    let task: TimedTask;
    if (payload.mixed) {
      const names = lead.map((_l, k) => `l${k}`);
      const loop = new Function(
        "f",
        ...names,
        "records",
        `let r; for (let i = 0; i < records.length; i++) r = f(${[...names, "records[i]"].join(", ")}); return r;`,
      );
      task = { name: `${impl}#${i}`, fn: loop as TimedTask["fn"], args: [fn, ...lead, data] };
    } else task = { name: `${impl}#${i}`, fn, args: [...lead, data] };
    tasks.push(task);
    if (i === 0) firsts.set(impl, task);
  };
  for (let i = 0; i < INSTANCES; i++) {
    const key = `${name}-${i}`;
    const generated = await loadGenerated(key);
    add(GENERATED, i, generated.validate, [schema]);
    add("generated guard", i, generated[guardName(schema)] as TimedTask["fn"], []);
    for (const peer of PEERS) {
      const call = (await peer.load(key)).call(schema, !payload.valid && !payload.mixed);
      if (call !== undefined) add(peer.name, i, call.fn, call.lead);
    }
  }
  log(`validators: ${name} (${tasks.length} tasks)`);
  const timed = timeTasks(tasks);
  const figures = new Map<string, Figure>();
  const per = payload.mixed ? (data as unknown[]).length : 1;
  for (const impl of firsts.keys()) {
    const measured = [...Array(INSTANCES).keys()].map((i) => timed.get(`${impl}#${i}`)!);
    const instances = measured.map((m) => m.median * per);
    figures.set(impl, {
      opsPerSec: median(instances),
      instances,
      rounds: measured.map((m) => m.rounds.map((r) => r * per)),
    });
  }
  return { payload, figures };
}

const MIXED_RECORDS = 1000;

export async function runValidators(): Promise<Section[]> {
  const payloads = loadPayloads();
  const { records, invalid } = messageMix(MIXED_RECORDS);
  const mixed: Measurable = {
    name: "mixed-messages",
    label: `mixed message traffic: ${fmt(MIXED_RECORDS)} messages of the CLI-stream mix (${invalid} invalid), figures per message`,
    schema: "message",
    valid: false,
    data: records,
    mixed: true,
  };
  const results: PayloadResult[] = [];
  for (const payload of [...payloads, mixed]) results.push(await measurePayload(payload));
  return [throughputSection(results)];
}

/** The fastest peer with no `lacks` on `schema` (paired ratio generated ÷ peer, lowest). */
function fastestPeer(result: PayloadResult): { name: string; ratio: number } | undefined {
  const gen = result.figures.get(GENERATED)!;
  let best: { name: string; ratio: number } | undefined;
  for (const peer of PEERS) {
    const f = result.figures.get(peer.name);
    if (f === undefined || lacksNote(peer, result.payload.schema) !== "") continue;
    const ratio = pairedRatio(gen, f);
    if (best === undefined || ratio < best.ratio) best = { name: peer.name, ratio };
  }
  return best;
}

/** The target of a payload (docs/performance.md#targets): valid, ≥ 1× the fastest peer; invalid, ≥ 1× AJV as users run it. */
function target(result: PayloadResult): string {
  const gen = result.figures.get(GENERATED)!;
  if (result.payload.mixed) return "—";
  const against = result.payload.valid
    ? fastestPeer(result)
    : (() => {
        const users = result.figures.get("AJV as users run it");
        return users === undefined ? undefined : { name: "AJV as users run it", ratio: pairedRatio(gen, users) };
      })();
  if (against === undefined) return "—";
  const onItsLine = (() => {
    const peer = result.figures.get(against.name)!;
    const perInstance = instanceRatios(gen, peer);
    return Math.min(...perInstance) < 1 && 1 <= Math.max(...perInstance) ? ", on its line" : "";
  })();
  return `${against.ratio >= 1 ? "met" : "**missed**"} (${against.name}${onItsLine})`;
}

function throughputSection(results: PayloadResult[]): Section {
  const payloadCell = ({ name, mixed, valid }: Measurable) =>
    `\`${name}\`${mixed ? " (mixed)" : valid ? "" : " (invalid)"}`;
  const ratioRows = results.map((result) => {
    const { payload, figures } = result;
    const gen = figures.get(GENERATED)!;
    return [
      payloadCell(payload),
      ...IMPLS.slice(1).map((impl) => {
        const f = figures.get(impl);
        if (f === undefined) return "—";
        const peer = PEERS.find((p) => p.name === impl);
        const lacks = peer === undefined ? "" : lacksNote(peer, payload.schema);
        return `${pairedRatio(gen, f).toFixed(2)}×${lacks === "" ? "" : " (lacks rules)"}`;
      }),
      target(result),
    ];
  });
  const ratios = [
    "Generated `validate()` ÷ each peer on the same payload, ops/s paired in time (above 1× = specfirst is faster). " +
      "Target: valid, ≥ 1× the fastest peer; invalid, ≥ 1× AJV as users run it (reading `.errors`). " +
      "The peers run the schema's address pattern as written, the generated code a cheaper equivalent (generator/emit/validators/fast-patterns.ts): against the hand-written checks, that pattern is the difference. " +
      "How each peer is set up: [README.md](README.md#the-peers).",
    "",
    table(["Payload", ...IMPLS.slice(1).map((n) => `÷ ${n}`), "target"], ratioRows),
  ].join("\n");
  const rows = results.map(({ payload, figures }) => [
    payloadCell(payload),
    ...IMPLS.map((impl) => {
      const f = figures.get(impl);
      return f === undefined ? "—" : fmt(f.opsPerSec);
    }),
  ]);
  const body = [
    `ops/s: calls per second on one already-parsed payload, warm; median over ${INSTANCES} fresh instances of each one's median sample (tinybench, ${ROUNDS} interleaved rounds of ${BENCH_TIME_MS} ms after ${WARMUP_TIME_MS} ms warm-up).`,
    "",
    table(["Payload", ...IMPLS.map((n) => `${n} ops/s`)], rows),
  ].join("\n");
  return { title: "1. Validator throughput", ratios, body };
}
