import { apis } from "../../generated/client.js";
import { schemaNames, type SchemaName } from "../../generated/validators.js";
import { pathTemplate, type PathTemplate } from "../http/parameters.js";
import type { LimitKind } from "./rate-limit.js";

/**
 * The operations the sandbox serves, read from the generated API descriptors (the operations of every published
 * OpenAPI document, as the validation proxy's routes are): nothing about a path, a method or a request schema is
 * written in the sandbox itself. What it does once a request is valid is keyed by `operationId`.
 */
export interface SandboxOperation {
  /** The API the operation belongs to (`messaging`, `configs`): it picks the key checked. */
  api: string;
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** The path as in the OpenAPI document: literal segments matched exactly, each `{name}` one segment (query string aside). */
  path: string;
  /** The matcher of `path` (runtime/http/parameters.ts). */
  template: PathTemplate;
  /** Validator name of the request body's schema: the one the published document names for the operation; null for none. */
  requestSchema: SchemaName | null;
  /** The plan limit the operation counts against (`x-specfirst-rate-limit-kind`), or null: never limited. */
  limit: LimitKind | null;
}

const LIMIT_KINDS: readonly string[] = ["messages", "notifications", "commands"] satisfies LimitKind[];

function schemaName(name: string, operationId: string): SchemaName;
function schemaName(name: string | null, operationId: string): SchemaName | null;
function schemaName(name: string | null, operationId: string): SchemaName | null {
  if (name === null) return null;
  if (!(schemaNames as readonly string[]).includes(name))
    throw new TypeError(`sandbox: operation ${operationId} names the request schema "${name}", which has no validator`);
  return name as SchemaName;
}

function limitKind(category: string | null, operationId: string): LimitKind | null {
  if (category === null) return null;
  // Fail closed: a kind the sandbox's limiter does not know would go unlimited without a word.
  if (!LIMIT_KINDS.includes(category))
    throw new TypeError(
      `sandbox: operation ${operationId} counts against the rate-limit kind "${category}", which the sandbox does not know`,
    );
  return category as LimitKind;
}

export const SANDBOX_OPERATIONS: readonly SandboxOperation[] = apis.flatMap((api) =>
  api.operations.map((operation) => ({
    api: api.api,
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    template: pathTemplate(operation.path),
    requestSchema: schemaName(operation.schema, operation.operationId),
    limit: limitKind(operation.category, operation.operationId),
  })),
);

/** A webhook of the API descriptions: a call the sandbox makes to the bot, with the payload schema it must satisfy. */
export interface SandboxWebhook {
  api: string;
  /** The webhook's key in the published document (`messageReceived`, `notificationReceived`). */
  name: string;
  /** Validator name of the payload's schema, as the published document names it. */
  payloadSchema: SchemaName;
}

export const SANDBOX_WEBHOOKS: readonly SandboxWebhook[] = apis.flatMap((api) =>
  api.webhooks.map((webhook) => ({
    api: api.api,
    name: webhook.name,
    payloadSchema: schemaName(webhook.schema, webhook.operationId),
  })),
);

/** The payload schema of the webhook `name`; fails at start when the descriptors have no such webhook. */
export function webhookSchema(name: string): SchemaName {
  const webhook = SANDBOX_WEBHOOKS.find((candidate) => candidate.name === name);
  if (webhook === undefined) throw new TypeError(`sandbox: the API descriptors have no webhook ${name}`);
  return webhook.payloadSchema;
}

/**
 * The operations whose path `path` (a request's, query string aside) is: the one written exactly so, else those whose
 * template it fills (`/v1/acme/items/sku-1` for `/v1/{tenant}/items/{sku}`). Empty for a path of neither API.
 */
export function operationsAt(path: string): SandboxOperation[] {
  const exact = SANDBOX_OPERATIONS.filter((operation) => operation.path === path);
  if (exact.length > 0) return exact;
  const templated = SANDBOX_OPERATIONS.filter(
    (operation) => !operation.template.literal && operation.template.match(path) !== undefined,
  );
  // The most literal template wins (`/items/first` before `/items/{sku}`), as OpenAPI says concrete paths do.
  const literalLength = (operation: SandboxOperation) => operation.path.replace(/\{[^{}]+\}/g, "").length;
  const best = Math.max(0, ...templated.map(literalLength));
  return templated.filter((operation) => literalLength(operation) === best);
}
