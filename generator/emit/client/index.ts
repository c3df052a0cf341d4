import type { ApiModel, ModelOperation, ModelWebhook } from "../../model/api-model.js";
import type { DispatchTable } from "../../model/dispatch-tables.js";
import type { Templates } from "../../load/templates.js";
import type { OutputFile } from "../../write/output-file.js";
import { apiOutput, runtimeImport } from "../../model/output-paths.js";
import { clientFactoryName, dispatchMapName, pascal } from "../../model/names.js";
import type { JsonValue } from "../../../runtime/json/json-text.js";
import { isJsonObject } from "../../model/schema-walk.js";

/** Exports a per-API client module may add besides its prefixed names; see emit/entry-points.ts. */
export interface ClientExtras {
  planLimits: boolean;
  commands: boolean;
  webhooks: boolean;
  /** The webhook payload types the module declares (`ReceivedMessage`), exported with `createWebhookHandler`. */
  receivedTypes: string[];
}

export interface ClientInput {
  model: ApiModel;
  /** Dispatch tables of the API's schemas, by schema title: which request types are generic (`Message<T>`). */
  dispatch: ReadonlyMap<string, DispatchTable>;
  templates: Templates;
}

/** The type a webhook's handler receives: named after the handler (`onMessage` → `ReceivedMessage`), else after its payload's title. */
const receivedName = (webhook: ModelWebhook) =>
  `Received${/^on[A-Z]/.test(webhook.handler) ? webhook.handler.slice(2) : webhook.type}`;

/** What `<operationId>` resolves with, as a type and in words. */
function resultOf(operation: ModelOperation): { type: string; text: string } {
  const statuses =
    operation.success.length === 0 ? "any HTTP 2xx" : operation.success.map((status) => `HTTP ${status}`).join(" or ");
  if (operation.response === "json")
    return {
      type: `Types.${operation.responseType}`,
      text: `with the \`${operation.responseType}\` of the ${statuses} answer`,
    };
  if (operation.response === "none") return { type: "void", text: `on ${statuses}, with no value` };
  return {
    type: "ApiResponse",
    text: `on ${statuses} with \`{ status, body }\` (the API description shows no response)`,
  };
}

/** A parameter schema as a TypeScript type: `$ref`s to components as their types, the common keywords, else `unknown`. */
function parameterType(schema: JsonValue | undefined): string {
  if (!isJsonObject(schema)) return "unknown";
  const ref = typeof schema.$ref === "string" ? /^#\/components\/schemas\/([^/]+)$/.exec(schema.$ref)?.[1] : undefined;
  if (ref !== undefined) return `Types.${decodeURIComponent(ref)}`;
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ") || "never";
  for (const keyword of ["anyOf", "oneOf"]) {
    const alternatives = schema[keyword];
    if (Array.isArray(alternatives)) return alternatives.map((item) => parameterType(item)).join(" | ") || "never";
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const named = types.map((type) => {
    switch (type) {
      case "string":
        return "string";
      case "integer":
      case "number":
        return "number";
      case "boolean":
        return "boolean";
      case "null":
        return "null";
      case "array":
        return `readonly (${parameterType(schema.items)})[]`;
      case "object":
        return isJsonObject(schema.properties)
          ? `{ ${Object.entries(schema.properties)
              .map(
                ([name, value]) =>
                  `${JSON.stringify(name)}${Array.isArray(schema.required) && schema.required.includes(name) ? "" : "?"}: ${parameterType(value)}`,
              )
              .join("; ")} }`
          : "Readonly<Record<string, string | number | boolean>>";
      default:
        return "unknown";
    }
  });
  return [...new Set(named)].join(" | ");
}

/**
 * The parameters of an operation as the client's types say them: `<OperationId>Parameters` (`{ path, query,
 * header, cookie }`, a location required when one of its parameters is), and the call's options argument, required
 * when a parameter is.
 */
function parametersView(operation: ModelOperation): {
  parametersName: string | undefined;
  parametersType: string | undefined;
  optionsArgument: string;
} {
  if (operation.parameters.length === 0)
    return { parametersName: undefined, parametersType: undefined, optionsArgument: "options?: CallOptions" };
  const name = `${pascal(operation.operationId)}Parameters`;
  const groups = (["path", "query", "header", "cookie"] as const).flatMap((where) => {
    const members = operation.parameters
      .map((parameter, index) => ({ parameter, schema: operation.parameterSchemas[index] }))
      .filter(({ parameter }) => parameter.in === where);
    if (members.length === 0) return [];
    const required = members.some(({ parameter }) => parameter.required);
    const fields = members.map(
      ({ parameter, schema }) =>
        `    ${JSON.stringify(parameter.name)}${parameter.required ? "" : "?"}: ${parameterType(schema)};`,
    );
    return [`  ${where}${required ? "" : "?"}: {\n${fields.join("\n")}\n  };`];
  });
  const required = operation.parameters.some((parameter) => parameter.required);
  return {
    parametersName: name,
    parametersType: `{\n${groups.join("\n")}\n}`,
    optionsArgument: required
      ? `options: CallOptions & { params: ${name} }`
      : `options?: CallOptions & { params?: ${name} }`,
  };
}

/** The TypeScript type of the credential option for the API's security scheme. */
function credentialType(model: ApiModel): string {
  return model.credential.security.kind === "basic" ? "{ username: string; password: string }" : "string";
}

function credentialText(model: ApiModel): string {
  const { option, security } = model.credential;
  if (security.kind === "bearer") return `sent as \`Authorization: Bearer <${option}>\``;
  if (security.kind === "basic") return `sent as \`Authorization: Basic base64(username:password)\``;
  return security.in === "query"
    ? `sent as the query parameter \`${security.name}=${security.prefix}<${option}>\``
    : `sent as \`${security.name}: ${security.prefix}<${option}>\``;
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
    operations: model.operations.map(
      ({ summary: _s, requestType: _r, responseType: _t, parameterSchemas: _p, secured: _c, ...operation }) =>
        operation,
    ),
    webhooks: model.webhooks.map(({ summary: _s, type: _t, ...webhook }) => webhook),
  };
  const resourceMap = [...dispatch.values()].find((table) => table.field === "resource");
  // `reply` of the webhook context, typed like the operation it goes through (as the runtime picks it: the
  // webhook's `reply`, else the operation whose request schema is the payload's): generic in the media type when
  // that operation's body is typed by a dispatch map, so `reply({ type, content })` checks `content` against `type`.
  const replyOperations = new Set(
    model.webhooks
      .filter((webhook) => webhook.acknowledge !== null)
      .map(
        (webhook) =>
          webhook.reply ?? model.operations.find((operation) => operation.schema === webhook.schema)?.operationId,
      ),
  );
  const replyOperation =
    replyOperations.size === 1
      ? model.operations.find((operation) => replyOperations.has(operation.operationId))
      : undefined;
  const replyTable =
    replyOperation?.requestType === undefined || replyOperation.requestType === null
      ? undefined
      : dispatch.get(replyOperation.requestType);
  const replyType =
    replyOperation === undefined || replyTable === undefined
      ? "(content: { id?: string | null; type: string; content: unknown }, options?: CallOptions) => Promise<unknown>"
      : `<const T extends keyof Types.${dispatchMapName(replyTable.field)} | (string & {}) = string>(content: { id?: string | null; ${replyTable.discriminator}: T; ${replyTable.field}: Types.${replyOperation.requestType}<T>[${JSON.stringify(replyTable.field)}] }, options?: CallOptions) => Promise<unknown>`;
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
      const table = operation.requestType === null ? undefined : dispatch.get(operation.requestType);
      const parameters = parametersView(operation);
      const result = resultOf(operation);
      // `T` completes the known values of the dispatch map (`keyof ContentByType`) and still takes any other string.
      const typeParameters =
        table === undefined ? "" : `<T extends keyof Types.${dispatchMapName(table.field)} | (string & {}) = string>`;
      // A generic response typed by the same map answers with the request's `T` (`CommandResponse<T>`).
      const responseTable = operation.response === "json" ? dispatch.get(operation.responseType ?? "") : undefined;
      const resultType =
        table !== undefined && responseTable !== undefined && responseTable.field === table.field
          ? `${result.type}<T>`
          : result.type;
      const body =
        operation.requestType === null
          ? ""
          : `body: Types.${operation.requestType}${table === undefined ? "" : "<T>"}${operation.bodyRequired ? "" : " | undefined"}, `;
      return {
        ...operation,
        ...parameters,
        arguments: `${body}${parameters.optionsArgument}`,
        typeParameters,
        resultType,
        resultText: result.text,
      };
    }),
    commands: model.commands.map((command) => ({
      ...command,
      // A URI ending in `/{name}` names one item: the builder takes it first (`cancelSchedule(id, target)`).
      item: /\/\{([A-Za-z_$][\w$]*)\}$/.exec(command.uri)?.[1],
      resourceType:
        resourceMap === undefined
          ? "Record<string, unknown>"
          : `Types.${dispatchMapName("resource")}[${JSON.stringify(command.type)}]`,
      commandType: genericOf("Command") ? `Types.Command<${JSON.stringify(command.type)}>` : "Types.Command",
    })),
    commandsJson: model.commands,
    webhooks: model.webhooks.map((webhook) => {
      // A payload typed by a dispatch map is received as the union of its known forms and an open one, so that
      // `switch (payload.<discriminator>)` narrows it (`KnownMessage | Message<OtherMediaType>`).
      const table = dispatch.get(webhook.type);
      return {
        ...webhook,
        // The parameter is named after the handler (`onMessage` → `message`), else after the schema.
        param: /^on[A-Z]/.test(webhook.handler)
          ? `${webhook.handler.charAt(2).toLowerCase()}${webhook.handler.slice(3)}`
          : webhook.schema.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()),
        acknowledged: webhook.acknowledge !== null,
        receivedName: receivedName(webhook),
        receivedType:
          table === undefined
            ? `Types.${webhook.type}`
            : `Types.Known${webhook.type} | Types.${webhook.type}<OtherMediaType>`,
        dispatched:
          table === undefined ? null : { field: table.discriminator, map: `Types.${dispatchMapName(table.field)}` },
      };
    }),
    hasWebhooks: model.webhooks.length > 0,
    replyType,
    webhookPayloads: [...new Set(model.webhooks.map(receivedName))].join(" | ") || "never",
    acknowledgedPayloads:
      [...new Set(model.webhooks.filter((webhook) => webhook.acknowledge !== null).map(receivedName))].join(" | ") ||
      "never",
    hasAcknowledge: model.webhooks.some((webhook) => webhook.acknowledge !== null),
  };
  return {
    file: { path, contents: templates.render("api/client.ts.hbs", view) },
    extras: {
      planLimits: model.planLimits !== null,
      commands: model.commands.length > 0,
      webhooks: model.webhooks.length > 0,
      receivedTypes: [...new Set(model.webhooks.map(receivedName))],
    },
  };
}
