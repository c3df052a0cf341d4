/**
 * `specfirst/verify`: property-based conformance testing of an implementation of one of the APIs against the
 * contract (docs/verify.md). `verify(options)` runs the requests and checks and resolves with the report;
 * `formatText`, `formatJson` and `formatJunit` render it. What this module exports reaches no type of fast-check
 * (runtime/verify/check-ids.ts says why).
 */
import type { CheckInfo } from "./check-ids.js";
import { CHECKS as DEFINITIONS } from "./checks.js";

export { verify, VerifyOptionError, VerifyUnreachableError, VERIFY_DEFAULTS, type VerifyOptions } from "./runner.js";
export { CHECK_IDS, isCheckId, type CheckId, type CheckInfo } from "./check-ids.js";
export { API_NAMES, UnknownApiError } from "./apis.js";
export { CREDENTIAL_VARIABLE } from "./http.js";
export {
  formatJson,
  formatJunit,
  formatText,
  type CheckResult,
  type CoverageEntry,
  type VerifyFailure,
  type VerifyReport,
} from "./report.js";

/** Every check, in report order: its id, why it matters and what it judges. */
export const CHECKS: readonly CheckInfo[] = DEFINITIONS.map(({ id, why, scope }) => Object.freeze({ id, why, scope }));
