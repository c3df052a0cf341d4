/**
 * The run-time HTTP client of specfirst: `createClient(descriptor, options)` for any API described by an
 * `ApiDescriptor` (plain data rendered by the generator into `generated/<api>/client.ts`), the webhook handler, the
 * throughput limiter and the errors every client rejects with.
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
  CommandFailedError,
} from "./errors.js";
export type { ErrorJson, OperationRef, Reason } from "./errors.js";
export { createClient, defineApi } from "./create-client.js";
export type { OperationMethods } from "./create-client.js";
export { DEFAULT_TIMEOUT_MS } from "./transport.js";
export type {
  ApiResponse,
  BasicCredentials,
  CallOptions,
  ClientLogEntry,
  ClientLogger,
  CredentialSupplier,
  Middleware,
  MiddlewareContext,
  ClientOptions,
  ClientSettings,
  CreateClientOptions,
  FetchLike,
  FetchRequestInit,
  FetchResponseLike,
  LimitedClientOptions,
  OperationMethod,
  RetryingClientOptions,
} from "./transport.js";
export { createRateLimiter, LIMIT_WINDOW_MS } from "./limiter.js";
export type { LimitRates, LimitsOption, RateLimiter } from "./limiter.js";
export { RETRY_DEFAULTS } from "./retry.js";
export type { RetryOptions } from "./retry.js";
export { createWebhookHandler, DEFAULT_MAX_BODY_BYTES, DEFAULT_FAILURE_DESCRIPTION } from "./webhook.js";
export type { OtherMediaType, ReceiverFilter, WebhookContext, WebhookErrorContext, WebhookHandler, WebhookHandlerOptions, WebhookHandlerBaseOptions, WebhookRequest, WebhookResponse, WebhookResult } from "./webhook.js";
export type { ApiDescriptor, CredentialDescriptor, OperationDescriptor, PlanLimits, SecurityDescriptor, WebhookDescriptor } from "./descriptor.js";
