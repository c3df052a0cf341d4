/**
 * What `specfirst verify` knows of one API: its operations, security and webhooks from the generated API descriptor
 * (the published OpenAPI document as data, as the proxy and the sandbox read it), its schemas from the shipped
 * schema files, its validators, and the few rules of the envelope protocol that a document cannot state, each
 * quoting the seed it comes from (docs/verify.md#what-it-checks).
 */
import { apis } from "../../generated/client.js";
import type { ApiDescriptor, OperationDescriptor, WebhookDescriptor } from "../client/descriptor.js";
import { schemaFiles } from "../validation/schema-files.js";
import type { Validates } from "../validation/result.js";
import { UnknownApiError } from "./apis.js";
import { BodyArbitraries } from "./arbitraries.js";
import { SchemaRegistry, type SchemaNode, type SchemaObject } from "./schema-model.js";
import { variantsOf, type Variant } from "./variants.js";

/**
 * A request the schema accepts but the server must not answer. The messaging seed: `observe` "notifies of a value
 * change, is sent by the server or an extension, is unidirectional and must not be answered".
 */
export interface UnansweredRequest {
  readonly requestSchema: string;
  readonly property: string;
  readonly value: unknown;
}
export const UNANSWERED_REQUESTS: readonly UnansweredRequest[] = [
  { requestSchema: "command", property: "method", value: "observe" },
];

/**
 * Sends whose `id` the platform reports on by webhook. The messaging seed: "Sending is asynchronous. The status of a
 * sent message is delivered as notifications", `id` "used as reference by notifications", delivered "to the bot, by
 * POST to its notifications URL".
 */
export interface NotifiedSend {
  readonly operationId: string;
  /** The webhook whose payloads report on the send, by the send's `id`. */
  readonly webhook: string;
}
export const NOTIFIED_SENDS: readonly NotifiedSend[] = [
  { operationId: "sendMessage", webhook: "notificationReceived" },
];

export interface VerifiedOperation extends OperationDescriptor {
  /** Validator name of its request body (verify sends bodies: an operation without one is refused at load). */
  readonly schema: string;
  readonly api: string;
  /** `POST /messages`. */
  readonly label: string;
  readonly request: SchemaNode;
  /** The coverage list of its request body. */
  readonly variants: readonly Variant[];
  /** The rule making some valid requests unanswerable (`observe`), if any. */
  readonly unanswered: UnansweredRequest | undefined;
  /** The webhook reporting on its sends by `id`, if any. */
  readonly notifiedBy: WebhookDescriptor | undefined;
}

export interface VerifiedApi {
  readonly descriptor: ApiDescriptor;
  readonly operations: readonly VerifiedOperation[];
  readonly validators: Validates;
  readonly registry: SchemaRegistry;
  readonly arbitraries: BodyArbitraries;
}

/** The API named `name`, ready to generate requests for; throws `UnknownApiError` for another name. */
export async function loadApi(name: string): Promise<VerifiedApi> {
  const descriptor = apis.find((api) => api.api === name);
  if (descriptor === undefined) throw new UnknownApiError(name);
  const registry = new SchemaRegistry(
    schemaFiles().map((file) => ({ name: file.name, $id: file.$id, schema: file.schema as SchemaObject })),
  );
  const arbitraries = new BodyArbitraries(registry);
  const operations = descriptor.operations.map((operation): VerifiedOperation => {
    const schema = operation.schema;
    // Fail closed: verify generates request bodies; an operation without one would go unchecked without a word.
    if (schema === null)
      throw new TypeError(
        `verify: operation ${operation.operationId} of the ${name} API has no request body; verify checks operations with a JSON request body only`,
      );
    const request = registry.named(schema);
    const notified = NOTIFIED_SENDS.find((rule) => rule.operationId === operation.operationId);
    const notifiedBy =
      notified === undefined ? undefined : descriptor.webhooks.find((webhook) => webhook.name === notified.webhook);
    // Fail closed: a protocol rule naming a webhook the document lost would silently stop being checked.
    if (notified !== undefined && notifiedBy === undefined)
      throw new TypeError(`verify: the ${name} API has no webhook ${notified.webhook} for ${operation.operationId}`);
    return {
      ...operation,
      schema,
      api: descriptor.api,
      label: `${operation.method} ${operation.path}`,
      request,
      variants: variantsOf(registry, arbitraries, request),
      unanswered: UNANSWERED_REQUESTS.find((rule) => rule.requestSchema === operation.schema),
      notifiedBy,
    };
  });
  return { descriptor, operations, validators: await descriptor.loadValidators(), registry, arbitraries };
}

/** The webhook of `descriptor` a payload is for: the first whose `match.required` fields it has, else the fallback. */
export function webhookOf(descriptor: ApiDescriptor, payload: unknown): WebhookDescriptor | undefined {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return undefined;
  const matching = descriptor.webhooks.find(
    (webhook) => webhook.match !== null && webhook.match.required.every((field) => Object.hasOwn(payload, field)),
  );
  return matching ?? descriptor.webhooks.find((webhook) => webhook.match === null);
}
