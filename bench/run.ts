/**
 * `npm run bench`: runs every benchmark section in sequence, prints one markdown table per section and writes them
 * all to bench/RESULTS.md: a short header, then per section its ratios and, from a quiet run only, its absolute
 * figures. `npm run bench -- <section>...` runs some sections only (printed, RESULTS.md untouched); sections:
 * validators, cold-start, generation, size, cli-stream, client, test-suite, proxy, proxy-throughput, deep-errors. `--quick` shortens every timing
 * to check that the suite runs (figures are then rough; RESULTS.md is not written). dist/ is built first when any
 * source of runtime/ or generated/ is newer than its compiled file: the sections measure what a consumer imports.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  BENCH_DIR,
  QUICK,
  QUIET_CORES,
  ensureBuilt,
  log,
  otherLoadNote,
  withOtherLoad,
  type Section,
} from "./shared.js";
import { ensureTypiaPeer } from "./typia/generate.js";

type Runner = () => Promise<Section | Section[]>;

const SECTIONS: [name: string, load: () => Promise<Runner>][] = [
  ["validators", async () => (await import("./validators.js")).runValidators],
  ["cold-start", async () => (await import("./cold-start.js")).runColdStart],
  ["generation", async () => (await import("./generation.js")).runGeneration],
  ["size", async () => (await import("./size.js")).runSize],
  ["cli-stream", async () => (await import("./cli-stream.js")).runCliStream],
  ["client", async () => (await import("./client.js")).runClient],
  ["test-suite", async () => (await import("./test-suite.js")).runTestSuite],
  ["proxy", async () => (await import("./proxy.js")).runProxy],
  ["proxy-throughput", async () => (await import("./proxy-throughput.js")).runProxyThroughput],
  ["deep-errors", async () => (await import("./deep-errors.js")).runDeepErrors],
];

const requested = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const unknown = requested.filter((r) => !SECTIONS.some(([name]) => name === r));
if (unknown.length > 0) {
  process.stderr.write(`unknown section(s): ${unknown.join(", ")}; expected: ${SECTIONS.map(([n]) => n).join(", ")}\n`);
  process.exit(2);
}
const selected = SECTIONS.filter(([name]) => requested.length === 0 || requested.includes(name));
const complete = selected.length === SECTIONS.length && !QUICK;

const started = new Date();
// Every section measures the compiled package (dist/), what a consumer imports: build it first when it is stale.
log(ensureBuilt());
// The typia peer is typia's generated code, written here rather than committed.
if (selected.some(([name]) => name === "validators")) ensureTypiaPeer();
/** Each section with the CPU other processes used while it ran (cores): its absolute figures are left out above QUIET_CORES. */
const sections: { section: Section; otherCores?: number }[] = [];
for (const [name, load] of selected) {
  const t0 = performance.now();
  log(`section ${name}: start`);
  const { result, otherCores } = await withOtherLoad(async () => {
    try {
      const out = await (await load())();
      return Array.isArray(out) ? out : [out];
    } catch (error) {
      return [
        {
          title: `${name} (failed)`,
          body: `The section failed: \`${String((error as Error).stack ?? error).split("\n")[0]}\``,
        },
      ];
    }
  });
  sections.push(...result.map((section) => ({ section, ...(otherCores === undefined ? {} : { otherCores }) })));
  log(
    `section ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s, other processes' CPU ${otherLoadNote(otherCores)}`,
  );
}
sections.sort((a, b) => Number.parseInt(a.section.title, 10) - Number.parseInt(b.section.title, 10));
const underLoad = (otherCores: number | undefined) => otherCores !== undefined && otherCores > QUIET_CORES;
const loaded = sections.filter((s) => underLoad(s.otherCores));

const cpus = os.cpus();
/** At most six lines: what wrote the file, on what, and how to read it. */
const header = [
  "# specfirst benchmarks",
  "",
  `Written by \`npm run bench\` (bench/run.ts) on ${started.toISOString().slice(0, 10)}: ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, Node ${process.version}.`,
  "Ratios are paired in time (above 1× = specfirst is faster) and hold across runs; absolute figures are shown only for a section whose run was quiet.",
  loaded.length === 0
    ? `Every section ran quiet (other processes under ${QUIET_CORES} cores). What each figure measures: [README.md](README.md).`
    : `Taken under load, ratios only: ${loaded.map((s) => s.section.title).join(", ")}. What each figure measures: [README.md](README.md).`,
].join("\n");

/** A section: its ratios (or its one-line comparison with the limit), then its absolute figures when the run was quiet. */
const render = ({ section, otherCores }: (typeof sections)[number]) =>
  [
    `## ${section.title}`,
    "",
    ...(section.ratios !== undefined ? [section.ratios, ""] : section.limit !== undefined ? [section.limit, ""] : []),
    section.body === ""
      ? ""
      : underLoad(otherCores)
        ? `Absolute figures left out: other processes used ${(otherCores ?? 0).toFixed(2)} cores while this section ran.`
        : section.body,
    "",
  ].join("\n");
const markdown = `${header}\n\n${sections.map(render).join("\n")}`;
const elapsed = (Date.now() - started.getTime()) / 1000;
process.stdout.write(`${markdown}\n`);
if (complete) {
  await writeFile(path.join(BENCH_DIR, "RESULTS.md"), markdown);
  log(`wrote bench/RESULTS.md (${elapsed.toFixed(0)} s)`);
} else {
  log(`partial or --quick run: bench/RESULTS.md left as it was (${elapsed.toFixed(0)} s)`);
}
