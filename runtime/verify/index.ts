/**
 * `specfirst/verify`: property-based conformance testing of an implementation of one of the APIs against the
 * contract (docs/verify.md). `verify(options)` runs the requests and checks and resolves with the report;
 * `formatText`, `formatJson` and `formatJunit` render it.
 */
export { verify, VerifyOptionError, VerifyUnreachableError, VERIFY_DEFAULTS, type VerifyOptions } from "./runner.js";
export { CHECKS, CHECK_IDS, isCheckId, type CheckDefinition, type CheckId } from "./checks.js";
export { API_NAMES, UnknownApiError } from "./contract.js";
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
