import type { PackageApiChange } from "../api-report/compare.js";
import type { ContractChange, DiffReport } from "./types.js";

/** `BREAKING for producers (caller)`, `compatible`. */
function impact(change: ContractChange): string {
  if (change.severity === "compatible") return "compatible";
  const who = change.who.length > 0 ? ` (${change.who.join(", ")})` : "";
  return `BREAKING for ${change.breaks === "both" ? "producers and consumers" : change.breaks}${who}`;
}

/** `openapi/messaging.source.yaml:12:3#/paths/...`: the file, its line:column when known, the pointer. */
function place(change: ContractChange): string {
  const { file, pointer, line, column } = change.location;
  return `${file}${line === undefined ? "" : `:${line}:${column ?? 1}`}${pointer === "" ? "" : `#${pointer}`}`;
}

/** The operation a change is in, with its operationId: `POST /messages (sendMessage)`. */
function operation(change: ContractChange): string | undefined {
  const { operation: name, operationId } = change.location;
  if (name === undefined) return undefined;
  return operationId === undefined ? name : `${name} (${operationId})`;
}

/** `BREAKING for importers (that pass it in)`, `compatible`: a change of the package API. */
function apiImpact(change: PackageApiChange): string {
  if (change.severity === "compatible") return "compatible";
  const which = { producers: " (that pass it in)", consumers: " (that read it)", both: "", none: "" }[change.breaks];
  return `BREAKING for importers${which}`;
}

/** Breaking changes first, each group in the order the rules found them. */
const ordered = <T extends { severity: "breaking" | "compatible" }>(changes: T[]) => [
  ...changes.filter((c) => c.severity === "breaking"),
  ...changes.filter((c) => c.severity === "compatible"),
];

const summary = (report: DiffReport) =>
  report.packageApi?.compared === true
    ? `${report.changes.length} contract change(s) and ${report.packageApi.changes.length} package API change(s) since ${report.ref}, ${report.breaking} breaking; suggested version bump: ${report.bump}`
    : `${report.changes.length} change(s) since ${report.ref}, ${report.breaking} breaking; suggested version bump: ${report.bump}`;

/** The package API's lines of the text report: each change, or why it was not compared. */
function packageApiText(report: DiffReport): string[] {
  const api = report.packageApi;
  if (api === undefined) return [];
  if (!api.compared) return [`package API not compared: ${api.reason ?? "no reports"}`];
  return ordered(api.changes).flatMap((change) => [
    `${apiImpact(change)}  ${change.rule}  package API ${change.entryPoints.join(", ")}: ${change.message}`,
    `    why: ${change.why}`,
  ]);
}

function text(report: DiffReport): string {
  const lines = ordered(report.changes).flatMap((change) => {
    const where = [change.api, operation(change)].filter((part) => part !== undefined).join(" ");
    return [
      `${impact(change)}  ${change.rule}  ${where}: ${change.message}`,
      `    at ${place(change)}${change.usedBy !== undefined && change.usedBy.length > 0 ? `; used by ${change.usedBy.join(", ")}` : ""}`,
      `    why: ${change.why}`,
    ];
  });
  return `${[...lines, ...packageApiText(report), summary(report)].join("\n")}\n`;
}

/** Text for a markdown table cell: pipes escaped, line breaks folded. */
const cell = (value: string) => value.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
const code = (value: string) => `\`${value.replace(/`/g, "'")}\``;

/** The package API's section of the Markdown report (the changelog entry's "Package API" heading). */
function packageApiMarkdown(report: DiffReport): string[] {
  const api = report.packageApi;
  if (api === undefined) return [];
  if (!api.compared) return ["", "### Package API", "", `Not compared: ${api.reason ?? "no reports"}.`];
  if (api.changes.length === 0) return ["", "### Package API", "", "The package's TypeScript API did not change."];
  const out = [
    "",
    `### Package API (${api.breaking} breaking, ${api.changes.length - api.breaking} compatible)`,
    "",
    "| Impact | Rule | Entry points | Change | Why |",
    "|---|---|---|---|---|",
  ];
  for (const change of ordered(api.changes)) {
    const label = change.severity === "breaking" ? `**${apiImpact(change)}**` : "compatible";
    out.push(
      `| ${cell(label)} | ${code(change.rule)} | ${cell(change.entryPoints.map(code).join("<br>"))} | ${cell(change.message)} | ${cell(change.why)} |`,
    );
  }
  return out;
}

function markdown(report: DiffReport): string {
  const total = report.changes.length + (report.packageApi?.changes.length ?? 0);
  const out = [
    `## ${report.packageApi === undefined ? "Contract changes" : "Contract and package API changes"} since ${code(report.ref)}`,
    "",
    `**Suggested version bump: ${report.bump}** (${report.breaking} breaking of ${total} change(s))`,
  ];
  if (report.changes.length === 0) out.push("", "The published contract did not change.");
  const apis = [...new Set(report.changes.map((change) => change.api))];
  for (const api of apis) {
    const changes = ordered(report.changes.filter((change) => change.api === api));
    const breaking = changes.filter((change) => change.severity === "breaking").length;
    out.push(
      "",
      `### ${api} (${breaking} breaking, ${changes.length - breaking} compatible)`,
      "",
      "| Impact | Rule | Where | Change | Why |",
      "|---|---|---|---|---|",
    );
    for (const change of changes) {
      const where = [operation(change), code(place(change))].filter((part) => part !== undefined).join("<br>");
      const used =
        change.usedBy !== undefined && change.usedBy.length > 0 ? `<br>used by ${change.usedBy.join(", ")}` : "";
      const label = change.severity === "breaking" ? `**${impact(change)}**` : "compatible";
      out.push(
        `| ${cell(label)} | ${code(change.rule)} | ${cell(where + used)} | ${cell(change.message)} | ${cell(change.why)} |`,
      );
    }
  }
  out.push(...packageApiMarkdown(report));
  return `${out.join("\n")}\n`;
}

/** The report as text (for a terminal), JSON (`DiffReport` as it is: stable fields, docs/change-control.md#what-diff-reports) or markdown (for a pull request). */
export function formatReport(report: DiffReport, format: "text" | "json" | "markdown"): string {
  if (format === "json") return `${JSON.stringify(report, null, 2)}\n`;
  if (format === "markdown") return markdown(report);
  return text(report);
}
