import type { ParameterDescriptor } from "../http/parameters.js";
import type { Validates } from "../validation/result.js";

/**
 * What the generator knows of one API, as plain data, rendered into `generated/<api>/client.ts` and read by the
 * runtime. Everything here comes from the OpenAPI source document (operations, security schemes, webhooks) and its
 * optional `x-specfirst-*` extensions; nothing is inferred from prose.
 */

/** How a credential is sent, from the OpenAPI security scheme the operations require. */
export type SecurityDescriptor =
  /** `type: apiKey`: the key in a header or query parameter, after `prefix` (`x-specfirst-credential-prefix`, default none). */
  | { kind: "apiKey"; in: "header" | "query"; name: string; prefix: string }
  /** `type: http, scheme: bearer`: `Authorization: Bearer <token>`. */
  | { kind: "bearer" }
  /** `type: http, scheme: basic`: `Authorization: Basic base64(username:password)`; the option is `{ username, password }`. */
  | { kind: "basic" };

export interface CredentialDescriptor {
  /** The client option holding the credential: the security scheme's name (`accessKey`, `apiKey`, `token`). */
  option: string;
  security: SecurityDescriptor;
}

export interface OperationDescriptor {
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** The path as in the OpenAPI document, a template when it has parameters (`/v1/{tenant}/items/{sku}`). */
  path: string;
  /** Validator name of the request body's schema; null for an operation without a request body. */
  schema: string | null;
  /** The request body must be sent (`requestBody.required`); default true when there is one. */
  bodyRequired?: boolean;
  /**
   * The operation's parameters (the path item's and its own, the operation's winning), in the document's order;
   * `Accept`, `Content-Type` and `Authorization` header parameters are not among them (OpenAPI ignores those).
   * Default none.
   */
  parameters?: readonly ParameterDescriptor[];
  /** The declared 2xx statuses; empty: any 2xx (only a `default` response is declared). */
  success: number[];
  /** `json`: a declared JSON body (resolved as the parsed object); `none`: no body; `any`: `{ status, body }`. */
  response: "none" | "json" | "any";
  /** Every declared response, by status code (or `default`): the validator name of its JSON body's schema, or null for none. */
  responses: Readonly<Record<string, string | null>>;
  /** The limiter kind this operation counts against (`x-specfirst-rate-limit-kind`), or null. */
  category: string | null;
  /** A send is idempotent (retryable) when this body field is a non-empty string (`x-specfirst-idempotent-when`), or null. */
  idempotentWith: string | null;
}

export interface WebhookDescriptor {
  /** The webhook's key in the OpenAPI document. */
  name: string;
  operationId: string;
  /** Validator name of the payload's schema. */
  schema: string;
  /** The handler option receiving the payload: `on<Title>` (`onMessage`, `onNotification`). */
  handler: string;
  /** The payload is this webhook's when it has all these fields (`x-specfirst-match.required`); absent: the fallback. */
  match: { required: string[] } | null;
  /**
   * After the handler (`x-specfirst-acknowledge`): send `operation` with a notification of `success`, or of
   * `failure` with a reason when the handler throws; only for a payload carrying an `id`.
   */
  acknowledge: { operation: string; success: string; failure: string } | null;
  /** The operation `reply` sends through (`x-specfirst-reply`); absent: the operation whose request schema is the webhook's. */
  reply?: string;
}

/** Envelopes per second by plan and by limiter kind (`x-specfirst-plan-limits`). */
export type PlanLimits = Readonly<Record<string, Readonly<Record<string, number>>>>;

export interface ApiDescriptor {
  api: string;
  title: string;
  /** The factory's name, for messages: `createMessagingClient`. */
  factory: string;
  credential: CredentialDescriptor;
  planLimits: PlanLimits | null;
  operations: readonly OperationDescriptor[];
  webhooks: readonly WebhookDescriptor[];
  /** This API's validators, imported on first use only (a client that does not validate never loads AJV's runtime). */
  loadValidators(): Promise<Validates>;
}
