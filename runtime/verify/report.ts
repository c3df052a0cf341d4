/**
 * The result of a verify run and its three renderings: text for a terminal, JSON for scripts, JUnit XML for CI
 * test reports. A report never holds the credential: reproductions read it from `$SPECFIRST_ACCESS_KEY`.
 */
import type { CheckId } from "./check-ids.js";

/** One failure of a check, shrunk to a minimal request when fast-check could (`shrunk`). */
export interface VerifyFailure {
  readonly check: CheckId;
  readonly operationId: string;
  /** `POST /messages`. */
  readonly operation: string;
  /** What the request was: `valid body (type=text/plain)`, `invalid body: …`, `without a credential`. */
  readonly case: string;
  readonly message: string;
  /** A `curl` command repeating the request; none for a payload that no request of the run can be tied to. */
  readonly reproduction: string | undefined;
  /** The answer's status, when there was one. */
  readonly status: number | undefined;
  /** The start of the answer's body (UTF-8, at most 300 characters), for the server's own words. */
  readonly responseExcerpt: string | undefined;
  readonly shrunk: boolean;
}

export interface CheckResult {
  readonly id: CheckId;
  readonly why: string;
  /** `exchange`: judges requests (one JUnit case per operation); `webhook`: what reached the bot's URLs (one case). */
  readonly scope: "exchange" | "webhook";
  /** `skipped`: nothing it judges happened (excluded, no `--webhook-port`, or no such request in the budget). */
  readonly outcome: "passed" | "failed" | "skipped";
  /** How many requests (or payloads, or messages) it judged. */
  readonly judged: number;
  readonly failed: number;
  readonly failures: readonly VerifyFailure[];
}

export interface CoverageEntry {
  readonly operation: string;
  /** `type=text/plain`, `input.kafka`, `invalid bodies`, `without a credential`. */
  readonly case: string;
  /** Requests of this case that were sent (0: the budget ran out before it). */
  readonly sent: number;
}

export interface VerifyReport {
  readonly api: string;
  readonly baseUrl: string;
  readonly seed: number;
  readonly requests: number;
  readonly durationMs: number;
  /** `server-stopped`: several requests in a row got no answer after it had answered; the run ends there. */
  readonly stoppedBy: "completed" | "max-requests" | "time-limit" | "server-stopped";
  /** Bodies generated valid by the arbitraries that the validators refused, and so were not sent (a generator limit). */
  readonly discardedBodies: number;
  readonly webhookUrl: string | undefined;
  readonly checks: readonly CheckResult[];
  readonly coverage: readonly CoverageEntry[];
  /** No check failed. */
  readonly conformant: boolean;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const indent = (text: string, by: string) =>
  text
    .split("\n")
    .map((line) => `${by}${line}`)
    .join("\n");

export function formatText(report: VerifyReport): string {
  const lines: string[] = [];
  lines.push(`specfirst verify ${report.api} against ${report.baseUrl} (seed ${report.seed})`);
  lines.push(
    `${plural(report.requests, "request")} in ${(report.durationMs / 1000).toFixed(1)} s; ${
      report.stoppedBy === "completed"
        ? "every case ran"
        : report.stoppedBy === "max-requests"
          ? "stopped at --max-requests"
          : report.stoppedBy === "time-limit"
            ? "stopped at --time-limit"
            : "stopped: the server stopped answering"
    }${report.webhookUrl === undefined ? "" : `; bot webhooks at ${report.webhookUrl}`}`,
  );
  lines.push("");
  const width = Math.max(...report.checks.map((check) => check.id.length));
  for (const check of report.checks) {
    const mark = check.outcome === "passed" ? "passed " : check.outcome === "failed" ? "FAILED " : "skipped";
    const detail =
      check.outcome === "failed"
        ? `${check.failed} of ${check.judged} failed`
        : check.outcome === "passed"
          ? `${check.judged} judged`
          : "nothing to judge";
    lines.push(`  ${mark}  ${check.id.padEnd(width)}  ${detail}`);
  }
  const failures = report.checks.flatMap((check) => check.failures);
  if (failures.length > 0) {
    lines.push("", "Failures:");
    failures.forEach((failure, index) => {
      lines.push("");
      lines.push(`${index + 1}. ${failure.check}: ${failure.operation}, ${failure.case}`);
      lines.push(indent(failure.message, "   "));
      if (failure.responseExcerpt !== undefined && failure.responseExcerpt !== "")
        lines.push(`   answer body: ${failure.responseExcerpt}`);
      if (failure.reproduction !== undefined) {
        lines.push(`   ${failure.shrunk ? "minimal reproduction" : "reproduction"}:`);
        lines.push(`     ${failure.reproduction}`);
      }
    });
    lines.push("", "Why each failed check matters:");
    for (const check of report.checks) if (check.outcome === "failed") lines.push(`  ${check.id}: ${check.why}`);
  }
  const missing = report.coverage.filter((entry) => entry.sent === 0);
  lines.push("");
  lines.push(
    `Coverage: ${report.coverage.length - missing.length} of ${report.coverage.length} cases sent${
      missing.length === 0
        ? ""
        : `; not reached (raise --max-requests or --time-limit): ${missing
            .slice(0, 8)
            .map((entry) => `${entry.operation} ${entry.case}`)
            .join(", ")}${missing.length > 8 ? `, and ${missing.length - 8} more` : ""}`
    }`,
  );
  if (report.discardedBodies > 0)
    lines.push(
      `${plural(report.discardedBodies, "generated body was", "generated bodies were")} refused by the validators and not sent`,
    );
  const failedChecks = report.checks.filter((check) => check.outcome === "failed").length;
  lines.push(report.conformant ? "Conformant." : `Not conformant: ${plural(failedChecks, "check")} failed.`);
  return `${lines.join("\n")}\n`;
}

export function formatJson(report: VerifyReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

const xml = (text: string): string =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "\ufffd")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** JUnit XML: one test case per check and operation it judged (or per check, when skipped). */
export function formatJunit(report: VerifyReport): string {
  const cases: string[] = [];
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  for (const check of report.checks) {
    const operations = [...new Set(report.coverage.map((entry) => entry.operation))];
    if (check.outcome === "skipped") {
      tests += 1;
      skipped += 1;
      cases.push(`    <testcase classname="${xml(report.api)}" name="${xml(check.id)}"><skipped/></testcase>`);
      continue;
    }
    for (const operation of check.scope === "webhook" ? [undefined] : operations) {
      const own = check.failures.filter((failure) => operation === undefined || failure.operation === operation);
      tests += 1;
      const name = xml(operation === undefined ? check.id : `${check.id} ${operation}`);
      if (own.length === 0) {
        cases.push(`    <testcase classname="${xml(report.api)}" name="${name}"/>`);
        continue;
      }
      failures += 1;
      const body = own
        .map((failure) =>
          [`${failure.case}: ${failure.message}`, failure.reproduction ?? ""].filter((line) => line !== "").join("\n"),
        )
        .join("\n\n");
      cases.push(
        `    <testcase classname="${xml(report.api)}" name="${name}">\n      <failure message="${xml(own[0]?.message ?? "")}" type="${xml(check.id)}">${xml(`${check.why}\n\n${body}`)}</failure>\n    </testcase>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="specfirst verify" tests="${tests}" failures="${failures}" skipped="${skipped}" time="${(report.durationMs / 1000).toFixed(3)}">
  <testsuite name="${xml(`specfirst verify ${report.api}`)}" tests="${tests}" failures="${failures}" skipped="${skipped}" time="${(report.durationMs / 1000).toFixed(3)}">
    <properties>
      <property name="base-url" value="${xml(report.baseUrl)}"/>
      <property name="seed" value="${report.seed}"/>
      <property name="requests" value="${report.requests}"/>
    </properties>
${cases.join("\n")}
  </testsuite>
</testsuites>
`;
}
