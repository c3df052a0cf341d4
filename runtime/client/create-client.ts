/** `createClient`: one method per operation of an `ApiDescriptor`, sending over a transport of its own. */
import type { ApiDescriptor } from "./descriptor.js";
import { attachRedactor } from "./scrub-credential.js";
import { attachScope } from "./store.js";
import {
  attachObservable,
  createTransport,
  deepFreeze,
  type CreateClientOptions,
  type Middleware,
  type OperationMethod,
} from "./transport.js";

/** A client as `createClient` builds it: one method per operation, keyed by operationId. */
export type OperationMethods = Readonly<Record<string, OperationMethod>>;

/**
 * A client for the API `descriptor` describes: a frozen object with one method per operation (keyed by its
 * `operationId`), each `(body, { signal, timeoutMs }?) => Promise<result>`, where the result is, by the operation's
 * `response`: `undefined` (`none`), the parsed JSON object (`json`) or `{ status, body }` (`any`). Rejects with the
 * errors of errors.ts. Options: `baseUrl`, the credential under `descriptor.credential.option`, `timeoutMs`,
 * `validate`, `fetch`, plus `limits` when the descriptor has `planLimits` and `retry` when an operation has
 * `idempotentWith`. Throws a `TypeError` for invalid options (naming the option, never quoting the credential).
 *
 * `client.use({ onRequest, onResponse, onError })` adds middleware (not enumerable, so the client's keys stay its
 * operations) and returns the client.
 *
 * `Client` only types the result: a generated module passes its precise interface
 * (`createClient<MessagingClient>(messagingApi, options)`), whose methods must be the descriptor's
 * operations; the runtime does not check that interface, so the generator owns that promise.
 */
export function createClient<Client extends object = OperationMethods>(
  descriptor: ApiDescriptor,
  options: CreateClientOptions,
): Client {
  deepFreeze(descriptor);
  const transport = createTransport(descriptor, options);
  const client: Record<string, OperationMethod> = {};
  for (const operation of descriptor.operations) {
    if (Object.hasOwn(client, operation.operationId))
      throw new TypeError(
        `${descriptor.factory}: operationId ${operation.operationId} appears twice in the descriptor`,
      );
    // Defined, not assigned: an operationId such as `__proto__` stays an ordinary method name.
    Object.defineProperty(client, operation.operationId, { value: transport.operation(operation), enumerable: true });
  }
  if (Object.hasOwn(client, "use"))
    throw new TypeError(`${descriptor.factory}: operationId use is taken by the client's middleware method`);
  // Not enumerable: the client's keys stay its operations.
  Object.defineProperty(client, "use", {
    value(...middleware: Middleware[]) {
      transport.use(...middleware);
      return client;
    },
  });
  // The webhook handler given this client redacts its credential from what it reports and sends (webhook.ts).
  attachRedactor(client, transport.redact);
  // ... and keeps the books of the confirmations sent through it (the bot's own included).
  attachObservable(client, transport.observe);
  // ... and shares its stores' keys (named by a digest of the credential, store.ts).
  attachScope(client, transport.scope);
  return Object.freeze(client) as unknown as Client;
}

/**
 * Freezes a descriptor deeply (its plan table included) and returns it, for a generated module to call once at load:
 * `export const messagingApi = defineApi({ ... })`. `createClient` and `createWebhookHandler` freeze the descriptor
 * they get anyway; freezing at load also freezes what the module exports from it (`PLAN_LIMITS`) before any use.
 */
export function defineApi<Descriptor extends ApiDescriptor>(descriptor: Descriptor): Descriptor {
  return deepFreeze(descriptor);
}
