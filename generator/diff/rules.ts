import { IMPACT, type ChangeKind } from "./classify.js";

/** Who a change breaks, in the terms of the payload it concerns: who builds it, who reads it, both, or nobody. */
export type Breaks = "producers" | "consumers" | "both" | "none";
export type Bump = "major" | "minor" | "patch";

/** The families of rules, one home each (docs/change-control.md#what-diff-reports lists them). */
export type Family =
  | "schemas"
  | "operations"
  | "parameters"
  | "request bodies"
  | "responses"
  | "security"
  | "servers"
  | "webhooks"
  | "declarations"
  | "documentation";

export interface Rule {
  family: Family;
  /** Who the change breaks; `"schema"`: what the schema comparison found (a narrowing breaks producers, a widening consumers). */
  breaks: Breaks | "schema";
  /** The bump when the change breaks nobody: `minor` for an addition, `patch` otherwise (a breaking change is always `major`). */
  bump: "minor" | "patch";
  /** One sentence: why it breaks whom it breaks, or why it does not. */
  why: string;
}

const rule = (family: Family, breaks: Rule["breaks"], bump: Rule["bump"], why: string): Rule => ({
  family,
  breaks,
  bump,
  why,
});

/** Why each kind of schema change matters to a payload's producers and consumers (classify.ts says which it breaks). */
const SCHEMA_WHY: Record<ChangeKind, string> = {
  "schema-added": "A new schema constrains no payload that existed before.",
  "schema-removed": "Payloads and validators built on the schema have nothing to refer to any more.",
  "field-added": "A new optional field: producers may leave it out, consumers may ignore it.",
  "field-removed": "Producers that send the field may be rejected, and consumers that read it no longer get it.",
  "field-renamed": "Producers send the old name and consumers read the old name: neither meets the other.",
  "field-became-required": "Producers that leave the field out are now rejected.",
  "field-became-optional": "Consumers that rely on the field being present may not find it.",
  "type-changed": "Values of the old type are rejected, and consumers receive values of a type they do not expect.",
  "type-widened":
    "Consumers may receive values of a type they were not written for; what producers sent is still valid.",
  "type-narrowed":
    "Producers that send a value of a type no longer allowed are rejected; consumers receive fewer kinds.",
  "enum-value-added": "Consumers may receive a value they do not handle.",
  "enum-value-removed": "Producers that send the removed value are rejected.",
  "const-changed": "The one value accepted before is rejected now, and consumers receive another.",
  "pattern-tightened": "Values that matched before may be rejected now.",
  "pattern-loosened": "Consumers may receive values they did not expect.",
  "format-tightened": "Values that were accepted before may be rejected now.",
  "format-loosened": "Consumers may receive values of a format they did not expect.",
  "bound-tightened": "Values inside the old bound but outside the new one are rejected.",
  "bound-loosened": "Consumers may receive values outside the bound they were written for.",
  "object-closed": "Producers that send extra properties are now rejected.",
  "object-opened": "Consumers may receive properties they do not know.",
  "reference-changed":
    "The value is checked against another schema: what was valid may not be, and consumers read another shape.",
  "condition-changed": "Which rule applies to which payload changed, in both directions.",
  "constraint-added": "A new constraint rejects payloads that were valid before.",
  "constraint-removed": "Consumers may receive payloads the removed constraint used to exclude.",
  "alternative-added": "Consumers may receive a shape they do not handle.",
  "alternative-removed": "Producers that send the removed shape are rejected.",
  "subschema-changed": "The subschema changed as a whole: it is compared as breaking both ways.",
};

const SCHEMA_BUMP: Partial<Record<ChangeKind, "minor">> = { "schema-added": "minor", "field-added": "minor" };

/** The rule id of a kind of schema change: `schema-field-removed`, `schema-added`. */
export type SchemaRuleId = ChangeKind extends infer Kind
  ? Kind extends `schema-${string}`
    ? Kind
    : `schema-${Kind & string}`
  : never;
export const schemaRule = (kind: ChangeKind): SchemaRuleId =>
  (kind.startsWith("schema-") ? kind : `schema-${kind}`) as SchemaRuleId;

/** The schema rules: one for every kind of change classify.ts finds, in a schema file or in an operation's inline schema. */
const SCHEMA_RULES = Object.fromEntries(
  (Object.keys(IMPACT) as ChangeKind[]).map((kind) => [
    schemaRule(kind),
    rule("schemas", "schema", SCHEMA_BUMP[kind] ?? "patch", SCHEMA_WHY[kind]),
  ]),
) as Record<SchemaRuleId, Rule>;

/**
 * Every rule the report applies, by id (oasdiff's naming style). `breaks` is said in the direction of the payload
 * the rule concerns (report.ts names the parties): for an operation's request, producer = the caller and consumer =
 * the service; for a response, the reverse; for a webhook's payload, producer = the service (the platform) and
 * consumer = the bot. Rules about the document as a whole (servers, security, plan limits, commands) concern the
 * callers' requests.
 */
export const RULES = {
  ...SCHEMA_RULES,
  "schema-media-type-document-added": rule(
    "schemas",
    "producers",
    "patch",
    "Content of this media type was accepted with any shape before; now it must match the document, and case variants of the media type are rejected.",
  ),
  "schema-media-type-document-removed": rule(
    "schemas",
    "consumers",
    "patch",
    "Content of this media type is no longer checked: consumers may receive any shape.",
  ),
  "schema-media-type-document-changed": rule(
    "schemas",
    "both",
    "patch",
    "Content of this media type is checked against another document.",
  ),

  "api-path-added": rule("operations", "none", "minor", "A new operation: existing callers do not call it."),
  "api-path-removed": rule(
    "operations",
    "producers",
    "patch",
    "Callers that call the operation get an error (404 or 405) instead of its response.",
  ),
  "api-path-changed": rule(
    "operations",
    "producers",
    "patch",
    "Callers send the request to the old path and get an error.",
  ),
  "api-method-changed": rule(
    "operations",
    "producers",
    "patch",
    "Callers send the request with the old method and get an error.",
  ),
  "api-operation-id-changed": rule(
    "operations",
    "producers",
    "patch",
    "The typed client names its method after the operationId: callers' code calls a method that no longer exists.",
  ),

  "request-parameter-added-required": rule(
    "parameters",
    "producers",
    "patch",
    "Callers that do not send the new required parameter are rejected.",
  ),
  "request-parameter-added": rule("parameters", "none", "minor", "A new optional parameter: callers may leave it out."),
  "request-parameter-removed": rule(
    "parameters",
    "producers",
    "patch",
    "Callers that send the parameter lose its effect, and a service that checks its inputs may reject it.",
  ),
  "request-parameter-became-required": rule(
    "parameters",
    "producers",
    "patch",
    "Callers that leave the parameter out are now rejected.",
  ),
  "request-parameter-became-optional": rule(
    "parameters",
    "consumers",
    "patch",
    "The service can no longer rely on receiving the parameter.",
  ),
  "request-parameter-in-changed": rule(
    "parameters",
    "producers",
    "patch",
    "Callers send the parameter in the old place, where it is no longer read.",
  ),

  "request-body-added-required": rule(
    "request bodies",
    "producers",
    "patch",
    "Callers that send no body are rejected.",
  ),
  "request-body-added": rule("request bodies", "none", "minor", "An optional body: callers may leave it out."),
  "request-body-removed": rule(
    "request bodies",
    "producers",
    "patch",
    "Callers that send a body send one the operation no longer takes.",
  ),
  "request-body-became-required": rule(
    "request bodies",
    "producers",
    "patch",
    "Callers that send no body are rejected.",
  ),
  "request-body-became-optional": rule(
    "request bodies",
    "consumers",
    "patch",
    "The service can no longer rely on receiving a body.",
  ),
  "request-body-media-type-added": rule(
    "request bodies",
    "none",
    "minor",
    "Callers may go on sending the media types accepted before.",
  ),
  "request-body-media-type-removed": rule(
    "request bodies",
    "producers",
    "patch",
    "Callers that send a body of this media type are rejected.",
  ),

  "response-success-status-added": rule(
    "responses",
    "none",
    "minor",
    "A new success status: callers that do not know it treat it as any success.",
  ),
  "response-non-success-status-added": rule(
    "responses",
    "none",
    "minor",
    "A new error status: callers that do not know it treat it as any error of its class.",
  ),
  "response-success-status-removed": rule(
    "responses",
    "consumers",
    "patch",
    "Callers written for this success status (202, say) no longer receive it: the success they get instead is one they were not written for.",
  ),
  "response-non-success-status-removed": rule(
    "responses",
    "none",
    "patch",
    "The service no longer answers with this error: callers that handle it just do not see it.",
  ),
  "response-body-added": rule(
    "responses",
    "none",
    "minor",
    "Callers that ignored the empty body may go on ignoring the new one.",
  ),
  "response-body-removed": rule("responses", "consumers", "patch", "Callers that read the response body get none."),
  "response-media-type-added": rule(
    "responses",
    "none",
    "minor",
    "The media types the callers read before are still among those returned.",
  ),
  "response-media-type-removed": rule(
    "responses",
    "consumers",
    "patch",
    "Callers that read the body in this media type no longer get it.",
  ),
  "response-header-added": rule("responses", "none", "minor", "Callers may ignore a new response header."),
  "response-header-removed": rule("responses", "consumers", "patch", "Callers that read the header no longer get it."),
  "response-header-became-optional": rule(
    "responses",
    "consumers",
    "patch",
    "Callers that rely on the header being present may not find it.",
  ),
  "response-header-became-required": rule(
    "responses",
    "none",
    "patch",
    "Callers now always get a header they may already have read.",
  ),

  "api-security-added": rule("security", "producers", "patch", "Callers that sent no credentials are now refused."),
  "api-security-removed": rule(
    "security",
    "none",
    "patch",
    "The operation needs no credentials any more: callers that send them are still served.",
  ),
  "api-security-alternative-removed": rule(
    "security",
    "producers",
    "patch",
    "Callers that authenticate with the removed requirement are refused.",
  ),
  "api-security-alternative-added": rule("security", "none", "minor", "Callers may go on authenticating as before."),
  "security-scheme-added": rule(
    "security",
    "none",
    "minor",
    "A new scheme: no existing requirement uses it unless another rule says so.",
  ),
  "security-scheme-removed": rule(
    "security",
    "producers",
    "patch",
    "Callers that authenticate with the scheme are refused.",
  ),
  "security-scheme-type-changed": rule(
    "security",
    "producers",
    "patch",
    "Callers send credentials of the old type, which the service no longer reads.",
  ),
  "security-scheme-api-key-name-changed": rule(
    "security",
    "producers",
    "patch",
    "Callers send the key under the old header or query name, where the service no longer looks.",
  ),
  "security-scheme-api-key-in-changed": rule(
    "security",
    "producers",
    "patch",
    "Callers send the key in the old place (header, query or cookie), where the service no longer looks.",
  ),
  "security-scheme-http-scheme-changed": rule(
    "security",
    "producers",
    "patch",
    "Callers send an Authorization value of the old scheme.",
  ),
  "security-scheme-credential-prefix-changed": rule(
    "security",
    "producers",
    "patch",
    "The typed client writes the credential with this prefix: callers' credentials are sent in a form the service no longer reads.",
  ),
  "security-scheme-changed": rule("security", "producers", "patch", "Callers authenticate as the old scheme said."),

  "api-server-added": rule("servers", "none", "minor", "Callers may go on using the servers listed before."),
  "api-server-removed": rule(
    "servers",
    "producers",
    "patch",
    "Callers configured with this server address send their requests where the API no longer is.",
  ),
  "api-server-variable-added": rule(
    "servers",
    "producers",
    "patch",
    "Callers that do not set the new variable get its default, which may not be where they called before.",
  ),
  "api-server-variable-removed": rule(
    "servers",
    "producers",
    "patch",
    "Callers that set the variable can no longer choose the address with it.",
  ),
  "api-server-variable-default-changed": rule(
    "servers",
    "producers",
    "patch",
    "Callers that rely on the default address now call another one.",
  ),
  "api-server-variable-enum-value-removed": rule(
    "servers",
    "producers",
    "patch",
    "Callers that chose the removed value can no longer use it.",
  ),

  "webhook-added": rule("webhooks", "none", "minor", "A new webhook: a bot receives it only once its URL is set."),
  "webhook-removed": rule(
    "webhooks",
    "consumers",
    "patch",
    "Bots that handle this webhook no longer receive its calls, and their typed handler option is gone.",
  ),

  "plan-limit-lowered": rule(
    "declarations",
    "producers",
    "patch",
    "The client's limiter sends fewer envelopes per second on this plan: callers that relied on the old rate are slowed or throttled.",
  ),
  "plan-limit-raised": rule(
    "declarations",
    "none",
    "patch",
    "Callers may send more per second; what they sent before is still within the limit.",
  ),
  "plan-limit-added": rule(
    "declarations",
    "none",
    "minor",
    "A new plan or limiter kind: existing callers do not use it.",
  ),
  "plan-limit-removed": rule(
    "declarations",
    "producers",
    "patch",
    "Callers that name this plan or limiter kind in the client's options no longer type-check, or lose their limit.",
  ),
  "rate-limit-kind-changed": rule(
    "declarations",
    "producers",
    "patch",
    "The client counts the operation against another limiter: callers' throughput for it changes.",
  ),
  "idempotent-when-changed": rule(
    "declarations",
    "producers",
    "patch",
    "The client retries the operation on another condition: calls retried before may now fail, or be sent twice.",
  ),
  "idempotent-when-added": rule(
    "declarations",
    "none",
    "minor",
    "The client now retries calls it used to fail on a network error; they are safe to repeat.",
  ),
  "commands-added": rule(
    "declarations",
    "none",
    "minor",
    "A new command builder in the client: existing callers do not use it.",
  ),
  "commands-removed": rule(
    "declarations",
    "producers",
    "patch",
    "Callers that use this command builder of the client no longer type-check.",
  ),
  "commands-changed": rule(
    "declarations",
    "producers",
    "patch",
    "The command builder sends another method, URI or type: callers' commands change meaning.",
  ),
  "acknowledge-changed": rule(
    "declarations",
    "consumers",
    "patch",
    "The webhook handler acknowledges messages differently: bots send other (or no, or duplicate) notifications.",
  ),
  "match-changed": rule(
    "declarations",
    "consumers",
    "patch",
    "The webhook handler sends payloads to another handler: bots' handlers receive other payloads.",
  ),
  "reply-changed": rule(
    "declarations",
    "consumers",
    "patch",
    "The handler's reply helper calls another operation, or is gone: bots' replies change.",
  ),
  "reply-added": rule("declarations", "none", "minor", "A new reply helper: bots that do not use it are unaffected."),
  "handler-changed": rule(
    "declarations",
    "consumers",
    "patch",
    "The webhook handler's option is named after it: bots pass a handler under a name no longer read.",
  ),
  "handler-added": rule(
    "declarations",
    "none",
    "minor",
    "A new handler option: bots that do not use it are unaffected.",
  ),
  "lenient-removed": rule(
    "declarations",
    "both",
    "patch",
    "The lenient validator of this schema is no longer shipped: code that imports it breaks.",
  ),
  "lenient-added": rule("declarations", "none", "minor", "A new lenient validator is shipped besides the strict one."),
  "declaration-changed": rule(
    "declarations",
    "both",
    "patch",
    "The report has no finer rule for this x-specfirst-* declaration, which generated code reads: review it.",
  ),

  "documentation-changed": rule(
    "documentation",
    "none",
    "patch",
    "Descriptions, summaries, examples and tags are read by people, not checked against payloads.",
  ),
  "contract-changed": rule(
    "documentation",
    "both",
    "patch",
    "The report has no rule for this change of the built contract: review it (counted as breaking so it is never missed).",
  ),
} satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;
