import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import { escapePointerSegment } from "../../runtime/json/json-text.js";
import type {
  CredentialDescriptor,
  OperationDescriptor,
  PlanLimits,
  SecurityDescriptor,
  WebhookDescriptor,
} from "../../runtime/client/descriptor.js";
import type {
  ParameterDescriptor,
  ParameterLocation,
  ParameterStyle,
  ParameterType,
} from "../../runtime/http/parameters.js";
import { isJsonObject } from "./schema-walk.js";
import { pascal } from "./names.js";
import { GenerationFailed, type Problem } from "../problems.js";

/**
 * What the generator knows of one API, read from its OpenAPI document: operations, security, webhooks, and the
 * optional `x-specfirst-*` declarations. Nothing is read from prose.
 */
export interface ApiModel {
  api: string;
  /** `Messaging`: the prefix of the API's type names (`MessagingClient`). */
  pascal: string;
  title: string;
  /** The source document, for problems. */
  file: string;
  credential: CredentialDescriptor;
  operations: ModelOperation[];
  webhooks: ModelWebhook[];
  planLimits: PlanLimits | null;
  commands: CommandSpec[];
  /** Schema names that get a variant twin, by kind: `x-specfirst-lenient` (`config` → `config-lenient`), `x-specfirst-strict` (`message` → `message-strict`). */
  variants: VariantDeclarations;
}

export interface ModelOperation extends OperationDescriptor {
  bodyRequired: boolean;
  parameters: ParameterDescriptor[];
  summary: string;
  /** Title of the request body schema (its TypeScript type); null for an operation without a request body. */
  requestType: string | null;
  /** The operation requires the credential (its `security`, else the document's, names a scheme). */
  secured: boolean;
  /** Each parameter's schema as the document writes it (`$ref`s to `#/components/schemas/<Title>`), in `parameters` order. */
  parameterSchemas: JsonObject[];
  /** Title of the declared JSON response body schema, when there is one. */
  responseType: string | undefined;
}

export interface ModelWebhook extends WebhookDescriptor {
  summary: string;
  /** Title of the payload schema (its TypeScript type). */
  type: string;
}

/** A typed command builder of the messaging client (`x-specfirst-commands`). */
export interface CommandSpec {
  name: string;
  summary: string;
  method: string;
  uri: string;
  type: string;
  resource: boolean;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];
/** The styles each location allows (OpenAPI 3.1 "Style Values"), the first its default. */
const STYLES: Record<ParameterLocation, readonly ParameterStyle[]> = {
  path: ["simple", "label", "matrix"],
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  header: ["simple"],
  cookie: ["form"],
};
const DEFAULT_STYLES = Object.fromEntries(LOCATIONS.map((where) => [where, STYLES[where][0]])) as Record<
  ParameterLocation,
  ParameterStyle
>;
/** Header parameters OpenAPI says to ignore: the client and the content type own them. */
const IGNORED_HEADERS: ReadonlySet<string> = new Set(["accept", "content-type", "authorization"]);
const COMPONENT_SCHEMA = /^#\/components\/schemas\/([^/]+)$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const objectAt = (value: JsonValue | undefined): JsonObject => (isJsonObject(value) ? value : {});
const stringAt = (value: JsonValue | undefined): string | undefined => (typeof value === "string" ? value : undefined);

/** The API's knowledge, from its built OpenAPI document. `schemaNames` maps schema titles to validator names. */
export function readApiModel(
  api: string,
  file: string,
  document: JsonObject,
  schemaNames: ReadonlyMap<string, string>,
): ApiModel {
  const problems: Problem[] = [];
  // A rule broken at one place (a document-level security scheme, say) is reported once, not once per operation.
  const fail = (pointer: string, message: string) => {
    if (!problems.some((problem) => problem.pointer === pointer && problem.message === message))
      problems.push({ file, pointer, message });
  };
  const components = objectAt(document.components);
  const schemes = objectAt(components.securitySchemes);

  const schemaOf = (body: JsonValue | undefined, pointer: string): { type: string; schema: string } | undefined => {
    const ref = objectAt(objectAt(objectAt(objectAt(body).content)["application/json"]).schema).$ref;
    const match = typeof ref === "string" ? COMPONENT_SCHEMA.exec(ref) : null;
    const type = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
    if (type === undefined)
      return void fail(pointer, "needs an application/json body that refers to #/components/schemas/<Title>");
    const schema = schemaNames.get(type);
    if (schema === undefined)
      return void fail(pointer, `refers to #/components/schemas/${type}, but no schema has that title`);
    return { type, schema };
  };

  const componentSchemas = objectAt(components.schemas);
  /** The types a parameter schema allows, a component's read through its `$ref` (every type when it does not say). */
  const typesOf = (schema: JsonObject): ParameterType[] => {
    const ref = stringAt(schema.$ref);
    const target = ref === undefined ? undefined : COMPONENT_SCHEMA.exec(ref)?.[1];
    const resolved = target === undefined ? schema : objectAt(componentSchemas[decodeURIComponent(target)]);
    const type = resolved.type;
    if (typeof type === "string") return [type as ParameterType];
    if (Array.isArray(type)) return type.filter((item): item is ParameterType => typeof item === "string");
    const values = Array.isArray(resolved.enum) ? resolved.enum : "const" in resolved ? [resolved.const ?? null] : [];
    const kinds = new Set<ParameterType>(
      values.map((value) =>
        value === null
          ? "null"
          : Array.isArray(value)
            ? "array"
            : typeof value === "object"
              ? "object"
              : typeof value === "number"
                ? "number"
                : typeof value === "boolean"
                  ? "boolean"
                  : "string",
      ),
    );
    return [...kinds];
  };
  const resolveParameter = (value: JsonValue | undefined): JsonObject => {
    let current = objectAt(value);
    for (let depth = 0; depth < 8 && typeof current.$ref === "string"; depth++) {
      const name = /^#\/components\/parameters\/([^/]+)$/.exec(current.$ref)?.[1];
      if (name === undefined) break;
      current = objectAt(objectAt(components.parameters)[decodeURIComponent(name)]);
    }
    return current;
  };
  /** The parameters of an operation: the path item's and its own (the operation's winning), checked. */
  const parametersOf = (
    path: string,
    item: JsonObject,
    operation: JsonObject,
    pointer: string,
  ): { descriptors: ParameterDescriptor[]; schemas: JsonObject[] } => {
    const byKey = new Map<string, { parameter: JsonObject; at: string }>();
    const listed = [
      ...(Array.isArray(item.parameters) ? item.parameters : []).map((parameter, index) => ({
        parameter,
        at: `${pointer.slice(0, pointer.lastIndexOf("/"))}/parameters/${index}`,
      })),
      ...(Array.isArray(operation.parameters) ? operation.parameters : []).map((parameter, index) => ({
        parameter,
        at: `${pointer}/parameters/${index}`,
      })),
    ];
    for (const { parameter, at } of listed) {
      const resolved = resolveParameter(parameter);
      const where = stringAt(resolved.in);
      const name = stringAt(resolved.name);
      if (where === undefined || name === undefined || !LOCATIONS.includes(where as ParameterLocation)) {
        fail(at, "needs a name and an in of path, query, header or cookie");
        continue;
      }
      // OpenAPI: a header parameter named Accept, Content-Type or Authorization is ignored.
      if (where === "header" && IGNORED_HEADERS.has(name.toLowerCase())) continue;
      byKey.set(`${where}:${where === "header" ? name.toLowerCase() : name}`, { parameter: resolved, at });
    }
    const descriptors: ParameterDescriptor[] = [];
    const schemas: JsonObject[] = [];
    for (const { parameter, at } of byKey.values()) {
      const where = parameter.in as ParameterLocation;
      const name = String(parameter.name);
      const style = (stringAt(parameter.style) ?? DEFAULT_STYLES[where]) as ParameterStyle;
      if (!STYLES[where].includes(style)) {
        fail(`${at}/style`, `a ${where} parameter's style is one of ${STYLES[where].join(", ")}`);
        continue;
      }
      if (!isJsonObject(parameter.schema)) {
        fail(at, "needs a schema (a parameter described by content is not supported)");
        continue;
      }
      if (where === "path" && parameter.required !== true)
        fail(`${at}/required`, "a path parameter must be required: true (OpenAPI)");
      if (where === "path" && !path.includes(`{${name}}`)) fail(`${at}/name`, `names no {${name}} of the path ${path}`);
      const schema = parameter.schema;
      const types = typesOf(schema);
      const items = isJsonObject(schema.items) ? typesOf(schema.items) : undefined;
      descriptors.push({
        name,
        in: where,
        required: parameter.required === true || where === "path",
        style,
        explode: typeof parameter.explode === "boolean" ? parameter.explode : style === "form",
        ...(parameter.allowReserved === true ? { allowReserved: true } : {}),
        types,
        ...(items === undefined ? {} : { itemTypes: items }),
      });
      schemas.push(schema);
    }
    for (const [, name] of path.matchAll(/\{([^{}]+)\}/g)) {
      if (!descriptors.some((parameter) => parameter.in === "path" && parameter.name === name))
        fail(`${pointer}/parameters`, `declares no path parameter ${String(name)} of the path ${path}`);
    }
    return { descriptors, schemas };
  };

  let credential: CredentialDescriptor | undefined;
  const readCredential = (security: JsonValue | undefined, pointer: string) => {
    const requirement = Array.isArray(security) ? objectAt(security[0]) : {};
    const option = Object.keys(requirement)[0];
    if (option === undefined) return;
    if (!IDENTIFIER.test(option))
      return fail(
        `${pointer}/0`,
        `security scheme name ${option} must be a JavaScript identifier (it names the client option)`,
      );
    const security_ = securityOf(
      objectAt(schemes[option]),
      `/components/securitySchemes/${escapePointerSegment(option)}`,
      fail,
    );
    if (security_ === undefined) return;
    if (credential !== undefined && credential.option !== option)
      return fail(pointer, "all operations of a document must use the same security scheme");
    credential = { option, security: security_ };
  };

  const operations: ModelOperation[] = [];
  for (const [path, item] of Object.entries(objectAt(document.paths))) {
    for (const method of HTTP_METHODS) {
      const operation = objectAt(objectAt(item)[method]);
      if (Object.keys(operation).length === 0) continue;
      const pointer = `/paths/${escapePointerSegment(path)}/${method}`;
      const operationId = stringAt(operation.operationId);
      if (operationId === undefined || !IDENTIFIER.test(operationId)) {
        fail(
          `${pointer}/operationId`,
          "needs an operationId that is a JavaScript identifier (it names the client method)",
        );
        continue;
      }
      readCredential(
        operation.security ?? document.security,
        operation.security === undefined ? "/security" : `${pointer}/security`,
      );
      const hasBody = operation.requestBody !== undefined;
      const request = hasBody ? schemaOf(operation.requestBody, `${pointer}/requestBody`) : undefined;
      const parameters = parametersOf(path, objectAt(item), operation, pointer);
      const responses = objectAt(operation.responses);
      const success = Object.keys(responses)
        .filter((status) => /^2\d\d$/.test(status))
        .map(Number);
      const bodies = [
        ...new Set(
          success.map(
            (status) => objectAt(objectAt(objectAt(responses[String(status)]).content)["application/json"]).schema,
          ),
        ),
      ].filter((schema) => schema !== undefined);
      let responseType: string | undefined;
      if (bodies.length > 0) {
        responseType = schemaOf(responses[String(success[0])], `${pointer}/responses/${success[0]}`)?.type;
        if (bodies.length > 1)
          fail(`${pointer}/responses`, "success responses with different bodies are not supported by the client");
      }
      if (success.length === 0 && responses.default === undefined)
        fail(`${pointer}/responses`, "declares neither a 2xx nor a default response");
      const responseSchemas = Object.fromEntries(
        Object.keys(responses).map((status) => {
          const ref = objectAt(objectAt(objectAt(objectAt(responses[status]).content)["application/json"]).schema).$ref;
          const title = typeof ref === "string" ? COMPONENT_SCHEMA.exec(ref)?.[1] : undefined;
          return [status, title === undefined ? null : (schemaNames.get(decodeURIComponent(title)) ?? null)] as const;
        }),
      );
      if (hasBody && request === undefined) continue;
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path,
        schema: request?.schema ?? null,
        bodyRequired: hasBody && objectAt(operation.requestBody).required === true,
        parameters: parameters.descriptors,
        success,
        responses: responseSchemas,
        response: responseType !== undefined ? "json" : success.length > 0 ? "none" : "any",
        category: stringAt(operation["x-specfirst-rate-limit-kind"]) ?? null,
        idempotentWith: stringAt(operation["x-specfirst-idempotent-when"]) ?? null,
        summary: stringAt(operation.summary) ?? operationId,
        requestType: request?.type ?? null,
        secured:
          Object.keys(
            objectAt(
              Array.isArray(operation.security ?? document.security)
                ? ((operation.security ?? document.security) as JsonValue[])[0]
                : undefined,
            ),
          ).length > 0,
        parameterSchemas: parameters.schemas,
        responseType,
      });
    }
  }

  const webhooks: ModelWebhook[] = [];
  for (const [name, item] of Object.entries(objectAt(document.webhooks))) {
    const operation = objectAt(objectAt(item).post);
    const pointer = `/webhooks/${escapePointerSegment(name)}/post`;
    const request = schemaOf(operation.requestBody, `${pointer}/requestBody`);
    if (request === undefined) continue;
    const match = objectAt(operation["x-specfirst-match"]);
    const required = Array.isArray(match.required)
      ? match.required.filter((field): field is string => typeof field === "string")
      : undefined;
    const acknowledge = objectAt(operation["x-specfirst-acknowledge"]);
    const ack = [acknowledge.operation, acknowledge.success, acknowledge.failure].every(
      (value) => typeof value === "string",
    )
      ? {
          operation: String(acknowledge.operation),
          success: String(acknowledge.success),
          failure: String(acknowledge.failure),
        }
      : null;
    if (Object.keys(acknowledge).length > 0 && ack === null)
      fail(`${pointer}/x-specfirst-acknowledge`, "needs operation, success and failure (strings)");
    if (ack !== null && !operations.some((op) => op.operationId === ack.operation))
      fail(`${pointer}/x-specfirst-acknowledge/operation`, `names no operation of this document: ${ack.operation}`);
    // The handler option: `x-specfirst-handler`, else `on<Title>` of the payload schema.
    const handler =
      operation["x-specfirst-handler"] === undefined ? `on${request.type}` : stringAt(operation["x-specfirst-handler"]);
    if (handler === undefined || !IDENTIFIER.test(handler))
      fail(`${pointer}/x-specfirst-handler`, "must be a JavaScript identifier (the handler option's name)");
    // The operation a reply goes through: `x-specfirst-reply`, else (at run time) the one whose request schema is the payload's.
    const reply = stringAt(operation["x-specfirst-reply"]);
    if (
      operation["x-specfirst-reply"] !== undefined &&
      (reply === undefined || !operations.some((op) => op.operationId === reply))
    )
      fail(
        `${pointer}/x-specfirst-reply`,
        `names no operation of this document: ${String(operation["x-specfirst-reply"])}`,
      );
    webhooks.push({
      name,
      operationId: stringAt(operation.operationId) ?? name,
      summary: stringAt(operation.summary) ?? name,
      schema: request.schema,
      type: request.type,
      handler: handler ?? `on${request.type}`,
      match: required === undefined ? null : { required },
      acknowledge: ack,
      ...(reply === undefined ? {} : { reply }),
    });
  }
  if (webhooks.filter((webhook) => webhook.match === null).length > 1)
    fail(
      "/webhooks",
      "at most one webhook may have no x-specfirst-match (the fallback for payloads no other webhook matches)",
    );

  const planLimits = readPlanLimits(
    document["x-specfirst-plan-limits"],
    new Set(operations.flatMap((op) => (op.category === null ? [] : [op.category]))),
    fail,
  );
  const commands = readCommands(document["x-specfirst-commands"], fail);
  const variants = readVariants(document);
  if (problems.length > 0) throw new GenerationFailed(problems);
  return {
    api,
    pascal: pascal(api),
    title: stringAt(objectAt(document.info).title) ?? api,
    file,
    // No security requirement: the client takes no credential.
    credential: credential ?? { option: "", security: { kind: "apiKey", in: "header", name: "", prefix: "" } },
    operations,
    webhooks,
    planLimits,
    commands,
    variants,
  };
}

/** apiKey (header or query, optional `x-specfirst-credential-prefix`), http bearer and http basic. */
function securityOf(
  scheme: JsonObject,
  pointer: string,
  fail: (pointer: string, message: string) => void,
): SecurityDescriptor | undefined {
  if (
    scheme.type === "apiKey" &&
    (scheme.in === "header" || scheme.in === "query") &&
    typeof scheme.name === "string"
  ) {
    return {
      kind: "apiKey",
      in: scheme.in,
      name: scheme.name,
      prefix: stringAt(scheme["x-specfirst-credential-prefix"]) ?? "",
    };
  }
  const httpScheme = typeof scheme.scheme === "string" ? scheme.scheme.toLowerCase() : undefined;
  if (scheme.type === "http" && httpScheme === "bearer") return { kind: "bearer" };
  if (scheme.type === "http" && httpScheme === "basic") return { kind: "basic" };
  fail(pointer, "supported security schemes: apiKey in a header or query parameter, http bearer, http basic");
  return undefined;
}

/** `x-specfirst-plan-limits`: plan → limiter kind → envelopes per second (positive integers). */
function readPlanLimits(
  value: JsonValue | undefined,
  kinds: ReadonlySet<string>,
  fail: (pointer: string, message: string) => void,
): PlanLimits | null {
  if (value === undefined) return null;
  const pointer = "/x-specfirst-plan-limits";
  if (!isJsonObject(value)) return (fail(pointer, "must map plan names to { <kind>: <per second> }"), null);
  const plans: Record<string, Record<string, number>> = {};
  for (const [plan, rates] of Object.entries(value)) {
    if (!isJsonObject(rates)) {
      fail(`${pointer}/${escapePointerSegment(plan)}`, "must map limiter kinds to envelopes per second");
      continue;
    }
    plans[plan] = {};
    for (const [kind, rate] of Object.entries(rates)) {
      const at = `${pointer}/${escapePointerSegment(plan)}/${escapePointerSegment(kind)}`;
      if (!kinds.has(kind)) fail(at, `no operation declares x-specfirst-rate-limit-kind: ${kind}`);
      else if (typeof rate !== "number" || !Number.isInteger(rate) || rate <= 0)
        fail(at, "must be a positive integer (per second)");
      else plans[plan][kind] = rate;
    }
  }
  return plans;
}

function readCommands(value: JsonValue | undefined, fail: (pointer: string, message: string) => void): CommandSpec[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return (fail("/x-specfirst-commands", "must be a list of command builders"), []);
  const specs: CommandSpec[] = [];
  value.forEach((entry, index) => {
    const spec = objectAt(entry);
    const [name, summary, method, uri, type] = [spec.name, spec.summary, spec.method, spec.uri, spec.type].map(
      stringAt,
    );
    if (
      name === undefined ||
      !IDENTIFIER.test(name) ||
      method === undefined ||
      uri === undefined ||
      type === undefined ||
      typeof spec.resource !== "boolean"
    ) {
      return fail(
        `/x-specfirst-commands/${index}`,
        "needs name (an identifier), method, uri, type and resource (boolean)",
      );
    }
    specs.push({ name, summary: summary ?? name, method, uri, type, resource: spec.resource });
  });
  return specs;
}

/**
 * The validator variants an API may declare as data, `x-specfirst-<kind>: [schema names]` in its OpenAPI source: each
 * declared schema also gets a validator `<name>-<kind>` (emit/validators/units.ts says what each kind changes).
 */
export const VARIANT_KINDS = ["lenient", "strict"] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];
/** The schema names each variant is declared for (`{ lenient: ["config"] }`); a kind left out is declared for none. */
export type VariantDeclarations = Partial<Record<VariantKind, readonly string[]>>;

/** `x-specfirst-<kind>` for each validator variant: the schema names that get that twin, e.g. `x-specfirst-lenient: [config]`. */
export function readVariants(document: JsonObject): VariantDeclarations {
  return Object.fromEntries(
    VARIANT_KINDS.map((kind) => {
      const value = document[`x-specfirst-${kind}`];
      return [kind, Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : []];
    }),
  );
}
