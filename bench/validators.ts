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
import { z } from "zod";
import { checkAgreement } from "./agreement.js";
import { messageMix } from "./message-mix.js";
import { profileValidate, type ProfileLine } from "./profile.js";
import { AJV_OPTIONS } from "../generator/emit/validators/ajv-options.js";
import {
  BENCH_DIR,
  BENCH_TIME_MS,
  INSTANCES,
  QUICK,
  ROUNDS,
  WARMUP_TIME_MS,
  bytesPerCall,
  compileAtRunTime,
  fmt,
  guardName,
  loadGenerated,
  loadPayloads,
  log,
  median,
  table,
  timeTasks,
  type Check,
  type Payload,
  type Section,
  type TimedTask,
  withOtherLoad,
} from "./shared.js";
import path from "node:path";
import { pathToFileURL } from "node:url";

type Impl = "generated validate()" | "generated guard" | "AJV at run time" | "zod 4" | "hand-written";
const IMPLS: Impl[] = ["generated validate()", "generated guard", "AJV at run time", "zod 4", "hand-written"];

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
 * a ÷ b, paired in time: the median over instances and rounds of a's figure ÷ b's figure of the same instance slot
 * and round. Tasks of one instance slot run back to back (about half a second), so a slow phase of the machine or
 * of V8 (they last seconds, and slow every implementation alike) cancels out of the ratio.
 */
function pairedRatio(a: Figure, b: Figure): number {
  const ratios: number[] = [];
  a.rounds.forEach((rounds, i) => rounds.forEach((value, r) => {
    const reference = b.rounds[i]?.[r];
    if (reference !== undefined && reference > 0) ratios.push(value / reference);
  }));
  return ratios.length > 0 ? median(ratios) : a.opsPerSec / b.opsPerSec;
}

interface PayloadResult {
  payload: Measurable;
  figures: Map<string, Figure>;
  /** CPU used by other processes while this payload's group was timed, in cores (of 2). */
  otherCores?: number;
}

const fresh = async <T>(file: string, key: string): Promise<T> => (await import(`${pathToFileURL(path.join(BENCH_DIR, file)).href}?instance=${key}`)) as T;

type HandModule = typeof import("./hand-written.js");
type ZodModule = typeof import("./zod-schemas.js");

/** A payload of section 1; `mixed` ones are an array of records, validated one after the other per call. */
type Measurable = Payload & { mixed?: boolean };

async function measurePayload(payload: Measurable): Promise<PayloadResult> {
  const { data, schema, name } = payload;
  const handName = schema === "message" ? "checkMessage" : schema === "notification" ? "checkNotification" : undefined;
  const tasks: TimedTask[] = [];
  const firsts = new Map<string, TimedTask>();
  // `lead` are the arguments before the payload; a mixed payload gets its own loop over the records (new Function,
  // so each task's call site stays its own)
  const add = (impl: string, i: number, fn: TimedTask["fn"], lead: unknown[]) => {
    let task: TimedTask;
    if (payload.mixed) {
      const names = lead.map((_l, k) => `l${k}`);
      const loop = new Function("f", ...names, "records", `let r; for (let i = 0; i < records.length; i++) r = f(${[...names, "records[i]"].join(", ")}); return r;`);
      task = { name: `${impl}#${i}`, fn: loop as TimedTask["fn"], args: [fn, ...lead, data] };
    } else task = { name: `${impl}#${i}`, fn, args: [...lead, data] };
    tasks.push(task);
    if (i === 0) firsts.set(impl, task);
  };
  for (let i = 0; i < INSTANCES; i++) {
    const key = `${name}-${i}`;
    const generated = await loadGenerated(key);
    add("generated validate()", i, generated.validate, [schema]);
    add("generated guard", i, generated[guardName(schema)] as Check, []);
    add("AJV at run time", i, ajvTask((await compileAtRunTime({}, schema)).get(schema)!, !payload.valid && !payload.mixed), []);
    add("zod 4", i, z.safeParse, [(await fresh<ZodModule>("zod-schemas.ts", key)).zodSchemas[schema]!]);
    if (handName !== undefined) add("hand-written", i, (await fresh<HandModule>("hand-written.ts", key))[handName], []);
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

/**
 * The AJV task: its raw boolean function, or, on an invalid payload, the call followed by a read of `.errors` (with
 * `allErrors: true` every error is built; a caller that reports them reads them). A new function per instance
 * (`new Function`), so the call inside it sees one AJV function only, like the loop around it.
 */
function ajvTask(fn: Check, readErrors: boolean): Check {
  if (!readErrors) return fn;
  return (new Function("fn", "return function ajvWithErrors(data) { fn(data); return fn.errors; };") as (f: Check) => Check)(fn);
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
  if (agreement.mismatches.length > 0) log(`validators: ${agreement.mismatches.length} disagreements:\n  ${agreement.mismatches.join("\n  ")}`);
  const results: PayloadResult[] = [];
  for (const payload of [...payloads, mixed]) results.push(await measurePayload(payload));
  log("validators: CPU profiles");
  const profiles: { label: string; opsPerSec: number; top: ProfileLine[] }[] = [];
  for (const [payload, schema] of [["message-text", "message"], ["message-invalid", "message"], ["notification-invalid", "notification"], ["config-invalid", "config"]] as const) {
    const label = `generated \`validate()\` on \`${payload}\``;
    try {
      profiles.push({ label, ...(await profileValidate(payload, schema, PROFILE_SECONDS)) });
    } catch (error) {
      log(`validators: profile of ${label} failed: ${(error as Error).message}`);
    }
  }
  return [throughputSection(results, agreement, profiles)];
}

const otherLoad = (r: PayloadResult) => (r.otherCores === undefined ? "—" : `${r.otherCores.toFixed(2)} cores`);

const METHOD =
  `ops/s = one call validating one already-parsed payload in a warm process: for each implementation and payload, ${INSTANCES} fresh instances (new module instance / new AJV compilation) are timed with tinybench in ${ROUNDS} interleaved rounds (${WARMUP_TIME_MS} ms warm-up, ${BENCH_TIME_MS} ms per instance; one sample = a calibrated batch of calls taking ~0.5 ms), and the figure is the **median over instances of each instance's median sample** ` +
  `(several instances are needed: the same allocation-heavy code runs at full or about half speed from one instance to the next, depending on how often V8 ends up collecting the young generation). ` +
  `Ratios (in brackets, and in the targets) are **paired in time**: the median over instances and rounds of one implementation's figure ÷ the other's in the same instance slot and round (the tasks of one slot run back to back within ~0.5 s), because the machine and V8 go through slow phases of a few seconds that slow every implementation alike; absolute ops/s move with those phases from run to run, the paired ratios much less. ` +
  `A median of 0.5 ms samples leaves out most of the samples that hold a GC pause, so it flatters allocation-heavy implementations; B/call shows that cost. ` +
  `B/call = bytes allocated on the V8 heap per call (growth of the young generation over up to 200 calls, median of runs without a GC). ` +
  `"other processes' CPU" = CPU the rest of the machine used while that row was timed (/proc/stat minus this process), the noise indicator: figures of a row timed while other work ran are less reliable.`;

function throughputSection(
  results: PayloadResult[],
  agreement: Awaited<ReturnType<typeof checkAgreement>>,
  profiles: { label: string; opsPerSec: number; top: ProfileLine[] }[],
): Section {
  const rows = results.map((result) => {
    const { payload, figures } = result;
    const reference = figures.get("generated validate()")!;
    const cells = IMPLS.map((impl, index) => {
      const f = figures.get(impl);
      if (f === undefined) return "—";
      return index === 0 ? fmt(f.opsPerSec) : `${fmt(f.opsPerSec)} (${pairedRatio(f, reference).toFixed(2)}×)`;
    });
    const bytes = ["generated validate()", "AJV at run time", "zod 4", "hand-written"].map((impl) => {
      const b = figures.get(impl)?.bytesPerCall;
      return b === undefined ? "—" : fmt(b);
    });
    const spread = `${fmt(Math.min(...reference.instances))} – ${fmt(Math.max(...reference.instances))}`;
    return [`${payload.label} (\`${payload.name}\`)`, ...cells, bytes.join(" / "), spread, otherLoad(result)];
  });
  const targets: string[] = [];
  for (const { payload, figures } of results) {
    const gen = figures.get("generated validate()")!;
    const hand = figures.get("hand-written");
    if (hand !== undefined && payload.valid) {
      const r = pairedRatio(gen, hand);
      targets.push(`- generated \`validate()\` ≥ 0.8× hand-written on \`${payload.name}\`: **${r.toFixed(3)}×** — ${r >= 0.8 ? "met" : "**missed**"}`);
    }
  }
  for (const { payload, figures } of results) {
    if (payload.valid || payload.mixed) continue;
    const r = pairedRatio(figures.get("generated validate()")!, figures.get("AJV at run time")!);
    targets.push(`- invalid path: generated \`validate()\` ≥ 1.0× AJV at run time (allErrors, reading .errors) on \`${payload.name}\`: **${r.toFixed(3)}×** — ${r >= 1 ? "met" : "**missed**"}`);
  }
  for (const { payload, figures } of results) {
    const r = pairedRatio(figures.get("generated validate()")!, figures.get("zod 4")!);
    targets.push(`- generated \`validate()\` ≥ 2× zod 4 on \`${payload.name}\`: **${r.toFixed(3)}×** — ${r >= 2 ? "met" : "**missed**"}`);
  }
  const body = [
    `What it measures: ${METHOD} In brackets: that implementation's ops/s ÷ the generated \`validate()\` on the same payload (above 1× = faster than the generated validators). ` +
      `"generated validate()" is \`validate(name, data)\` of dist/generated/validators.js (\`specfirst/validators\` as a consumer imports it, built from generated/validators.ts: each API's AJV standalone code, whose error objects are built as \`{ pointer, message, keyword }\` with their messages written at generation time, plus the run-time wrapper of dist/runtime/validation/ that drops, merges and deduplicates them and adds pattern hints); "generated guard" the guard of the same module (\`isMessage\`, \`isConfig\`, ...: the set's \`is(name, data)\`, a boolean); ` +
      `"AJV at run time" \`ajv/dist/2020.js\` compiling, at start-up, the shipped schema files (generated/schemas/, \`specfirst/schemas/*\`) as they are, as a user of AJV directly would: the generator's options from generator/emit/validators/ajv-options.ts (\`${JSON.stringify(AJV_OPTIONS)}\`, AJV's defaults otherwise), ajv-formats with the formats the schemas use and the schemas' \`x-\` annotation keywords declared, and none of the generator's own compile steps (the \`if\`/\`then\` dispatches compiled by AJV as written, not as the generator's \`x-dispatch\` keyword; AJV 2020's \`unevaluated\`/\`dynamicRef\` tracking left on; annotations kept, so \`inlineRefs\` counts them and inlines fewer schemas; AJV's own error objects); its raw boolean function on valid payloads and on the mixed stream, and on each invalid payload the call followed by a read of \`.errors\` (\`(data) => { fn(data); return fn.errors; }\`: with \`allErrors: true\` AJV builds every error object, message included, and the caller reads them); ` +
      `"zod 4" \`z.safeParse(schema, data)\` with bench/zod-schemas.ts; "hand-written" bench/hand-written.ts (message and notification rules, returns the same result shape as \`validate()\`). ` +
      `Reproduce: \`npm run bench\` (this section alone: \`npm run bench -- validators\`).`,
    "",
    `Same rules first: before timing, every implementation ran on ${fmt(agreement.cases)} cases (the fixtures of test/fixtures/validators/, bench/payloads/ and the ${fmt(MIXED_RECORDS)} mixed messages); ` +
      (agreement.mismatches.length === 0
        ? `all accept and reject exactly what the generated validators do (${Object.entries(agreement.compared)
            .map(([k, v]) => `${k}: ${v} compared`)
            .join(", ")}).`
        : `**${agreement.mismatches.length} disagreements** (${agreement.mismatches.slice(0, 3).join("; ")}).`),
    "",
    table(
      ["Payload", "generated validate() ops/s", ...IMPLS.slice(1).map((n) => `${n} ops/s (÷ generated)`), "B/call: generated / AJV / zod / hand", "generated validate(): min – max over instances", "other processes' CPU while timed"],
      rows,
    ),
    "",
    "Targets:",
    "",
    ...targets,
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
  return { title: "1. Validator throughput", body };
}
