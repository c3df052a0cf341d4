import { apis } from "../../generated/client.js";
import { pathTemplate, type PathTemplate } from "../http/parameters.js";

/**
 * The operations the validation proxy checks, as data: for each, the validator name of its request body and, per
 * response status, the validator name of the response body (`null`: the status is declared without a body schema,
 * so its body is not checked). A status missing from `responses` is undeclared, unless there is a `default`.
 *
 * Read from the generated API descriptors (the operations of every OpenAPI document), so the runtime never parses
 * YAML. The webhooks are not listed: they are calls to the bot's own URLs, not to the service behind the proxy.
 */
export interface ProxyRoute {
  /** Upper-case HTTP method. */
  method: string;
  /** The path as in the OpenAPI document: literal segments matched exactly, each `{name}` one segment (query aside). */
  path: string;
  /** The matcher of `path` (runtime/http/parameters.ts); absent in a hand-made route: made from `path`. */
  template?: PathTemplate;
  operationId: string;
  /** Validator name of the request body's schema; `null` for no body schema. */
  requestSchema: string | null;
  /** Status code (or `default`) → validator name of the response body's schema, or `null` for none. */
  responses: Readonly<Record<string, string | null>>;
}

export const ROUTES: readonly ProxyRoute[] = apis.flatMap((api) =>
  api.operations.map((operation) => ({
    method: operation.method,
    path: operation.path,
    template: pathTemplate(operation.path),
    operationId: operation.operationId,
    requestSchema: operation.schema,
    responses: operation.responses,
  })),
);
