// Written by bench/typia/generate.ts from bench/peer-rules.ts and generated/schemas/configs/; do not edit.
import typia, { type tags } from "typia";

type NodeAddress = string & tags.Pattern<"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$">;
type MediaType = string & tags.Pattern<"^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$">;
type OtherMediaType = string & tags.Pattern<"^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$">;
type Integer = number & tags.Type<"int64">;

interface ChatState { state?: "starting" | "composing" | "paused" | "deleting" | "gone" }
interface MediaLink { text?: string; type?: MediaType; uri?: string }
interface Select { text?: string; options?: { order?: Integer; text?: string }[] }
type Collection =
  | { itemType: "text/plain"; items?: string[] }
  | { itemType: "application/vnd.lime.chatstate+json"; items?: ChatState[] }
  | { itemType: "application/vnd.lime.collection+json"; items?: Collection[] }
  | { itemType: "application/vnd.lime.container+json"; items?: Container[] }
  | { itemType: "application/vnd.lime.media-link+json"; items?: MediaLink[] }
  | { itemType: "application/vnd.lime.select+json"; items?: Select[] }
  | { itemType?: OtherMediaType; items?: unknown[] };
type Container =
  | { type: "text/plain"; value?: string }
  | { type: "application/vnd.lime.chatstate+json"; value?: ChatState }
  | { type: "application/vnd.lime.collection+json"; value?: Collection }
  | { type: "application/vnd.lime.container+json"; value?: Container }
  | { type: "application/vnd.lime.media-link+json"; value?: MediaLink }
  | { type: "application/vnd.lime.select+json"; value?: Select }
  | { type?: OtherMediaType; value?: unknown };

type Message =
  | { id?: string; from?: NodeAddress; to: NodeAddress; type: "text/plain"; content: string; metadata?: Record<string, string> }
  | { id?: string; from?: NodeAddress; to: NodeAddress; type: "application/vnd.lime.chatstate+json"; content: ChatState; metadata?: Record<string, string> }
  | { id?: string; from?: NodeAddress; to: NodeAddress; type: "application/vnd.lime.collection+json"; content: Collection; metadata?: Record<string, string> }
  | { id?: string; from?: NodeAddress; to: NodeAddress; type: "application/vnd.lime.container+json"; content: Container; metadata?: Record<string, string> }
  | { id?: string; from?: NodeAddress; to: NodeAddress; type: "application/vnd.lime.media-link+json"; content: MediaLink; metadata?: Record<string, string> }
  | { id?: string; from?: NodeAddress; to: NodeAddress; type: "application/vnd.lime.select+json"; content: Select; metadata?: Record<string, string> }
  | { id?: string; from?: NodeAddress; to: NodeAddress; type: OtherMediaType; content: string | Record<string, unknown>; metadata?: Record<string, string> };

interface Reason { code: Integer; description?: string }
type Notification =
  | { id?: string; from?: NodeAddress; to?: NodeAddress; event: "failed"; reason: Reason }
  | { id?: string; from?: NodeAddress; to?: NodeAddress; event: "accepted" | "dispatched" | "received" | "consumed"; reason?: Reason };

type AwsCredential = { "id"?: string; "profile"?: string; "role"?: string; "role_external_id"?: string; "secret"?: string; "token"?: string; };
type BasicAuth = { "user_id"?: string; "password"?: string; };
type Batching = { "count"?: number & tags.Type<"int64">; "period"?: string; };
type BlobCredential = { "storage_access_key"?: string; "storage_account"?: string; "storage_connection_string"?: string; "storage_sas_token"?: string; };
type Config = { "id"?: string; "name"?: string; "description"?: string; "status"?: string; "groups"?: Array<string>; "sharing_groups"?: Array<string>; "index"?: Array<IndexEntry>; "filter"?: Filter; "input"?: Input; "transformer"?: Transformer; "processor"?: Processor; "output"?: Output; };
type CreateTable = { "columns"?: unknown; "watermark"?: Watermark; };
type FilterNode = { "field_name"?: string; "filters"?: Array<FilterNode>; "op"?: string; "value"?: string; "value_type"?: string; "values"?: Array<string>; };
type Filter = { "description"?: string; "filter"?: FilterNode; "groups"?: Array<string>; "indexes"?: Array<string>; };
type FlinkSql = { "timezone"?: string; "select"?: { "statement"?: string; }; "sources"?: Array<{ "name"?: string; "type"?: string; "create_table"?: CreateTable; }>; "sink"?: { "create_table"?: CreateTable; }; };
type HeadersListEntry = { "key"?: string; "value"?: string; };
type Headers = Record<string, string>;
type IndexEntry = { "description"?: string; "key"?: string; "required"?: boolean; "value"?: string; "values"?: Array<string>; };
type InputAzureBlob = { "container"?: string; "credential"?: BlobCredential; "prefix"?: string; "scanner"?: Scanner; "scheduler"?: Scheduler; "input_seed"?: { "type"?: string; "kafka"?: KafkaSource; "parser"?: { "mapping"?: string; }; }; };
type InputDeltaSharing = { "config"?: string; "file_id"?: string; "schema"?: string; "share"?: string; "table"?: string; "period_seconds"?: number & tags.Type<"int64">; "paging"?: { "seconds"?: number & tags.Type<"int64">; }; "scheduler"?: Scheduler; "queries"?: Array<{ "field_name"?: string; "type"?: string; }>; "filter"?: { "bot_field_name"?: string; "tenant_field_name"?: string; "date_field_name"?: string; "bot_field_values"?: Array<string>; "tenant_field_values"?: Array<string>; "since_date_value"?: string; "until_date_value"?: string; "since_datetime_value"?: { "date_value"?: string; "timezone"?: string; }; "until_datetime_value"?: { "date_value"?: string; "timezone"?: string; }; }; };
type InputGoogleCloudPubsub = { "credential"?: ServiceAccountCredential; "project"?: string; "subscription"?: string; };
type InputHttpClient = { "url"?: string; "verb"?: string; "headers"?: Headers; "headers_list"?: Array<HeadersListEntry>; "stream"?: { "enabled"?: boolean; "reconnect"?: boolean; "scanner"?: Scanner; }; };
type InputN8n = { "credentials"?: Array<{ "id"?: string; "type"?: string; "data"?: Record<string, unknown>; }>; "firehose_access_token"?: string; "output_error_nodes"?: Array<string>; "output_success_nodes"?: Array<string>; "workflow"?: { "id"?: string; "nodes"?: Array<{ "name"?: string; "type"?: string; "onError"?: string; "webhookId"?: string; "position"?: Array<number & tags.Type<"int64">>; "parameters"?: Record<string, unknown>; "credentials"?: Record<string, unknown>; }>; "connections"?: Record<string, { "main"?: Array<Array<{ "node"?: string; "type"?: string; "index"?: number & tags.Type<"int64">; }>>; }>; }; };
type InputSql = { "driver"?: string; "uri"?: string; "scheduler"?: Scheduler; "query"?: { "select"?: string; "from"?: string; "where"?: string; "group_by"?: string; "having"?: string; "order_by"?: string; "limit"?: number & tags.Type<"int64">; }; };
type Input = { "type"?: string; "description"?: string; "allowed_metadata"?: Array<string>; "kafka"?: KafkaSource; "azure_blob"?: InputAzureBlob; "delta_sharing"?: InputDeltaSharing; "google_cloud_pubsub"?: InputGoogleCloudPubsub; "http_client"?: InputHttpClient; "n8n"?: InputN8n; "sql"?: InputSql; };
type KafkaSource = { "addresses"?: Array<string>; "consumer_group"?: string; "sasl"?: Sasl; "tls"?: Tls; "topics"?: Array<string>; };
type Oauth1 = { "access_token"?: string; "access_token_secret"?: string; "consumer_key"?: string; "consumer_secret"?: string; };
type Oauth2 = { "auth_style"?: string; "client_key"?: string; "client_secret"?: string; "endpoint_params"?: Record<string, Array<string>>; "scopes"?: Array<string>; "token_type"?: string; "token_url"?: string; };
type OutputAwsKinesis = { "batching"?: Batching; "credential"?: AwsCredential; "region"?: string; "stream"?: string; };
type OutputAwsS3 = { "bucket"?: string; "credential"?: AwsCredential; "region"?: string; "file"?: OutputFile; };
type OutputAzureBlob = { "container"?: string; "credential"?: BlobCredential; "file"?: OutputFile; };
type OutputDeltalake = { "azure_blob_storage"?: { "root_path"?: string; "storage_access_key"?: string; "storage_account"?: string; }; "batching"?: Batching; "table_name"?: string; "timeout"?: string; };
type OutputElasticSearch = { "urls"?: Array<string>; "index"?: string; "pipeline"?: string; "stored_script"?: string; "id_fields"?: Array<string>; "id_separator"?: string; "conflict_action"?: string; "batching"?: Batching; "basic_auth"?: BasicAuth; "tls"?: Tls; "script_params_blobl"?: { "mapping"?: string; }; "aws"?: { "credential"?: AwsCredential; "endpoint"?: string; "region"?: string; }; };
type OutputEmail = { "to"?: Array<string>; "cc"?: Array<string>; "bcc"?: Array<string>; "subject"?: string; "file"?: OutputFile; };
type OutputFile = { "extension"?: string; "max_size_mb"?: number & tags.Type<"int64">; "path"?: string; "period"?: string; "schema"?: Array<{ "name"?: string; }>; "separator"?: string; };
type OutputFirehose = { "config_ids"?: Array<string>; };
type OutputGoogleCloudPubsub = { "credential"?: ServiceAccountCredential; "project"?: string; "topic"?: string; };
type OutputGoogleCloudStorage = { "bucket"?: string; "content_type"?: string; "credential"?: ServiceAccountCredential; "file"?: OutputFile; };
type OutputHttp = { "verb"?: string; "headers"?: Headers; "headers_list"?: Array<HeadersListEntry>; "basic_auth"?: BasicAuth; "oauth2"?: Oauth2; "timeout_seconds"?: number & tags.Type<"int64">; "batching"?: Batching; "tls"?: Tls; "verify_token"?: string; "verify_token_private_key"?: string; };
type OutputKafka = { "topic"?: string; "batching"?: Batching; "sasl"?: Sasl; "tls"?: Tls; };
type OutputMongodb = { "uri"?: string; "database"?: string; "collection"?: string; "operation"?: string; "batching"?: Batching; "update_one"?: { "filter"?: Record<string, string>; "upsert"?: boolean; }; };
type OutputSftp = { "basic_auth"?: BasicAuth; "file"?: OutputFile; "period"?: string; };
type OutputSql = { "driver"?: string; "uri"?: string; "operation"?: string; "batching"?: Batching; "table"?: { "name"?: string; "schema"?: string; }; "update"?: { "key_fields"?: Array<string>; }; "mssql"?: { "data_types"?: Array<{ "name"?: string; "type"?: string; "date"?: { "format"?: string; }; "datetime"?: { "format"?: string; }; "datetime_offset"?: { "format"?: string; }; }>; }; };
type OutputTransactionalEmail = { "to"?: Array<string>; "cc"?: Array<string>; "bcc"?: Array<string>; "subject"?: string; "file"?: OutputFile; "template_id"?: string; };
type Output = { "type"?: string; "description"?: string; "target"?: string; "rate_limit"?: RateLimit; "aws_kinesis"?: OutputAwsKinesis; "aws_s3"?: OutputAwsS3; "azure_blob"?: OutputAzureBlob; "deltalake"?: OutputDeltalake; "elastic_search"?: OutputElasticSearch; "email"?: OutputEmail; "transactional_email"?: OutputTransactionalEmail; "firehose"?: OutputFirehose; "google_cloud_pubsub"?: OutputGoogleCloudPubsub; "google_cloud_storage"?: OutputGoogleCloudStorage; "http"?: OutputHttp; "kafka"?: OutputKafka; "mongodb"?: OutputMongodb; "sftp"?: OutputSftp; "sql"?: OutputSql; };
type Processor = { "type"?: string; "description"?: string; "flink_sql"?: FlinkSql; };
type RateLimit = { "count"?: number & tags.Type<"int64">; "interval_seconds"?: number & tags.Type<"int64">; };
type Sasl = { "mechanism"?: string; "password"?: string; "user"?: string; };
type Scanner = { "type"?: string; "csv"?: { "continue_on_error"?: boolean; "lazy_quotes"?: boolean; "parse_header_row"?: boolean; "custom_delimiter"?: string; }; "lines"?: { "custom_delimiter"?: string; "max_buffer_size"?: number & tags.Type<"int64">; }; };
type Scheduler = { "cron"?: string; "max_executions"?: number & tags.Type<"int64">; "seconds"?: number & tags.Type<"int64">; };
type ServiceAccountCredential = { "auth_provider_x509_cert_url"?: string; "auth_uri"?: string; "client_email"?: string; "client_id"?: string; "client_x509_cert_url"?: string; "private_key"?: string; "private_key_id"?: string; "project_id"?: string; "token_uri"?: string; "type"?: string; };
type StepHttp = { "url"?: string; "verb"?: string; "timeout_seconds"?: number & tags.Type<"int64">; "ignore_error_codes"?: Array<number & tags.Type<"int64">>; "body"?: { "mapping"?: string; }; "dynamic_url"?: { "mapping"?: string; }; "headers"?: Headers; "headers_list"?: Array<HeadersListEntry>; "basic_auth"?: BasicAuth; "oauth"?: Oauth1; "oauth2"?: Oauth2; };
type Step = { "id"?: string; "type"?: string; "ignore_error"?: boolean; "override"?: boolean; "rate_limit"?: RateLimit; "bloblang"?: { "mapping"?: string; }; "delete"?: { "mapping"?: string; }; "http"?: StepHttp; };
type Tls = { "ca_crt"?: string; "client_certs"?: Array<{ "cert"?: string; "key"?: string; "password"?: string; }>; "enable_renegotiation"?: boolean; "enabled"?: boolean; "root_cas"?: string; "skip_cert_verify"?: boolean; };
type Transformer = { "description"?: string; "workflow"?: Array<Array<string>>; "steps"?: Array<Step>; };
type Watermark = { "column"?: string; "period"?: number & tags.Type<"int64">; "time_unit"?: string; };

export const typiaIs = {
  message: typia.createIs<Message>(),
  notification: typia.createIs<Notification>(),
  config: typia.createEquals<Config>(),
};
export const typiaValidate = {
  message: typia.createValidate<Message>(),
  notification: typia.createValidate<Notification>(),
  config: typia.createValidateEquals<Config>(),
};
