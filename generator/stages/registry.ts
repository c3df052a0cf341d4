import { contractStage } from "./contract.js";
import { schemasStage } from "./schemas.js";
import { docsPagesStage } from "./docs-pages.js";
import { typesStage } from "./types.js";
import { validatorsStage } from "./validators.js";
import { examplesStage } from "./examples.js";
import { pathTypesStage } from "./path-types.js";
import { clientsStage } from "./clients.js";
import { entryPointsStage } from "./entry-points.js";
import { docsStage } from "./docs.js";
import type { BannerStyle } from "../format/banner.js";
import type { Stage, StageKeys, StageResult } from "./stage.js";

/**
 * Every stage of `generate`, one row each: what it reads (the stages before it, the inputs of each cache entry),
 * what it writes (output paths and their banner style), where it runs. `generate` (and `--watch`, `--check`) runs
 * exactly these; outputs are written in this order. Adding an output: a stage file in this folder, one row here
 * (CONTRIBUTING.md "Adding an output").
 */
export const STAGES = {
  contract: contractStage,
  schemas: schemasStage,
  docsPages: docsPagesStage,
  types: typesStage,
  validators: validatorsStage,
  examples: examplesStage,
  pathTypes: pathTypesStage,
  clients: clientsStage,
  entryPoints: entryPointsStage,
  docs: docsStage,
} satisfies Record<string, Stage<StageKeys, StageResult>>;

export const STAGE_LIST: readonly Stage<StageKeys, StageResult>[] = Object.values(STAGES);

const bannerText = (banner: BannerStyle) =>
  banner.kind === "json-member" ? '`"x-generated"` member' : `\`${`${banner.open}…${banner.close}`.trim()}\``;

/** The registry as the Markdown table of CONTRIBUTING.md "The generator's stages" (a test checks that text against this). */
export function describeStages(): string {
  const nameOf = new Map(STAGE_LIST.map((stage) => [stage, stage.name]));
  const rows = STAGE_LIST.map((stage) => {
    const after = stage === contractStage ? [] : ["build contract", ...stage.after.map((s) => nameOf.get(s))];
    const keys = Object.entries(stage.keys).map(([entry, reads]) => `${entry} (${Object.keys(reads).join(", ")})`);
    const outputs = stage.outputs.map((o) => `\`${o.pattern}\` ${bannerText(o.banner)}`);
    const cells = [
      `${stage.name}${stage.late ? " (written last)" : ""}`,
      stage.scope === "api" ? "per API" : "once",
      stage.thread === "main" ? "main" : `worker: ${stage.thread}`,
      after.join(", ") || "the inputs",
      keys.join("; ") || "not cached",
      outputs.join("<br>") || "none (fails the run on a problem)",
    ];
    return `| ${cells.join(" | ")} |`;
  });
  return [
    "| stage | runs | thread | after | cache entries (key inputs) | outputs (banner) |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
