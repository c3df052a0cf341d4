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
import { checkAgreement } from "./agreement.js";
import { PEERS, lacksNote } from "./peers.js";
import { messageMix } from "./message-mix.js";
import { profileValidate, type ProfileLine } from "./profile.js";
import {
  BENCH_TIME_MS,
  INSTANCES,
  QUICK,
  ROUNDS,
  WARMUP_TIME_MS,
  bytesPerCall,
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
  otherLoadNote,
  withOtherLoad,
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
  bytesPerCall?: number;
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
  /** CPU used by other processes while this payload's group was timed, in cores (of 2). */
  otherCores?: number;
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
  const { result: timed, otherCores } = await withOtherLoad(() => timeTasks(tasks));
  const figures = new Map<string, Figure>();
  const per = payload.mixed ? (data as unknown[]).length : 1;
  for (const [impl, first] of firsts) {
    const measured = [...Array(INSTANCES).keys()].map((i) => timed.get(`${impl}#${i}`)!);
    const instances = measured.map((m) => m.median * per);
    figures.set(impl, {
      opsPerSec: median(instances),
      instances,
      rounds: measured.map((m) => m.rounds.map((r) => r * per)),
      bytesPerCall: bytesPerCall(first.fn, first.args) / per,
    });
  }
  return { payload, figures, ...(otherCores === undefined ? {} : { otherCores }) };
}

const MIXED_RECORDS = 1000;
const PROFILE_SECONDS = QUICK ? 0.5 : 1.5;

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
  log("validators: checking that every implementation enforces the same rules");
  const agreement = await checkAgreement([
    ...payloads,
    ...records.map((data, i) => ({ name: `mixed-messages[${i}]`, schema: "message", data })),
  ]);
  if (agreement.mismatches.length > 0)
    log(`validators: ${agreement.mismatches.length} disagreements:\n  ${agreement.mismatches.join("\n  ")}`);
  const results: PayloadResult[] = [];
  for (const payload of [...payloads, mixed]) results.push(await measurePayload(payload));
  log("validators: CPU profiles");
  const profiles: { label: string; opsPerSec: number; top: ProfileLine[] }[] = [];
  for (const [payload, schema] of [
    ["message-text", "message"],
    ["message-invalid", "message"],
    ["notification-invalid", "notification"],
    ["config-invalid", "config"],
  ] as const) {
    const label = `generated \`validate()\` on \`${payload}\``;
    try {
      profiles.push({ label, ...(await profileValidate(payload, schema, PROFILE_SECONDS)) });
    } catch (error) {
      log(`validators: profile of ${label} failed: ${(error as Error).message}`);
    }
  }
  return [throughputSection(results, agreement, profiles)];
}

const METHOD =
  `ops/s = one call validating one already-parsed payload in a warm process: for each implementation and payload, ${INSTANCES} fresh instances (new module instance / new compilation) are timed with tinybench in ${ROUNDS} interleaved rounds (${WARMUP_TIME_MS} ms warm-up, ${BENCH_TIME_MS} ms per instance; one sample = a calibrated batch of calls taking ~0.5 ms), and the figure is the **median over instances of each instance's median sample** ` +
  `(several instances are needed: the same allocation-heavy code runs at full or about half speed from one instance to the next, depending on how often V8 ends up collecting the young generation). ` +
  `Ratios are **paired in time**: the median over instances and rounds of one implementation's figure ÷ the other's in the same instance slot and round (the tasks of one slot run back to back within ~0.5 s), because the machine and V8 go through slow phases of a few seconds that slow every implementation alike; absolute ops/s move with those phases from run to run, the paired ratios much less. ` +
  `A median of 0.5 ms samples leaves out most of the samples that hold a GC pause, so it flatters allocation-heavy implementations; B/call shows that cost. ` +
  `B/call = bytes allocated on the V8 heap per call (growth of the young generation over up to 200 calls, median of runs without a GC). ` +
  `"other processes' CPU" = CPU the rest of the machine used while that row was timed (see \`otherLoadNote\` in bench/shared.ts): absolute figures of a row timed while other work ran are flagged.`;

/** The fastest peer with no `lacks` on `schema` (paired ratio generated ÷ peer, lowest). */
function fastestPeer(result: PayloadResult): { name: string; figure: Figure } | undefined {
  const gen = result.figures.get(GENERATED)!;
  let best: { name: string; figure: Figure; ratio: number } | undefined;
  for (const peer of PEERS) {
    const f = result.figures.get(peer.name);
    if (f === undefined || lacksNote(peer, result.payload.schema) !== "") continue;
    const ratio = pairedRatio(gen, f);
    if (best === undefined || ratio < best.ratio) best = { name: peer.name, figure: f, ratio };
  }
  return best;
}

const explainedNote = (explained: Record<string, number>) => {
  const counted = Object.entries(explained).filter(([, n]) => n > 0);
  return counted.length === 0
    ? ""
    : `; apart from the rules a peer declares it lacks (${counted.map(([k, n]) => `${k}: ${n} cases`).join(", ")})`;
};

/**
 * A target "generated ÷ peer ≥ goal": the paired ratio and met or missed, and, when the instances' own ratios fall on
 * both sides of the goal, that the verdict is on its line (a re-run can turn it: some peers' speed swings from one
 * instance to the next with their garbage collection).
 */
function verdict(generated: Figure, peer: Figure, goal: number): string {
  const r = pairedRatio(generated, peer);
  const perInstance = instanceRatios(generated, peer);
  const low = Math.min(...perInstance);
  const high = Math.max(...perInstance);
  const onItsLine =
    low < goal && goal <= high
      ? ` (on its line: the ${perInstance.length} instances ranged ${low.toFixed(2)}–${high.toFixed(2)}×)`
      : "";
  return `**${r.toFixed(2)}×** — ${r >= goal ? "met" : "**missed**"}${onItsLine}`;
}

function throughputSection(
  results: PayloadResult[],
  agreement: Awaited<ReturnType<typeof checkAgreement>>,
  profiles: { label: string; opsPerSec: number; top: ProfileLine[] }[],
): Section {
  const ratioRows = results.map(({ payload, figures }) => {
    const gen = figures.get(GENERATED)!;
    return [
      `\`${payload.name}\`${payload.mixed ? " (mixed)" : payload.valid ? "" : " (invalid)"}`,
      ...IMPLS.slice(1).map((impl) => {
        const f = figures.get(impl);
        if (f === undefined) return "—";
        const peer = PEERS.find((p) => p.name === impl);
        const lacks = peer === undefined ? "" : lacksNote(peer, payload.schema);
        return `${pairedRatio(gen, f).toFixed(2)}×${lacks === "" ? "" : " (lacks rules)"}`;
      }),
    ];
  });
  const rows = results.map((result) => {
    const { payload, figures } = result;
    const cells = IMPLS.map((impl) => {
      const f = figures.get(impl);
      return f === undefined ? "—" : fmt(f.opsPerSec);
    });
    const bytes = [GENERATED, ...PEERS.map((p) => p.name)].map((impl) => {
      const b = figures.get(impl)?.bytesPerCall;
      return b === undefined ? "—" : fmt(b);
    });
    const reference = figures.get(GENERATED)!;
    const spread = `${fmt(Math.min(...reference.instances))} – ${fmt(Math.max(...reference.instances))}`;
    return [
      `${payload.label} (\`${payload.name}\`)`,
      ...cells,
      bytes.join(" / "),
      spread,
      otherLoadNote(result.otherCores),
    ];
  });
  const targets: string[] = [];
  for (const result of results) {
    const { payload, figures } = result;
    const gen = figures.get(GENERATED)!;
    if (payload.valid) {
      const best = fastestPeer(result);
      if (best !== undefined)
        targets.push(
          `- valid \`${payload.name}\`: generated \`validate()\` ≥ 1× the fastest peer (${best.name}): ${verdict(gen, best.figure, 1)}`,
        );
      const hand = figures.get("hand-written");
      if (hand !== undefined)
        targets.push(
          `- valid \`${payload.name}\`: generated \`validate()\` ≥ 1× hand-written: ${verdict(gen, hand, 1)}`,
        );
    } else if (!payload.mixed) {
      const users = figures.get("AJV as users run it");
      if (users !== undefined)
        targets.push(
          `- invalid \`${payload.name}\`: generated \`validate()\` ≥ 1× AJV as users run it (reading \`.errors\`): ${verdict(gen, users, 1)}`,
        );
    }
  }
  const lacking = PEERS.flatMap((peer) =>
    Object.entries(peer.lacks)
      .filter(([, rules]) => rules.length > 0)
      .map(([schema, rules]) => `- ${peer.name} on \`${schema}\` lacks: ${rules.join("; ")}`),
  );
  const limit = `How close to the limit: the hand-written checks (bench/hand-written.ts) are the practical floor of the same rules; generated \`validate()\` runs at ${results
    .filter((r) => r.payload.valid && r.figures.has("hand-written"))
    .map(
      (r) =>
        `${pairedRatio(r.figures.get(GENERATED)!, r.figures.get("hand-written")!).toFixed(2)}× (\`${r.payload.name}\`)`,
    )
    .join(", ")} of them.`;
  const body = [
    `Ratios first: generated \`validate()\` ÷ each peer on the same payload, paired in time (above 1× = the generated validators are faster; "lacks rules": that peer does not enforce every rule on that schema, see below).`,
    "",
    table(["Payload", ...IMPLS.slice(1).map((n) => `validate() ÷ ${n}`)], ratioRows),
    "",
    "Targets (docs/performance.md#targets):",
    "",
    ...targets,
    "",
    ...(lacking.length === 0
      ? ["Every peer enforces every rule of the schemas it is measured on."]
      : [
          'Rules a peer does not enforce (its rows are then not comparable, and left out of "the fastest peer"):',
          "",
          ...lacking,
        ]),
    "",
    `The peers: ${[`"generated validate()" is \`validate(name, data)\` of dist/generated/validators.js (\`specfirst/validators\` as a consumer imports it, built from generated/validators.ts, with the run-time wrapper of dist/runtime/validation/ that drops, merges and deduplicates errors and adds pattern hints; it tests the node address with an equivalent cheaper regular expression on values of up to 65 characters, generator/emit/validators/fast-patterns.ts, proven equivalent by test/fast-patterns.test.ts, which the peers are not given: they run the schema's pattern as written, bench/peer-rules.ts)`, `"generated guard" the guard of the same module (\`isMessage\`, \`isConfig\`, ...: a boolean)`, ...PEERS.map((p) => `"${p.name}" ${p.describe}`)].join("; ")}. Reproduce: \`npm run bench -- validators\`.`,
    "",
    `Same rules first: before timing, every implementation ran on ${fmt(agreement.cases)} cases (the fixtures of test/fixtures/validators/, bench/payloads/ and the ${fmt(MIXED_RECORDS)} mixed messages); ` +
      (agreement.mismatches.length === 0
        ? `all accept and reject exactly what the generated validators do (${Object.entries(agreement.compared)
            .map(([k, v]) => `${k}: ${v} compared`)
            .join(", ")})${explainedNote(agreement.explained)}.`
        : `**${agreement.mismatches.length} disagreements** (${agreement.mismatches.slice(0, 3).join("; ")})${explainedNote(agreement.explained)}.`),
    "",
    `Absolute figures (what it measures: ${METHOD}):`,
    "",
    table(
      [
        "Payload",
        ...IMPLS.map((n) => `${n} ops/s`),
        `B/call: ${[GENERATED, ...PEERS.map((p) => p.name)].join(" / ")}`,
        "generated validate(): min – max over instances",
        "other processes' CPU while timed",
      ],
      rows,
    ),
    "",
    `Where the time goes (\`node --cpu-prof\` of a loop calling \`validate()\` for ${PROFILE_SECONDS} s, share of self time; reproduce: \`npx tsx bench/profile.ts message-text message\`):`,
    "",
    ...profiles.map(
      (p) =>
        `- ${p.label} (${fmt(p.opsPerSec)} ops/s in that loop): ${p.top
          .filter((l) => l.share >= 1.5)
          .slice(0, 7)
          .map((l) => `${l.name.replace(/ \([\w./-]+\.js:\d+\)$/, "")} ${l.share.toFixed(0)}%`)
          .join(", ")}`,
    ),
  ].join("\n");
  return { title: "1. Validator throughput", body, limit };
}
