/**
 * The operations the validation proxy checks, as data: for each, the validator name of its request body and, per
 * response status, the validator name of the response body (`null`: the status is declared without a body schema,
 * so its body is not checked). A status missing from `responses` is undeclared, unless there is a `default`.
 *
 * Written by hand from openapi/messaging.source.yaml and openapi/configs.source.yaml for now; it will be generated
 * from the OpenAPI documents (same shape), so the runtime never parses YAML. The webhooks are not listed: they are
 * calls to the bot's own URLs, not to the service behind the proxy.
 */
export interface ProxyRoute {
  /** Upper-case HTTP method. */
  method: string;
  /** The path as in the OpenAPI document, matched exactly (query string aside). */
  path: string;
  operationId: string;
  /** Validator name of the request body's schema; `null` for no body schema. */
  requestSchema: string | null;
  /** Status code (or `default`) → validator name of the response body's schema, or `null` for none. */
  responses: Readonly<Record<string, string | null>>;
}

export const ROUTES: readonly ProxyRoute[] = [
  // messaging (openapi/messaging.yaml)
  { method: "POST", path: "/messages", operationId: "sendMessage", requestSchema: "message", responses: { "202": null, "400": null, "401": null } },
  { method: "POST", path: "/notifications", operationId: "sendNotification", requestSchema: "notification", responses: { "202": null, "400": null, "401": null } },
  { method: "POST", path: "/commands", operationId: "sendCommand", requestSchema: "command", responses: { "200": "command-response", "400": null, "401": null } },
  // configs (openapi/configs.yaml): the description shows no response, so any status is declared by `default`
  { method: "POST", path: "/v1/configs", operationId: "createConfig", requestSchema: "config", responses: { default: null } },
];
