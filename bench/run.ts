/**
 * `npm run bench`: runs every section and writes bench/RESULTS.md: a short header, then per section its ratios and,
 * from a quiet run only, its absolute figures. `npm run bench -- <section>...` runs some sections only, and
 * `--quick` shortens every timing to check that the suite runs: both print, and leave RESULTS.md as it was.
 * dist/ is built first when a source is newer: the sections measure what a consumer imports.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { BENCH_DIR, QUICK, QUIET_CORES, ensureBuilt, log, withOtherLoad, type Section } from "./shared.js";

const SECTIONS: Record<string, () => Promise<() => Promise<Section>>> = {
  validators: async () => (await import("./validators.js")).runValidators,
  "cold-start": async () => (await import("./cold-start.js")).runColdStart,
  generation: async () => (await import("./generation.js")).runGeneration,
  "deep-errors": async () => (await import("./deep-errors.js")).runDeepErrors,
  "cli-stream": async () => (await import("./cli-stream.js")).runCliStream,
  client: async () => (await import("./client.js")).runClient,
  "test-suite": async () => (await import("./test-suite.js")).runTestSuite,
  proxy: async () => (await import("./proxy.js")).runProxy,
  "proxy-throughput": async () => (await import("./proxy.js")).runProxyThroughput,
};

const requested = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const unknown = requested.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  process.stderr.write(`unknown section(s): ${unknown.join(", ")}; expected: ${Object.keys(SECTIONS).join(", ")}\n`);
  process.exit(2);
}
const selected = requested.length === 0 ? Object.keys(SECTIONS) : requested;

const started = new Date();
log(ensureBuilt());
if (selected.includes("validators")) (await import("./typia/generate.js")).ensureTypiaPeer();
const results: { section: Section; otherCores?: number | undefined }[] = [];
for (const name of selected) {
  log(`section ${name}: start`);
  const t0 = performance.now();
  const failed = (error: Error): Section => ({
    title: `${name} (failed)`,
    ratios: `The section failed: \`${String(error.stack ?? error).split("\n")[0]}\``,
  });
  const { result: section, otherCores } = await withOtherLoad(() =>
    SECTIONS[name]!()
      .then((run) => run())
      .catch(failed),
  );
  results.push({ section, otherCores });
  const load = otherCores === undefined ? "unknown" : `${otherCores.toFixed(2)} cores`;
  log(`section ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s, other processes' CPU ${load}`);
}
const loaded = results.filter((r) => (r.otherCores ?? 0) > QUIET_CORES).map((r) => r.section.title);

const cpus = os.cpus();
/** At most six lines: what wrote the file, on what, and how to read it. */
const header = [
  "# specfirst benchmarks",
  "",
  `Written by \`npm run bench\` (bench/run.ts) on ${started.toISOString().slice(0, 10)}: ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, Node ${process.version}.`,
  "Ratios are paired in time (above 1× = specfirst is faster) and hold across runs; absolute figures are shown only for a section whose run was quiet.",
  `${loaded.length === 0 ? `Every section ran quiet (other processes under ${QUIET_CORES} cores).` : `Taken under load, ratios only: ${loaded.join(", ")}.`} What each figure measures: [README.md](README.md).`,
].join("\n");

/** A section: its ratios, then its absolute figures when it ran quiet. */
const render = ({ section: { title, ratios, body }, otherCores = 0 }: (typeof results)[number]) => {
  const loadNote = `Absolute figures left out: other processes used ${otherCores.toFixed(2)} cores while this section ran.`;
  const absolute = body !== undefined && otherCores > QUIET_CORES ? loadNote : body;
  return `${[`## ${title}`, ratios, absolute].filter((part) => part !== undefined).join("\n\n")}\n`;
};
const markdown = `${header}\n\n${results.map(render).join("\n")}`;
process.stdout.write(`${markdown}\n`);
if (requested.length === 0 && !QUICK) {
  await writeFile(path.join(BENCH_DIR, "RESULTS.md"), markdown);
  log("wrote bench/RESULTS.md");
} else log("partial or --quick run: bench/RESULTS.md left as it was");
