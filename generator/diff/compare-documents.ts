import { isDeepStrictEqual } from "node:util";
import { escapePointerSegment, type JsonObject, type JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject } from "../model/schema-walk.js";
import { diffSchemaValues, type SchemaChange } from "./classify.js";
import { schemaRule, type Breaks, type RuleId } from "./rules.js";

/**
 * Which way the payload a change concerns travels: an operation's request (caller → service) or response
 * (service → caller), a webhook's payload (service → bot) or its response (bot → service).
 */
export type Direction = "request" | "response" | "webhook" | "webhook-response";

/** Where a change is: the file to edit and the JSON pointer in it; for an operation, also `POST /messages` and its operationId. */
export interface ChangeLocation {
  file: string;
  pointer: string;
  line?: number;
  column?: number;
  /** `POST /messages`, or `webhook messageReceived` (`POST`). */
  operation?: string;
  operationId?: string;
}

/** One change found by a rule, before report.ts names the parties it breaks. */
export interface Finding {
  rule: RuleId;
  directions: Direction[];
  location: ChangeLocation;
  message: string;
  /** For a schema rule: what the schema comparison found. */
  breaks?: Breaks;
  /** For a schema change: the operations whose payloads use the schema. */
  usedBy?: string[];
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const pointerOf = (...segments: string[]) => segments.map((segment) => `/${escapePointerSegment(segment)}`).join("");
const objectAt = (value: JsonValue | undefined): JsonObject => (isJsonObject(value) ? value : {});
const listAt = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? value : []);
const show = (value: JsonValue | undefined) => JSON.stringify(value);

/** A 2XX status (`200`, `2XX`); `default` and the others are not. */
const isSuccess = (status: string) => status.startsWith("2");

/** Who a schema change breaks, from the comparison's two flags. */
export function breaksOf(change: Pick<SchemaChange, "breaksProducers" | "breaksConsumers">): Breaks {
  if (change.breaksProducers && change.breaksConsumers) return "both";
  if (change.breaksProducers) return "producers";
  return change.breaksConsumers ? "consumers" : "none";
}

/** An operation or a webhook of a built document, with what identifies it across versions. */
interface Operation {
  /** `POST /messages` or `webhook messageReceived` (`POST` when the webhook has another method besides). */
  key: string;
  path: string;
  method: string;
  operation: JsonObject;
  /** The path item's parameters and the operation's, resolved, the operation's winning. */
  parameters: JsonObject[];
  pointer: string;
  webhook: boolean;
}

/** Follows a local `$ref` into `components` (a parameter, body, response or header given by reference). */
function resolve(document: JsonObject, value: JsonValue | undefined): JsonObject {
  let current = value;
  for (
    let depth = 0;
    depth < 16 &&
    isJsonObject(current) &&
    typeof current.$ref === "string" &&
    current.$ref.startsWith("#/components/") &&
    !current.$ref.startsWith("#/components/schemas/");
    depth++
  ) {
    const [, , kind, name] = current.$ref.split("/");
    current = objectAt(
      objectAt(objectAt(document.components)[kind ?? ""])[
        decodeURIComponent(name ?? "")
          .replace(/~1/g, "/")
          .replace(/~0/g, "~")
      ],
    );
  }
  return objectAt(current);
}

function operationsOf(document: JsonObject): Map<string, Operation> {
  const found = new Map<string, Operation>();
  const collect = (container: "paths" | "webhooks") => {
    for (const [name, item] of Object.entries(objectAt(document[container]))) {
      const pathItem = resolve(document, item);
      const methods = METHODS.filter((method) => isJsonObject(pathItem[method]));
      for (const method of methods) {
        const operation = pathItem[method] as JsonObject;
        const byKey = new Map<string, JsonObject>();
        for (const parameter of [...listAt(pathItem.parameters), ...listAt(operation.parameters)].map((p) =>
          resolve(document, p),
        ))
          byKey.set(parameterKey(parameter), parameter);
        const webhook = container === "webhooks";
        const key = webhook
          ? `webhook ${name}${methods.length > 1 ? ` (${method.toUpperCase()})` : ""}`
          : `${method.toUpperCase()} ${name}`;
        found.set(key, {
          key,
          path: name,
          method,
          operation,
          parameters: [...byKey.values()],
          pointer: pointerOf(container, name, method),
          webhook,
        });
      }
    }
  };
  collect("paths");
  collect("webhooks");
  return found;
}

/** A parameter's identity: where it is and its name (header names are case-insensitive). */
function parameterKey(parameter: JsonObject): string {
  const place = String(parameter.in);
  const name = String(parameter.name);
  return `${place}:${place === "header" ? name.toLowerCase() : name}`;
}

/** Compares two built documents of one API (`file` is its source, where an edit is made) and lists what the rules find. */
export class DocumentComparison {
  readonly findings: Finding[] = [];

  constructor(
    private readonly file: string,
    private readonly before: JsonObject,
    private readonly after: JsonObject,
  ) {}

  run(): Finding[] {
    this.compareOperations();
    this.compareSecuritySchemes();
    this.compareServers();
    this.compareDeclarations();
    return this.findings;
  }

  private add(
    rule: RuleId,
    direction: Direction,
    pointer: string,
    message: string,
    operation?: Operation,
    breaks?: Breaks,
  ): void {
    const location: ChangeLocation = { file: this.file, pointer };
    if (operation !== undefined) {
      location.operation = operation.key;
      if (typeof operation.operation.operationId === "string") location.operationId = operation.operation.operationId;
    }
    this.findings.push({
      rule,
      directions: [direction],
      location,
      message,
      ...(breaks === undefined ? {} : { breaks }),
    });
  }

  /** A schema of an operation (parameter, body, header) in both versions: a component referred to by both is compared by the schema rules on its file. */
  private compareSchema(
    before: JsonValue | undefined,
    after: JsonValue | undefined,
    pointer: string,
    direction: Direction,
    operation: Operation,
    what: string,
  ): void {
    if (
      isJsonObject(before) &&
      isJsonObject(after) &&
      before.$ref !== undefined &&
      before.$ref === after.$ref &&
      Object.keys(before).length === 1 &&
      Object.keys(after).length === 1
    )
      return;
    for (const change of diffSchemaValues(this.file, before, after, pointer)) {
      this.add(
        schemaRule(change.kind),
        direction,
        change.pointer,
        `${what}: ${change.message}`,
        operation,
        breaksOf(change),
      );
    }
  }

  private compareOperations(): void {
    const before = operationsOf(this.before);
    const after = operationsOf(this.after);
    const removed = [...before.values()].filter((operation) => !after.has(operation.key));
    const added = [...after.values()].filter((operation) => !before.has(operation.key));
    // An operation that kept its operationId but moved (path or method) is one change, not a removal and an addition.
    for (const was of [...removed]) {
      const id = was.operation.operationId;
      const now =
        typeof id === "string"
          ? added.find((candidate) => candidate.webhook === was.webhook && candidate.operation.operationId === id)
          : undefined;
      if (now === undefined || was.webhook) continue;
      removed.splice(removed.indexOf(was), 1);
      added.splice(added.indexOf(now), 1);
      if (was.path !== now.path)
        this.add("api-path-changed", "request", now.pointer, `${was.key} moved to ${now.path}`, now);
      if (was.method !== now.method)
        this.add(
          "api-method-changed",
          "request",
          now.pointer,
          `${was.key} is now called with ${now.method.toUpperCase()}`,
          now,
        );
      this.compareOperation(was, now);
    }
    for (const operation of removed) {
      if (operation.webhook)
        this.add("webhook-removed", "webhook", operation.pointer, `${operation.key} removed`, operation);
      else this.add("api-path-removed", "request", operation.pointer, `${operation.key} removed`, operation);
    }
    for (const operation of added) {
      if (operation.webhook)
        this.add("webhook-added", "webhook", operation.pointer, `${operation.key} added`, operation);
      else this.add("api-path-added", "request", operation.pointer, `${operation.key} added`, operation);
    }
    for (const [key, was] of before) {
      const now = after.get(key);
      if (now !== undefined) this.compareOperation(was, now);
    }
  }

  private compareOperation(was: Operation, now: Operation): void {
    const request: Direction = now.webhook ? "webhook" : "request";
    const response: Direction = now.webhook ? "webhook-response" : "response";
    const at = (...segments: string[]) => `${now.pointer}${pointerOf(...segments)}`;
    if (was.operation.operationId !== now.operation.operationId) {
      this.add(
        "api-operation-id-changed",
        request,
        at("operationId"),
        `operationId changed from ${show(was.operation.operationId)} to ${show(now.operation.operationId)}`,
        now,
      );
    }
    this.compareParameters(was, now, request);
    this.compareRequestBody(was, now, request, at);
    this.compareResponses(was, now, response, at);
    this.compareSecurity(was, now, request, at);
    this.compareOperationDeclarations(was, now, request, at);
  }

  private compareParameters(was: Operation, now: Operation, direction: Direction): void {
    const before = new Map(was.parameters.map((parameter) => [parameterKey(parameter), parameter]));
    const after = new Map(now.parameters.map((parameter) => [parameterKey(parameter), parameter]));
    const describe = (parameter: JsonObject) => `${String(parameter.in)} parameter "${String(parameter.name)}"`;
    const at = (parameter: JsonObject) => `${now.pointer}/parameters/${now.parameters.indexOf(parameter)}`;
    const required = (parameter: JsonObject) => parameter.required === true || parameter.in === "path";
    const movedNames = new Set<string>();
    for (const [key, parameter] of before) {
      if (after.has(key)) continue;
      const moved = [...after.entries()].find(
        ([other, candidate]) =>
          !before.has(other) && String(candidate.name).toLowerCase() === String(parameter.name).toLowerCase(),
      );
      if (moved !== undefined) {
        movedNames.add(moved[0]);
        this.add(
          "request-parameter-in-changed",
          direction,
          at(moved[1]),
          `parameter "${String(parameter.name)}" moved from ${String(parameter.in)} to ${String(moved[1].in)}`,
          now,
        );
      } else
        this.add(
          "request-parameter-removed",
          direction,
          `${was.pointer}/parameters/${was.parameters.indexOf(parameter)}`,
          `${describe(parameter)} removed`,
          now,
        );
    }
    for (const [key, parameter] of after) {
      if (before.has(key) || movedNames.has(key)) continue;
      if (required(parameter))
        this.add(
          "request-parameter-added-required",
          direction,
          at(parameter),
          `new required ${describe(parameter)}`,
          now,
        );
      else this.add("request-parameter-added", direction, at(parameter), `new optional ${describe(parameter)}`, now);
    }
    for (const [key, old] of before) {
      const current = after.get(key);
      if (current === undefined) continue;
      if (!required(old) && required(current))
        this.add(
          "request-parameter-became-required",
          direction,
          `${at(current)}/required`,
          `${describe(current)} became required`,
          now,
        );
      if (required(old) && !required(current))
        this.add(
          "request-parameter-became-optional",
          direction,
          `${at(current)}/required`,
          `${describe(current)} became optional`,
          now,
        );
      this.compareSchema(old.schema, current.schema, `${at(current)}/schema`, direction, now, describe(current));
    }
  }

  private compareRequestBody(
    was: Operation,
    now: Operation,
    direction: Direction,
    at: (...segments: string[]) => string,
  ): void {
    const hasBody = (operation: Operation) => operation.operation.requestBody !== undefined;
    const before = resolve(this.before, was.operation.requestBody);
    const after = resolve(this.after, now.operation.requestBody);
    const pointer = at("requestBody");
    if (!hasBody(was) && !hasBody(now)) return;
    if (hasBody(was) && !hasBody(now))
      return this.add("request-body-removed", direction, pointer, "request body removed", now);
    if (!hasBody(was))
      return this.add(
        after.required === true ? "request-body-added-required" : "request-body-added",
        direction,
        pointer,
        `${after.required === true ? "required" : "optional"} request body added`,
        now,
      );
    if (before.required !== true && after.required === true)
      this.add("request-body-became-required", direction, `${pointer}/required`, "request body became required", now);
    if (before.required === true && after.required !== true)
      this.add("request-body-became-optional", direction, `${pointer}/required`, "request body became optional", now);
    this.compareContent(
      objectAt(before.content),
      objectAt(after.content),
      `${pointer}/content`,
      direction,
      now,
      "request body",
      ["request-body-media-type-added", "request-body-media-type-removed"],
    );
  }

  private compareContent(
    before: JsonObject,
    after: JsonObject,
    pointer: string,
    direction: Direction,
    operation: Operation,
    what: string,
    [addedRule, removedRule]: [RuleId, RuleId],
  ): void {
    for (const mediaType of Object.keys(before)) {
      if (!(mediaType in after))
        this.add(
          removedRule,
          direction,
          `${pointer}${pointerOf(mediaType)}`,
          `${what} media type ${mediaType} removed`,
          operation,
        );
    }
    for (const mediaType of Object.keys(after)) {
      if (!(mediaType in before))
        this.add(
          addedRule,
          direction,
          `${pointer}${pointerOf(mediaType)}`,
          `${what} media type ${mediaType} added`,
          operation,
        );
      else
        this.compareSchema(
          objectAt(before[mediaType]).schema,
          objectAt(after[mediaType]).schema,
          `${pointer}${pointerOf(mediaType, "schema")}`,
          direction,
          operation,
          `${what} (${mediaType})`,
        );
    }
  }

  private compareResponses(
    was: Operation,
    now: Operation,
    direction: Direction,
    at: (...segments: string[]) => string,
  ): void {
    const before = objectAt(was.operation.responses);
    const after = objectAt(now.operation.responses);
    for (const status of Object.keys(before)) {
      if (!(status in after))
        this.add(
          isSuccess(status) ? "response-success-status-removed" : "response-non-success-status-removed",
          direction,
          `${was.pointer}${pointerOf("responses", status)}`,
          `response status ${status} removed`,
          now,
        );
    }
    for (const status of Object.keys(after)) {
      const pointer = at("responses", status);
      if (!(status in before)) {
        this.add(
          isSuccess(status) ? "response-success-status-added" : "response-non-success-status-added",
          direction,
          pointer,
          `response status ${status} added`,
          now,
        );
        continue;
      }
      const old = resolve(this.before, before[status]);
      const current = resolve(this.after, after[status]);
      const oldContent = objectAt(old.content);
      const newContent = objectAt(current.content);
      const what = `response ${status} body`;
      if (Object.keys(oldContent).length > 0 && Object.keys(newContent).length === 0)
        this.add("response-body-removed", direction, `${pointer}/content`, `${what} removed`, now);
      else if (Object.keys(oldContent).length === 0 && Object.keys(newContent).length > 0)
        this.add("response-body-added", direction, `${pointer}/content`, `${what} added`, now);
      else
        this.compareContent(oldContent, newContent, `${pointer}/content`, direction, now, what, [
          "response-media-type-added",
          "response-media-type-removed",
        ]);
      this.compareHeaders(
        objectAt(old.headers),
        objectAt(current.headers),
        `${pointer}/headers`,
        direction,
        now,
        status,
      );
    }
  }

  private compareHeaders(
    beforeHeaders: JsonObject,
    afterHeaders: JsonObject,
    pointer: string,
    direction: Direction,
    operation: Operation,
    status: string,
  ): void {
    const lower = (headers: JsonObject, document: JsonObject) =>
      new Map(
        Object.entries(headers).map(([name, header]) => [
          name.toLowerCase(),
          { name, header: resolve(document, header) },
        ]),
      );
    const before = lower(beforeHeaders, this.before);
    const after = lower(afterHeaders, this.after);
    for (const [key, { name }] of before)
      if (!after.has(key))
        this.add(
          "response-header-removed",
          direction,
          `${pointer}${pointerOf(name)}`,
          `response ${status} header ${name} removed`,
          operation,
        );
    for (const [key, { name, header }] of after) {
      const at = `${pointer}${pointerOf(name)}`;
      const old = before.get(key);
      if (old === undefined) {
        this.add("response-header-added", direction, at, `response ${status} header ${name} added`, operation);
        continue;
      }
      if (old.header.required === true && header.required !== true)
        this.add(
          "response-header-became-optional",
          direction,
          `${at}/required`,
          `response ${status} header ${name} became optional`,
          operation,
        );
      if (old.header.required !== true && header.required === true)
        this.add(
          "response-header-became-required",
          direction,
          `${at}/required`,
          `response ${status} header ${name} became required`,
          operation,
        );
      this.compareSchema(
        old.header.schema,
        header.schema,
        `${at}/schema`,
        direction,
        operation,
        `response ${status} header ${name}`,
      );
    }
  }

  /** The requirement alternatives in force for an operation: each a sorted `+`-joined list of scheme names ("" for none). */
  private securityOf(document: JsonObject, operation: Operation): Set<string> {
    const requirements = operation.operation.security ?? document.security;
    if (!Array.isArray(requirements)) return new Set([""]);
    if (requirements.length === 0) return new Set([""]);
    return new Set(requirements.map((requirement) => Object.keys(objectAt(requirement)).sort().join("+")));
  }

  private compareSecurity(
    was: Operation,
    now: Operation,
    direction: Direction,
    at: (...segments: string[]) => string,
  ): void {
    // A webhook's security is the bot's to check: it is not a requirement on a caller of the API.
    if (now.webhook) return;
    const before = this.securityOf(this.before, was);
    const after = this.securityOf(this.after, now);
    const pointer = now.operation.security !== undefined ? at("security") : "/security";
    const name = (alternative: string) => (alternative === "" ? "no credentials" : alternative);
    if (before.has("") && !after.has(""))
      this.add(
        "api-security-added",
        direction,
        pointer,
        `${now.key} now requires ${[...after].map(name).join(" or ")}`,
        now,
      );
    if (!before.has("") && after.has(""))
      this.add("api-security-removed", direction, pointer, `${now.key} no longer requires credentials`, now);
    for (const alternative of before) {
      if (alternative !== "" && !after.has(alternative) && !after.has(""))
        this.add(
          "api-security-alternative-removed",
          direction,
          pointer,
          `${now.key} no longer accepts ${name(alternative)}`,
          now,
        );
    }
    for (const alternative of after) {
      if (!before.has(alternative) && alternative !== "" && !before.has(""))
        this.add(
          "api-security-alternative-added",
          direction,
          pointer,
          `${now.key} also accepts ${name(alternative)}`,
          now,
        );
    }
  }

  private compareSecuritySchemes(): void {
    const schemes = (document: JsonObject) => objectAt(objectAt(document.components).securitySchemes);
    const before = schemes(this.before);
    const after = schemes(this.after);
    for (const name of Object.keys(before)) {
      if (!(name in after))
        this.add(
          "security-scheme-removed",
          "request",
          pointerOf("components", "securitySchemes", name),
          `security scheme ${name} removed`,
        );
    }
    for (const [name, value] of Object.entries(after)) {
      const pointer = pointerOf("components", "securitySchemes", name);
      if (!(name in before)) {
        this.add("security-scheme-added", "request", pointer, `security scheme ${name} added`);
        continue;
      }
      const old = resolve(this.before, before[name]);
      const current = resolve(this.after, value);
      // One change per scheme, with what it was and what it is: a scheme's fields change together (apiKey to
      // bearer changes type, in, name and scheme at once), so the most telling field's rule names it.
      const fields: [string, RuleId][] = [
        ["type", "security-scheme-type-changed"],
        ["in", "security-scheme-api-key-in-changed"],
        ["name", "security-scheme-api-key-name-changed"],
        ["scheme", "security-scheme-http-scheme-changed"],
        ["x-specfirst-credential-prefix", "security-scheme-credential-prefix-changed"],
      ];
      const changed = [...new Set([...Object.keys(old), ...Object.keys(current)])].filter(
        (field) => field !== "description" && !isDeepStrictEqual(old[field], current[field]),
      );
      if (changed.length === 0) continue;
      const rule = fields.find(([field]) => changed.includes(field))?.[1] ?? "security-scheme-changed";
      this.add(
        rule,
        "request",
        changed.length === 1 ? `${pointer}${pointerOf(changed[0] as string)}` : pointer,
        `security scheme ${name} changed from ${describeScheme(old)} to ${describeScheme(current)}`,
      );
    }
  }

  private compareServers(): void {
    const servers = (document: JsonObject) =>
      new Map(
        listAt(document.servers).map((server, index) => [
          String(objectAt(server).url),
          { server: objectAt(server), index },
        ]),
      );
    const before = servers(this.before);
    const after = servers(this.after);
    for (const [url, { index }] of before)
      if (!after.has(url)) this.add("api-server-removed", "request", `/servers/${index}`, `server ${url} removed`);
    for (const [url, { server, index }] of after) {
      const old = before.get(url);
      if (old === undefined) {
        this.add("api-server-added", "request", `/servers/${index}`, `server ${url} added`);
        continue;
      }
      const oldVariables = objectAt(old.server.variables);
      const variables = objectAt(server.variables);
      const at = (name: string, ...rest: string[]) => `/servers/${index}${pointerOf("variables", name, ...rest)}`;
      for (const name of Object.keys(oldVariables))
        if (!(name in variables))
          this.add("api-server-variable-removed", "request", at(name), `server ${url}: variable ${name} removed`);
      for (const [name, variable] of Object.entries(variables)) {
        if (!(name in oldVariables)) {
          this.add("api-server-variable-added", "request", at(name), `server ${url}: variable ${name} added`);
          continue;
        }
        const was = objectAt(oldVariables[name]);
        const now = objectAt(variable);
        if (!isDeepStrictEqual(was.default, now.default))
          this.add(
            "api-server-variable-default-changed",
            "request",
            at(name, "default"),
            `server ${url}: default of ${name} changed from ${show(was.default)} to ${show(now.default)}`,
          );
        const values = listAt(now.enum);
        if (Array.isArray(now.enum)) {
          for (const value of listAt(was.enum))
            if (!values.some((v) => isDeepStrictEqual(v, value)))
              this.add(
                "api-server-variable-enum-value-removed",
                "request",
                at(name, "enum"),
                `server ${url}: value ${show(value)} of ${name} removed`,
              );
        }
      }
    }
  }

  /** The `x-specfirst-*` declarations of an operation (the webhook handler's and the client's). */
  private compareOperationDeclarations(
    was: Operation,
    now: Operation,
    direction: Direction,
    at: (...segments: string[]) => string,
  ): void {
    const declared = (operation: Operation) =>
      Object.keys(operation.operation).filter((key) => key.startsWith("x-specfirst-"));
    for (const key of new Set([...declared(was), ...declared(now)])) {
      const old = was.operation[key];
      const current = now.operation[key];
      if (isDeepStrictEqual(old, current)) continue;
      const message = `${key} changed from ${old === undefined ? "none" : show(old)} to ${current === undefined ? "none" : show(current)}`;
      const pointer = at(key);
      const rule = ((): RuleId => {
        switch (key) {
          case "x-specfirst-rate-limit-kind":
            return "rate-limit-kind-changed";
          case "x-specfirst-idempotent-when":
            return old === undefined ? "idempotent-when-added" : "idempotent-when-changed";
          case "x-specfirst-acknowledge":
            return "acknowledge-changed";
          case "x-specfirst-match":
            return "match-changed";
          case "x-specfirst-reply":
            return old === undefined ? "reply-added" : "reply-changed";
          case "x-specfirst-handler":
            return old === undefined ? "handler-added" : "handler-changed";
          default:
            return "declaration-changed";
        }
      })();
      this.add(rule, direction, pointer, message, now);
    }
  }

  /** The document's own `x-specfirst-*` declarations: plan limits, command builders, lenient validators. */
  private compareDeclarations(): void {
    const keys = new Set(
      [...Object.keys(this.before), ...Object.keys(this.after)].filter((key) => key.startsWith("x-specfirst-")),
    );
    for (const key of keys) {
      const old = this.before[key];
      const current = this.after[key];
      if (isDeepStrictEqual(old, current)) continue;
      if (key === "x-specfirst-plan-limits") this.comparePlanLimits(objectAt(old), objectAt(current));
      else if (key === "x-specfirst-commands") this.compareCommands(listAt(old), listAt(current));
      else if (key === "x-specfirst-lenient") {
        const was = listAt(old).map(String);
        const now = listAt(current).map(String);
        for (const name of was)
          if (!now.includes(name))
            this.add("lenient-removed", "request", pointerOf(key), `lenient validator ${name}-lenient removed`);
        for (const name of now)
          if (!was.includes(name))
            this.add("lenient-added", "request", pointerOf(key), `lenient validator ${name}-lenient added`);
      } else
        this.add(
          "declaration-changed",
          "request",
          pointerOf(key),
          `${key} changed from ${old === undefined ? "none" : show(old)} to ${current === undefined ? "none" : show(current)}`,
        );
    }
  }

  private comparePlanLimits(before: JsonObject, after: JsonObject): void {
    const at = (...segments: string[]) => pointerOf("x-specfirst-plan-limits", ...segments);
    for (const plan of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!(plan in after)) {
        this.add("plan-limit-removed", "request", at(plan), `plan ${plan} removed`);
        continue;
      }
      if (!(plan in before)) {
        this.add("plan-limit-added", "request", at(plan), `plan ${plan} added`);
        continue;
      }
      const was = objectAt(before[plan]);
      const now = objectAt(after[plan]);
      for (const kind of new Set([...Object.keys(was), ...Object.keys(now)])) {
        const a = was[kind];
        const b = now[kind];
        if (a === b) continue;
        if (b === undefined)
          this.add(
            "plan-limit-removed",
            "request",
            at(plan, kind),
            `${plan} plan: ${kind} limit (${show(a)} per second) removed`,
          );
        else if (a === undefined)
          this.add(
            "plan-limit-added",
            "request",
            at(plan, kind),
            `${plan} plan: ${kind} limit of ${show(b)} per second added`,
          );
        else if (typeof a === "number" && typeof b === "number" && b > a)
          this.add(
            "plan-limit-raised",
            "request",
            at(plan, kind),
            `${plan} plan: ${kind} limit raised from ${a} to ${b} per second`,
          );
        else
          this.add(
            "plan-limit-lowered",
            "request",
            at(plan, kind),
            `${plan} plan: ${kind} limit lowered from ${show(a)} to ${show(b)} per second`,
          );
      }
    }
  }

  private compareCommands(before: JsonValue[], after: JsonValue[]): void {
    const byName = (list: JsonValue[]) =>
      new Map(list.map((command, index) => [String(objectAt(command).name), { command, index }]));
    const was = byName(before);
    const now = byName(after);
    const at = (index: number) => `${pointerOf("x-specfirst-commands")}/${index}`;
    for (const [name, { index }] of was)
      if (!now.has(name)) this.add("commands-removed", "request", at(index), `command builder ${name} removed`);
    for (const [name, { command, index }] of now) {
      const old = was.get(name);
      if (old === undefined) this.add("commands-added", "request", at(index), `command builder ${name} added`);
      else {
        const { summary: _a, ...oldRest } = objectAt(old.command);
        const { summary: _b, ...rest } = objectAt(command);
        if (!isDeepStrictEqual(oldRest, rest))
          this.add(
            "commands-changed",
            "request",
            at(index),
            `command builder ${name} changed from ${show(oldRest)} to ${show(rest)}`,
          );
      }
    }
  }
}

/** A security scheme in a few words: `apiKey in header "Authorization" with prefix "Key "`, `http bearer`. */
function describeScheme(scheme: JsonObject): string {
  const parts = [typeof scheme.type === "string" ? scheme.type : "a scheme of no type"];
  if (scheme.in !== undefined || scheme.name !== undefined)
    parts.push(`in ${typeof scheme.in === "string" ? scheme.in : "?"} ${show(scheme.name)}`);
  if (typeof scheme.scheme === "string") parts.push(scheme.scheme);
  if (scheme["x-specfirst-credential-prefix"] !== undefined)
    parts.push(`with prefix ${show(scheme["x-specfirst-credential-prefix"])}`);
  const others = Object.keys(scheme).filter(
    (field) => !["type", "in", "name", "scheme", "description", "x-specfirst-credential-prefix"].includes(field),
  );
  for (const field of others) parts.push(`${field} ${show(scheme[field])}`);
  return parts.join(" ");
}

/** The JSON keys people read and no payload is checked against. */
const ANNOTATIONS = new Set([
  "description",
  "summary",
  "examples",
  "example",
  "tags",
  "externalDocs",
  "title",
  "x-specfirst-docs",
]);

/** A value without its annotations: two versions equal this way differ only in their documentation. */
export function withoutAnnotations(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(withoutAnnotations);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !ANNOTATIONS.has(key))
      .map(([key, item]) => [key, withoutAnnotations(item)]),
  );
}
