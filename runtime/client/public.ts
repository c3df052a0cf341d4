/**
 * What `specfirst/client` re-exports of the client runtime for users: the errors, the limiter and the option and
 * result types. The descriptor-driven factories (`createClient`, the generic `createWebhookHandler`) and the
 * descriptor types stay in ./index.ts, for the generated per-API modules, which export typed factories of their own.
 */
export {
  ClientError,
  HttpError,
  BadRequestError,
  UnauthorizedError,
  RateLimitedError,
  ServerError,
  NetworkError,
  TimeoutError,
  AbortedError,
  RequestValidationError,
  ResponseFormatError,
  RedirectError,
  MiddlewareError,
  CommandFailedError,
} from "./errors.js";
export type { ErrorJson, ServerReason } from "./errors.js";
export type {
  ApiResponse,
  BasicCredentials,
  CallOptions,
  ClientLogEntry,
  ClientLogError,
  ClientLogger,
  ClientOptions,
  CredentialSupplier,
  FetchLike,
  FetchRequestInit,
  FetchResponseLike,
  Middleware,
  MiddlewareContext,
} from "./transport.js";
// `createRateLimiter` is exported by the generated module of an API with plan limits, bound to its `PLAN_LIMITS`.
export type { LimitRates, RateLimiter } from "./limiter.js";
export type { DeliveryRecord, RedeliveryWindow, RedeliveryWindowOptions, Store, StoreScope } from "./store.js";
export type { RetryOptions } from "./retry.js";
export type { OtherMediaType } from "./other-media-type.js";
export type {
  DeduplicateOptions,
  ReceiverFilter,
  WebhookErrorContext,
  WebhookHandler,
  WebhookRequest,
  WebhookResponse,
  WebhookResult,
} from "./webhook.js";
export { ConfirmationWarning } from "./webhook.js";
