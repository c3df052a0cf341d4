/**
 * The run-time HTTP client of specfirst: `createClient(descriptor, options)` for any API described by an
 * `ApiDescriptor` (plain data rendered by the generator into `generated/<api>/client.ts`), the webhook handler, the
 * throughput limiter and the errors every client rejects with.
 */
export * from "./public.js";
export type { OperationRef, Reason } from "./errors.js";
export { createClient, defineApi } from "./create-client.js";
export type { OperationMethods } from "./create-client.js";
export { DEFAULT_TIMEOUT_MS } from "./transport.js";
export type {
  ClientSettings,
  CreateClientOptions,
  LimitedClientOptions,
  OperationMethod,
  RetryingClientOptions,
} from "./transport.js";
export { createRateLimiter, LIMIT_WINDOW_MS } from "./limiter.js";
export type { LimitsOption } from "./limiter.js";
export { RETRY_DEFAULTS, CONFIRMATION_RETRY } from "./retry.js";
export { memoryStore } from "./store.js";
export {
  createWebhookHandler,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_FAILURE_DESCRIPTION,
  DEFAULT_DEDUPLICATE_MAX_IDS,
  DEFAULT_DEDUPLICATE_WINDOW_MS,
} from "./webhook.js";
export type { WebhookContext, WebhookHandlerOptions, WebhookHandlerBaseOptions } from "./webhook.js";
export type {
  ApiDescriptor,
  CredentialDescriptor,
  OperationDescriptor,
  PlanLimits,
  SecurityDescriptor,
  WebhookDescriptor,
} from "./descriptor.js";
