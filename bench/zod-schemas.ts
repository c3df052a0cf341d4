/**
 * Zod 4 schemas written to the same rules as schemas/ (see schemas/README.md and the Decisions in README.md):
 * every messaging envelope (message with content typed by `type`, notification with the reason-on-failed rule,
 * command request and response with their id / to / status / resource / reason rules and resource typed by `type`,
 * envelope dispatch, the inbound and outbound variants with their required fields), media types (every MIME field
 * is a `type/subtype` name without parameters, and a field that selects a document by its media type rejects a case
 * variant of a declared one, `TEXT/PLAIN`) and the whole Config tree with strict objects.
 *
 * Written the way a Zod user would: open objects are `z.looseObject`, closed ones `z.strictObject`, free-form
 * maps `z.record`, cross-field rules `superRefine`. Refinements run whenever the value is an object
 * (`when`), so an invalid payload reports every broken rule, like the generated validators (`allErrors`).
 * Integers are checked with `Number.isInteger` (JSON Schema's `integer`; `z.int()` would also reject integers
 * beyond 2^53), and `when` of a schedule uses the very `date-time` check of ajv-formats that the generated
 * validators use. test/bench-peers-agree.test.ts checks these schemas against the generated validators on every fixture.
 */
import { z } from "zod";
import { NODE_ADDRESS, SCHEDULE_WHEN } from "./peer-rules.js";
import formatsModule from "ajv-formats/dist/formats.js";

const formats = (formatsModule as unknown as { fullFormats: Record<string, { validate: (value: string) => boolean }> })
  .fullFormats;
const isDateTime = formats["date-time"]!.validate;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const whenObject = { when: (payload: { value: unknown }) => isObject(payload.value) };

const str = z.string();
const optStr = str.optional();
const integer = z.number().refine((n) => Number.isInteger(n), "must be an integer");
const optInt = integer.optional();
const optBool = z.boolean().optional();
const strings = z.array(str).optional();
const anyObject = z.looseObject({});

// ---------------------------------------------------------------- messaging

export const nodeAddress = z.string().regex(new RegExp(NODE_ADDRESS, "u"));
export const reason = z.looseObject({ code: integer, description: optStr });
/** media-type.schema.json: `type/subtype`, two RFC 6838 restricted names, no parameters. */
export const mediaType = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/u);
const optMediaType = mediaType.optional();

type Ctx = z.core.$RefinementCtx<Record<string, unknown>>;

/** The documents a field selects by media type, and their declared spelling by lower-cased media type. */
interface Documents {
  byType: ReadonlyMap<string, z.ZodType>;
  spelling: ReadonlyMap<string, string>;
}
const documents = (entries: [string, z.ZodType][]): Documents => ({
  byType: new Map(entries),
  spelling: new Map(entries.map(([type]) => [type.toLowerCase(), type])),
});

/**
 * The document `data[key]` selects, if any. Media types are case-insensitive, so a case variant of a declared media
 * type (`TEXT/PLAIN`) is an issue rather than some other, unchecked type.
 */
function documentOf(
  { byType, spelling }: Documents,
  data: Record<string, unknown>,
  key: string,
  ctx: Ctx,
): z.ZodType | undefined {
  const type = data[key];
  if (typeof type !== "string") return undefined;
  const schema = byType.get(type);
  if (schema === undefined) {
    const declared = spelling.get(type.toLowerCase());
    if (declared !== undefined) ctx.addIssue({ code: "custom", message: `must be spelled ${declared}`, path: [key] });
  }
  return schema;
}

export const plainText = z.string();
export const chatState = z.looseObject({
  state: z.enum(["starting", "composing", "paused", "deleting", "gone"]).optional(),
});
// Items of a collection and the value of a container are documents of their declared media type.
export const collection = z
  .looseObject({ itemType: optMediaType, items: z.array(z.unknown()).optional() })
  .superRefine((data, ctx) => {
    const schema = documentOf(contents, data, "itemType", ctx);
    if (schema !== undefined && Array.isArray(data.items))
      data.items.forEach((item, index) => nested(ctx, schema, item, ["items", index]));
  }, whenObject);
export const container = z
  .looseObject({ type: optMediaType, value: z.unknown().optional() })
  .superRefine((data, ctx) => {
    const schema = documentOf(contents, data, "type", ctx);
    if (schema !== undefined && data.value !== undefined) nested(ctx, schema, data.value, ["value"]);
  }, whenObject);
export const mediaLink = z.looseObject({ text: optStr, type: optMediaType, uri: optStr });
export const select = z.looseObject({
  text: optStr,
  options: z.array(z.looseObject({ order: optInt, text: optStr })).optional(),
});

const contents = documents([
  ["text/plain", plainText],
  ["application/vnd.lime.chatstate+json", chatState],
  ["application/vnd.lime.collection+json", collection],
  ["application/vnd.lime.container+json", container],
  ["application/vnd.lime.media-link+json", mediaLink],
  ["application/vnd.lime.select+json", select],
]);

/** Runs `schema` on `value` and re-reports its issues under `path`. */
function nested(ctx: Ctx, schema: z.ZodType, value: unknown, path: PropertyKey[]): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues)
    ctx.addIssue({ ...issue, path: [...path, ...issue.path] } as z.core.$ZodSuperRefineIssue);
}
const required = (ctx: Ctx, key: string) => ctx.addIssue({ code: "custom", message: "is required", path: [key] });

export const message = z
  .looseObject({
    id: optStr,
    from: nodeAddress.optional(),
    to: nodeAddress,
    type: mediaType,
    // string or object; the document of a known media type is checked below
    content: z.unknown(),
    metadata: z.record(z.string(), z.string()).optional(),
  })
  .superRefine((data, ctx) => {
    const content = data.content;
    if (content === undefined) return required(ctx, "content");
    if (typeof content !== "string" && !isObject(content)) {
      ctx.addIssue({ code: "custom", message: "must be a string or an object", path: ["content"] });
    }
    const schema = documentOf(contents, data, "type", ctx);
    if (schema !== undefined) nested(ctx, schema, content, ["content"]);
  }, whenObject);

export const notification = z
  .looseObject({
    id: optStr,
    from: nodeAddress.optional(),
    to: nodeAddress.optional(),
    event: z.enum(["accepted", "dispatched", "received", "consumed", "failed"]),
    reason: reason.optional(),
  })
  .superRefine((data, ctx) => {
    if (data.event === "failed" && data.reason === undefined) required(ctx, "reason");
  }, whenObject);

/** The fields an envelope variant lists as required, on top of its envelope's rules. */
const requiring =
  (...keys: string[]) =>
  (data: Record<string, unknown>, ctx: Ctx) => {
    for (const key of keys) if (data[key] === undefined) required(ctx, key);
  };
// what the service POSTs to the bot, and the notification the bot sends with POST /notifications
export const inboundMessage = message.superRefine(requiring("id", "from"), whenObject);
export const inboundNotification = notification.superRefine(requiring("id", "from", "to"), whenObject);
export const outboundNotification = notification.superRefine(requiring("id", "from"), whenObject);

export const distributionList = z.looseObject({ identity: nodeAddress.optional() });
export const schedule = z.looseObject({
  message,
  when: z
    .string()
    .regex(new RegExp(SCHEDULE_WHEN, "u"))
    .refine((value) => isDateTime(value), "must be an ISO 8601 date-time"),
  name: optStr,
});
export const eventTrack = z.looseObject({ category: optStr, action: optStr });

const resources = documents([
  ["application/vnd.ext.distribution-list+json", distributionList],
  ["application/vnd.ext.schedule+json", schedule],
  ["application/vnd.ext.eventTrack+json", eventTrack],
]);
/** The extension URIs of the seed, which a request must address with `to`. */
const EXTENSION_URI = /^\/(?:lists|schedules|event-track)(?:[/?#]|$)/u;

const METHODS = ["get", "set", "merge", "delete", "subscribe", "unsubscribe", "observe"] as const;
const commandFields = {
  id: optStr,
  from: nodeAddress.optional(),
  to: nodeAddress.optional(),
  uri: optStr,
  method: z.enum(METHODS),
  type: optMediaType,
  resource: anyObject.optional(),
  reason: reason.optional(),
  metadata: anyObject.optional(),
};

/** command-resource.schema.json, shared by request and response: `resource` typed from `type`. */
function commandRules(data: Record<string, unknown>, ctx: Ctx): void {
  const schema = documentOf(resources, data, "type", ctx);
  if (schema !== undefined && data.resource !== undefined) nested(ctx, schema, data.resource, ["resource"]);
}

// A request never carries `status` (responses only); an `observe` (never answered) has no `id`, any other method has
// one; the extension URIs need `to`, the extension's own address.
export const command = z
  .looseObject({ ...commandFields, uri: str, status: z.never().optional() })
  .superRefine((data, ctx) => {
    commandRules(data, ctx);
    if (data.method === "observe") {
      if (data.id !== undefined)
        ctx.addIssue({ code: "custom", message: "must be absent: an observe command is not answered", path: ["id"] });
    } else if (data.id === undefined) required(ctx, "id");
    if ((data.method === "set" || data.method === "observe") && data.resource === undefined) required(ctx, "resource");
    if (data.to === undefined && typeof data.uri === "string" && EXTENSION_URI.test(data.uri)) required(ctx, "to");
    // a command to an extension (any method but observe) goes to its address, postmaster@<extension>.<host>
    if (
      data.method !== "observe" &&
      typeof data.uri === "string" &&
      EXTENSION_URI.test(data.uri) &&
      typeof data.to === "string" &&
      !data.to.startsWith("postmaster@")
    )
      ctx.addIssue({
        code: "custom",
        message: "must be the extension's address, postmaster@<extension>.<host>",
        path: ["to"],
      });
  }, whenObject);

// A response always has the id of its request, its from and to, and never answers an `observe` (which must not be answered).
export const commandResponse = z
  .looseObject({
    ...commandFields,
    id: str,
    from: nodeAddress,
    to: nodeAddress,
    method: z.enum(METHODS.filter((m) => m !== "observe")),
    status: z.enum(["success", "failure"]),
  })
  .superRefine((data, ctx) => {
    commandRules(data, ctx);
    if (data.status === "failure" && data.reason === undefined) required(ctx, "reason");
    if (data.method === "get" && data.status === "success" && data.resource === undefined) required(ctx, "resource");
  }, whenObject);

/** envelope.schema.json: a `method` or `status` makes a command (a response with `status`), `event` a notification. */
export const envelope = anyObject.superRefine((data, ctx) => {
  const schema =
    data.method !== undefined || data.status !== undefined
      ? data.status !== undefined
        ? commandResponse
        : command
      : data.event !== undefined
        ? notification
        : message;
  nested(ctx, schema, data, []);
});

// ---------------------------------------------------------------- Config tree (closed objects)

const strict = z.strictObject;
const mapping = strict({ mapping: optStr }).optional();
const format = strict({ format: optStr }).optional();

export const awsCredential = strict({
  id: optStr,
  profile: optStr,
  role: optStr,
  role_external_id: optStr,
  secret: optStr,
  token: optStr,
});
export const basicAuth = strict({ user_id: optStr, password: optStr });
export const batching = strict({ count: optInt, period: optStr });
export const blobCredential = strict({
  storage_access_key: optStr,
  storage_account: optStr,
  storage_connection_string: optStr,
  storage_sas_token: optStr,
});
export const watermark = strict({ column: optStr, period: optInt, time_unit: optStr });
export const createTable = strict({ columns: z.unknown().optional(), watermark: watermark.optional() });

export interface FilterNode {
  field_name?: string | undefined;
  filters?: FilterNode[] | undefined;
  op?: string | undefined;
  value?: string | undefined;
  value_type?: string | undefined;
  values?: string[] | undefined;
}
export const filterNode: z.ZodType<FilterNode> = strict({
  field_name: optStr,
  get filters() {
    return z.array(filterNode).optional();
  },
  op: optStr,
  value: optStr,
  value_type: optStr,
  values: strings,
});
export const filter = strict({ description: optStr, filter: filterNode.optional(), groups: strings, indexes: strings });
export const flinkSql = strict({
  timezone: optStr,
  select: strict({ statement: optStr }).optional(),
  sources: z.array(strict({ name: optStr, type: optStr, create_table: createTable.optional() })).optional(),
  sink: strict({ create_table: createTable.optional() }).optional(),
});
export const headersListEntry = strict({ key: optStr, value: optStr });
export const headers = z.record(z.string(), z.string());
export const indexEntry = strict({
  description: optStr,
  key: optStr,
  required: optBool,
  value: optStr,
  values: strings,
});
export const scanner = strict({
  type: optStr,
  csv: strict({
    continue_on_error: optBool,
    lazy_quotes: optBool,
    parse_header_row: optBool,
    custom_delimiter: optStr,
  }).optional(),
  lines: strict({ custom_delimiter: optStr, max_buffer_size: optInt }).optional(),
});
export const scheduler = strict({ cron: optStr, max_executions: optInt, seconds: optInt });
export const sasl = strict({ mechanism: optStr, password: optStr, user: optStr });
export const tls = strict({
  ca_crt: optStr,
  client_certs: z.array(strict({ cert: optStr, key: optStr, password: optStr })).optional(),
  enable_renegotiation: optBool,
  enabled: optBool,
  root_cas: optStr,
  skip_cert_verify: optBool,
});
export const kafkaSource = strict({
  addresses: strings,
  consumer_group: optStr,
  sasl: sasl.optional(),
  tls: tls.optional(),
  topics: strings,
});
export const serviceAccountCredential = strict({
  auth_provider_x509_cert_url: optStr,
  auth_uri: optStr,
  client_email: optStr,
  client_id: optStr,
  client_x509_cert_url: optStr,
  private_key: optStr,
  private_key_id: optStr,
  project_id: optStr,
  token_uri: optStr,
  type: optStr,
});
export const oauth1 = strict({
  access_token: optStr,
  access_token_secret: optStr,
  consumer_key: optStr,
  consumer_secret: optStr,
});
export const oauth2 = strict({
  auth_style: optStr,
  client_key: optStr,
  client_secret: optStr,
  endpoint_params: z.record(z.string(), z.array(z.string())).optional(),
  scopes: strings,
  token_type: optStr,
  token_url: optStr,
});
export const rateLimit = strict({ count: optInt, interval_seconds: optInt });
export const outputFile = strict({
  extension: optStr,
  max_size_mb: optInt,
  path: optStr,
  period: optStr,
  schema: z.array(strict({ name: optStr })).optional(),
  separator: optStr,
});

const datetimeValue = strict({ date_value: optStr, timezone: optStr }).optional();
export const inputAzureBlob = strict({
  container: optStr,
  credential: blobCredential.optional(),
  prefix: optStr,
  scanner: scanner.optional(),
  scheduler: scheduler.optional(),
  input_seed: strict({ type: optStr, kafka: kafkaSource.optional(), parser: mapping }).optional(),
});
export const inputDeltaSharing = strict({
  config: optStr,
  file_id: optStr,
  schema: optStr,
  share: optStr,
  table: optStr,
  period_seconds: optInt,
  paging: strict({ seconds: optInt }).optional(),
  scheduler: scheduler.optional(),
  queries: z.array(strict({ field_name: optStr, type: optStr })).optional(),
  filter: strict({
    bot_field_name: optStr,
    tenant_field_name: optStr,
    date_field_name: optStr,
    bot_field_values: strings,
    tenant_field_values: strings,
    since_date_value: optStr,
    until_date_value: optStr,
    since_datetime_value: datetimeValue,
    until_datetime_value: datetimeValue,
  }).optional(),
});
export const inputGoogleCloudPubsub = strict({
  credential: serviceAccountCredential.optional(),
  project: optStr,
  subscription: optStr,
});
export const inputHttpClient = strict({
  url: optStr,
  verb: optStr,
  headers: headers.optional(),
  headers_list: z.array(headersListEntry).optional(),
  stream: strict({ enabled: optBool, reconnect: optBool, scanner: scanner.optional() }).optional(),
});
export const inputN8n = strict({
  credentials: z.array(strict({ id: optStr, type: optStr, data: anyObject.optional() })).optional(),
  firehose_access_token: optStr,
  output_error_nodes: strings,
  output_success_nodes: strings,
  workflow: strict({
    id: optStr,
    nodes: z
      .array(
        strict({
          name: optStr,
          type: optStr,
          onError: optStr,
          webhookId: optStr,
          position: z.array(integer).optional(),
          parameters: anyObject.optional(),
          credentials: anyObject.optional(),
        }),
      )
      .optional(),
    connections: z
      .record(
        z.string(),
        strict({ main: z.array(z.array(strict({ node: optStr, type: optStr, index: optInt }))).optional() }),
      )
      .optional(),
  }).optional(),
});
export const inputSql = strict({
  driver: optStr,
  uri: optStr,
  scheduler: scheduler.optional(),
  query: strict({
    select: optStr,
    from: optStr,
    where: optStr,
    group_by: optStr,
    having: optStr,
    order_by: optStr,
    limit: optInt,
  }).optional(),
});
export const input = strict({
  type: optStr,
  description: optStr,
  allowed_metadata: strings,
  kafka: kafkaSource.optional(),
  azure_blob: inputAzureBlob.optional(),
  delta_sharing: inputDeltaSharing.optional(),
  google_cloud_pubsub: inputGoogleCloudPubsub.optional(),
  http_client: inputHttpClient.optional(),
  n8n: inputN8n.optional(),
  sql: inputSql.optional(),
});

export const outputAwsKinesis = strict({
  batching: batching.optional(),
  credential: awsCredential.optional(),
  region: optStr,
  stream: optStr,
});
export const outputAwsS3 = strict({
  bucket: optStr,
  credential: awsCredential.optional(),
  region: optStr,
  file: outputFile.optional(),
});
export const outputAzureBlob = strict({
  container: optStr,
  credential: blobCredential.optional(),
  file: outputFile.optional(),
});
export const outputDeltalake = strict({
  azure_blob_storage: strict({ root_path: optStr, storage_access_key: optStr, storage_account: optStr }).optional(),
  batching: batching.optional(),
  table_name: optStr,
  timeout: optStr,
});
export const outputElasticSearch = strict({
  urls: strings,
  index: optStr,
  pipeline: optStr,
  stored_script: optStr,
  id_fields: strings,
  id_separator: optStr,
  conflict_action: optStr,
  batching: batching.optional(),
  basic_auth: basicAuth.optional(),
  tls: tls.optional(),
  script_params_blobl: mapping,
  aws: strict({ credential: awsCredential.optional(), endpoint: optStr, region: optStr }).optional(),
});
const emailFields = { to: strings, cc: strings, bcc: strings, subject: optStr, file: outputFile.optional() };
export const outputEmail = strict(emailFields);
export const outputTransactionalEmail = strict({ ...emailFields, template_id: optStr });
export const outputFirehose = strict({ config_ids: strings });
export const outputGoogleCloudPubsub = strict({
  credential: serviceAccountCredential.optional(),
  project: optStr,
  topic: optStr,
});
export const outputGoogleCloudStorage = strict({
  bucket: optStr,
  content_type: optStr,
  credential: serviceAccountCredential.optional(),
  file: outputFile.optional(),
});
export const outputHttp = strict({
  verb: optStr,
  headers: headers.optional(),
  headers_list: z.array(headersListEntry).optional(),
  basic_auth: basicAuth.optional(),
  oauth2: oauth2.optional(),
  timeout_seconds: optInt,
  batching: batching.optional(),
  tls: tls.optional(),
  verify_token: optStr,
  verify_token_private_key: optStr,
});
export const outputKafka = strict({
  topic: optStr,
  batching: batching.optional(),
  sasl: sasl.optional(),
  tls: tls.optional(),
});
export const outputMongodb = strict({
  uri: optStr,
  database: optStr,
  collection: optStr,
  operation: optStr,
  batching: batching.optional(),
  update_one: strict({ filter: z.record(z.string(), z.string()).optional(), upsert: optBool }).optional(),
});
export const outputSftp = strict({ basic_auth: basicAuth.optional(), file: outputFile.optional(), period: optStr });
export const outputSql = strict({
  driver: optStr,
  uri: optStr,
  operation: optStr,
  batching: batching.optional(),
  table: strict({ name: optStr, schema: optStr }).optional(),
  update: strict({ key_fields: strings }).optional(),
  mssql: strict({
    data_types: z
      .array(strict({ name: optStr, type: optStr, date: format, datetime: format, datetime_offset: format }))
      .optional(),
  }).optional(),
});
export const output = strict({
  type: optStr,
  description: optStr,
  target: optStr,
  rate_limit: rateLimit.optional(),
  aws_kinesis: outputAwsKinesis.optional(),
  aws_s3: outputAwsS3.optional(),
  azure_blob: outputAzureBlob.optional(),
  deltalake: outputDeltalake.optional(),
  elastic_search: outputElasticSearch.optional(),
  email: outputEmail.optional(),
  transactional_email: outputTransactionalEmail.optional(),
  firehose: outputFirehose.optional(),
  google_cloud_pubsub: outputGoogleCloudPubsub.optional(),
  google_cloud_storage: outputGoogleCloudStorage.optional(),
  http: outputHttp.optional(),
  kafka: outputKafka.optional(),
  mongodb: outputMongodb.optional(),
  sftp: outputSftp.optional(),
  sql: outputSql.optional(),
});

export const processor = strict({ type: optStr, description: optStr, flink_sql: flinkSql.optional() });
export const stepHttp = strict({
  url: optStr,
  verb: optStr,
  timeout_seconds: optInt,
  ignore_error_codes: z.array(integer).optional(),
  body: mapping,
  dynamic_url: mapping,
  headers: headers.optional(),
  headers_list: z.array(headersListEntry).optional(),
  basic_auth: basicAuth.optional(),
  oauth: oauth1.optional(),
  oauth2: oauth2.optional(),
});
export const step = strict({
  id: optStr,
  type: optStr,
  ignore_error: optBool,
  override: optBool,
  rate_limit: rateLimit.optional(),
  bloblang: mapping,
  delete: mapping,
  http: stepHttp.optional(),
});
export const transformer = strict({
  description: optStr,
  workflow: z.array(z.array(str)).optional(),
  steps: z.array(step).optional(),
});

export const config = strict({
  id: optStr,
  name: optStr,
  description: optStr,
  status: optStr,
  groups: strings,
  sharing_groups: strings,
  index: z.array(indexEntry).optional(),
  filter: filter.optional(),
  input: input.optional(),
  transformer: transformer.optional(),
  processor: processor.optional(),
  output: output.optional(),
});

/** Zod schema per validator name, for the names the benchmark and the agreement check use. */
export const zodSchemas: Readonly<Record<string, z.ZodType>> = {
  message,
  notification,
  command,
  "command-response": commandResponse,
  envelope,
  "inbound-message": inboundMessage,
  "inbound-notification": inboundNotification,
  "outbound-notification": outboundNotification,
  "node-address": nodeAddress,
  "media-type": mediaType,
  reason,
  "plain-text": plainText,
  "chat-state": chatState,
  collection,
  container,
  "media-link": mediaLink,
  select,
  "distribution-list": distributionList,
  schedule,
  "event-track": eventTrack,
  config,
  "filter-node": filterNode,
  filter,
  input,
  output,
  transformer,
  processor,
};
