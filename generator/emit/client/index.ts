import type { ApiModel, ModelOperation } from "../../model/api-model.js";
import type { DispatchTable } from "../../model/dispatch-tables.js";
import type { Templates } from "../../load/templates.js";
import type { OutputFile } from "../../write/output-file.js";
import { apiOutput, runtimeImport } from "../../model/output-paths.js";
import { clientFactoryName, dispatchMapName } from "../../model/names.js";

/** Exports a per-API client module may add besides its prefixed names; see emit/entry-points.ts. */
export interface ClientExtras {
  planLimits: boolean;
  commands: boolean;
  webhooks: boolean;
}

export interface ClientInput {
  model: ApiModel;
  /** Dispatch tables of the API's schemas, by schema title: which request types are generic (`Message<T>`). */
  dispatch: ReadonlyMap<string, DispatchTable>;
  templates: Templates;
}

/** What `<operationId>` resolves with, as a type and in words. */
function resultOf(operation: ModelOperation): { type: string; text: string } {
  const statuses = operation.success.length === 0 ? "any HTTP 2xx" : operation.success.map((status) => `HTTP ${status}`).join(" or ");
  if (operation.response === "json") return { type: `Types.${operation.responseType}`, text: `with the \`${operation.responseType}\` of the ${statuses} answer` };
  if (operation.response === "none") return { type: "void", text: `on ${statuses}, with no value` };
  return { type: "ApiResponse", text: `on ${statuses} with \`{ status, body }\` (the API description shows no response)` };
}

/** The TypeScript type of the credential option for the API's security scheme. */
function credentialType(model: ApiModel): string {
  return model.credential.security.kind === "basic" ? "{ username: string; password: string }" : "string";
}

function credentialText(model: ApiModel): string {
  const { option, security } = model.credential;
  if (security.kind === "bearer") return `sent as \`Authorization: Bearer <${option}>\``;
  if (security.kind === "basic") return `sent as \`Authorization: Basic base64(username:password)\``;
  return security.in === "query" ? `sent as the query parameter \`${security.name}=${security.prefix}<${option}>\`` : `sent as \`${security.name}: ${security.prefix}<${option}>\``;
}

/**
 * One API's client module, `generated/<api>/client.ts`: the API descriptor as data (operations, security, limits,
 * webhooks), the typed client interface and factory, and, when the API declares them, plan limits, command
 * builders and a webhook handler. All behaviour is in runtime/client and runtime/messaging.
 */
export function emitClient({ model, dispatch, templates }: ClientInput): { file: OutputFile; extras: ClientExtras } {
  const path = apiOutput.client(model.api);
  const genericOf = (type: string) => dispatch.has(type);
  const descriptor = {
    api: model.api,
    title: model.title,
    factory: clientFactoryName(model.api),
    credential: model.credential,
    operations: model.operations.map(({ summary: _s, requestType: _r, responseType: _t, ...operation }) => operation),
    webhooks: model.webhooks.map(({ summary: _s, type: _t, ...webhook }) => webhook),
  };
  const resourceMap = [...dispatch.values()].find((table) => table.field === "resource");
  const view = {
    ...model,
    runtimeClient: runtimeImport(path, "client/index.js"),
    runtimeMessaging: runtimeImport(path, "messaging/index.js"),
    factory: descriptor.factory,
    descriptorJson: descriptor,
    planLimitsJson: model.planLimits,
    credentialType: credentialType(model),
    credentialText: credentialText(model),
    hasCredential: model.credential.option !== "",
    hasRetry: model.operations.some((operation) => operation.idempotentWith !== null),
    operations: model.operations.map((operation) => {
      const generic = genericOf(operation.requestType);
      const result = resultOf(operation);
      return { ...operation, typeParameters: generic ? "<T extends string = string>" : "", typeArguments: generic ? "<T>" : "", resultType: result.type, resultText: result.text };
    }),
    commands: model.commands.map((command) => ({
      ...command,
      resourceType: resourceMap === undefined ? "Record<string, unknown>" : `Types.${dispatchMapName("resource")}[${JSON.stringify(command.type)}]`,
      commandType: genericOf("Command") ? `Types.Command<${JSON.stringify(command.type)}>` : "Types.Command",
    })),
    commandsJson: model.commands,
    webhooks: model.webhooks.map((webhook) => ({ ...webhook, param: /^on[A-Z]/.test(webhook.handler) ? `${webhook.handler.charAt(2).toLowerCase()}${webhook.handler.slice(3)}` : webhook.schema.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()), acknowledged: webhook.acknowledge !== null })),
    hasWebhooks: model.webhooks.length > 0,
    webhookPayloads: [...new Set(model.webhooks.map((webhook) => `Types.${webhook.type}`))].join(" | ") || "never",
    acknowledgedPayloads: [...new Set(model.webhooks.filter((webhook) => webhook.acknowledge !== null).map((webhook) => `Types.${webhook.type}`))].join(" | ") || "never",
    hasAcknowledge: model.webhooks.some((webhook) => webhook.acknowledge !== null),
  };
  return {
    file: { path, contents: templates.render("api/client.ts.hbs", view) },
    extras: { planLimits: model.planLimits !== null, commands: model.commands.length > 0, webhooks: model.webhooks.length > 0 },
  };
}
