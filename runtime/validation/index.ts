export { VALID, type ValidationError, type ValidationResult, type Validates } from "./result.js";
export { REDACTED, type SecretShape } from "./redact-secret-fields.js";
export {
  createValidatorSet,
  type CompiledValidator,
  type SchemaEntry,
  type ValidatorSet,
  type ValidatorTable,
} from "./validator-set.js";
export { combineValidatorSets } from "./combined-set.js";
export type { PatternHints } from "./error-messages.js";
export {
  combineRouteValidators,
  createRouteValidator,
  type HeadersLike,
  type RouteCheck,
  type RouteCredential,
  type RouteEntry,
  type RouteParameters,
  type RouteRequest,
  type RouteValidator,
} from "./routes.js";
