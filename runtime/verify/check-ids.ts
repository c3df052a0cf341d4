/**
 * The names of verify's checks and what a report says of each: the public face of runtime/verify/checks.ts (which
 * holds their verdicts). Its declarations reach nothing of the run's internals, so a consumer's type check of
 * `specfirst/verify` never loads fast-check's types (whose `pure-rand/types/*` imports node10 resolution cannot find).
 */

/** Every check, in report order: Schemathesis's names where they mean the same (docs/verify.md#what-it-checks). */
export const CHECK_IDS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_schema_conformance",
  "command_response_id",
  "positive_data_acceptance",
  "negative_data_rejection",
  "ignored_auth",
  "observe_not_answered",
  "notification_delivery",
  "webhook_payload_conformance",
] as const;

export type CheckId = (typeof CHECK_IDS)[number];

/** A check as reports name it. */
export interface CheckInfo {
  readonly id: CheckId;
  /** Why it matters, in one sentence. */
  readonly why: string;
  /** `exchange`: judges each request and its answer; `webhook`: what the bot's URLs received (`--webhook-port`). */
  readonly scope: "exchange" | "webhook";
}

export function isCheckId(value: string): value is CheckId {
  return (CHECK_IDS as readonly string[]).includes(value);
}
