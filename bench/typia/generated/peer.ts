// @ts-nocheck: typia's generated code, written by bench/typia/generate.ts (see there)
import * as __typia_transform__isTypeInt64 from "typia/lib/internal/_isTypeInt64.js";
import * as __typia_transform__accessExpressionAsString from "typia/lib/internal/_accessExpressionAsString.js";
import * as __typia_transform__validateReport from "typia/lib/internal/_validateReport.js";
import * as __typia_transform__createStandardSchema from "typia/lib/internal/_createStandardSchema.js";
import { type tags } from "typia";
type NodeAddress = string & tags.Pattern<"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$">;
type MediaType = string & tags.Pattern<"^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$">;
type OtherMediaType = string & tags.Pattern<"^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$">;
type Integer = number & tags.Type<"int64">;
interface ChatState {
    state?: "starting" | "composing" | "paused" | "deleting" | "gone";
}
interface MediaLink {
    text?: string;
    type?: MediaType;
    uri?: string;
}
interface Select {
    text?: string;
    options?: {
        order?: Integer;
        text?: string;
    }[];
}
type Collection = {
    itemType: "text/plain";
    items?: string[];
} | {
    itemType: "application/vnd.lime.chatstate+json";
    items?: ChatState[];
} | {
    itemType: "application/vnd.lime.collection+json";
    items?: Collection[];
} | {
    itemType: "application/vnd.lime.container+json";
    items?: Container[];
} | {
    itemType: "application/vnd.lime.media-link+json";
    items?: MediaLink[];
} | {
    itemType: "application/vnd.lime.select+json";
    items?: Select[];
} | {
    itemType?: OtherMediaType;
    items?: unknown[];
};
type Container = {
    type: "text/plain";
    value?: string;
} | {
    type: "application/vnd.lime.chatstate+json";
    value?: ChatState;
} | {
    type: "application/vnd.lime.collection+json";
    value?: Collection;
} | {
    type: "application/vnd.lime.container+json";
    value?: Container;
} | {
    type: "application/vnd.lime.media-link+json";
    value?: MediaLink;
} | {
    type: "application/vnd.lime.select+json";
    value?: Select;
} | {
    type?: OtherMediaType;
    value?: unknown;
};
type Message = {
    id?: string;
    from?: NodeAddress;
    to: NodeAddress;
    type: "text/plain";
    content: string;
    metadata?: Record<string, string>;
} | {
    id?: string;
    from?: NodeAddress;
    to: NodeAddress;
    type: "application/vnd.lime.chatstate+json";
    content: ChatState;
    metadata?: Record<string, string>;
} | {
    id?: string;
    from?: NodeAddress;
    to: NodeAddress;
    type: "application/vnd.lime.collection+json";
    content: Collection;
    metadata?: Record<string, string>;
} | {
    id?: string;
    from?: NodeAddress;
    to: NodeAddress;
    type: "application/vnd.lime.container+json";
    content: Container;
    metadata?: Record<string, string>;
} | {
    id?: string;
    from?: NodeAddress;
    to: NodeAddress;
    type: "application/vnd.lime.media-link+json";
    content: MediaLink;
    metadata?: Record<string, string>;
} | {
    id?: string;
    from?: NodeAddress;
    to: NodeAddress;
    type: "application/vnd.lime.select+json";
    content: Select;
    metadata?: Record<string, string>;
} | {
    id?: string;
    from?: NodeAddress;
    to: NodeAddress;
    type: OtherMediaType;
    content: string | Record<string, unknown>;
    metadata?: Record<string, string>;
};
interface Reason {
    code: Integer;
    description?: string;
}
type Notification = {
    id?: string;
    from?: NodeAddress;
    to?: NodeAddress;
    event: "failed";
    reason: Reason;
} | {
    id?: string;
    from?: NodeAddress;
    to?: NodeAddress;
    event: "accepted" | "dispatched" | "received" | "consumed";
    reason?: Reason;
};
type AwsCredential = {
    "id"?: string;
    "profile"?: string;
    "role"?: string;
    "role_external_id"?: string;
    "secret"?: string;
    "token"?: string;
};
type BasicAuth = {
    "user_id"?: string;
    "password"?: string;
};
type Batching = {
    "count"?: number & tags.Type<"int64">;
    "period"?: string;
};
type BlobCredential = {
    "storage_access_key"?: string;
    "storage_account"?: string;
    "storage_connection_string"?: string;
    "storage_sas_token"?: string;
};
type Config = {
    "id"?: string;
    "name"?: string;
    "description"?: string;
    "status"?: string;
    "groups"?: Array<string>;
    "sharing_groups"?: Array<string>;
    "index"?: Array<IndexEntry>;
    "filter"?: Filter;
    "input"?: Input;
    "transformer"?: Transformer;
    "processor"?: Processor;
    "output"?: Output;
};
type CreateTable = {
    "columns"?: unknown;
    "watermark"?: Watermark;
};
type FilterNode = {
    "field_name"?: string;
    "filters"?: Array<FilterNode>;
    "op"?: string;
    "value"?: string;
    "value_type"?: string;
    "values"?: Array<string>;
};
type Filter = {
    "description"?: string;
    "filter"?: FilterNode;
    "groups"?: Array<string>;
    "indexes"?: Array<string>;
};
type FlinkSql = {
    "timezone"?: string;
    "select"?: {
        "statement"?: string;
    };
    "sources"?: Array<{
        "name"?: string;
        "type"?: string;
        "create_table"?: CreateTable;
    }>;
    "sink"?: {
        "create_table"?: CreateTable;
    };
};
type HeadersListEntry = {
    "key"?: string;
    "value"?: string;
};
type Headers = Record<string, string>;
type IndexEntry = {
    "description"?: string;
    "key"?: string;
    "required"?: boolean;
    "value"?: string;
    "values"?: Array<string>;
};
type InputAzureBlob = {
    "container"?: string;
    "credential"?: BlobCredential;
    "prefix"?: string;
    "scanner"?: Scanner;
    "scheduler"?: Scheduler;
    "input_seed"?: {
        "type"?: string;
        "kafka"?: KafkaSource;
        "parser"?: {
            "mapping"?: string;
        };
    };
};
type InputDeltaSharing = {
    "config"?: string;
    "file_id"?: string;
    "schema"?: string;
    "share"?: string;
    "table"?: string;
    "period_seconds"?: number & tags.Type<"int64">;
    "paging"?: {
        "seconds"?: number & tags.Type<"int64">;
    };
    "scheduler"?: Scheduler;
    "queries"?: Array<{
        "field_name"?: string;
        "type"?: string;
    }>;
    "filter"?: {
        "bot_field_name"?: string;
        "tenant_field_name"?: string;
        "date_field_name"?: string;
        "bot_field_values"?: Array<string>;
        "tenant_field_values"?: Array<string>;
        "since_date_value"?: string;
        "until_date_value"?: string;
        "since_datetime_value"?: {
            "date_value"?: string;
            "timezone"?: string;
        };
        "until_datetime_value"?: {
            "date_value"?: string;
            "timezone"?: string;
        };
    };
};
type InputGoogleCloudPubsub = {
    "credential"?: ServiceAccountCredential;
    "project"?: string;
    "subscription"?: string;
};
type InputHttpClient = {
    "url"?: string;
    "verb"?: string;
    "headers"?: Headers;
    "headers_list"?: Array<HeadersListEntry>;
    "stream"?: {
        "enabled"?: boolean;
        "reconnect"?: boolean;
        "scanner"?: Scanner;
    };
};
type InputN8n = {
    "credentials"?: Array<{
        "id"?: string;
        "type"?: string;
        "data"?: Record<string, unknown>;
    }>;
    "firehose_access_token"?: string;
    "output_error_nodes"?: Array<string>;
    "output_success_nodes"?: Array<string>;
    "workflow"?: {
        "id"?: string;
        "nodes"?: Array<{
            "name"?: string;
            "type"?: string;
            "onError"?: string;
            "webhookId"?: string;
            "position"?: Array<number & tags.Type<"int64">>;
            "parameters"?: Record<string, unknown>;
            "credentials"?: Record<string, unknown>;
        }>;
        "connections"?: Record<string, {
            "main"?: Array<Array<{
                "node"?: string;
                "type"?: string;
                "index"?: number & tags.Type<"int64">;
            }>>;
        }>;
    };
};
type InputSql = {
    "driver"?: string;
    "uri"?: string;
    "scheduler"?: Scheduler;
    "query"?: {
        "select"?: string;
        "from"?: string;
        "where"?: string;
        "group_by"?: string;
        "having"?: string;
        "order_by"?: string;
        "limit"?: number & tags.Type<"int64">;
    };
};
type Input = {
    "type"?: string;
    "description"?: string;
    "allowed_metadata"?: Array<string>;
    "kafka"?: KafkaSource;
    "azure_blob"?: InputAzureBlob;
    "delta_sharing"?: InputDeltaSharing;
    "google_cloud_pubsub"?: InputGoogleCloudPubsub;
    "http_client"?: InputHttpClient;
    "n8n"?: InputN8n;
    "sql"?: InputSql;
};
type KafkaSource = {
    "addresses"?: Array<string>;
    "consumer_group"?: string;
    "sasl"?: Sasl;
    "tls"?: Tls;
    "topics"?: Array<string>;
};
type Oauth1 = {
    "access_token"?: string;
    "access_token_secret"?: string;
    "consumer_key"?: string;
    "consumer_secret"?: string;
};
type Oauth2 = {
    "auth_style"?: string;
    "client_key"?: string;
    "client_secret"?: string;
    "endpoint_params"?: Record<string, Array<string>>;
    "scopes"?: Array<string>;
    "token_type"?: string;
    "token_url"?: string;
};
type OutputAwsKinesis = {
    "batching"?: Batching;
    "credential"?: AwsCredential;
    "region"?: string;
    "stream"?: string;
};
type OutputAwsS3 = {
    "bucket"?: string;
    "credential"?: AwsCredential;
    "region"?: string;
    "file"?: OutputFile;
};
type OutputAzureBlob = {
    "container"?: string;
    "credential"?: BlobCredential;
    "file"?: OutputFile;
};
type OutputDeltalake = {
    "azure_blob_storage"?: {
        "root_path"?: string;
        "storage_access_key"?: string;
        "storage_account"?: string;
    };
    "batching"?: Batching;
    "table_name"?: string;
    "timeout"?: string;
};
type OutputElasticSearch = {
    "urls"?: Array<string>;
    "index"?: string;
    "pipeline"?: string;
    "stored_script"?: string;
    "id_fields"?: Array<string>;
    "id_separator"?: string;
    "conflict_action"?: string;
    "batching"?: Batching;
    "basic_auth"?: BasicAuth;
    "tls"?: Tls;
    "script_params_blobl"?: {
        "mapping"?: string;
    };
    "aws"?: {
        "credential"?: AwsCredential;
        "endpoint"?: string;
        "region"?: string;
    };
};
type OutputEmail = {
    "to"?: Array<string>;
    "cc"?: Array<string>;
    "bcc"?: Array<string>;
    "subject"?: string;
    "file"?: OutputFile;
};
type OutputFile = {
    "extension"?: string;
    "max_size_mb"?: number & tags.Type<"int64">;
    "path"?: string;
    "period"?: string;
    "schema"?: Array<{
        "name"?: string;
    }>;
    "separator"?: string;
};
type OutputFirehose = {
    "config_ids"?: Array<string>;
};
type OutputGoogleCloudPubsub = {
    "credential"?: ServiceAccountCredential;
    "project"?: string;
    "topic"?: string;
};
type OutputGoogleCloudStorage = {
    "bucket"?: string;
    "content_type"?: string;
    "credential"?: ServiceAccountCredential;
    "file"?: OutputFile;
};
type OutputHttp = {
    "verb"?: string;
    "headers"?: Headers;
    "headers_list"?: Array<HeadersListEntry>;
    "basic_auth"?: BasicAuth;
    "oauth2"?: Oauth2;
    "timeout_seconds"?: number & tags.Type<"int64">;
    "batching"?: Batching;
    "tls"?: Tls;
    "verify_token"?: string;
    "verify_token_private_key"?: string;
};
type OutputKafka = {
    "topic"?: string;
    "batching"?: Batching;
    "sasl"?: Sasl;
    "tls"?: Tls;
};
type OutputMongodb = {
    "uri"?: string;
    "database"?: string;
    "collection"?: string;
    "operation"?: string;
    "batching"?: Batching;
    "update_one"?: {
        "filter"?: Record<string, string>;
        "upsert"?: boolean;
    };
};
type OutputSftp = {
    "basic_auth"?: BasicAuth;
    "file"?: OutputFile;
    "period"?: string;
};
type OutputSql = {
    "driver"?: string;
    "uri"?: string;
    "operation"?: string;
    "batching"?: Batching;
    "table"?: {
        "name"?: string;
        "schema"?: string;
    };
    "update"?: {
        "key_fields"?: Array<string>;
    };
    "mssql"?: {
        "data_types"?: Array<{
            "name"?: string;
            "type"?: string;
            "date"?: {
                "format"?: string;
            };
            "datetime"?: {
                "format"?: string;
            };
            "datetime_offset"?: {
                "format"?: string;
            };
        }>;
    };
};
type OutputTransactionalEmail = {
    "to"?: Array<string>;
    "cc"?: Array<string>;
    "bcc"?: Array<string>;
    "subject"?: string;
    "file"?: OutputFile;
    "template_id"?: string;
};
type Output = {
    "type"?: string;
    "description"?: string;
    "target"?: string;
    "rate_limit"?: RateLimit;
    "aws_kinesis"?: OutputAwsKinesis;
    "aws_s3"?: OutputAwsS3;
    "azure_blob"?: OutputAzureBlob;
    "deltalake"?: OutputDeltalake;
    "elastic_search"?: OutputElasticSearch;
    "email"?: OutputEmail;
    "transactional_email"?: OutputTransactionalEmail;
    "firehose"?: OutputFirehose;
    "google_cloud_pubsub"?: OutputGoogleCloudPubsub;
    "google_cloud_storage"?: OutputGoogleCloudStorage;
    "http"?: OutputHttp;
    "kafka"?: OutputKafka;
    "mongodb"?: OutputMongodb;
    "sftp"?: OutputSftp;
    "sql"?: OutputSql;
};
type Processor = {
    "type"?: string;
    "description"?: string;
    "flink_sql"?: FlinkSql;
};
type RateLimit = {
    "count"?: number & tags.Type<"int64">;
    "interval_seconds"?: number & tags.Type<"int64">;
};
type Sasl = {
    "mechanism"?: string;
    "password"?: string;
    "user"?: string;
};
type Scanner = {
    "type"?: string;
    "csv"?: {
        "continue_on_error"?: boolean;
        "lazy_quotes"?: boolean;
        "parse_header_row"?: boolean;
        "custom_delimiter"?: string;
    };
    "lines"?: {
        "custom_delimiter"?: string;
        "max_buffer_size"?: number & tags.Type<"int64">;
    };
};
type Scheduler = {
    "cron"?: string;
    "max_executions"?: number & tags.Type<"int64">;
    "seconds"?: number & tags.Type<"int64">;
};
type ServiceAccountCredential = {
    "auth_provider_x509_cert_url"?: string;
    "auth_uri"?: string;
    "client_email"?: string;
    "client_id"?: string;
    "client_x509_cert_url"?: string;
    "private_key"?: string;
    "private_key_id"?: string;
    "project_id"?: string;
    "token_uri"?: string;
    "type"?: string;
};
type StepHttp = {
    "url"?: string;
    "verb"?: string;
    "timeout_seconds"?: number & tags.Type<"int64">;
    "ignore_error_codes"?: Array<number & tags.Type<"int64">>;
    "body"?: {
        "mapping"?: string;
    };
    "dynamic_url"?: {
        "mapping"?: string;
    };
    "headers"?: Headers;
    "headers_list"?: Array<HeadersListEntry>;
    "basic_auth"?: BasicAuth;
    "oauth"?: Oauth1;
    "oauth2"?: Oauth2;
};
type Step = {
    "id"?: string;
    "type"?: string;
    "ignore_error"?: boolean;
    "override"?: boolean;
    "rate_limit"?: RateLimit;
    "bloblang"?: {
        "mapping"?: string;
    };
    "delete"?: {
        "mapping"?: string;
    };
    "http"?: StepHttp;
};
type Tls = {
    "ca_crt"?: string;
    "client_certs"?: Array<{
        "cert"?: string;
        "key"?: string;
        "password"?: string;
    }>;
    "enable_renegotiation"?: boolean;
    "enabled"?: boolean;
    "root_cas"?: string;
    "skip_cert_verify"?: boolean;
};
type Transformer = {
    "description"?: string;
    "workflow"?: Array<Array<string>>;
    "steps"?: Array<Step>;
};
type Watermark = {
    "column"?: string;
    "period"?: number & tags.Type<"int64">;
    "time_unit"?: string;
};
export const typiaIs = {
    message: (() => { const _io0 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "text/plain" === input.type && "string" === typeof input.content && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io1 = (input: any): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return "string" === typeof value;
    }); const _io2 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "application/vnd.lime.chatstate+json" === input.type && ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _io3(input.content)) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io3 = (input: any): boolean => undefined === input.state || "starting" === input.state || "composing" === input.state || "paused" === input.state || "deleting" === input.state || "gone" === input.state; const _io4 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "application/vnd.lime.collection+json" === input.type && ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _iu0(input.content)) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io5 = (input: any): boolean => "text/plain" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "string" === typeof elem)); const _io6 = (input: any): boolean => "application/vnd.lime.chatstate+json" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io3(elem))); const _io7 = (input: any): boolean => "application/vnd.lime.collection+json" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _iu0(elem))); const _io8 = (input: any): boolean => "application/vnd.lime.container+json" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _iu1(elem))); const _io9 = (input: any): boolean => "text/plain" === input.type && (undefined === input.value || "string" === typeof input.value); const _io10 = (input: any): boolean => "application/vnd.lime.chatstate+json" === input.type && (undefined === input.value || "object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) && _io3(input.value)); const _io11 = (input: any): boolean => "application/vnd.lime.collection+json" === input.type && (undefined === input.value || "object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) && _iu0(input.value)); const _io12 = (input: any): boolean => "application/vnd.lime.media-link+json" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io13(elem))); const _io13 = (input: any): boolean => (undefined === input.text || "string" === typeof input.text) && (undefined === input.type || "string" === typeof input.type && RegExp("^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.type)) && (undefined === input.uri || "string" === typeof input.uri); const _io14 = (input: any): boolean => "application/vnd.lime.select+json" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io15(elem))); const _io15 = (input: any): boolean => (undefined === input.text || "string" === typeof input.text) && (undefined === input.options || Array.isArray(input.options) && input.options.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io16(elem))); const _io16 = (input: any): boolean => (undefined === input.order || "number" === typeof input.order && __typia_transform__isTypeInt64._isTypeInt64(input.order)) && (undefined === input.text || "string" === typeof input.text); const _io17 = (input: any): boolean => (undefined === input.itemType || "string" === typeof input.itemType && RegExp("^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.itemType)) && (undefined === input.items || Array.isArray(input.items)); const _io18 = (input: any): boolean => "application/vnd.lime.container+json" === input.type && (undefined === input.value || "object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) && _iu1(input.value)); const _io19 = (input: any): boolean => "application/vnd.lime.media-link+json" === input.type && (undefined === input.value || "object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) && _io13(input.value)); const _io20 = (input: any): boolean => "application/vnd.lime.select+json" === input.type && (undefined === input.value || "object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) && _io15(input.value)); const _io21 = (input: any): boolean => (undefined === input.type || "string" === typeof input.type && RegExp("^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.type)) && true; const _io22 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "application/vnd.lime.container+json" === input.type && ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _iu1(input.content)) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io23 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "application/vnd.lime.media-link+json" === input.type && ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _io13(input.content)) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io24 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "application/vnd.lime.select+json" === input.type && ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _io15(input.content)) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io25 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && ("string" === typeof input.type && RegExp("^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.type)) && (null !== input.content && undefined !== input.content && ("string" === typeof input.content || "object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _io26(input.content))) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io26 = (input: any): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return true;
    }); const _iu0 = (input: any): any => (() => {
        if (_io17(input))
            return _io17(input);
        if (_io14(input))
            return _io14(input);
        if (_io12(input))
            return _io12(input);
        if (_io8(input))
            return _io8(input);
        if (_io7(input))
            return _io7(input);
        if (_io6(input))
            return _io6(input);
        if (_io5(input))
            return _io5(input);
        return false;
    })(); const _iu1 = (input: any): any => (() => {
        if (_io21(input))
            return _io21(input);
        if (_io20(input))
            return _io20(input);
        if (_io19(input))
            return _io19(input);
        if (_io18(input))
            return _io18(input);
        if (_io11(input))
            return _io11(input);
        if (_io10(input))
            return _io10(input);
        if (_io9(input))
            return _io9(input);
        return false;
    })(); const _iu2 = (input: any): any => (() => {
        if (_io25(input))
            return _io25(input);
        if (_io24(input))
            return _io24(input);
        if (_io23(input))
            return _io23(input);
        if (_io22(input))
            return _io22(input);
        if (_io4(input))
            return _io4(input);
        if (_io2(input))
            return _io2(input);
        if (_io0(input))
            return _io0(input);
        return false;
    })(); return (input: any): input is Message => "object" === typeof input && null !== input && _iu2(input); })(),
    notification: (() => { const _io0 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && (undefined === input.to || "string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "failed" === input.event && ("object" === typeof input.reason && null !== input.reason && _io1(input.reason)); const _io1 = (input: any): boolean => "number" === typeof input.code && __typia_transform__isTypeInt64._isTypeInt64(input.code) && (undefined === input.description || "string" === typeof input.description); const _io2 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && (undefined === input.to || "string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && ("accepted" === input.event || "dispatched" === input.event || "received" === input.event || "consumed" === input.event) && (undefined === input.reason || "object" === typeof input.reason && null !== input.reason && _io1(input.reason)); const _iu0 = (input: any): any => (() => {
        if ("accepted" === input.event || "dispatched" === input.event || "received" === input.event || "consumed" === input.event)
            return _io2(input);
        else if ("failed" === input.event)
            return _io0(input);
        else
            return false;
    })(); return (input: any): input is Notification => "object" === typeof input && null !== input && _iu0(input); })(),
    config: (() => { const _io0 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.name || "string" === typeof input.name) && (undefined === input.description || "string" === typeof input.description) && (undefined === input.status || "string" === typeof input.status) && (undefined === input.groups || Array.isArray(input.groups) && input.groups.every((elem: any, _index1: number) => "string" === typeof elem)) && (undefined === input.sharing_groups || Array.isArray(input.sharing_groups) && input.sharing_groups.every((elem: any, _index2: number) => "string" === typeof elem)) && (undefined === input.index || Array.isArray(input.index) && input.index.every((elem: any, _index3: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io1(elem, true && _exceptionable))) && (undefined === input.filter || "object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) && _io2(input.filter, true && _exceptionable)) && (undefined === input.input || "object" === typeof input.input && null !== input.input && false === Array.isArray(input.input) && _io4(input.input, true && _exceptionable)) && (undefined === input.transformer || "object" === typeof input.transformer && null !== input.transformer && false === Array.isArray(input.transformer) && _io39(input.transformer, true && _exceptionable)) && (undefined === input.processor || "object" === typeof input.processor && null !== input.processor && false === Array.isArray(input.processor) && _io51(input.processor, true && _exceptionable)) && (undefined === input.output || "object" === typeof input.output && null !== input.output && false === Array.isArray(input.output) && _io58(input.output, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["id", "name", "description", "status", "groups", "sharing_groups", "index", "filter", "input", "transformer", "processor", "output"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io1 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.description || "string" === typeof input.description) && (undefined === input.key || "string" === typeof input.key) && (undefined === input.required || "boolean" === typeof input.required) && (undefined === input.value || "string" === typeof input.value) && (undefined === input.values || Array.isArray(input.values) && input.values.every((elem: any, _index4: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["description", "key", "required", "value", "values"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io2 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.description || "string" === typeof input.description) && (undefined === input.filter || "object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) && _io3(input.filter, true && _exceptionable)) && (undefined === input.groups || Array.isArray(input.groups) && input.groups.every((elem: any, _index5: number) => "string" === typeof elem)) && (undefined === input.indexes || Array.isArray(input.indexes) && input.indexes.every((elem: any, _index6: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["description", "filter", "groups", "indexes"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io3 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.field_name || "string" === typeof input.field_name) && (undefined === input.filters || Array.isArray(input.filters) && input.filters.every((elem: any, _index7: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io3(elem, true && _exceptionable))) && (undefined === input.op || "string" === typeof input.op) && (undefined === input.value || "string" === typeof input.value) && (undefined === input.value_type || "string" === typeof input.value_type) && (undefined === input.values || Array.isArray(input.values) && input.values.every((elem: any, _index8: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["field_name", "filters", "op", "value", "value_type", "values"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io4 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.type || "string" === typeof input.type) && (undefined === input.description || "string" === typeof input.description) && (undefined === input.allowed_metadata || Array.isArray(input.allowed_metadata) && input.allowed_metadata.every((elem: any, _index9: number) => "string" === typeof elem)) && (undefined === input.kafka || "object" === typeof input.kafka && null !== input.kafka && false === Array.isArray(input.kafka) && _io5(input.kafka, true && _exceptionable)) && (undefined === input.azure_blob || "object" === typeof input.azure_blob && null !== input.azure_blob && false === Array.isArray(input.azure_blob) && _io9(input.azure_blob, true && _exceptionable)) && (undefined === input.delta_sharing || "object" === typeof input.delta_sharing && null !== input.delta_sharing && false === Array.isArray(input.delta_sharing) && _io17(input.delta_sharing, true && _exceptionable)) && (undefined === input.google_cloud_pubsub || "object" === typeof input.google_cloud_pubsub && null !== input.google_cloud_pubsub && false === Array.isArray(input.google_cloud_pubsub) && _io23(input.google_cloud_pubsub, true && _exceptionable)) && (undefined === input.http_client || "object" === typeof input.http_client && null !== input.http_client && false === Array.isArray(input.http_client) && _io25(input.http_client, true && _exceptionable)) && (undefined === input.n8n || "object" === typeof input.n8n && null !== input.n8n && false === Array.isArray(input.n8n) && _io29(input.n8n, true && _exceptionable)) && (undefined === input.sql || "object" === typeof input.sql && null !== input.sql && false === Array.isArray(input.sql) && _io37(input.sql, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["type", "description", "allowed_metadata", "kafka", "azure_blob", "delta_sharing", "google_cloud_pubsub", "http_client", "n8n", "sql"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io5 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.addresses || Array.isArray(input.addresses) && input.addresses.every((elem: any, _index10: number) => "string" === typeof elem)) && (undefined === input.consumer_group || "string" === typeof input.consumer_group) && (undefined === input.sasl || "object" === typeof input.sasl && null !== input.sasl && false === Array.isArray(input.sasl) && _io6(input.sasl, true && _exceptionable)) && (undefined === input.tls || "object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) && _io7(input.tls, true && _exceptionable)) && (undefined === input.topics || Array.isArray(input.topics) && input.topics.every((elem: any, _index11: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["addresses", "consumer_group", "sasl", "tls", "topics"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io6 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mechanism || "string" === typeof input.mechanism) && (undefined === input.password || "string" === typeof input.password) && (undefined === input.user || "string" === typeof input.user) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mechanism", "password", "user"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io7 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.ca_crt || "string" === typeof input.ca_crt) && (undefined === input.client_certs || Array.isArray(input.client_certs) && input.client_certs.every((elem: any, _index12: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io8(elem, true && _exceptionable))) && (undefined === input.enable_renegotiation || "boolean" === typeof input.enable_renegotiation) && (undefined === input.enabled || "boolean" === typeof input.enabled) && (undefined === input.root_cas || "string" === typeof input.root_cas) && (undefined === input.skip_cert_verify || "boolean" === typeof input.skip_cert_verify) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["ca_crt", "client_certs", "enable_renegotiation", "enabled", "root_cas", "skip_cert_verify"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io8 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.cert || "string" === typeof input.cert) && (undefined === input.key || "string" === typeof input.key) && (undefined === input.password || "string" === typeof input.password) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["cert", "key", "password"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io9 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.container || "string" === typeof input.container) && (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io10(input.credential, true && _exceptionable)) && (undefined === input.prefix || "string" === typeof input.prefix) && (undefined === input.scanner || "object" === typeof input.scanner && null !== input.scanner && false === Array.isArray(input.scanner) && _io11(input.scanner, true && _exceptionable)) && (undefined === input.scheduler || "object" === typeof input.scheduler && null !== input.scheduler && false === Array.isArray(input.scheduler) && _io14(input.scheduler, true && _exceptionable)) && (undefined === input.input_seed || "object" === typeof input.input_seed && null !== input.input_seed && false === Array.isArray(input.input_seed) && _io15(input.input_seed, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["container", "credential", "prefix", "scanner", "scheduler", "input_seed"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io10 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.storage_access_key || "string" === typeof input.storage_access_key) && (undefined === input.storage_account || "string" === typeof input.storage_account) && (undefined === input.storage_connection_string || "string" === typeof input.storage_connection_string) && (undefined === input.storage_sas_token || "string" === typeof input.storage_sas_token) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["storage_access_key", "storage_account", "storage_connection_string", "storage_sas_token"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io11 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.type || "string" === typeof input.type) && (undefined === input.csv || "object" === typeof input.csv && null !== input.csv && false === Array.isArray(input.csv) && _io12(input.csv, true && _exceptionable)) && (undefined === input.lines || "object" === typeof input.lines && null !== input.lines && false === Array.isArray(input.lines) && _io13(input.lines, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["type", "csv", "lines"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io12 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.continue_on_error || "boolean" === typeof input.continue_on_error) && (undefined === input.lazy_quotes || "boolean" === typeof input.lazy_quotes) && (undefined === input.parse_header_row || "boolean" === typeof input.parse_header_row) && (undefined === input.custom_delimiter || "string" === typeof input.custom_delimiter) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["continue_on_error", "lazy_quotes", "parse_header_row", "custom_delimiter"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io13 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.custom_delimiter || "string" === typeof input.custom_delimiter) && (undefined === input.max_buffer_size || "number" === typeof input.max_buffer_size && __typia_transform__isTypeInt64._isTypeInt64(input.max_buffer_size)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["custom_delimiter", "max_buffer_size"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io14 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.cron || "string" === typeof input.cron) && (undefined === input.max_executions || "number" === typeof input.max_executions && __typia_transform__isTypeInt64._isTypeInt64(input.max_executions)) && (undefined === input.seconds || "number" === typeof input.seconds && __typia_transform__isTypeInt64._isTypeInt64(input.seconds)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["cron", "max_executions", "seconds"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io15 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.type || "string" === typeof input.type) && (undefined === input.kafka || "object" === typeof input.kafka && null !== input.kafka && false === Array.isArray(input.kafka) && _io5(input.kafka, true && _exceptionable)) && (undefined === input.parser || "object" === typeof input.parser && null !== input.parser && false === Array.isArray(input.parser) && _io16(input.parser, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["type", "kafka", "parser"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io16 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io17 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.config || "string" === typeof input.config) && (undefined === input.file_id || "string" === typeof input.file_id) && (undefined === input.schema || "string" === typeof input.schema) && (undefined === input.share || "string" === typeof input.share) && (undefined === input.table || "string" === typeof input.table) && (undefined === input.period_seconds || "number" === typeof input.period_seconds && __typia_transform__isTypeInt64._isTypeInt64(input.period_seconds)) && (undefined === input.paging || "object" === typeof input.paging && null !== input.paging && false === Array.isArray(input.paging) && _io18(input.paging, true && _exceptionable)) && (undefined === input.scheduler || "object" === typeof input.scheduler && null !== input.scheduler && false === Array.isArray(input.scheduler) && _io14(input.scheduler, true && _exceptionable)) && (undefined === input.queries || Array.isArray(input.queries) && input.queries.every((elem: any, _index13: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io19(elem, true && _exceptionable))) && (undefined === input.filter || "object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) && _io20(input.filter, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["config", "file_id", "schema", "share", "table", "period_seconds", "paging", "scheduler", "queries", "filter"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io18 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.seconds || "number" === typeof input.seconds && __typia_transform__isTypeInt64._isTypeInt64(input.seconds)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["seconds"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io19 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.field_name || "string" === typeof input.field_name) && (undefined === input.type || "string" === typeof input.type) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["field_name", "type"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io20 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.bot_field_name || "string" === typeof input.bot_field_name) && (undefined === input.tenant_field_name || "string" === typeof input.tenant_field_name) && (undefined === input.date_field_name || "string" === typeof input.date_field_name) && (undefined === input.bot_field_values || Array.isArray(input.bot_field_values) && input.bot_field_values.every((elem: any, _index14: number) => "string" === typeof elem)) && (undefined === input.tenant_field_values || Array.isArray(input.tenant_field_values) && input.tenant_field_values.every((elem: any, _index15: number) => "string" === typeof elem)) && (undefined === input.since_date_value || "string" === typeof input.since_date_value) && (undefined === input.until_date_value || "string" === typeof input.until_date_value) && (undefined === input.since_datetime_value || "object" === typeof input.since_datetime_value && null !== input.since_datetime_value && false === Array.isArray(input.since_datetime_value) && _io21(input.since_datetime_value, true && _exceptionable)) && (undefined === input.until_datetime_value || "object" === typeof input.until_datetime_value && null !== input.until_datetime_value && false === Array.isArray(input.until_datetime_value) && _io22(input.until_datetime_value, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["bot_field_name", "tenant_field_name", "date_field_name", "bot_field_values", "tenant_field_values", "since_date_value", "until_date_value", "since_datetime_value", "until_datetime_value"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io21 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.date_value || "string" === typeof input.date_value) && (undefined === input.timezone || "string" === typeof input.timezone) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["date_value", "timezone"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io22 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.date_value || "string" === typeof input.date_value) && (undefined === input.timezone || "string" === typeof input.timezone) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["date_value", "timezone"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io23 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io24(input.credential, true && _exceptionable)) && (undefined === input.project || "string" === typeof input.project) && (undefined === input.subscription || "string" === typeof input.subscription) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["credential", "project", "subscription"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io24 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.auth_provider_x509_cert_url || "string" === typeof input.auth_provider_x509_cert_url) && (undefined === input.auth_uri || "string" === typeof input.auth_uri) && (undefined === input.client_email || "string" === typeof input.client_email) && (undefined === input.client_id || "string" === typeof input.client_id) && (undefined === input.client_x509_cert_url || "string" === typeof input.client_x509_cert_url) && (undefined === input.private_key || "string" === typeof input.private_key) && (undefined === input.private_key_id || "string" === typeof input.private_key_id) && (undefined === input.project_id || "string" === typeof input.project_id) && (undefined === input.token_uri || "string" === typeof input.token_uri) && (undefined === input.type || "string" === typeof input.type) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["auth_provider_x509_cert_url", "auth_uri", "client_email", "client_id", "client_x509_cert_url", "private_key", "private_key_id", "project_id", "token_uri", "type"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io25 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.url || "string" === typeof input.url) && (undefined === input.verb || "string" === typeof input.verb) && (undefined === input.headers || "object" === typeof input.headers && null !== input.headers && false === Array.isArray(input.headers) && _io26(input.headers, true && _exceptionable)) && (undefined === input.headers_list || Array.isArray(input.headers_list) && input.headers_list.every((elem: any, _index16: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io27(elem, true && _exceptionable))) && (undefined === input.stream || "object" === typeof input.stream && null !== input.stream && false === Array.isArray(input.stream) && _io28(input.stream, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["url", "verb", "headers", "headers_list", "stream"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io26 = (input: any, _exceptionable: boolean = true): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return "string" === typeof value;
    }); const _io27 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.key || "string" === typeof input.key) && (undefined === input.value || "string" === typeof input.value) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["key", "value"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io28 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.enabled || "boolean" === typeof input.enabled) && (undefined === input.reconnect || "boolean" === typeof input.reconnect) && (undefined === input.scanner || "object" === typeof input.scanner && null !== input.scanner && false === Array.isArray(input.scanner) && _io11(input.scanner, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["enabled", "reconnect", "scanner"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io29 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.credentials || Array.isArray(input.credentials) && input.credentials.every((elem: any, _index17: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io30(elem, true && _exceptionable))) && (undefined === input.firehose_access_token || "string" === typeof input.firehose_access_token) && (undefined === input.output_error_nodes || Array.isArray(input.output_error_nodes) && input.output_error_nodes.every((elem: any, _index18: number) => "string" === typeof elem)) && (undefined === input.output_success_nodes || Array.isArray(input.output_success_nodes) && input.output_success_nodes.every((elem: any, _index19: number) => "string" === typeof elem)) && (undefined === input.workflow || "object" === typeof input.workflow && null !== input.workflow && false === Array.isArray(input.workflow) && _io32(input.workflow, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["credentials", "firehose_access_token", "output_error_nodes", "output_success_nodes", "workflow"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io30 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.data || "object" === typeof input.data && null !== input.data && false === Array.isArray(input.data) && _io31(input.data, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["id", "type", "data"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io31 = (input: any, _exceptionable: boolean = true): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return true;
    }); const _io32 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.nodes || Array.isArray(input.nodes) && input.nodes.every((elem: any, _index20: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io33(elem, true && _exceptionable))) && (undefined === input.connections || "object" === typeof input.connections && null !== input.connections && false === Array.isArray(input.connections) && _io34(input.connections, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["id", "nodes", "connections"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io33 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.name || "string" === typeof input.name) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.onError || "string" === typeof input.onError) && (undefined === input.webhookId || "string" === typeof input.webhookId) && (undefined === input.position || Array.isArray(input.position) && input.position.every((elem: any, _index21: number) => "number" === typeof elem && __typia_transform__isTypeInt64._isTypeInt64(elem))) && (undefined === input.parameters || "object" === typeof input.parameters && null !== input.parameters && false === Array.isArray(input.parameters) && _io31(input.parameters, true && _exceptionable)) && (undefined === input.credentials || "object" === typeof input.credentials && null !== input.credentials && false === Array.isArray(input.credentials) && _io31(input.credentials, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["name", "type", "onError", "webhookId", "position", "parameters", "credentials"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io34 = (input: any, _exceptionable: boolean = true): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return "object" === typeof value && null !== value && false === Array.isArray(value) && _io35(value, true && _exceptionable);
    }); const _io35 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.main || Array.isArray(input.main) && input.main.every((elem: any, _index22: number) => Array.isArray(elem) && elem.every((elem: any, _index23: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io36(elem, true && _exceptionable)))) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["main"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io36 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.node || "string" === typeof input.node) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.index || "number" === typeof input.index && __typia_transform__isTypeInt64._isTypeInt64(input.index)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["node", "type", "index"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io37 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.driver || "string" === typeof input.driver) && (undefined === input.uri || "string" === typeof input.uri) && (undefined === input.scheduler || "object" === typeof input.scheduler && null !== input.scheduler && false === Array.isArray(input.scheduler) && _io14(input.scheduler, true && _exceptionable)) && (undefined === input.query || "object" === typeof input.query && null !== input.query && false === Array.isArray(input.query) && _io38(input.query, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["driver", "uri", "scheduler", "query"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io38 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.select || "string" === typeof input.select) && (undefined === input.from || "string" === typeof input.from) && (undefined === input.where || "string" === typeof input.where) && (undefined === input.group_by || "string" === typeof input.group_by) && (undefined === input.having || "string" === typeof input.having) && (undefined === input.order_by || "string" === typeof input.order_by) && (undefined === input.limit || "number" === typeof input.limit && __typia_transform__isTypeInt64._isTypeInt64(input.limit)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["select", "from", "where", "group_by", "having", "order_by", "limit"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io39 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.description || "string" === typeof input.description) && (undefined === input.workflow || Array.isArray(input.workflow) && input.workflow.every((elem: any, _index24: number) => Array.isArray(elem) && elem.every((elem: any, _index25: number) => "string" === typeof elem))) && (undefined === input.steps || Array.isArray(input.steps) && input.steps.every((elem: any, _index26: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io40(elem, true && _exceptionable))) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["description", "workflow", "steps"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io40 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.ignore_error || "boolean" === typeof input.ignore_error) && (undefined === input.override || "boolean" === typeof input.override) && (undefined === input.rate_limit || "object" === typeof input.rate_limit && null !== input.rate_limit && false === Array.isArray(input.rate_limit) && _io41(input.rate_limit, true && _exceptionable)) && (undefined === input.bloblang || "object" === typeof input.bloblang && null !== input.bloblang && false === Array.isArray(input.bloblang) && _io42(input.bloblang, true && _exceptionable)) && (undefined === input["delete"] || "object" === typeof input["delete"] && null !== input["delete"] && false === Array.isArray(input["delete"]) && _io43(input["delete"], true && _exceptionable)) && (undefined === input.http || "object" === typeof input.http && null !== input.http && false === Array.isArray(input.http) && _io44(input.http, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["id", "type", "ignore_error", "override", "rate_limit", "bloblang", "delete", "http"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io41 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.count || "number" === typeof input.count && __typia_transform__isTypeInt64._isTypeInt64(input.count)) && (undefined === input.interval_seconds || "number" === typeof input.interval_seconds && __typia_transform__isTypeInt64._isTypeInt64(input.interval_seconds)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["count", "interval_seconds"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io42 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io43 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io44 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.url || "string" === typeof input.url) && (undefined === input.verb || "string" === typeof input.verb) && (undefined === input.timeout_seconds || "number" === typeof input.timeout_seconds && __typia_transform__isTypeInt64._isTypeInt64(input.timeout_seconds)) && (undefined === input.ignore_error_codes || Array.isArray(input.ignore_error_codes) && input.ignore_error_codes.every((elem: any, _index27: number) => "number" === typeof elem && __typia_transform__isTypeInt64._isTypeInt64(elem))) && (undefined === input.body || "object" === typeof input.body && null !== input.body && false === Array.isArray(input.body) && _io45(input.body, true && _exceptionable)) && (undefined === input.dynamic_url || "object" === typeof input.dynamic_url && null !== input.dynamic_url && false === Array.isArray(input.dynamic_url) && _io46(input.dynamic_url, true && _exceptionable)) && (undefined === input.headers || "object" === typeof input.headers && null !== input.headers && false === Array.isArray(input.headers) && _io26(input.headers, true && _exceptionable)) && (undefined === input.headers_list || Array.isArray(input.headers_list) && input.headers_list.every((elem: any, _index28: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io27(elem, true && _exceptionable))) && (undefined === input.basic_auth || "object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) && _io47(input.basic_auth, true && _exceptionable)) && (undefined === input.oauth || "object" === typeof input.oauth && null !== input.oauth && false === Array.isArray(input.oauth) && _io48(input.oauth, true && _exceptionable)) && (undefined === input.oauth2 || "object" === typeof input.oauth2 && null !== input.oauth2 && false === Array.isArray(input.oauth2) && _io49(input.oauth2, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["url", "verb", "timeout_seconds", "ignore_error_codes", "body", "dynamic_url", "headers", "headers_list", "basic_auth", "oauth", "oauth2"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io45 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io46 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io47 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.user_id || "string" === typeof input.user_id) && (undefined === input.password || "string" === typeof input.password) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["user_id", "password"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io48 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.access_token || "string" === typeof input.access_token) && (undefined === input.access_token_secret || "string" === typeof input.access_token_secret) && (undefined === input.consumer_key || "string" === typeof input.consumer_key) && (undefined === input.consumer_secret || "string" === typeof input.consumer_secret) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["access_token", "access_token_secret", "consumer_key", "consumer_secret"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io49 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.auth_style || "string" === typeof input.auth_style) && (undefined === input.client_key || "string" === typeof input.client_key) && (undefined === input.client_secret || "string" === typeof input.client_secret) && (undefined === input.endpoint_params || "object" === typeof input.endpoint_params && null !== input.endpoint_params && false === Array.isArray(input.endpoint_params) && _io50(input.endpoint_params, true && _exceptionable)) && (undefined === input.scopes || Array.isArray(input.scopes) && input.scopes.every((elem: any, _index29: number) => "string" === typeof elem)) && (undefined === input.token_type || "string" === typeof input.token_type) && (undefined === input.token_url || "string" === typeof input.token_url) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["auth_style", "client_key", "client_secret", "endpoint_params", "scopes", "token_type", "token_url"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io50 = (input: any, _exceptionable: boolean = true): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return Array.isArray(value) && value.every((elem: any, _index30: number) => "string" === typeof elem);
    }); const _io51 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.type || "string" === typeof input.type) && (undefined === input.description || "string" === typeof input.description) && (undefined === input.flink_sql || "object" === typeof input.flink_sql && null !== input.flink_sql && false === Array.isArray(input.flink_sql) && _io52(input.flink_sql, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["type", "description", "flink_sql"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io52 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.timezone || "string" === typeof input.timezone) && (undefined === input.select || "object" === typeof input.select && null !== input.select && false === Array.isArray(input.select) && _io53(input.select, true && _exceptionable)) && (undefined === input.sources || Array.isArray(input.sources) && input.sources.every((elem: any, _index31: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io54(elem, true && _exceptionable))) && (undefined === input.sink || "object" === typeof input.sink && null !== input.sink && false === Array.isArray(input.sink) && _io57(input.sink, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["timezone", "select", "sources", "sink"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io53 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.statement || "string" === typeof input.statement) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["statement"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io54 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.name || "string" === typeof input.name) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.create_table || "object" === typeof input.create_table && null !== input.create_table && false === Array.isArray(input.create_table) && _io55(input.create_table, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["name", "type", "create_table"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io55 = (input: any, _exceptionable: boolean = true): boolean => true && (undefined === input.watermark || "object" === typeof input.watermark && null !== input.watermark && false === Array.isArray(input.watermark) && _io56(input.watermark, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["columns", "watermark"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io56 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.column || "string" === typeof input.column) && (undefined === input.period || "number" === typeof input.period && __typia_transform__isTypeInt64._isTypeInt64(input.period)) && (undefined === input.time_unit || "string" === typeof input.time_unit) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["column", "period", "time_unit"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io57 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.create_table || "object" === typeof input.create_table && null !== input.create_table && false === Array.isArray(input.create_table) && _io55(input.create_table, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["create_table"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io58 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.type || "string" === typeof input.type) && (undefined === input.description || "string" === typeof input.description) && (undefined === input.target || "string" === typeof input.target) && (undefined === input.rate_limit || "object" === typeof input.rate_limit && null !== input.rate_limit && false === Array.isArray(input.rate_limit) && _io41(input.rate_limit, true && _exceptionable)) && (undefined === input.aws_kinesis || "object" === typeof input.aws_kinesis && null !== input.aws_kinesis && false === Array.isArray(input.aws_kinesis) && _io59(input.aws_kinesis, true && _exceptionable)) && (undefined === input.aws_s3 || "object" === typeof input.aws_s3 && null !== input.aws_s3 && false === Array.isArray(input.aws_s3) && _io62(input.aws_s3, true && _exceptionable)) && (undefined === input.azure_blob || "object" === typeof input.azure_blob && null !== input.azure_blob && false === Array.isArray(input.azure_blob) && _io65(input.azure_blob, true && _exceptionable)) && (undefined === input.deltalake || "object" === typeof input.deltalake && null !== input.deltalake && false === Array.isArray(input.deltalake) && _io66(input.deltalake, true && _exceptionable)) && (undefined === input.elastic_search || "object" === typeof input.elastic_search && null !== input.elastic_search && false === Array.isArray(input.elastic_search) && _io68(input.elastic_search, true && _exceptionable)) && (undefined === input.email || "object" === typeof input.email && null !== input.email && false === Array.isArray(input.email) && _io71(input.email, true && _exceptionable)) && (undefined === input.transactional_email || "object" === typeof input.transactional_email && null !== input.transactional_email && false === Array.isArray(input.transactional_email) && _io72(input.transactional_email, true && _exceptionable)) && (undefined === input.firehose || "object" === typeof input.firehose && null !== input.firehose && false === Array.isArray(input.firehose) && _io73(input.firehose, true && _exceptionable)) && (undefined === input.google_cloud_pubsub || "object" === typeof input.google_cloud_pubsub && null !== input.google_cloud_pubsub && false === Array.isArray(input.google_cloud_pubsub) && _io74(input.google_cloud_pubsub, true && _exceptionable)) && (undefined === input.google_cloud_storage || "object" === typeof input.google_cloud_storage && null !== input.google_cloud_storage && false === Array.isArray(input.google_cloud_storage) && _io75(input.google_cloud_storage, true && _exceptionable)) && (undefined === input.http || "object" === typeof input.http && null !== input.http && false === Array.isArray(input.http) && _io76(input.http, true && _exceptionable)) && (undefined === input.kafka || "object" === typeof input.kafka && null !== input.kafka && false === Array.isArray(input.kafka) && _io77(input.kafka, true && _exceptionable)) && (undefined === input.mongodb || "object" === typeof input.mongodb && null !== input.mongodb && false === Array.isArray(input.mongodb) && _io78(input.mongodb, true && _exceptionable)) && (undefined === input.sftp || "object" === typeof input.sftp && null !== input.sftp && false === Array.isArray(input.sftp) && _io81(input.sftp, true && _exceptionable)) && (undefined === input.sql || "object" === typeof input.sql && null !== input.sql && false === Array.isArray(input.sql) && _io82(input.sql, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["type", "description", "target", "rate_limit", "aws_kinesis", "aws_s3", "azure_blob", "deltalake", "elastic_search", "email", "transactional_email", "firehose", "google_cloud_pubsub", "google_cloud_storage", "http", "kafka", "mongodb", "sftp", "sql"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io59 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io61(input.credential, true && _exceptionable)) && (undefined === input.region || "string" === typeof input.region) && (undefined === input.stream || "string" === typeof input.stream) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["batching", "credential", "region", "stream"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io60 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.count || "number" === typeof input.count && __typia_transform__isTypeInt64._isTypeInt64(input.count)) && (undefined === input.period || "string" === typeof input.period) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["count", "period"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io61 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.profile || "string" === typeof input.profile) && (undefined === input.role || "string" === typeof input.role) && (undefined === input.role_external_id || "string" === typeof input.role_external_id) && (undefined === input.secret || "string" === typeof input.secret) && (undefined === input.token || "string" === typeof input.token) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["id", "profile", "role", "role_external_id", "secret", "token"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io62 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.bucket || "string" === typeof input.bucket) && (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io61(input.credential, true && _exceptionable)) && (undefined === input.region || "string" === typeof input.region) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["bucket", "credential", "region", "file"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io63 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.extension || "string" === typeof input.extension) && (undefined === input.max_size_mb || "number" === typeof input.max_size_mb && __typia_transform__isTypeInt64._isTypeInt64(input.max_size_mb)) && (undefined === input.path || "string" === typeof input.path) && (undefined === input.period || "string" === typeof input.period) && (undefined === input.schema || Array.isArray(input.schema) && input.schema.every((elem: any, _index32: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io64(elem, true && _exceptionable))) && (undefined === input.separator || "string" === typeof input.separator) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["extension", "max_size_mb", "path", "period", "schema", "separator"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io64 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.name || "string" === typeof input.name) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["name"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io65 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.container || "string" === typeof input.container) && (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io10(input.credential, true && _exceptionable)) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["container", "credential", "file"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io66 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.azure_blob_storage || "object" === typeof input.azure_blob_storage && null !== input.azure_blob_storage && false === Array.isArray(input.azure_blob_storage) && _io67(input.azure_blob_storage, true && _exceptionable)) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.table_name || "string" === typeof input.table_name) && (undefined === input.timeout || "string" === typeof input.timeout) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["azure_blob_storage", "batching", "table_name", "timeout"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io67 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.root_path || "string" === typeof input.root_path) && (undefined === input.storage_access_key || "string" === typeof input.storage_access_key) && (undefined === input.storage_account || "string" === typeof input.storage_account) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["root_path", "storage_access_key", "storage_account"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io68 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.urls || Array.isArray(input.urls) && input.urls.every((elem: any, _index33: number) => "string" === typeof elem)) && (undefined === input.index || "string" === typeof input.index) && (undefined === input.pipeline || "string" === typeof input.pipeline) && (undefined === input.stored_script || "string" === typeof input.stored_script) && (undefined === input.id_fields || Array.isArray(input.id_fields) && input.id_fields.every((elem: any, _index34: number) => "string" === typeof elem)) && (undefined === input.id_separator || "string" === typeof input.id_separator) && (undefined === input.conflict_action || "string" === typeof input.conflict_action) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.basic_auth || "object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) && _io47(input.basic_auth, true && _exceptionable)) && (undefined === input.tls || "object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) && _io7(input.tls, true && _exceptionable)) && (undefined === input.script_params_blobl || "object" === typeof input.script_params_blobl && null !== input.script_params_blobl && false === Array.isArray(input.script_params_blobl) && _io69(input.script_params_blobl, true && _exceptionable)) && (undefined === input.aws || "object" === typeof input.aws && null !== input.aws && false === Array.isArray(input.aws) && _io70(input.aws, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["urls", "index", "pipeline", "stored_script", "id_fields", "id_separator", "conflict_action", "batching", "basic_auth", "tls", "script_params_blobl", "aws"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io69 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io70 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io61(input.credential, true && _exceptionable)) && (undefined === input.endpoint || "string" === typeof input.endpoint) && (undefined === input.region || "string" === typeof input.region) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["credential", "endpoint", "region"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io71 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.to || Array.isArray(input.to) && input.to.every((elem: any, _index35: number) => "string" === typeof elem)) && (undefined === input.cc || Array.isArray(input.cc) && input.cc.every((elem: any, _index36: number) => "string" === typeof elem)) && (undefined === input.bcc || Array.isArray(input.bcc) && input.bcc.every((elem: any, _index37: number) => "string" === typeof elem)) && (undefined === input.subject || "string" === typeof input.subject) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["to", "cc", "bcc", "subject", "file"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io72 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.to || Array.isArray(input.to) && input.to.every((elem: any, _index38: number) => "string" === typeof elem)) && (undefined === input.cc || Array.isArray(input.cc) && input.cc.every((elem: any, _index39: number) => "string" === typeof elem)) && (undefined === input.bcc || Array.isArray(input.bcc) && input.bcc.every((elem: any, _index40: number) => "string" === typeof elem)) && (undefined === input.subject || "string" === typeof input.subject) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (undefined === input.template_id || "string" === typeof input.template_id) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["to", "cc", "bcc", "subject", "file", "template_id"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io73 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.config_ids || Array.isArray(input.config_ids) && input.config_ids.every((elem: any, _index41: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["config_ids"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io74 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io24(input.credential, true && _exceptionable)) && (undefined === input.project || "string" === typeof input.project) && (undefined === input.topic || "string" === typeof input.topic) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["credential", "project", "topic"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io75 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.bucket || "string" === typeof input.bucket) && (undefined === input.content_type || "string" === typeof input.content_type) && (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io24(input.credential, true && _exceptionable)) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["bucket", "content_type", "credential", "file"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io76 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.verb || "string" === typeof input.verb) && (undefined === input.headers || "object" === typeof input.headers && null !== input.headers && false === Array.isArray(input.headers) && _io26(input.headers, true && _exceptionable)) && (undefined === input.headers_list || Array.isArray(input.headers_list) && input.headers_list.every((elem: any, _index42: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io27(elem, true && _exceptionable))) && (undefined === input.basic_auth || "object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) && _io47(input.basic_auth, true && _exceptionable)) && (undefined === input.oauth2 || "object" === typeof input.oauth2 && null !== input.oauth2 && false === Array.isArray(input.oauth2) && _io49(input.oauth2, true && _exceptionable)) && (undefined === input.timeout_seconds || "number" === typeof input.timeout_seconds && __typia_transform__isTypeInt64._isTypeInt64(input.timeout_seconds)) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.tls || "object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) && _io7(input.tls, true && _exceptionable)) && (undefined === input.verify_token || "string" === typeof input.verify_token) && (undefined === input.verify_token_private_key || "string" === typeof input.verify_token_private_key) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["verb", "headers", "headers_list", "basic_auth", "oauth2", "timeout_seconds", "batching", "tls", "verify_token", "verify_token_private_key"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io77 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.topic || "string" === typeof input.topic) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.sasl || "object" === typeof input.sasl && null !== input.sasl && false === Array.isArray(input.sasl) && _io6(input.sasl, true && _exceptionable)) && (undefined === input.tls || "object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) && _io7(input.tls, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["topic", "batching", "sasl", "tls"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io78 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.uri || "string" === typeof input.uri) && (undefined === input.database || "string" === typeof input.database) && (undefined === input.collection || "string" === typeof input.collection) && (undefined === input.operation || "string" === typeof input.operation) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.update_one || "object" === typeof input.update_one && null !== input.update_one && false === Array.isArray(input.update_one) && _io79(input.update_one, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["uri", "database", "collection", "operation", "batching", "update_one"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io79 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.filter || "object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) && _io80(input.filter, true && _exceptionable)) && (undefined === input.upsert || "boolean" === typeof input.upsert) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["filter", "upsert"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io80 = (input: any, _exceptionable: boolean = true): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return "string" === typeof value;
    }); const _io81 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.basic_auth || "object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) && _io47(input.basic_auth, true && _exceptionable)) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (undefined === input.period || "string" === typeof input.period) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["basic_auth", "file", "period"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io82 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.driver || "string" === typeof input.driver) && (undefined === input.uri || "string" === typeof input.uri) && (undefined === input.operation || "string" === typeof input.operation) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.table || "object" === typeof input.table && null !== input.table && false === Array.isArray(input.table) && _io83(input.table, true && _exceptionable)) && (undefined === input.update || "object" === typeof input.update && null !== input.update && false === Array.isArray(input.update) && _io84(input.update, true && _exceptionable)) && (undefined === input.mssql || "object" === typeof input.mssql && null !== input.mssql && false === Array.isArray(input.mssql) && _io85(input.mssql, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["driver", "uri", "operation", "batching", "table", "update", "mssql"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io83 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.name || "string" === typeof input.name) && (undefined === input.schema || "string" === typeof input.schema) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["name", "schema"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io84 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.key_fields || Array.isArray(input.key_fields) && input.key_fields.every((elem: any, _index43: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["key_fields"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io85 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.data_types || Array.isArray(input.data_types) && input.data_types.every((elem: any, _index44: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io86(elem, true && _exceptionable))) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["data_types"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io86 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.name || "string" === typeof input.name) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.date || "object" === typeof input.date && null !== input.date && false === Array.isArray(input.date) && _io87(input.date, true && _exceptionable)) && (undefined === input.datetime || "object" === typeof input.datetime && null !== input.datetime && false === Array.isArray(input.datetime) && _io88(input.datetime, true && _exceptionable)) && (undefined === input.datetime_offset || "object" === typeof input.datetime_offset && null !== input.datetime_offset && false === Array.isArray(input.datetime_offset) && _io89(input.datetime_offset, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["name", "type", "date", "datetime", "datetime_offset"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io87 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.format || "string" === typeof input.format) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["format"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io88 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.format || "string" === typeof input.format) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["format"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io89 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.format || "string" === typeof input.format) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["format"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); return (input: any, _exceptionable: boolean = true): input is Config => "object" === typeof input && null !== input && false === Array.isArray(input) && _io0(input, true); })(),
};
export const typiaValidate = {
    message: (() => { const _io0 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "text/plain" === input.type && "string" === typeof input.content && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io1 = (input: any): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return "string" === typeof value;
    }); const _io2 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "application/vnd.lime.chatstate+json" === input.type && ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _io3(input.content)) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io3 = (input: any): boolean => undefined === input.state || "starting" === input.state || "composing" === input.state || "paused" === input.state || "deleting" === input.state || "gone" === input.state; const _io4 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "application/vnd.lime.collection+json" === input.type && ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _iu0(input.content)) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io5 = (input: any): boolean => "text/plain" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "string" === typeof elem)); const _io6 = (input: any): boolean => "application/vnd.lime.chatstate+json" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io3(elem))); const _io7 = (input: any): boolean => "application/vnd.lime.collection+json" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _iu0(elem))); const _io8 = (input: any): boolean => "application/vnd.lime.container+json" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _iu1(elem))); const _io9 = (input: any): boolean => "text/plain" === input.type && (undefined === input.value || "string" === typeof input.value); const _io10 = (input: any): boolean => "application/vnd.lime.chatstate+json" === input.type && (undefined === input.value || "object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) && _io3(input.value)); const _io11 = (input: any): boolean => "application/vnd.lime.collection+json" === input.type && (undefined === input.value || "object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) && _iu0(input.value)); const _io12 = (input: any): boolean => "application/vnd.lime.media-link+json" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io13(elem))); const _io13 = (input: any): boolean => (undefined === input.text || "string" === typeof input.text) && (undefined === input.type || "string" === typeof input.type && RegExp("^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.type)) && (undefined === input.uri || "string" === typeof input.uri); const _io14 = (input: any): boolean => "application/vnd.lime.select+json" === input.itemType && (undefined === input.items || Array.isArray(input.items) && input.items.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io15(elem))); const _io15 = (input: any): boolean => (undefined === input.text || "string" === typeof input.text) && (undefined === input.options || Array.isArray(input.options) && input.options.every((elem: any) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io16(elem))); const _io16 = (input: any): boolean => (undefined === input.order || "number" === typeof input.order && __typia_transform__isTypeInt64._isTypeInt64(input.order)) && (undefined === input.text || "string" === typeof input.text); const _io17 = (input: any): boolean => (undefined === input.itemType || "string" === typeof input.itemType && RegExp("^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.itemType)) && (undefined === input.items || Array.isArray(input.items)); const _io18 = (input: any): boolean => "application/vnd.lime.container+json" === input.type && (undefined === input.value || "object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) && _iu1(input.value)); const _io19 = (input: any): boolean => "application/vnd.lime.media-link+json" === input.type && (undefined === input.value || "object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) && _io13(input.value)); const _io20 = (input: any): boolean => "application/vnd.lime.select+json" === input.type && (undefined === input.value || "object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) && _io15(input.value)); const _io21 = (input: any): boolean => (undefined === input.type || "string" === typeof input.type && RegExp("^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.type)) && true; const _io22 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "application/vnd.lime.container+json" === input.type && ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _iu1(input.content)) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io23 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "application/vnd.lime.media-link+json" === input.type && ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _io13(input.content)) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io24 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "application/vnd.lime.select+json" === input.type && ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _io15(input.content)) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io25 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && ("string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && ("string" === typeof input.type && RegExp("^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.type)) && (null !== input.content && undefined !== input.content && ("string" === typeof input.content || "object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) && _io26(input.content))) && (undefined === input.metadata || "object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) && _io1(input.metadata)); const _io26 = (input: any): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return true;
    }); const _iu0 = (input: any): any => (() => {
        if (_io17(input))
            return _io17(input);
        if (_io14(input))
            return _io14(input);
        if (_io12(input))
            return _io12(input);
        if (_io8(input))
            return _io8(input);
        if (_io7(input))
            return _io7(input);
        if (_io6(input))
            return _io6(input);
        if (_io5(input))
            return _io5(input);
        return false;
    })(); const _iu1 = (input: any): any => (() => {
        if (_io21(input))
            return _io21(input);
        if (_io20(input))
            return _io20(input);
        if (_io19(input))
            return _io19(input);
        if (_io18(input))
            return _io18(input);
        if (_io11(input))
            return _io11(input);
        if (_io10(input))
            return _io10(input);
        if (_io9(input))
            return _io9(input);
        return false;
    })(); const _iu2 = (input: any): any => (() => {
        if (_io25(input))
            return _io25(input);
        if (_io24(input))
            return _io24(input);
        if (_io23(input))
            return _io23(input);
        if (_io22(input))
            return _io22(input);
        if (_io4(input))
            return _io4(input);
        if (_io2(input))
            return _io2(input);
        if (_io0(input))
            return _io0(input);
        return false;
    })(); const _vo0 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.from || "string" === typeof input.from && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.from
        })) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.from
        }), "string" === typeof input.to && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.to
        })) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">)",
            value: input.to
        }), "text/plain" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"text/plain\"",
            value: input.type
        }), "string" === typeof input.content || _report(_exceptionable, {
            path: _path + ".content",
            expected: "string",
            value: input.content
        }), undefined === input.metadata || ("object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })) && _vo1(input.metadata, _path + ".metadata", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })].every((flag: boolean) => flag); const _vo1 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [false === _exceptionable || Object.keys(input).map((key: any) => {
            const value = input[key];
            if (undefined === value)
                return true;
            return "string" === typeof value || _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "string",
                value: value
            });
        }).every((flag: boolean) => flag)].every((flag: boolean) => flag); const _vo2 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.from || "string" === typeof input.from && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.from
        })) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.from
        }), "string" === typeof input.to && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.to
        })) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">)",
            value: input.to
        }), "application/vnd.lime.chatstate+json" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"application/vnd.lime.chatstate+json\"",
            value: input.type
        }), ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "ChatState",
            value: input.content
        })) && _vo3(input.content, _path + ".content", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "ChatState",
            value: input.content
        }), undefined === input.metadata || ("object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })) && _vo1(input.metadata, _path + ".metadata", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })].every((flag: boolean) => flag); const _vo3 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.state || "starting" === input.state || "composing" === input.state || "paused" === input.state || "deleting" === input.state || "gone" === input.state || _report(_exceptionable, {
            path: _path + ".state",
            expected: "(\"composing\" | \"deleting\" | \"gone\" | \"paused\" | \"starting\" | undefined)",
            value: input.state
        })].every((flag: boolean) => flag); const _vo4 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.from || "string" === typeof input.from && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.from
        })) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.from
        }), "string" === typeof input.to && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.to
        })) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">)",
            value: input.to
        }), "application/vnd.lime.collection+json" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"application/vnd.lime.collection+json\"",
            value: input.type
        }), ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "(__type.o12 | __type.o15 | __type.o20 | __type.o5 | __type.o6 | __type.o7 | __type.o8)",
            value: input.content
        })) && _vu0(input.content, _path + ".content", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "(__type.o12 | __type.o15 | __type.o20 | __type.o5 | __type.o6 | __type.o7 | __type.o8)",
            value: input.content
        }), undefined === input.metadata || ("object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })) && _vo1(input.metadata, _path + ".metadata", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })].every((flag: boolean) => flag); const _vo5 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["text/plain" === input.itemType || _report(_exceptionable, {
            path: _path + ".itemType",
            expected: "\"text/plain\"",
            value: input.itemType
        }), undefined === input.items || (Array.isArray(input.items) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<string> | undefined)",
            value: input.items
        })) && input.items.map((elem: any, _index8: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".items[" + _index8 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<string> | undefined)",
            value: input.items
        })].every((flag: boolean) => flag); const _vo6 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["application/vnd.lime.chatstate+json" === input.itemType || _report(_exceptionable, {
            path: _path + ".itemType",
            expected: "\"application/vnd.lime.chatstate+json\"",
            value: input.itemType
        }), undefined === input.items || (Array.isArray(input.items) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<ChatState> | undefined)",
            value: input.items
        })) && input.items.map((elem: any, _index9: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".items[" + _index9 + "]",
            expected: "ChatState",
            value: elem
        })) && _vo3(elem, _path + ".items[" + _index9 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".items[" + _index9 + "]",
            expected: "ChatState",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<ChatState> | undefined)",
            value: input.items
        })].every((flag: boolean) => flag); const _vo7 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["application/vnd.lime.collection+json" === input.itemType || _report(_exceptionable, {
            path: _path + ".itemType",
            expected: "\"application/vnd.lime.collection+json\"",
            value: input.itemType
        }), undefined === input.items || (Array.isArray(input.items) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<Collection> | undefined)",
            value: input.items
        })) && input.items.map((elem: any, _index10: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".items[" + _index10 + "]",
            expected: "(__type.o12 | __type.o15 | __type.o20 | __type.o5 | __type.o6 | __type.o7 | __type.o8)",
            value: elem
        })) && _vu0(elem, _path + ".items[" + _index10 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".items[" + _index10 + "]",
            expected: "(__type.o12 | __type.o15 | __type.o20 | __type.o5 | __type.o6 | __type.o7 | __type.o8)",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<Collection> | undefined)",
            value: input.items
        })].every((flag: boolean) => flag); const _vo8 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["application/vnd.lime.container+json" === input.itemType || _report(_exceptionable, {
            path: _path + ".itemType",
            expected: "\"application/vnd.lime.container+json\"",
            value: input.itemType
        }), undefined === input.items || (Array.isArray(input.items) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<Container> | undefined)",
            value: input.items
        })) && input.items.map((elem: any, _index11: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".items[" + _index11 + "]",
            expected: "(__type.o10 | __type.o11 | __type.o23 | __type.o24 | __type.o25 | __type.o26 | __type.o9)",
            value: elem
        })) && _vu1(elem, _path + ".items[" + _index11 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".items[" + _index11 + "]",
            expected: "(__type.o10 | __type.o11 | __type.o23 | __type.o24 | __type.o25 | __type.o26 | __type.o9)",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<Container> | undefined)",
            value: input.items
        })].every((flag: boolean) => flag); const _vo9 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["text/plain" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"text/plain\"",
            value: input.type
        }), undefined === input.value || "string" === typeof input.value || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(string | undefined)",
            value: input.value
        })].every((flag: boolean) => flag); const _vo10 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["application/vnd.lime.chatstate+json" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"application/vnd.lime.chatstate+json\"",
            value: input.type
        }), undefined === input.value || ("object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(ChatState | undefined)",
            value: input.value
        })) && _vo3(input.value, _path + ".value", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(ChatState | undefined)",
            value: input.value
        })].every((flag: boolean) => flag); const _vo11 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["application/vnd.lime.collection+json" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"application/vnd.lime.collection+json\"",
            value: input.type
        }), undefined === input.value || ("object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(__type.o12 | __type.o15 | __type.o20 | __type.o5 | __type.o6 | __type.o7 | __type.o8 | undefined)",
            value: input.value
        })) && _vu0(input.value, _path + ".value", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(__type.o12 | __type.o15 | __type.o20 | __type.o5 | __type.o6 | __type.o7 | __type.o8 | undefined)",
            value: input.value
        })].every((flag: boolean) => flag); const _vo12 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["application/vnd.lime.media-link+json" === input.itemType || _report(_exceptionable, {
            path: _path + ".itemType",
            expected: "\"application/vnd.lime.media-link+json\"",
            value: input.itemType
        }), undefined === input.items || (Array.isArray(input.items) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<MediaLink> | undefined)",
            value: input.items
        })) && input.items.map((elem: any, _index12: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".items[" + _index12 + "]",
            expected: "MediaLink",
            value: elem
        })) && _vo13(elem, _path + ".items[" + _index12 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".items[" + _index12 + "]",
            expected: "MediaLink",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<MediaLink> | undefined)",
            value: input.items
        })].every((flag: boolean) => flag); const _vo13 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.text || "string" === typeof input.text || _report(_exceptionable, {
            path: _path + ".text",
            expected: "(string | undefined)",
            value: input.text
        }), undefined === input.type || "string" === typeof input.type && (RegExp("^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.type) || _report(_exceptionable, {
            path: _path + ".type",
            expected: "string & Pattern<\"^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$\">",
            value: input.type
        })) || _report(_exceptionable, {
            path: _path + ".type",
            expected: "((string & Pattern<\"^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$\">) | undefined)",
            value: input.type
        }), undefined === input.uri || "string" === typeof input.uri || _report(_exceptionable, {
            path: _path + ".uri",
            expected: "(string | undefined)",
            value: input.uri
        })].every((flag: boolean) => flag); const _vo14 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["application/vnd.lime.select+json" === input.itemType || _report(_exceptionable, {
            path: _path + ".itemType",
            expected: "\"application/vnd.lime.select+json\"",
            value: input.itemType
        }), undefined === input.items || (Array.isArray(input.items) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<Select> | undefined)",
            value: input.items
        })) && input.items.map((elem: any, _index13: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".items[" + _index13 + "]",
            expected: "Select",
            value: elem
        })) && _vo15(elem, _path + ".items[" + _index13 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".items[" + _index13 + "]",
            expected: "Select",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<Select> | undefined)",
            value: input.items
        })].every((flag: boolean) => flag); const _vo15 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.text || "string" === typeof input.text || _report(_exceptionable, {
            path: _path + ".text",
            expected: "(string | undefined)",
            value: input.text
        }), undefined === input.options || (Array.isArray(input.options) || _report(_exceptionable, {
            path: _path + ".options",
            expected: "(Array<__type> | undefined)",
            value: input.options
        })) && input.options.map((elem: any, _index14: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".options[" + _index14 + "]",
            expected: "__type.o16",
            value: elem
        })) && _vo16(elem, _path + ".options[" + _index14 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".options[" + _index14 + "]",
            expected: "__type.o16",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".options",
            expected: "(Array<__type> | undefined)",
            value: input.options
        })].every((flag: boolean) => flag); const _vo16 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.order || "number" === typeof input.order && (__typia_transform__isTypeInt64._isTypeInt64(input.order) || _report(_exceptionable, {
            path: _path + ".order",
            expected: "number & Type<\"int64\">",
            value: input.order
        })) || _report(_exceptionable, {
            path: _path + ".order",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.order
        }), undefined === input.text || "string" === typeof input.text || _report(_exceptionable, {
            path: _path + ".text",
            expected: "(string | undefined)",
            value: input.text
        })].every((flag: boolean) => flag); const _vo17 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.itemType || "string" === typeof input.itemType && (RegExp("^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.itemType) || _report(_exceptionable, {
            path: _path + ".itemType",
            expected: "string & Pattern<\"^(?!(?:[tT][eE][xX][tT]\\\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\\\+[jJ][sS]...>",
            value: input.itemType
        })) || _report(_exceptionable, {
            path: _path + ".itemType",
            expected: "((string & Pattern<\"^(?!(?:[tT][eE][xX][tT]\\\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\\\+[jJ][sS]...>) | undefined)",
            value: input.itemType
        }), undefined === input.items || Array.isArray(input.items) || _report(_exceptionable, {
            path: _path + ".items",
            expected: "(Array<unknown> | undefined)",
            value: input.items
        })].every((flag: boolean) => flag); const _vo18 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["application/vnd.lime.container+json" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"application/vnd.lime.container+json\"",
            value: input.type
        }), undefined === input.value || ("object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(__type.o10 | __type.o11 | __type.o23 | __type.o24 | __type.o25 | __type.o26 | __type.o9 | undefined)",
            value: input.value
        })) && _vu1(input.value, _path + ".value", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(__type.o10 | __type.o11 | __type.o23 | __type.o24 | __type.o25 | __type.o26 | __type.o9 | undefined)",
            value: input.value
        })].every((flag: boolean) => flag); const _vo19 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["application/vnd.lime.media-link+json" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"application/vnd.lime.media-link+json\"",
            value: input.type
        }), undefined === input.value || ("object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(MediaLink | undefined)",
            value: input.value
        })) && _vo13(input.value, _path + ".value", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(MediaLink | undefined)",
            value: input.value
        })].every((flag: boolean) => flag); const _vo20 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["application/vnd.lime.select+json" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"application/vnd.lime.select+json\"",
            value: input.type
        }), undefined === input.value || ("object" === typeof input.value && null !== input.value && false === Array.isArray(input.value) || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(Select | undefined)",
            value: input.value
        })) && _vo15(input.value, _path + ".value", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(Select | undefined)",
            value: input.value
        })].every((flag: boolean) => flag); const _vo21 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.type || "string" === typeof input.type && (RegExp("^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.type) || _report(_exceptionable, {
            path: _path + ".type",
            expected: "string & Pattern<\"^(?!(?:[tT][eE][xX][tT]\\\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\\\+[jJ][sS]...>",
            value: input.type
        })) || _report(_exceptionable, {
            path: _path + ".type",
            expected: "((string & Pattern<\"^(?!(?:[tT][eE][xX][tT]\\\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\\\+[jJ][sS]...>) | undefined)",
            value: input.type
        }), true].every((flag: boolean) => flag); const _vo22 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.from || "string" === typeof input.from && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.from
        })) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.from
        }), "string" === typeof input.to && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.to
        })) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">)",
            value: input.to
        }), "application/vnd.lime.container+json" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"application/vnd.lime.container+json\"",
            value: input.type
        }), ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "(__type.o10 | __type.o11 | __type.o23 | __type.o24 | __type.o25 | __type.o26 | __type.o9)",
            value: input.content
        })) && _vu1(input.content, _path + ".content", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "(__type.o10 | __type.o11 | __type.o23 | __type.o24 | __type.o25 | __type.o26 | __type.o9)",
            value: input.content
        }), undefined === input.metadata || ("object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })) && _vo1(input.metadata, _path + ".metadata", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })].every((flag: boolean) => flag); const _vo23 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.from || "string" === typeof input.from && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.from
        })) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.from
        }), "string" === typeof input.to && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.to
        })) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">)",
            value: input.to
        }), "application/vnd.lime.media-link+json" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"application/vnd.lime.media-link+json\"",
            value: input.type
        }), ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "MediaLink",
            value: input.content
        })) && _vo13(input.content, _path + ".content", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "MediaLink",
            value: input.content
        }), undefined === input.metadata || ("object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })) && _vo1(input.metadata, _path + ".metadata", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })].every((flag: boolean) => flag); const _vo24 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.from || "string" === typeof input.from && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.from
        })) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.from
        }), "string" === typeof input.to && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.to
        })) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">)",
            value: input.to
        }), "application/vnd.lime.select+json" === input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "\"application/vnd.lime.select+json\"",
            value: input.type
        }), ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "Select",
            value: input.content
        })) && _vo15(input.content, _path + ".content", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "Select",
            value: input.content
        }), undefined === input.metadata || ("object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })) && _vo1(input.metadata, _path + ".metadata", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })].every((flag: boolean) => flag); const _vo25 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.from || "string" === typeof input.from && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.from
        })) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.from
        }), "string" === typeof input.to && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.to
        })) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">)",
            value: input.to
        }), "string" === typeof input.type && (RegExp("^(?!(?:[tT][eE][xX][tT]\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[cC][oO][nN][tT][aA][iI][nN][eE][rR]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[mM][eE][dD][iI][aA]-[lL][iI][nN][kK]\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\/[vV][nN][dD]\\.[lL][iI][mM][eE]\\.[sS][eE][lL][eE][cC][tT]\\+[jJ][sS][oO][nN])$)[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$").test(input.type) || _report(_exceptionable, {
            path: _path + ".type",
            expected: "string & Pattern<\"^(?!(?:[tT][eE][xX][tT]\\\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\\\+[jJ][sS]...>",
            value: input.type
        })) || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string & Pattern<\"^(?!(?:[tT][eE][xX][tT]\\\\/[pP][lL][aA][iI][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][hH][aA][tT][sS][tT][aA][tT][eE]\\\\+[jJ][sS][oO][nN]|[aA][pP][pP][lL][iI][cC][aA][tT][iI][oO][nN]\\\\/[vV][nN][dD]\\\\.[lL][iI][mM][eE]\\\\.[cC][oO][lL][lL][eE][cC][tT][iI][oO][nN]\\\\+[jJ][sS]...>)",
            value: input.type
        }), (null !== input.content || _report(_exceptionable, {
            path: _path + ".content",
            expected: "(Record<string, unknown> | string)",
            value: input.content
        })) && (undefined !== input.content || _report(_exceptionable, {
            path: _path + ".content",
            expected: "(Record<string, unknown> | string)",
            value: input.content
        })) && ("string" === typeof input.content || ("object" === typeof input.content && null !== input.content && false === Array.isArray(input.content) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "(Record<string, unknown> | string)",
            value: input.content
        })) && _vo26(input.content, _path + ".content", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".content",
            expected: "(Record<string, unknown> | string)",
            value: input.content
        })), undefined === input.metadata || ("object" === typeof input.metadata && null !== input.metadata && false === Array.isArray(input.metadata) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })) && _vo1(input.metadata, _path + ".metadata", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".metadata",
            expected: "(Record<string, string> | undefined)",
            value: input.metadata
        })].every((flag: boolean) => flag); const _vo26 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [false === _exceptionable || Object.keys(input).map((key: any) => {
            const value = input[key];
            if (undefined === value)
                return true;
            return true;
        }).every((flag: boolean) => flag)].every((flag: boolean) => flag); const _vu0 = (input: any, _path: string, _exceptionable: boolean = true): any => _vo17(input, _path, false && _exceptionable) || _vo14(input, _path, false && _exceptionable) || _vo12(input, _path, false && _exceptionable) || _vo8(input, _path, false && _exceptionable) || _vo7(input, _path, false && _exceptionable) || _vo6(input, _path, false && _exceptionable) || _vo5(input, _path, false && _exceptionable); const _vu1 = (input: any, _path: string, _exceptionable: boolean = true): any => _vo21(input, _path, false && _exceptionable) || _vo20(input, _path, false && _exceptionable) || _vo19(input, _path, false && _exceptionable) || _vo18(input, _path, false && _exceptionable) || _vo11(input, _path, false && _exceptionable) || _vo10(input, _path, false && _exceptionable) || _vo9(input, _path, false && _exceptionable); const _vu2 = (input: any, _path: string, _exceptionable: boolean = true): any => _vo25(input, _path, false && _exceptionable) || _vo24(input, _path, false && _exceptionable) || _vo23(input, _path, false && _exceptionable) || _vo22(input, _path, false && _exceptionable) || _vo4(input, _path, false && _exceptionable) || _vo2(input, _path, false && _exceptionable) || _vo0(input, _path, false && _exceptionable); const __is = (input: any): input is Message => "object" === typeof input && null !== input && _iu2(input); let errors: any; let _report: any; return __typia_transform__createStandardSchema._createStandardSchema((input: any): import("typia").IValidation<Message> => {
        if (false === __is(input)) {
            errors = [];
            _report = (__typia_transform__validateReport._validateReport as any)(errors);
            ((input: any, _path: string, _exceptionable: boolean = true) => ("object" === typeof input && null !== input || _report(true, {
                path: _path + "",
                expected: "(__type | __type.o27 | __type.o28 | __type.o29 | __type.o3 | __type.o30 | __type.o4)",
                value: input
            })) && _vu2(input, _path + "", true) || _report(true, {
                path: _path + "",
                expected: "(__type | __type.o27 | __type.o28 | __type.o29 | __type.o3 | __type.o30 | __type.o4)",
                value: input
            }))(input, "$input", true);
            const success = 0 === errors.length;
            return success ? {
                success,
                data: input
            } : {
                success,
                errors,
                data: input
            } as any;
        }
        return {
            success: true,
            data: input
        } as any;
    }); })(),
    notification: (() => { const _io0 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && (undefined === input.to || "string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && "failed" === input.event && ("object" === typeof input.reason && null !== input.reason && _io1(input.reason)); const _io1 = (input: any): boolean => "number" === typeof input.code && __typia_transform__isTypeInt64._isTypeInt64(input.code) && (undefined === input.description || "string" === typeof input.description); const _io2 = (input: any): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.from || "string" === typeof input.from && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from)) && (undefined === input.to || "string" === typeof input.to && RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to)) && ("accepted" === input.event || "dispatched" === input.event || "received" === input.event || "consumed" === input.event) && (undefined === input.reason || "object" === typeof input.reason && null !== input.reason && _io1(input.reason)); const _iu0 = (input: any): any => (() => {
        if ("accepted" === input.event || "dispatched" === input.event || "received" === input.event || "consumed" === input.event)
            return _io2(input);
        else if ("failed" === input.event)
            return _io0(input);
        else
            return false;
    })(); const _vo0 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.from || "string" === typeof input.from && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.from
        })) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.from
        }), undefined === input.to || "string" === typeof input.to && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.to
        })) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.to
        }), "failed" === input.event || _report(_exceptionable, {
            path: _path + ".event",
            expected: "\"failed\"",
            value: input.event
        }), ("object" === typeof input.reason && null !== input.reason || _report(_exceptionable, {
            path: _path + ".reason",
            expected: "Reason",
            value: input.reason
        })) && _vo1(input.reason, _path + ".reason", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".reason",
            expected: "Reason",
            value: input.reason
        })].every((flag: boolean) => flag); const _vo1 = (input: any, _path: string, _exceptionable: boolean = true): boolean => ["number" === typeof input.code && (__typia_transform__isTypeInt64._isTypeInt64(input.code) || _report(_exceptionable, {
            path: _path + ".code",
            expected: "number & Type<\"int64\">",
            value: input.code
        })) || _report(_exceptionable, {
            path: _path + ".code",
            expected: "(number & Type<\"int64\">)",
            value: input.code
        }), undefined === input.description || "string" === typeof input.description || _report(_exceptionable, {
            path: _path + ".description",
            expected: "(string | undefined)",
            value: input.description
        })].every((flag: boolean) => flag); const _vo2 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.from || "string" === typeof input.from && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.from) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.from
        })) || _report(_exceptionable, {
            path: _path + ".from",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.from
        }), undefined === input.to || "string" === typeof input.to && (RegExp("^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$").test(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">",
            value: input.to
        })) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "((string & Pattern<\"^[^@/]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:/.+)?$\">) | undefined)",
            value: input.to
        }), "accepted" === input.event || "dispatched" === input.event || "received" === input.event || "consumed" === input.event || _report(_exceptionable, {
            path: _path + ".event",
            expected: "(\"accepted\" | \"consumed\" | \"dispatched\" | \"received\")",
            value: input.event
        }), undefined === input.reason || ("object" === typeof input.reason && null !== input.reason || _report(_exceptionable, {
            path: _path + ".reason",
            expected: "(Reason | undefined)",
            value: input.reason
        })) && _vo1(input.reason, _path + ".reason", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".reason",
            expected: "(Reason | undefined)",
            value: input.reason
        })].every((flag: boolean) => flag); const _vu0 = (input: any, _path: string, _exceptionable: boolean = true): any => (() => {
        if ("accepted" === input.event || "dispatched" === input.event || "received" === input.event || "consumed" === input.event)
            return _vo2(input, _path, true && _exceptionable);
        else if ("failed" === input.event)
            return _vo0(input, _path, true && _exceptionable);
        else
            return _report(_exceptionable, {
                path: _path,
                expected: "(__type.o6 | __type)",
                value: input
            });
    })(); const __is = (input: any): input is Notification => "object" === typeof input && null !== input && _iu0(input); let errors: any; let _report: any; return __typia_transform__createStandardSchema._createStandardSchema((input: any): import("typia").IValidation<Notification> => {
        if (false === __is(input)) {
            errors = [];
            _report = (__typia_transform__validateReport._validateReport as any)(errors);
            ((input: any, _path: string, _exceptionable: boolean = true) => ("object" === typeof input && null !== input || _report(true, {
                path: _path + "",
                expected: "(__type | __type.o6)",
                value: input
            })) && _vu0(input, _path + "", true) || _report(true, {
                path: _path + "",
                expected: "(__type | __type.o6)",
                value: input
            }))(input, "$input", true);
            const success = 0 === errors.length;
            return success ? {
                success,
                data: input
            } : {
                success,
                errors,
                data: input
            } as any;
        }
        return {
            success: true,
            data: input
        } as any;
    }); })(),
    config: (() => { const _io0 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.name || "string" === typeof input.name) && (undefined === input.description || "string" === typeof input.description) && (undefined === input.status || "string" === typeof input.status) && (undefined === input.groups || Array.isArray(input.groups) && input.groups.every((elem: any, _index1: number) => "string" === typeof elem)) && (undefined === input.sharing_groups || Array.isArray(input.sharing_groups) && input.sharing_groups.every((elem: any, _index2: number) => "string" === typeof elem)) && (undefined === input.index || Array.isArray(input.index) && input.index.every((elem: any, _index3: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io1(elem, true && _exceptionable))) && (undefined === input.filter || "object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) && _io2(input.filter, true && _exceptionable)) && (undefined === input.input || "object" === typeof input.input && null !== input.input && false === Array.isArray(input.input) && _io4(input.input, true && _exceptionable)) && (undefined === input.transformer || "object" === typeof input.transformer && null !== input.transformer && false === Array.isArray(input.transformer) && _io39(input.transformer, true && _exceptionable)) && (undefined === input.processor || "object" === typeof input.processor && null !== input.processor && false === Array.isArray(input.processor) && _io51(input.processor, true && _exceptionable)) && (undefined === input.output || "object" === typeof input.output && null !== input.output && false === Array.isArray(input.output) && _io58(input.output, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["id", "name", "description", "status", "groups", "sharing_groups", "index", "filter", "input", "transformer", "processor", "output"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io1 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.description || "string" === typeof input.description) && (undefined === input.key || "string" === typeof input.key) && (undefined === input.required || "boolean" === typeof input.required) && (undefined === input.value || "string" === typeof input.value) && (undefined === input.values || Array.isArray(input.values) && input.values.every((elem: any, _index4: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["description", "key", "required", "value", "values"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io2 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.description || "string" === typeof input.description) && (undefined === input.filter || "object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) && _io3(input.filter, true && _exceptionable)) && (undefined === input.groups || Array.isArray(input.groups) && input.groups.every((elem: any, _index5: number) => "string" === typeof elem)) && (undefined === input.indexes || Array.isArray(input.indexes) && input.indexes.every((elem: any, _index6: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["description", "filter", "groups", "indexes"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io3 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.field_name || "string" === typeof input.field_name) && (undefined === input.filters || Array.isArray(input.filters) && input.filters.every((elem: any, _index7: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io3(elem, true && _exceptionable))) && (undefined === input.op || "string" === typeof input.op) && (undefined === input.value || "string" === typeof input.value) && (undefined === input.value_type || "string" === typeof input.value_type) && (undefined === input.values || Array.isArray(input.values) && input.values.every((elem: any, _index8: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["field_name", "filters", "op", "value", "value_type", "values"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io4 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.type || "string" === typeof input.type) && (undefined === input.description || "string" === typeof input.description) && (undefined === input.allowed_metadata || Array.isArray(input.allowed_metadata) && input.allowed_metadata.every((elem: any, _index9: number) => "string" === typeof elem)) && (undefined === input.kafka || "object" === typeof input.kafka && null !== input.kafka && false === Array.isArray(input.kafka) && _io5(input.kafka, true && _exceptionable)) && (undefined === input.azure_blob || "object" === typeof input.azure_blob && null !== input.azure_blob && false === Array.isArray(input.azure_blob) && _io9(input.azure_blob, true && _exceptionable)) && (undefined === input.delta_sharing || "object" === typeof input.delta_sharing && null !== input.delta_sharing && false === Array.isArray(input.delta_sharing) && _io17(input.delta_sharing, true && _exceptionable)) && (undefined === input.google_cloud_pubsub || "object" === typeof input.google_cloud_pubsub && null !== input.google_cloud_pubsub && false === Array.isArray(input.google_cloud_pubsub) && _io23(input.google_cloud_pubsub, true && _exceptionable)) && (undefined === input.http_client || "object" === typeof input.http_client && null !== input.http_client && false === Array.isArray(input.http_client) && _io25(input.http_client, true && _exceptionable)) && (undefined === input.n8n || "object" === typeof input.n8n && null !== input.n8n && false === Array.isArray(input.n8n) && _io29(input.n8n, true && _exceptionable)) && (undefined === input.sql || "object" === typeof input.sql && null !== input.sql && false === Array.isArray(input.sql) && _io37(input.sql, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["type", "description", "allowed_metadata", "kafka", "azure_blob", "delta_sharing", "google_cloud_pubsub", "http_client", "n8n", "sql"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io5 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.addresses || Array.isArray(input.addresses) && input.addresses.every((elem: any, _index10: number) => "string" === typeof elem)) && (undefined === input.consumer_group || "string" === typeof input.consumer_group) && (undefined === input.sasl || "object" === typeof input.sasl && null !== input.sasl && false === Array.isArray(input.sasl) && _io6(input.sasl, true && _exceptionable)) && (undefined === input.tls || "object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) && _io7(input.tls, true && _exceptionable)) && (undefined === input.topics || Array.isArray(input.topics) && input.topics.every((elem: any, _index11: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["addresses", "consumer_group", "sasl", "tls", "topics"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io6 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mechanism || "string" === typeof input.mechanism) && (undefined === input.password || "string" === typeof input.password) && (undefined === input.user || "string" === typeof input.user) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mechanism", "password", "user"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io7 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.ca_crt || "string" === typeof input.ca_crt) && (undefined === input.client_certs || Array.isArray(input.client_certs) && input.client_certs.every((elem: any, _index12: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io8(elem, true && _exceptionable))) && (undefined === input.enable_renegotiation || "boolean" === typeof input.enable_renegotiation) && (undefined === input.enabled || "boolean" === typeof input.enabled) && (undefined === input.root_cas || "string" === typeof input.root_cas) && (undefined === input.skip_cert_verify || "boolean" === typeof input.skip_cert_verify) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["ca_crt", "client_certs", "enable_renegotiation", "enabled", "root_cas", "skip_cert_verify"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io8 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.cert || "string" === typeof input.cert) && (undefined === input.key || "string" === typeof input.key) && (undefined === input.password || "string" === typeof input.password) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["cert", "key", "password"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io9 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.container || "string" === typeof input.container) && (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io10(input.credential, true && _exceptionable)) && (undefined === input.prefix || "string" === typeof input.prefix) && (undefined === input.scanner || "object" === typeof input.scanner && null !== input.scanner && false === Array.isArray(input.scanner) && _io11(input.scanner, true && _exceptionable)) && (undefined === input.scheduler || "object" === typeof input.scheduler && null !== input.scheduler && false === Array.isArray(input.scheduler) && _io14(input.scheduler, true && _exceptionable)) && (undefined === input.input_seed || "object" === typeof input.input_seed && null !== input.input_seed && false === Array.isArray(input.input_seed) && _io15(input.input_seed, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["container", "credential", "prefix", "scanner", "scheduler", "input_seed"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io10 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.storage_access_key || "string" === typeof input.storage_access_key) && (undefined === input.storage_account || "string" === typeof input.storage_account) && (undefined === input.storage_connection_string || "string" === typeof input.storage_connection_string) && (undefined === input.storage_sas_token || "string" === typeof input.storage_sas_token) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["storage_access_key", "storage_account", "storage_connection_string", "storage_sas_token"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io11 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.type || "string" === typeof input.type) && (undefined === input.csv || "object" === typeof input.csv && null !== input.csv && false === Array.isArray(input.csv) && _io12(input.csv, true && _exceptionable)) && (undefined === input.lines || "object" === typeof input.lines && null !== input.lines && false === Array.isArray(input.lines) && _io13(input.lines, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["type", "csv", "lines"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io12 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.continue_on_error || "boolean" === typeof input.continue_on_error) && (undefined === input.lazy_quotes || "boolean" === typeof input.lazy_quotes) && (undefined === input.parse_header_row || "boolean" === typeof input.parse_header_row) && (undefined === input.custom_delimiter || "string" === typeof input.custom_delimiter) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["continue_on_error", "lazy_quotes", "parse_header_row", "custom_delimiter"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io13 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.custom_delimiter || "string" === typeof input.custom_delimiter) && (undefined === input.max_buffer_size || "number" === typeof input.max_buffer_size && __typia_transform__isTypeInt64._isTypeInt64(input.max_buffer_size)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["custom_delimiter", "max_buffer_size"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io14 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.cron || "string" === typeof input.cron) && (undefined === input.max_executions || "number" === typeof input.max_executions && __typia_transform__isTypeInt64._isTypeInt64(input.max_executions)) && (undefined === input.seconds || "number" === typeof input.seconds && __typia_transform__isTypeInt64._isTypeInt64(input.seconds)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["cron", "max_executions", "seconds"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io15 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.type || "string" === typeof input.type) && (undefined === input.kafka || "object" === typeof input.kafka && null !== input.kafka && false === Array.isArray(input.kafka) && _io5(input.kafka, true && _exceptionable)) && (undefined === input.parser || "object" === typeof input.parser && null !== input.parser && false === Array.isArray(input.parser) && _io16(input.parser, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["type", "kafka", "parser"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io16 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io17 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.config || "string" === typeof input.config) && (undefined === input.file_id || "string" === typeof input.file_id) && (undefined === input.schema || "string" === typeof input.schema) && (undefined === input.share || "string" === typeof input.share) && (undefined === input.table || "string" === typeof input.table) && (undefined === input.period_seconds || "number" === typeof input.period_seconds && __typia_transform__isTypeInt64._isTypeInt64(input.period_seconds)) && (undefined === input.paging || "object" === typeof input.paging && null !== input.paging && false === Array.isArray(input.paging) && _io18(input.paging, true && _exceptionable)) && (undefined === input.scheduler || "object" === typeof input.scheduler && null !== input.scheduler && false === Array.isArray(input.scheduler) && _io14(input.scheduler, true && _exceptionable)) && (undefined === input.queries || Array.isArray(input.queries) && input.queries.every((elem: any, _index13: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io19(elem, true && _exceptionable))) && (undefined === input.filter || "object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) && _io20(input.filter, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["config", "file_id", "schema", "share", "table", "period_seconds", "paging", "scheduler", "queries", "filter"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io18 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.seconds || "number" === typeof input.seconds && __typia_transform__isTypeInt64._isTypeInt64(input.seconds)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["seconds"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io19 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.field_name || "string" === typeof input.field_name) && (undefined === input.type || "string" === typeof input.type) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["field_name", "type"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io20 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.bot_field_name || "string" === typeof input.bot_field_name) && (undefined === input.tenant_field_name || "string" === typeof input.tenant_field_name) && (undefined === input.date_field_name || "string" === typeof input.date_field_name) && (undefined === input.bot_field_values || Array.isArray(input.bot_field_values) && input.bot_field_values.every((elem: any, _index14: number) => "string" === typeof elem)) && (undefined === input.tenant_field_values || Array.isArray(input.tenant_field_values) && input.tenant_field_values.every((elem: any, _index15: number) => "string" === typeof elem)) && (undefined === input.since_date_value || "string" === typeof input.since_date_value) && (undefined === input.until_date_value || "string" === typeof input.until_date_value) && (undefined === input.since_datetime_value || "object" === typeof input.since_datetime_value && null !== input.since_datetime_value && false === Array.isArray(input.since_datetime_value) && _io21(input.since_datetime_value, true && _exceptionable)) && (undefined === input.until_datetime_value || "object" === typeof input.until_datetime_value && null !== input.until_datetime_value && false === Array.isArray(input.until_datetime_value) && _io22(input.until_datetime_value, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["bot_field_name", "tenant_field_name", "date_field_name", "bot_field_values", "tenant_field_values", "since_date_value", "until_date_value", "since_datetime_value", "until_datetime_value"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io21 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.date_value || "string" === typeof input.date_value) && (undefined === input.timezone || "string" === typeof input.timezone) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["date_value", "timezone"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io22 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.date_value || "string" === typeof input.date_value) && (undefined === input.timezone || "string" === typeof input.timezone) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["date_value", "timezone"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io23 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io24(input.credential, true && _exceptionable)) && (undefined === input.project || "string" === typeof input.project) && (undefined === input.subscription || "string" === typeof input.subscription) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["credential", "project", "subscription"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io24 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.auth_provider_x509_cert_url || "string" === typeof input.auth_provider_x509_cert_url) && (undefined === input.auth_uri || "string" === typeof input.auth_uri) && (undefined === input.client_email || "string" === typeof input.client_email) && (undefined === input.client_id || "string" === typeof input.client_id) && (undefined === input.client_x509_cert_url || "string" === typeof input.client_x509_cert_url) && (undefined === input.private_key || "string" === typeof input.private_key) && (undefined === input.private_key_id || "string" === typeof input.private_key_id) && (undefined === input.project_id || "string" === typeof input.project_id) && (undefined === input.token_uri || "string" === typeof input.token_uri) && (undefined === input.type || "string" === typeof input.type) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["auth_provider_x509_cert_url", "auth_uri", "client_email", "client_id", "client_x509_cert_url", "private_key", "private_key_id", "project_id", "token_uri", "type"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io25 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.url || "string" === typeof input.url) && (undefined === input.verb || "string" === typeof input.verb) && (undefined === input.headers || "object" === typeof input.headers && null !== input.headers && false === Array.isArray(input.headers) && _io26(input.headers, true && _exceptionable)) && (undefined === input.headers_list || Array.isArray(input.headers_list) && input.headers_list.every((elem: any, _index16: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io27(elem, true && _exceptionable))) && (undefined === input.stream || "object" === typeof input.stream && null !== input.stream && false === Array.isArray(input.stream) && _io28(input.stream, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["url", "verb", "headers", "headers_list", "stream"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io26 = (input: any, _exceptionable: boolean = true): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return "string" === typeof value;
    }); const _io27 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.key || "string" === typeof input.key) && (undefined === input.value || "string" === typeof input.value) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["key", "value"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io28 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.enabled || "boolean" === typeof input.enabled) && (undefined === input.reconnect || "boolean" === typeof input.reconnect) && (undefined === input.scanner || "object" === typeof input.scanner && null !== input.scanner && false === Array.isArray(input.scanner) && _io11(input.scanner, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["enabled", "reconnect", "scanner"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io29 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.credentials || Array.isArray(input.credentials) && input.credentials.every((elem: any, _index17: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io30(elem, true && _exceptionable))) && (undefined === input.firehose_access_token || "string" === typeof input.firehose_access_token) && (undefined === input.output_error_nodes || Array.isArray(input.output_error_nodes) && input.output_error_nodes.every((elem: any, _index18: number) => "string" === typeof elem)) && (undefined === input.output_success_nodes || Array.isArray(input.output_success_nodes) && input.output_success_nodes.every((elem: any, _index19: number) => "string" === typeof elem)) && (undefined === input.workflow || "object" === typeof input.workflow && null !== input.workflow && false === Array.isArray(input.workflow) && _io32(input.workflow, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["credentials", "firehose_access_token", "output_error_nodes", "output_success_nodes", "workflow"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io30 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.data || "object" === typeof input.data && null !== input.data && false === Array.isArray(input.data) && _io31(input.data, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["id", "type", "data"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io31 = (input: any, _exceptionable: boolean = true): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return true;
    }); const _io32 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.nodes || Array.isArray(input.nodes) && input.nodes.every((elem: any, _index20: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io33(elem, true && _exceptionable))) && (undefined === input.connections || "object" === typeof input.connections && null !== input.connections && false === Array.isArray(input.connections) && _io34(input.connections, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["id", "nodes", "connections"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io33 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.name || "string" === typeof input.name) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.onError || "string" === typeof input.onError) && (undefined === input.webhookId || "string" === typeof input.webhookId) && (undefined === input.position || Array.isArray(input.position) && input.position.every((elem: any, _index21: number) => "number" === typeof elem && __typia_transform__isTypeInt64._isTypeInt64(elem))) && (undefined === input.parameters || "object" === typeof input.parameters && null !== input.parameters && false === Array.isArray(input.parameters) && _io31(input.parameters, true && _exceptionable)) && (undefined === input.credentials || "object" === typeof input.credentials && null !== input.credentials && false === Array.isArray(input.credentials) && _io31(input.credentials, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["name", "type", "onError", "webhookId", "position", "parameters", "credentials"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io34 = (input: any, _exceptionable: boolean = true): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return "object" === typeof value && null !== value && false === Array.isArray(value) && _io35(value, true && _exceptionable);
    }); const _io35 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.main || Array.isArray(input.main) && input.main.every((elem: any, _index22: number) => Array.isArray(elem) && elem.every((elem: any, _index23: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io36(elem, true && _exceptionable)))) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["main"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io36 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.node || "string" === typeof input.node) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.index || "number" === typeof input.index && __typia_transform__isTypeInt64._isTypeInt64(input.index)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["node", "type", "index"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io37 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.driver || "string" === typeof input.driver) && (undefined === input.uri || "string" === typeof input.uri) && (undefined === input.scheduler || "object" === typeof input.scheduler && null !== input.scheduler && false === Array.isArray(input.scheduler) && _io14(input.scheduler, true && _exceptionable)) && (undefined === input.query || "object" === typeof input.query && null !== input.query && false === Array.isArray(input.query) && _io38(input.query, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["driver", "uri", "scheduler", "query"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io38 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.select || "string" === typeof input.select) && (undefined === input.from || "string" === typeof input.from) && (undefined === input.where || "string" === typeof input.where) && (undefined === input.group_by || "string" === typeof input.group_by) && (undefined === input.having || "string" === typeof input.having) && (undefined === input.order_by || "string" === typeof input.order_by) && (undefined === input.limit || "number" === typeof input.limit && __typia_transform__isTypeInt64._isTypeInt64(input.limit)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["select", "from", "where", "group_by", "having", "order_by", "limit"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io39 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.description || "string" === typeof input.description) && (undefined === input.workflow || Array.isArray(input.workflow) && input.workflow.every((elem: any, _index24: number) => Array.isArray(elem) && elem.every((elem: any, _index25: number) => "string" === typeof elem))) && (undefined === input.steps || Array.isArray(input.steps) && input.steps.every((elem: any, _index26: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io40(elem, true && _exceptionable))) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["description", "workflow", "steps"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io40 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.ignore_error || "boolean" === typeof input.ignore_error) && (undefined === input.override || "boolean" === typeof input.override) && (undefined === input.rate_limit || "object" === typeof input.rate_limit && null !== input.rate_limit && false === Array.isArray(input.rate_limit) && _io41(input.rate_limit, true && _exceptionable)) && (undefined === input.bloblang || "object" === typeof input.bloblang && null !== input.bloblang && false === Array.isArray(input.bloblang) && _io42(input.bloblang, true && _exceptionable)) && (undefined === input["delete"] || "object" === typeof input["delete"] && null !== input["delete"] && false === Array.isArray(input["delete"]) && _io43(input["delete"], true && _exceptionable)) && (undefined === input.http || "object" === typeof input.http && null !== input.http && false === Array.isArray(input.http) && _io44(input.http, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["id", "type", "ignore_error", "override", "rate_limit", "bloblang", "delete", "http"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io41 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.count || "number" === typeof input.count && __typia_transform__isTypeInt64._isTypeInt64(input.count)) && (undefined === input.interval_seconds || "number" === typeof input.interval_seconds && __typia_transform__isTypeInt64._isTypeInt64(input.interval_seconds)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["count", "interval_seconds"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io42 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io43 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io44 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.url || "string" === typeof input.url) && (undefined === input.verb || "string" === typeof input.verb) && (undefined === input.timeout_seconds || "number" === typeof input.timeout_seconds && __typia_transform__isTypeInt64._isTypeInt64(input.timeout_seconds)) && (undefined === input.ignore_error_codes || Array.isArray(input.ignore_error_codes) && input.ignore_error_codes.every((elem: any, _index27: number) => "number" === typeof elem && __typia_transform__isTypeInt64._isTypeInt64(elem))) && (undefined === input.body || "object" === typeof input.body && null !== input.body && false === Array.isArray(input.body) && _io45(input.body, true && _exceptionable)) && (undefined === input.dynamic_url || "object" === typeof input.dynamic_url && null !== input.dynamic_url && false === Array.isArray(input.dynamic_url) && _io46(input.dynamic_url, true && _exceptionable)) && (undefined === input.headers || "object" === typeof input.headers && null !== input.headers && false === Array.isArray(input.headers) && _io26(input.headers, true && _exceptionable)) && (undefined === input.headers_list || Array.isArray(input.headers_list) && input.headers_list.every((elem: any, _index28: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io27(elem, true && _exceptionable))) && (undefined === input.basic_auth || "object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) && _io47(input.basic_auth, true && _exceptionable)) && (undefined === input.oauth || "object" === typeof input.oauth && null !== input.oauth && false === Array.isArray(input.oauth) && _io48(input.oauth, true && _exceptionable)) && (undefined === input.oauth2 || "object" === typeof input.oauth2 && null !== input.oauth2 && false === Array.isArray(input.oauth2) && _io49(input.oauth2, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["url", "verb", "timeout_seconds", "ignore_error_codes", "body", "dynamic_url", "headers", "headers_list", "basic_auth", "oauth", "oauth2"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io45 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io46 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io47 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.user_id || "string" === typeof input.user_id) && (undefined === input.password || "string" === typeof input.password) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["user_id", "password"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io48 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.access_token || "string" === typeof input.access_token) && (undefined === input.access_token_secret || "string" === typeof input.access_token_secret) && (undefined === input.consumer_key || "string" === typeof input.consumer_key) && (undefined === input.consumer_secret || "string" === typeof input.consumer_secret) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["access_token", "access_token_secret", "consumer_key", "consumer_secret"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io49 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.auth_style || "string" === typeof input.auth_style) && (undefined === input.client_key || "string" === typeof input.client_key) && (undefined === input.client_secret || "string" === typeof input.client_secret) && (undefined === input.endpoint_params || "object" === typeof input.endpoint_params && null !== input.endpoint_params && false === Array.isArray(input.endpoint_params) && _io50(input.endpoint_params, true && _exceptionable)) && (undefined === input.scopes || Array.isArray(input.scopes) && input.scopes.every((elem: any, _index29: number) => "string" === typeof elem)) && (undefined === input.token_type || "string" === typeof input.token_type) && (undefined === input.token_url || "string" === typeof input.token_url) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["auth_style", "client_key", "client_secret", "endpoint_params", "scopes", "token_type", "token_url"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io50 = (input: any, _exceptionable: boolean = true): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return Array.isArray(value) && value.every((elem: any, _index30: number) => "string" === typeof elem);
    }); const _io51 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.type || "string" === typeof input.type) && (undefined === input.description || "string" === typeof input.description) && (undefined === input.flink_sql || "object" === typeof input.flink_sql && null !== input.flink_sql && false === Array.isArray(input.flink_sql) && _io52(input.flink_sql, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["type", "description", "flink_sql"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io52 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.timezone || "string" === typeof input.timezone) && (undefined === input.select || "object" === typeof input.select && null !== input.select && false === Array.isArray(input.select) && _io53(input.select, true && _exceptionable)) && (undefined === input.sources || Array.isArray(input.sources) && input.sources.every((elem: any, _index31: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io54(elem, true && _exceptionable))) && (undefined === input.sink || "object" === typeof input.sink && null !== input.sink && false === Array.isArray(input.sink) && _io57(input.sink, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["timezone", "select", "sources", "sink"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io53 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.statement || "string" === typeof input.statement) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["statement"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io54 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.name || "string" === typeof input.name) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.create_table || "object" === typeof input.create_table && null !== input.create_table && false === Array.isArray(input.create_table) && _io55(input.create_table, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["name", "type", "create_table"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io55 = (input: any, _exceptionable: boolean = true): boolean => true && (undefined === input.watermark || "object" === typeof input.watermark && null !== input.watermark && false === Array.isArray(input.watermark) && _io56(input.watermark, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["columns", "watermark"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io56 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.column || "string" === typeof input.column) && (undefined === input.period || "number" === typeof input.period && __typia_transform__isTypeInt64._isTypeInt64(input.period)) && (undefined === input.time_unit || "string" === typeof input.time_unit) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["column", "period", "time_unit"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io57 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.create_table || "object" === typeof input.create_table && null !== input.create_table && false === Array.isArray(input.create_table) && _io55(input.create_table, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["create_table"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io58 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.type || "string" === typeof input.type) && (undefined === input.description || "string" === typeof input.description) && (undefined === input.target || "string" === typeof input.target) && (undefined === input.rate_limit || "object" === typeof input.rate_limit && null !== input.rate_limit && false === Array.isArray(input.rate_limit) && _io41(input.rate_limit, true && _exceptionable)) && (undefined === input.aws_kinesis || "object" === typeof input.aws_kinesis && null !== input.aws_kinesis && false === Array.isArray(input.aws_kinesis) && _io59(input.aws_kinesis, true && _exceptionable)) && (undefined === input.aws_s3 || "object" === typeof input.aws_s3 && null !== input.aws_s3 && false === Array.isArray(input.aws_s3) && _io62(input.aws_s3, true && _exceptionable)) && (undefined === input.azure_blob || "object" === typeof input.azure_blob && null !== input.azure_blob && false === Array.isArray(input.azure_blob) && _io65(input.azure_blob, true && _exceptionable)) && (undefined === input.deltalake || "object" === typeof input.deltalake && null !== input.deltalake && false === Array.isArray(input.deltalake) && _io66(input.deltalake, true && _exceptionable)) && (undefined === input.elastic_search || "object" === typeof input.elastic_search && null !== input.elastic_search && false === Array.isArray(input.elastic_search) && _io68(input.elastic_search, true && _exceptionable)) && (undefined === input.email || "object" === typeof input.email && null !== input.email && false === Array.isArray(input.email) && _io71(input.email, true && _exceptionable)) && (undefined === input.transactional_email || "object" === typeof input.transactional_email && null !== input.transactional_email && false === Array.isArray(input.transactional_email) && _io72(input.transactional_email, true && _exceptionable)) && (undefined === input.firehose || "object" === typeof input.firehose && null !== input.firehose && false === Array.isArray(input.firehose) && _io73(input.firehose, true && _exceptionable)) && (undefined === input.google_cloud_pubsub || "object" === typeof input.google_cloud_pubsub && null !== input.google_cloud_pubsub && false === Array.isArray(input.google_cloud_pubsub) && _io74(input.google_cloud_pubsub, true && _exceptionable)) && (undefined === input.google_cloud_storage || "object" === typeof input.google_cloud_storage && null !== input.google_cloud_storage && false === Array.isArray(input.google_cloud_storage) && _io75(input.google_cloud_storage, true && _exceptionable)) && (undefined === input.http || "object" === typeof input.http && null !== input.http && false === Array.isArray(input.http) && _io76(input.http, true && _exceptionable)) && (undefined === input.kafka || "object" === typeof input.kafka && null !== input.kafka && false === Array.isArray(input.kafka) && _io77(input.kafka, true && _exceptionable)) && (undefined === input.mongodb || "object" === typeof input.mongodb && null !== input.mongodb && false === Array.isArray(input.mongodb) && _io78(input.mongodb, true && _exceptionable)) && (undefined === input.sftp || "object" === typeof input.sftp && null !== input.sftp && false === Array.isArray(input.sftp) && _io81(input.sftp, true && _exceptionable)) && (undefined === input.sql || "object" === typeof input.sql && null !== input.sql && false === Array.isArray(input.sql) && _io82(input.sql, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["type", "description", "target", "rate_limit", "aws_kinesis", "aws_s3", "azure_blob", "deltalake", "elastic_search", "email", "transactional_email", "firehose", "google_cloud_pubsub", "google_cloud_storage", "http", "kafka", "mongodb", "sftp", "sql"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io59 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io61(input.credential, true && _exceptionable)) && (undefined === input.region || "string" === typeof input.region) && (undefined === input.stream || "string" === typeof input.stream) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["batching", "credential", "region", "stream"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io60 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.count || "number" === typeof input.count && __typia_transform__isTypeInt64._isTypeInt64(input.count)) && (undefined === input.period || "string" === typeof input.period) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["count", "period"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io61 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.id || "string" === typeof input.id) && (undefined === input.profile || "string" === typeof input.profile) && (undefined === input.role || "string" === typeof input.role) && (undefined === input.role_external_id || "string" === typeof input.role_external_id) && (undefined === input.secret || "string" === typeof input.secret) && (undefined === input.token || "string" === typeof input.token) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["id", "profile", "role", "role_external_id", "secret", "token"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io62 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.bucket || "string" === typeof input.bucket) && (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io61(input.credential, true && _exceptionable)) && (undefined === input.region || "string" === typeof input.region) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["bucket", "credential", "region", "file"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io63 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.extension || "string" === typeof input.extension) && (undefined === input.max_size_mb || "number" === typeof input.max_size_mb && __typia_transform__isTypeInt64._isTypeInt64(input.max_size_mb)) && (undefined === input.path || "string" === typeof input.path) && (undefined === input.period || "string" === typeof input.period) && (undefined === input.schema || Array.isArray(input.schema) && input.schema.every((elem: any, _index32: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io64(elem, true && _exceptionable))) && (undefined === input.separator || "string" === typeof input.separator) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["extension", "max_size_mb", "path", "period", "schema", "separator"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io64 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.name || "string" === typeof input.name) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["name"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io65 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.container || "string" === typeof input.container) && (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io10(input.credential, true && _exceptionable)) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["container", "credential", "file"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io66 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.azure_blob_storage || "object" === typeof input.azure_blob_storage && null !== input.azure_blob_storage && false === Array.isArray(input.azure_blob_storage) && _io67(input.azure_blob_storage, true && _exceptionable)) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.table_name || "string" === typeof input.table_name) && (undefined === input.timeout || "string" === typeof input.timeout) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["azure_blob_storage", "batching", "table_name", "timeout"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io67 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.root_path || "string" === typeof input.root_path) && (undefined === input.storage_access_key || "string" === typeof input.storage_access_key) && (undefined === input.storage_account || "string" === typeof input.storage_account) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["root_path", "storage_access_key", "storage_account"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io68 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.urls || Array.isArray(input.urls) && input.urls.every((elem: any, _index33: number) => "string" === typeof elem)) && (undefined === input.index || "string" === typeof input.index) && (undefined === input.pipeline || "string" === typeof input.pipeline) && (undefined === input.stored_script || "string" === typeof input.stored_script) && (undefined === input.id_fields || Array.isArray(input.id_fields) && input.id_fields.every((elem: any, _index34: number) => "string" === typeof elem)) && (undefined === input.id_separator || "string" === typeof input.id_separator) && (undefined === input.conflict_action || "string" === typeof input.conflict_action) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.basic_auth || "object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) && _io47(input.basic_auth, true && _exceptionable)) && (undefined === input.tls || "object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) && _io7(input.tls, true && _exceptionable)) && (undefined === input.script_params_blobl || "object" === typeof input.script_params_blobl && null !== input.script_params_blobl && false === Array.isArray(input.script_params_blobl) && _io69(input.script_params_blobl, true && _exceptionable)) && (undefined === input.aws || "object" === typeof input.aws && null !== input.aws && false === Array.isArray(input.aws) && _io70(input.aws, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["urls", "index", "pipeline", "stored_script", "id_fields", "id_separator", "conflict_action", "batching", "basic_auth", "tls", "script_params_blobl", "aws"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io69 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.mapping || "string" === typeof input.mapping) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["mapping"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io70 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io61(input.credential, true && _exceptionable)) && (undefined === input.endpoint || "string" === typeof input.endpoint) && (undefined === input.region || "string" === typeof input.region) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["credential", "endpoint", "region"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io71 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.to || Array.isArray(input.to) && input.to.every((elem: any, _index35: number) => "string" === typeof elem)) && (undefined === input.cc || Array.isArray(input.cc) && input.cc.every((elem: any, _index36: number) => "string" === typeof elem)) && (undefined === input.bcc || Array.isArray(input.bcc) && input.bcc.every((elem: any, _index37: number) => "string" === typeof elem)) && (undefined === input.subject || "string" === typeof input.subject) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["to", "cc", "bcc", "subject", "file"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io72 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.to || Array.isArray(input.to) && input.to.every((elem: any, _index38: number) => "string" === typeof elem)) && (undefined === input.cc || Array.isArray(input.cc) && input.cc.every((elem: any, _index39: number) => "string" === typeof elem)) && (undefined === input.bcc || Array.isArray(input.bcc) && input.bcc.every((elem: any, _index40: number) => "string" === typeof elem)) && (undefined === input.subject || "string" === typeof input.subject) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (undefined === input.template_id || "string" === typeof input.template_id) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["to", "cc", "bcc", "subject", "file", "template_id"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io73 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.config_ids || Array.isArray(input.config_ids) && input.config_ids.every((elem: any, _index41: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["config_ids"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io74 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io24(input.credential, true && _exceptionable)) && (undefined === input.project || "string" === typeof input.project) && (undefined === input.topic || "string" === typeof input.topic) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["credential", "project", "topic"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io75 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.bucket || "string" === typeof input.bucket) && (undefined === input.content_type || "string" === typeof input.content_type) && (undefined === input.credential || "object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) && _io24(input.credential, true && _exceptionable)) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["bucket", "content_type", "credential", "file"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io76 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.verb || "string" === typeof input.verb) && (undefined === input.headers || "object" === typeof input.headers && null !== input.headers && false === Array.isArray(input.headers) && _io26(input.headers, true && _exceptionable)) && (undefined === input.headers_list || Array.isArray(input.headers_list) && input.headers_list.every((elem: any, _index42: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io27(elem, true && _exceptionable))) && (undefined === input.basic_auth || "object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) && _io47(input.basic_auth, true && _exceptionable)) && (undefined === input.oauth2 || "object" === typeof input.oauth2 && null !== input.oauth2 && false === Array.isArray(input.oauth2) && _io49(input.oauth2, true && _exceptionable)) && (undefined === input.timeout_seconds || "number" === typeof input.timeout_seconds && __typia_transform__isTypeInt64._isTypeInt64(input.timeout_seconds)) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.tls || "object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) && _io7(input.tls, true && _exceptionable)) && (undefined === input.verify_token || "string" === typeof input.verify_token) && (undefined === input.verify_token_private_key || "string" === typeof input.verify_token_private_key) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["verb", "headers", "headers_list", "basic_auth", "oauth2", "timeout_seconds", "batching", "tls", "verify_token", "verify_token_private_key"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io77 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.topic || "string" === typeof input.topic) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.sasl || "object" === typeof input.sasl && null !== input.sasl && false === Array.isArray(input.sasl) && _io6(input.sasl, true && _exceptionable)) && (undefined === input.tls || "object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) && _io7(input.tls, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["topic", "batching", "sasl", "tls"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io78 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.uri || "string" === typeof input.uri) && (undefined === input.database || "string" === typeof input.database) && (undefined === input.collection || "string" === typeof input.collection) && (undefined === input.operation || "string" === typeof input.operation) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.update_one || "object" === typeof input.update_one && null !== input.update_one && false === Array.isArray(input.update_one) && _io79(input.update_one, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["uri", "database", "collection", "operation", "batching", "update_one"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io79 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.filter || "object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) && _io80(input.filter, true && _exceptionable)) && (undefined === input.upsert || "boolean" === typeof input.upsert) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["filter", "upsert"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io80 = (input: any, _exceptionable: boolean = true): boolean => Object.keys(input).every((key: any) => {
        const value = input[key];
        if (undefined === value)
            return true;
        return "string" === typeof value;
    }); const _io81 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.basic_auth || "object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) && _io47(input.basic_auth, true && _exceptionable)) && (undefined === input.file || "object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) && _io63(input.file, true && _exceptionable)) && (undefined === input.period || "string" === typeof input.period) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["basic_auth", "file", "period"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io82 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.driver || "string" === typeof input.driver) && (undefined === input.uri || "string" === typeof input.uri) && (undefined === input.operation || "string" === typeof input.operation) && (undefined === input.batching || "object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) && _io60(input.batching, true && _exceptionable)) && (undefined === input.table || "object" === typeof input.table && null !== input.table && false === Array.isArray(input.table) && _io83(input.table, true && _exceptionable)) && (undefined === input.update || "object" === typeof input.update && null !== input.update && false === Array.isArray(input.update) && _io84(input.update, true && _exceptionable)) && (undefined === input.mssql || "object" === typeof input.mssql && null !== input.mssql && false === Array.isArray(input.mssql) && _io85(input.mssql, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["driver", "uri", "operation", "batching", "table", "update", "mssql"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io83 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.name || "string" === typeof input.name) && (undefined === input.schema || "string" === typeof input.schema) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["name", "schema"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io84 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.key_fields || Array.isArray(input.key_fields) && input.key_fields.every((elem: any, _index43: number) => "string" === typeof elem)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["key_fields"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io85 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.data_types || Array.isArray(input.data_types) && input.data_types.every((elem: any, _index44: number) => "object" === typeof elem && null !== elem && false === Array.isArray(elem) && _io86(elem, true && _exceptionable))) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["data_types"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io86 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.name || "string" === typeof input.name) && (undefined === input.type || "string" === typeof input.type) && (undefined === input.date || "object" === typeof input.date && null !== input.date && false === Array.isArray(input.date) && _io87(input.date, true && _exceptionable)) && (undefined === input.datetime || "object" === typeof input.datetime && null !== input.datetime && false === Array.isArray(input.datetime) && _io88(input.datetime, true && _exceptionable)) && (undefined === input.datetime_offset || "object" === typeof input.datetime_offset && null !== input.datetime_offset && false === Array.isArray(input.datetime_offset) && _io89(input.datetime_offset, true && _exceptionable)) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["name", "type", "date", "datetime", "datetime_offset"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io87 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.format || "string" === typeof input.format) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["format"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io88 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.format || "string" === typeof input.format) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["format"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _io89 = (input: any, _exceptionable: boolean = true): boolean => (undefined === input.format || "string" === typeof input.format) && (0 === Object.keys(input).length || Object.keys(input).every((key: any) => {
        if (["format"].some((prop: any) => key === prop))
            return true;
        const value = input[key];
        if (undefined === value)
            return true;
        return false;
    })); const _vo0 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.name || "string" === typeof input.name || _report(_exceptionable, {
            path: _path + ".name",
            expected: "(string | undefined)",
            value: input.name
        }), undefined === input.description || "string" === typeof input.description || _report(_exceptionable, {
            path: _path + ".description",
            expected: "(string | undefined)",
            value: input.description
        }), undefined === input.status || "string" === typeof input.status || _report(_exceptionable, {
            path: _path + ".status",
            expected: "(string | undefined)",
            value: input.status
        }), undefined === input.groups || (Array.isArray(input.groups) || _report(_exceptionable, {
            path: _path + ".groups",
            expected: "(Array<string> | undefined)",
            value: input.groups
        })) && input.groups.map((elem: any, _index45: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".groups[" + _index45 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".groups",
            expected: "(Array<string> | undefined)",
            value: input.groups
        }), undefined === input.sharing_groups || (Array.isArray(input.sharing_groups) || _report(_exceptionable, {
            path: _path + ".sharing_groups",
            expected: "(Array<string> | undefined)",
            value: input.sharing_groups
        })) && input.sharing_groups.map((elem: any, _index46: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".sharing_groups[" + _index46 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".sharing_groups",
            expected: "(Array<string> | undefined)",
            value: input.sharing_groups
        }), undefined === input.index || (Array.isArray(input.index) || _report(_exceptionable, {
            path: _path + ".index",
            expected: "(Array<IndexEntry> | undefined)",
            value: input.index
        })) && input.index.map((elem: any, _index47: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".index[" + _index47 + "]",
            expected: "IndexEntry",
            value: elem
        })) && _vo1(elem, _path + ".index[" + _index47 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".index[" + _index47 + "]",
            expected: "IndexEntry",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".index",
            expected: "(Array<IndexEntry> | undefined)",
            value: input.index
        }), undefined === input.filter || ("object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) || _report(_exceptionable, {
            path: _path + ".filter",
            expected: "(Filter | undefined)",
            value: input.filter
        })) && _vo2(input.filter, _path + ".filter", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".filter",
            expected: "(Filter | undefined)",
            value: input.filter
        }), undefined === input.input || ("object" === typeof input.input && null !== input.input && false === Array.isArray(input.input) || _report(_exceptionable, {
            path: _path + ".input",
            expected: "(Input | undefined)",
            value: input.input
        })) && _vo4(input.input, _path + ".input", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".input",
            expected: "(Input | undefined)",
            value: input.input
        }), undefined === input.transformer || ("object" === typeof input.transformer && null !== input.transformer && false === Array.isArray(input.transformer) || _report(_exceptionable, {
            path: _path + ".transformer",
            expected: "(Transformer | undefined)",
            value: input.transformer
        })) && _vo39(input.transformer, _path + ".transformer", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".transformer",
            expected: "(Transformer | undefined)",
            value: input.transformer
        }), undefined === input.processor || ("object" === typeof input.processor && null !== input.processor && false === Array.isArray(input.processor) || _report(_exceptionable, {
            path: _path + ".processor",
            expected: "(Processor | undefined)",
            value: input.processor
        })) && _vo51(input.processor, _path + ".processor", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".processor",
            expected: "(Processor | undefined)",
            value: input.processor
        }), undefined === input.output || ("object" === typeof input.output && null !== input.output && false === Array.isArray(input.output) || _report(_exceptionable, {
            path: _path + ".output",
            expected: "(Output | undefined)",
            value: input.output
        })) && _vo58(input.output, _path + ".output", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".output",
            expected: "(Output | undefined)",
            value: input.output
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["id", "name", "description", "status", "groups", "sharing_groups", "index", "filter", "input", "transformer", "processor", "output"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo1 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.description || "string" === typeof input.description || _report(_exceptionable, {
            path: _path + ".description",
            expected: "(string | undefined)",
            value: input.description
        }), undefined === input.key || "string" === typeof input.key || _report(_exceptionable, {
            path: _path + ".key",
            expected: "(string | undefined)",
            value: input.key
        }), undefined === input.required || "boolean" === typeof input.required || _report(_exceptionable, {
            path: _path + ".required",
            expected: "(boolean | undefined)",
            value: input.required
        }), undefined === input.value || "string" === typeof input.value || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(string | undefined)",
            value: input.value
        }), undefined === input.values || (Array.isArray(input.values) || _report(_exceptionable, {
            path: _path + ".values",
            expected: "(Array<string> | undefined)",
            value: input.values
        })) && input.values.map((elem: any, _index48: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".values[" + _index48 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".values",
            expected: "(Array<string> | undefined)",
            value: input.values
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["description", "key", "required", "value", "values"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo2 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.description || "string" === typeof input.description || _report(_exceptionable, {
            path: _path + ".description",
            expected: "(string | undefined)",
            value: input.description
        }), undefined === input.filter || ("object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) || _report(_exceptionable, {
            path: _path + ".filter",
            expected: "(FilterNode | undefined)",
            value: input.filter
        })) && _vo3(input.filter, _path + ".filter", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".filter",
            expected: "(FilterNode | undefined)",
            value: input.filter
        }), undefined === input.groups || (Array.isArray(input.groups) || _report(_exceptionable, {
            path: _path + ".groups",
            expected: "(Array<string> | undefined)",
            value: input.groups
        })) && input.groups.map((elem: any, _index49: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".groups[" + _index49 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".groups",
            expected: "(Array<string> | undefined)",
            value: input.groups
        }), undefined === input.indexes || (Array.isArray(input.indexes) || _report(_exceptionable, {
            path: _path + ".indexes",
            expected: "(Array<string> | undefined)",
            value: input.indexes
        })) && input.indexes.map((elem: any, _index50: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".indexes[" + _index50 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".indexes",
            expected: "(Array<string> | undefined)",
            value: input.indexes
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["description", "filter", "groups", "indexes"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo3 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.field_name || "string" === typeof input.field_name || _report(_exceptionable, {
            path: _path + ".field_name",
            expected: "(string | undefined)",
            value: input.field_name
        }), undefined === input.filters || (Array.isArray(input.filters) || _report(_exceptionable, {
            path: _path + ".filters",
            expected: "(Array<FilterNode> | undefined)",
            value: input.filters
        })) && input.filters.map((elem: any, _index51: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".filters[" + _index51 + "]",
            expected: "FilterNode",
            value: elem
        })) && _vo3(elem, _path + ".filters[" + _index51 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".filters[" + _index51 + "]",
            expected: "FilterNode",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".filters",
            expected: "(Array<FilterNode> | undefined)",
            value: input.filters
        }), undefined === input.op || "string" === typeof input.op || _report(_exceptionable, {
            path: _path + ".op",
            expected: "(string | undefined)",
            value: input.op
        }), undefined === input.value || "string" === typeof input.value || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(string | undefined)",
            value: input.value
        }), undefined === input.value_type || "string" === typeof input.value_type || _report(_exceptionable, {
            path: _path + ".value_type",
            expected: "(string | undefined)",
            value: input.value_type
        }), undefined === input.values || (Array.isArray(input.values) || _report(_exceptionable, {
            path: _path + ".values",
            expected: "(Array<string> | undefined)",
            value: input.values
        })) && input.values.map((elem: any, _index52: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".values[" + _index52 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".values",
            expected: "(Array<string> | undefined)",
            value: input.values
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["field_name", "filters", "op", "value", "value_type", "values"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo4 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.description || "string" === typeof input.description || _report(_exceptionable, {
            path: _path + ".description",
            expected: "(string | undefined)",
            value: input.description
        }), undefined === input.allowed_metadata || (Array.isArray(input.allowed_metadata) || _report(_exceptionable, {
            path: _path + ".allowed_metadata",
            expected: "(Array<string> | undefined)",
            value: input.allowed_metadata
        })) && input.allowed_metadata.map((elem: any, _index53: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".allowed_metadata[" + _index53 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".allowed_metadata",
            expected: "(Array<string> | undefined)",
            value: input.allowed_metadata
        }), undefined === input.kafka || ("object" === typeof input.kafka && null !== input.kafka && false === Array.isArray(input.kafka) || _report(_exceptionable, {
            path: _path + ".kafka",
            expected: "(KafkaSource | undefined)",
            value: input.kafka
        })) && _vo5(input.kafka, _path + ".kafka", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".kafka",
            expected: "(KafkaSource | undefined)",
            value: input.kafka
        }), undefined === input.azure_blob || ("object" === typeof input.azure_blob && null !== input.azure_blob && false === Array.isArray(input.azure_blob) || _report(_exceptionable, {
            path: _path + ".azure_blob",
            expected: "(InputAzureBlob | undefined)",
            value: input.azure_blob
        })) && _vo9(input.azure_blob, _path + ".azure_blob", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".azure_blob",
            expected: "(InputAzureBlob | undefined)",
            value: input.azure_blob
        }), undefined === input.delta_sharing || ("object" === typeof input.delta_sharing && null !== input.delta_sharing && false === Array.isArray(input.delta_sharing) || _report(_exceptionable, {
            path: _path + ".delta_sharing",
            expected: "(InputDeltaSharing | undefined)",
            value: input.delta_sharing
        })) && _vo17(input.delta_sharing, _path + ".delta_sharing", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".delta_sharing",
            expected: "(InputDeltaSharing | undefined)",
            value: input.delta_sharing
        }), undefined === input.google_cloud_pubsub || ("object" === typeof input.google_cloud_pubsub && null !== input.google_cloud_pubsub && false === Array.isArray(input.google_cloud_pubsub) || _report(_exceptionable, {
            path: _path + ".google_cloud_pubsub",
            expected: "(InputGoogleCloudPubsub | undefined)",
            value: input.google_cloud_pubsub
        })) && _vo23(input.google_cloud_pubsub, _path + ".google_cloud_pubsub", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".google_cloud_pubsub",
            expected: "(InputGoogleCloudPubsub | undefined)",
            value: input.google_cloud_pubsub
        }), undefined === input.http_client || ("object" === typeof input.http_client && null !== input.http_client && false === Array.isArray(input.http_client) || _report(_exceptionable, {
            path: _path + ".http_client",
            expected: "(InputHttpClient | undefined)",
            value: input.http_client
        })) && _vo25(input.http_client, _path + ".http_client", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".http_client",
            expected: "(InputHttpClient | undefined)",
            value: input.http_client
        }), undefined === input.n8n || ("object" === typeof input.n8n && null !== input.n8n && false === Array.isArray(input.n8n) || _report(_exceptionable, {
            path: _path + ".n8n",
            expected: "(InputN8n | undefined)",
            value: input.n8n
        })) && _vo29(input.n8n, _path + ".n8n", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".n8n",
            expected: "(InputN8n | undefined)",
            value: input.n8n
        }), undefined === input.sql || ("object" === typeof input.sql && null !== input.sql && false === Array.isArray(input.sql) || _report(_exceptionable, {
            path: _path + ".sql",
            expected: "(InputSql | undefined)",
            value: input.sql
        })) && _vo37(input.sql, _path + ".sql", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".sql",
            expected: "(InputSql | undefined)",
            value: input.sql
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["type", "description", "allowed_metadata", "kafka", "azure_blob", "delta_sharing", "google_cloud_pubsub", "http_client", "n8n", "sql"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo5 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.addresses || (Array.isArray(input.addresses) || _report(_exceptionable, {
            path: _path + ".addresses",
            expected: "(Array<string> | undefined)",
            value: input.addresses
        })) && input.addresses.map((elem: any, _index54: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".addresses[" + _index54 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".addresses",
            expected: "(Array<string> | undefined)",
            value: input.addresses
        }), undefined === input.consumer_group || "string" === typeof input.consumer_group || _report(_exceptionable, {
            path: _path + ".consumer_group",
            expected: "(string | undefined)",
            value: input.consumer_group
        }), undefined === input.sasl || ("object" === typeof input.sasl && null !== input.sasl && false === Array.isArray(input.sasl) || _report(_exceptionable, {
            path: _path + ".sasl",
            expected: "(Sasl | undefined)",
            value: input.sasl
        })) && _vo6(input.sasl, _path + ".sasl", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".sasl",
            expected: "(Sasl | undefined)",
            value: input.sasl
        }), undefined === input.tls || ("object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) || _report(_exceptionable, {
            path: _path + ".tls",
            expected: "(Tls | undefined)",
            value: input.tls
        })) && _vo7(input.tls, _path + ".tls", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".tls",
            expected: "(Tls | undefined)",
            value: input.tls
        }), undefined === input.topics || (Array.isArray(input.topics) || _report(_exceptionable, {
            path: _path + ".topics",
            expected: "(Array<string> | undefined)",
            value: input.topics
        })) && input.topics.map((elem: any, _index55: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".topics[" + _index55 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".topics",
            expected: "(Array<string> | undefined)",
            value: input.topics
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["addresses", "consumer_group", "sasl", "tls", "topics"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo6 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.mechanism || "string" === typeof input.mechanism || _report(_exceptionable, {
            path: _path + ".mechanism",
            expected: "(string | undefined)",
            value: input.mechanism
        }), undefined === input.password || "string" === typeof input.password || _report(_exceptionable, {
            path: _path + ".password",
            expected: "(string | undefined)",
            value: input.password
        }), undefined === input.user || "string" === typeof input.user || _report(_exceptionable, {
            path: _path + ".user",
            expected: "(string | undefined)",
            value: input.user
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["mechanism", "password", "user"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo7 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.ca_crt || "string" === typeof input.ca_crt || _report(_exceptionable, {
            path: _path + ".ca_crt",
            expected: "(string | undefined)",
            value: input.ca_crt
        }), undefined === input.client_certs || (Array.isArray(input.client_certs) || _report(_exceptionable, {
            path: _path + ".client_certs",
            expected: "(Array<__type> | undefined)",
            value: input.client_certs
        })) && input.client_certs.map((elem: any, _index56: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".client_certs[" + _index56 + "]",
            expected: "__type",
            value: elem
        })) && _vo8(elem, _path + ".client_certs[" + _index56 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".client_certs[" + _index56 + "]",
            expected: "__type",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".client_certs",
            expected: "(Array<__type> | undefined)",
            value: input.client_certs
        }), undefined === input.enable_renegotiation || "boolean" === typeof input.enable_renegotiation || _report(_exceptionable, {
            path: _path + ".enable_renegotiation",
            expected: "(boolean | undefined)",
            value: input.enable_renegotiation
        }), undefined === input.enabled || "boolean" === typeof input.enabled || _report(_exceptionable, {
            path: _path + ".enabled",
            expected: "(boolean | undefined)",
            value: input.enabled
        }), undefined === input.root_cas || "string" === typeof input.root_cas || _report(_exceptionable, {
            path: _path + ".root_cas",
            expected: "(string | undefined)",
            value: input.root_cas
        }), undefined === input.skip_cert_verify || "boolean" === typeof input.skip_cert_verify || _report(_exceptionable, {
            path: _path + ".skip_cert_verify",
            expected: "(boolean | undefined)",
            value: input.skip_cert_verify
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["ca_crt", "client_certs", "enable_renegotiation", "enabled", "root_cas", "skip_cert_verify"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo8 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.cert || "string" === typeof input.cert || _report(_exceptionable, {
            path: _path + ".cert",
            expected: "(string | undefined)",
            value: input.cert
        }), undefined === input.key || "string" === typeof input.key || _report(_exceptionable, {
            path: _path + ".key",
            expected: "(string | undefined)",
            value: input.key
        }), undefined === input.password || "string" === typeof input.password || _report(_exceptionable, {
            path: _path + ".password",
            expected: "(string | undefined)",
            value: input.password
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["cert", "key", "password"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo9 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.container || "string" === typeof input.container || _report(_exceptionable, {
            path: _path + ".container",
            expected: "(string | undefined)",
            value: input.container
        }), undefined === input.credential || ("object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(BlobCredential | undefined)",
            value: input.credential
        })) && _vo10(input.credential, _path + ".credential", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(BlobCredential | undefined)",
            value: input.credential
        }), undefined === input.prefix || "string" === typeof input.prefix || _report(_exceptionable, {
            path: _path + ".prefix",
            expected: "(string | undefined)",
            value: input.prefix
        }), undefined === input.scanner || ("object" === typeof input.scanner && null !== input.scanner && false === Array.isArray(input.scanner) || _report(_exceptionable, {
            path: _path + ".scanner",
            expected: "(Scanner | undefined)",
            value: input.scanner
        })) && _vo11(input.scanner, _path + ".scanner", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".scanner",
            expected: "(Scanner | undefined)",
            value: input.scanner
        }), undefined === input.scheduler || ("object" === typeof input.scheduler && null !== input.scheduler && false === Array.isArray(input.scheduler) || _report(_exceptionable, {
            path: _path + ".scheduler",
            expected: "(Scheduler | undefined)",
            value: input.scheduler
        })) && _vo14(input.scheduler, _path + ".scheduler", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".scheduler",
            expected: "(Scheduler | undefined)",
            value: input.scheduler
        }), undefined === input.input_seed || ("object" === typeof input.input_seed && null !== input.input_seed && false === Array.isArray(input.input_seed) || _report(_exceptionable, {
            path: _path + ".input_seed",
            expected: "(__type.o6 | undefined)",
            value: input.input_seed
        })) && _vo15(input.input_seed, _path + ".input_seed", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".input_seed",
            expected: "(__type.o6 | undefined)",
            value: input.input_seed
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["container", "credential", "prefix", "scanner", "scheduler", "input_seed"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo10 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.storage_access_key || "string" === typeof input.storage_access_key || _report(_exceptionable, {
            path: _path + ".storage_access_key",
            expected: "(string | undefined)",
            value: input.storage_access_key
        }), undefined === input.storage_account || "string" === typeof input.storage_account || _report(_exceptionable, {
            path: _path + ".storage_account",
            expected: "(string | undefined)",
            value: input.storage_account
        }), undefined === input.storage_connection_string || "string" === typeof input.storage_connection_string || _report(_exceptionable, {
            path: _path + ".storage_connection_string",
            expected: "(string | undefined)",
            value: input.storage_connection_string
        }), undefined === input.storage_sas_token || "string" === typeof input.storage_sas_token || _report(_exceptionable, {
            path: _path + ".storage_sas_token",
            expected: "(string | undefined)",
            value: input.storage_sas_token
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["storage_access_key", "storage_account", "storage_connection_string", "storage_sas_token"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo11 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.csv || ("object" === typeof input.csv && null !== input.csv && false === Array.isArray(input.csv) || _report(_exceptionable, {
            path: _path + ".csv",
            expected: "(__type.o1 | undefined)",
            value: input.csv
        })) && _vo12(input.csv, _path + ".csv", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".csv",
            expected: "(__type.o1 | undefined)",
            value: input.csv
        }), undefined === input.lines || ("object" === typeof input.lines && null !== input.lines && false === Array.isArray(input.lines) || _report(_exceptionable, {
            path: _path + ".lines",
            expected: "(__type.o2 | undefined)",
            value: input.lines
        })) && _vo13(input.lines, _path + ".lines", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".lines",
            expected: "(__type.o2 | undefined)",
            value: input.lines
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["type", "csv", "lines"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo12 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.continue_on_error || "boolean" === typeof input.continue_on_error || _report(_exceptionable, {
            path: _path + ".continue_on_error",
            expected: "(boolean | undefined)",
            value: input.continue_on_error
        }), undefined === input.lazy_quotes || "boolean" === typeof input.lazy_quotes || _report(_exceptionable, {
            path: _path + ".lazy_quotes",
            expected: "(boolean | undefined)",
            value: input.lazy_quotes
        }), undefined === input.parse_header_row || "boolean" === typeof input.parse_header_row || _report(_exceptionable, {
            path: _path + ".parse_header_row",
            expected: "(boolean | undefined)",
            value: input.parse_header_row
        }), undefined === input.custom_delimiter || "string" === typeof input.custom_delimiter || _report(_exceptionable, {
            path: _path + ".custom_delimiter",
            expected: "(string | undefined)",
            value: input.custom_delimiter
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["continue_on_error", "lazy_quotes", "parse_header_row", "custom_delimiter"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo13 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.custom_delimiter || "string" === typeof input.custom_delimiter || _report(_exceptionable, {
            path: _path + ".custom_delimiter",
            expected: "(string | undefined)",
            value: input.custom_delimiter
        }), undefined === input.max_buffer_size || "number" === typeof input.max_buffer_size && (__typia_transform__isTypeInt64._isTypeInt64(input.max_buffer_size) || _report(_exceptionable, {
            path: _path + ".max_buffer_size",
            expected: "number & Type<\"int64\">",
            value: input.max_buffer_size
        })) || _report(_exceptionable, {
            path: _path + ".max_buffer_size",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.max_buffer_size
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["custom_delimiter", "max_buffer_size"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo14 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.cron || "string" === typeof input.cron || _report(_exceptionable, {
            path: _path + ".cron",
            expected: "(string | undefined)",
            value: input.cron
        }), undefined === input.max_executions || "number" === typeof input.max_executions && (__typia_transform__isTypeInt64._isTypeInt64(input.max_executions) || _report(_exceptionable, {
            path: _path + ".max_executions",
            expected: "number & Type<\"int64\">",
            value: input.max_executions
        })) || _report(_exceptionable, {
            path: _path + ".max_executions",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.max_executions
        }), undefined === input.seconds || "number" === typeof input.seconds && (__typia_transform__isTypeInt64._isTypeInt64(input.seconds) || _report(_exceptionable, {
            path: _path + ".seconds",
            expected: "number & Type<\"int64\">",
            value: input.seconds
        })) || _report(_exceptionable, {
            path: _path + ".seconds",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.seconds
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["cron", "max_executions", "seconds"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo15 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.kafka || ("object" === typeof input.kafka && null !== input.kafka && false === Array.isArray(input.kafka) || _report(_exceptionable, {
            path: _path + ".kafka",
            expected: "(KafkaSource | undefined)",
            value: input.kafka
        })) && _vo5(input.kafka, _path + ".kafka", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".kafka",
            expected: "(KafkaSource | undefined)",
            value: input.kafka
        }), undefined === input.parser || ("object" === typeof input.parser && null !== input.parser && false === Array.isArray(input.parser) || _report(_exceptionable, {
            path: _path + ".parser",
            expected: "(__type.o7 | undefined)",
            value: input.parser
        })) && _vo16(input.parser, _path + ".parser", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".parser",
            expected: "(__type.o7 | undefined)",
            value: input.parser
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["type", "kafka", "parser"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo16 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.mapping || "string" === typeof input.mapping || _report(_exceptionable, {
            path: _path + ".mapping",
            expected: "(string | undefined)",
            value: input.mapping
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["mapping"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo17 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.config || "string" === typeof input.config || _report(_exceptionable, {
            path: _path + ".config",
            expected: "(string | undefined)",
            value: input.config
        }), undefined === input.file_id || "string" === typeof input.file_id || _report(_exceptionable, {
            path: _path + ".file_id",
            expected: "(string | undefined)",
            value: input.file_id
        }), undefined === input.schema || "string" === typeof input.schema || _report(_exceptionable, {
            path: _path + ".schema",
            expected: "(string | undefined)",
            value: input.schema
        }), undefined === input.share || "string" === typeof input.share || _report(_exceptionable, {
            path: _path + ".share",
            expected: "(string | undefined)",
            value: input.share
        }), undefined === input.table || "string" === typeof input.table || _report(_exceptionable, {
            path: _path + ".table",
            expected: "(string | undefined)",
            value: input.table
        }), undefined === input.period_seconds || "number" === typeof input.period_seconds && (__typia_transform__isTypeInt64._isTypeInt64(input.period_seconds) || _report(_exceptionable, {
            path: _path + ".period_seconds",
            expected: "number & Type<\"int64\">",
            value: input.period_seconds
        })) || _report(_exceptionable, {
            path: _path + ".period_seconds",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.period_seconds
        }), undefined === input.paging || ("object" === typeof input.paging && null !== input.paging && false === Array.isArray(input.paging) || _report(_exceptionable, {
            path: _path + ".paging",
            expected: "(__type.o8 | undefined)",
            value: input.paging
        })) && _vo18(input.paging, _path + ".paging", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".paging",
            expected: "(__type.o8 | undefined)",
            value: input.paging
        }), undefined === input.scheduler || ("object" === typeof input.scheduler && null !== input.scheduler && false === Array.isArray(input.scheduler) || _report(_exceptionable, {
            path: _path + ".scheduler",
            expected: "(Scheduler | undefined)",
            value: input.scheduler
        })) && _vo14(input.scheduler, _path + ".scheduler", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".scheduler",
            expected: "(Scheduler | undefined)",
            value: input.scheduler
        }), undefined === input.queries || (Array.isArray(input.queries) || _report(_exceptionable, {
            path: _path + ".queries",
            expected: "(Array<__type>.o1 | undefined)",
            value: input.queries
        })) && input.queries.map((elem: any, _index57: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".queries[" + _index57 + "]",
            expected: "__type.o9",
            value: elem
        })) && _vo19(elem, _path + ".queries[" + _index57 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".queries[" + _index57 + "]",
            expected: "__type.o9",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".queries",
            expected: "(Array<__type>.o1 | undefined)",
            value: input.queries
        }), undefined === input.filter || ("object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) || _report(_exceptionable, {
            path: _path + ".filter",
            expected: "(__type.o10 | undefined)",
            value: input.filter
        })) && _vo20(input.filter, _path + ".filter", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".filter",
            expected: "(__type.o10 | undefined)",
            value: input.filter
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["config", "file_id", "schema", "share", "table", "period_seconds", "paging", "scheduler", "queries", "filter"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo18 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.seconds || "number" === typeof input.seconds && (__typia_transform__isTypeInt64._isTypeInt64(input.seconds) || _report(_exceptionable, {
            path: _path + ".seconds",
            expected: "number & Type<\"int64\">",
            value: input.seconds
        })) || _report(_exceptionable, {
            path: _path + ".seconds",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.seconds
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["seconds"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo19 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.field_name || "string" === typeof input.field_name || _report(_exceptionable, {
            path: _path + ".field_name",
            expected: "(string | undefined)",
            value: input.field_name
        }), undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["field_name", "type"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo20 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.bot_field_name || "string" === typeof input.bot_field_name || _report(_exceptionable, {
            path: _path + ".bot_field_name",
            expected: "(string | undefined)",
            value: input.bot_field_name
        }), undefined === input.tenant_field_name || "string" === typeof input.tenant_field_name || _report(_exceptionable, {
            path: _path + ".tenant_field_name",
            expected: "(string | undefined)",
            value: input.tenant_field_name
        }), undefined === input.date_field_name || "string" === typeof input.date_field_name || _report(_exceptionable, {
            path: _path + ".date_field_name",
            expected: "(string | undefined)",
            value: input.date_field_name
        }), undefined === input.bot_field_values || (Array.isArray(input.bot_field_values) || _report(_exceptionable, {
            path: _path + ".bot_field_values",
            expected: "(Array<string> | undefined)",
            value: input.bot_field_values
        })) && input.bot_field_values.map((elem: any, _index58: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".bot_field_values[" + _index58 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".bot_field_values",
            expected: "(Array<string> | undefined)",
            value: input.bot_field_values
        }), undefined === input.tenant_field_values || (Array.isArray(input.tenant_field_values) || _report(_exceptionable, {
            path: _path + ".tenant_field_values",
            expected: "(Array<string> | undefined)",
            value: input.tenant_field_values
        })) && input.tenant_field_values.map((elem: any, _index59: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".tenant_field_values[" + _index59 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".tenant_field_values",
            expected: "(Array<string> | undefined)",
            value: input.tenant_field_values
        }), undefined === input.since_date_value || "string" === typeof input.since_date_value || _report(_exceptionable, {
            path: _path + ".since_date_value",
            expected: "(string | undefined)",
            value: input.since_date_value
        }), undefined === input.until_date_value || "string" === typeof input.until_date_value || _report(_exceptionable, {
            path: _path + ".until_date_value",
            expected: "(string | undefined)",
            value: input.until_date_value
        }), undefined === input.since_datetime_value || ("object" === typeof input.since_datetime_value && null !== input.since_datetime_value && false === Array.isArray(input.since_datetime_value) || _report(_exceptionable, {
            path: _path + ".since_datetime_value",
            expected: "(__type.o11 | undefined)",
            value: input.since_datetime_value
        })) && _vo21(input.since_datetime_value, _path + ".since_datetime_value", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".since_datetime_value",
            expected: "(__type.o11 | undefined)",
            value: input.since_datetime_value
        }), undefined === input.until_datetime_value || ("object" === typeof input.until_datetime_value && null !== input.until_datetime_value && false === Array.isArray(input.until_datetime_value) || _report(_exceptionable, {
            path: _path + ".until_datetime_value",
            expected: "(__type.o12 | undefined)",
            value: input.until_datetime_value
        })) && _vo22(input.until_datetime_value, _path + ".until_datetime_value", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".until_datetime_value",
            expected: "(__type.o12 | undefined)",
            value: input.until_datetime_value
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["bot_field_name", "tenant_field_name", "date_field_name", "bot_field_values", "tenant_field_values", "since_date_value", "until_date_value", "since_datetime_value", "until_datetime_value"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo21 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.date_value || "string" === typeof input.date_value || _report(_exceptionable, {
            path: _path + ".date_value",
            expected: "(string | undefined)",
            value: input.date_value
        }), undefined === input.timezone || "string" === typeof input.timezone || _report(_exceptionable, {
            path: _path + ".timezone",
            expected: "(string | undefined)",
            value: input.timezone
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["date_value", "timezone"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo22 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.date_value || "string" === typeof input.date_value || _report(_exceptionable, {
            path: _path + ".date_value",
            expected: "(string | undefined)",
            value: input.date_value
        }), undefined === input.timezone || "string" === typeof input.timezone || _report(_exceptionable, {
            path: _path + ".timezone",
            expected: "(string | undefined)",
            value: input.timezone
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["date_value", "timezone"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo23 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.credential || ("object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(ServiceAccountCredential | undefined)",
            value: input.credential
        })) && _vo24(input.credential, _path + ".credential", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(ServiceAccountCredential | undefined)",
            value: input.credential
        }), undefined === input.project || "string" === typeof input.project || _report(_exceptionable, {
            path: _path + ".project",
            expected: "(string | undefined)",
            value: input.project
        }), undefined === input.subscription || "string" === typeof input.subscription || _report(_exceptionable, {
            path: _path + ".subscription",
            expected: "(string | undefined)",
            value: input.subscription
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["credential", "project", "subscription"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo24 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.auth_provider_x509_cert_url || "string" === typeof input.auth_provider_x509_cert_url || _report(_exceptionable, {
            path: _path + ".auth_provider_x509_cert_url",
            expected: "(string | undefined)",
            value: input.auth_provider_x509_cert_url
        }), undefined === input.auth_uri || "string" === typeof input.auth_uri || _report(_exceptionable, {
            path: _path + ".auth_uri",
            expected: "(string | undefined)",
            value: input.auth_uri
        }), undefined === input.client_email || "string" === typeof input.client_email || _report(_exceptionable, {
            path: _path + ".client_email",
            expected: "(string | undefined)",
            value: input.client_email
        }), undefined === input.client_id || "string" === typeof input.client_id || _report(_exceptionable, {
            path: _path + ".client_id",
            expected: "(string | undefined)",
            value: input.client_id
        }), undefined === input.client_x509_cert_url || "string" === typeof input.client_x509_cert_url || _report(_exceptionable, {
            path: _path + ".client_x509_cert_url",
            expected: "(string | undefined)",
            value: input.client_x509_cert_url
        }), undefined === input.private_key || "string" === typeof input.private_key || _report(_exceptionable, {
            path: _path + ".private_key",
            expected: "(string | undefined)",
            value: input.private_key
        }), undefined === input.private_key_id || "string" === typeof input.private_key_id || _report(_exceptionable, {
            path: _path + ".private_key_id",
            expected: "(string | undefined)",
            value: input.private_key_id
        }), undefined === input.project_id || "string" === typeof input.project_id || _report(_exceptionable, {
            path: _path + ".project_id",
            expected: "(string | undefined)",
            value: input.project_id
        }), undefined === input.token_uri || "string" === typeof input.token_uri || _report(_exceptionable, {
            path: _path + ".token_uri",
            expected: "(string | undefined)",
            value: input.token_uri
        }), undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["auth_provider_x509_cert_url", "auth_uri", "client_email", "client_id", "client_x509_cert_url", "private_key", "private_key_id", "project_id", "token_uri", "type"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo25 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.url || "string" === typeof input.url || _report(_exceptionable, {
            path: _path + ".url",
            expected: "(string | undefined)",
            value: input.url
        }), undefined === input.verb || "string" === typeof input.verb || _report(_exceptionable, {
            path: _path + ".verb",
            expected: "(string | undefined)",
            value: input.verb
        }), undefined === input.headers || ("object" === typeof input.headers && null !== input.headers && false === Array.isArray(input.headers) || _report(_exceptionable, {
            path: _path + ".headers",
            expected: "(Headers | undefined)",
            value: input.headers
        })) && _vo26(input.headers, _path + ".headers", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".headers",
            expected: "(Headers | undefined)",
            value: input.headers
        }), undefined === input.headers_list || (Array.isArray(input.headers_list) || _report(_exceptionable, {
            path: _path + ".headers_list",
            expected: "(Array<HeadersListEntry> | undefined)",
            value: input.headers_list
        })) && input.headers_list.map((elem: any, _index60: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".headers_list[" + _index60 + "]",
            expected: "HeadersListEntry",
            value: elem
        })) && _vo27(elem, _path + ".headers_list[" + _index60 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".headers_list[" + _index60 + "]",
            expected: "HeadersListEntry",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".headers_list",
            expected: "(Array<HeadersListEntry> | undefined)",
            value: input.headers_list
        }), undefined === input.stream || ("object" === typeof input.stream && null !== input.stream && false === Array.isArray(input.stream) || _report(_exceptionable, {
            path: _path + ".stream",
            expected: "(__type.o13 | undefined)",
            value: input.stream
        })) && _vo28(input.stream, _path + ".stream", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".stream",
            expected: "(__type.o13 | undefined)",
            value: input.stream
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["url", "verb", "headers", "headers_list", "stream"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo26 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [false === _exceptionable || Object.keys(input).map((key: any) => {
            const value = input[key];
            if (undefined === value)
                return true;
            return "string" === typeof value || _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "string",
                value: value
            });
        }).every((flag: boolean) => flag)].every((flag: boolean) => flag); const _vo27 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.key || "string" === typeof input.key || _report(_exceptionable, {
            path: _path + ".key",
            expected: "(string | undefined)",
            value: input.key
        }), undefined === input.value || "string" === typeof input.value || _report(_exceptionable, {
            path: _path + ".value",
            expected: "(string | undefined)",
            value: input.value
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["key", "value"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo28 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.enabled || "boolean" === typeof input.enabled || _report(_exceptionable, {
            path: _path + ".enabled",
            expected: "(boolean | undefined)",
            value: input.enabled
        }), undefined === input.reconnect || "boolean" === typeof input.reconnect || _report(_exceptionable, {
            path: _path + ".reconnect",
            expected: "(boolean | undefined)",
            value: input.reconnect
        }), undefined === input.scanner || ("object" === typeof input.scanner && null !== input.scanner && false === Array.isArray(input.scanner) || _report(_exceptionable, {
            path: _path + ".scanner",
            expected: "(Scanner | undefined)",
            value: input.scanner
        })) && _vo11(input.scanner, _path + ".scanner", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".scanner",
            expected: "(Scanner | undefined)",
            value: input.scanner
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["enabled", "reconnect", "scanner"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo29 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.credentials || (Array.isArray(input.credentials) || _report(_exceptionable, {
            path: _path + ".credentials",
            expected: "(Array<__type>.o2 | undefined)",
            value: input.credentials
        })) && input.credentials.map((elem: any, _index61: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".credentials[" + _index61 + "]",
            expected: "__type.o14",
            value: elem
        })) && _vo30(elem, _path + ".credentials[" + _index61 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".credentials[" + _index61 + "]",
            expected: "__type.o14",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".credentials",
            expected: "(Array<__type>.o2 | undefined)",
            value: input.credentials
        }), undefined === input.firehose_access_token || "string" === typeof input.firehose_access_token || _report(_exceptionable, {
            path: _path + ".firehose_access_token",
            expected: "(string | undefined)",
            value: input.firehose_access_token
        }), undefined === input.output_error_nodes || (Array.isArray(input.output_error_nodes) || _report(_exceptionable, {
            path: _path + ".output_error_nodes",
            expected: "(Array<string> | undefined)",
            value: input.output_error_nodes
        })) && input.output_error_nodes.map((elem: any, _index62: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".output_error_nodes[" + _index62 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".output_error_nodes",
            expected: "(Array<string> | undefined)",
            value: input.output_error_nodes
        }), undefined === input.output_success_nodes || (Array.isArray(input.output_success_nodes) || _report(_exceptionable, {
            path: _path + ".output_success_nodes",
            expected: "(Array<string> | undefined)",
            value: input.output_success_nodes
        })) && input.output_success_nodes.map((elem: any, _index63: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".output_success_nodes[" + _index63 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".output_success_nodes",
            expected: "(Array<string> | undefined)",
            value: input.output_success_nodes
        }), undefined === input.workflow || ("object" === typeof input.workflow && null !== input.workflow && false === Array.isArray(input.workflow) || _report(_exceptionable, {
            path: _path + ".workflow",
            expected: "(__type.o15 | undefined)",
            value: input.workflow
        })) && _vo32(input.workflow, _path + ".workflow", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".workflow",
            expected: "(__type.o15 | undefined)",
            value: input.workflow
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["credentials", "firehose_access_token", "output_error_nodes", "output_success_nodes", "workflow"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo30 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.data || ("object" === typeof input.data && null !== input.data && false === Array.isArray(input.data) || _report(_exceptionable, {
            path: _path + ".data",
            expected: "(Record<string, unknown> | undefined)",
            value: input.data
        })) && _vo31(input.data, _path + ".data", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".data",
            expected: "(Record<string, unknown> | undefined)",
            value: input.data
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["id", "type", "data"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo31 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [false === _exceptionable || Object.keys(input).map((key: any) => {
            const value = input[key];
            if (undefined === value)
                return true;
            return true;
        }).every((flag: boolean) => flag)].every((flag: boolean) => flag); const _vo32 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.nodes || (Array.isArray(input.nodes) || _report(_exceptionable, {
            path: _path + ".nodes",
            expected: "(Array<__type>.o3 | undefined)",
            value: input.nodes
        })) && input.nodes.map((elem: any, _index64: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".nodes[" + _index64 + "]",
            expected: "__type.o16",
            value: elem
        })) && _vo33(elem, _path + ".nodes[" + _index64 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".nodes[" + _index64 + "]",
            expected: "__type.o16",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".nodes",
            expected: "(Array<__type>.o3 | undefined)",
            value: input.nodes
        }), undefined === input.connections || ("object" === typeof input.connections && null !== input.connections && false === Array.isArray(input.connections) || _report(_exceptionable, {
            path: _path + ".connections",
            expected: "(Record<string, __type> | undefined)",
            value: input.connections
        })) && _vo34(input.connections, _path + ".connections", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".connections",
            expected: "(Record<string, __type> | undefined)",
            value: input.connections
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["id", "nodes", "connections"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo33 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.name || "string" === typeof input.name || _report(_exceptionable, {
            path: _path + ".name",
            expected: "(string | undefined)",
            value: input.name
        }), undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.onError || "string" === typeof input.onError || _report(_exceptionable, {
            path: _path + ".onError",
            expected: "(string | undefined)",
            value: input.onError
        }), undefined === input.webhookId || "string" === typeof input.webhookId || _report(_exceptionable, {
            path: _path + ".webhookId",
            expected: "(string | undefined)",
            value: input.webhookId
        }), undefined === input.position || (Array.isArray(input.position) || _report(_exceptionable, {
            path: _path + ".position",
            expected: "(Array<number & Type<\"int64\">> | undefined)",
            value: input.position
        })) && input.position.map((elem: any, _index65: number) => "number" === typeof elem && (__typia_transform__isTypeInt64._isTypeInt64(elem) || _report(_exceptionable, {
            path: _path + ".position[" + _index65 + "]",
            expected: "number & Type<\"int64\">",
            value: elem
        })) || _report(_exceptionable, {
            path: _path + ".position[" + _index65 + "]",
            expected: "(number & Type<\"int64\">)",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".position",
            expected: "(Array<number & Type<\"int64\">> | undefined)",
            value: input.position
        }), undefined === input.parameters || ("object" === typeof input.parameters && null !== input.parameters && false === Array.isArray(input.parameters) || _report(_exceptionable, {
            path: _path + ".parameters",
            expected: "(Record<string, unknown> | undefined)",
            value: input.parameters
        })) && _vo31(input.parameters, _path + ".parameters", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".parameters",
            expected: "(Record<string, unknown> | undefined)",
            value: input.parameters
        }), undefined === input.credentials || ("object" === typeof input.credentials && null !== input.credentials && false === Array.isArray(input.credentials) || _report(_exceptionable, {
            path: _path + ".credentials",
            expected: "(Record<string, unknown> | undefined)",
            value: input.credentials
        })) && _vo31(input.credentials, _path + ".credentials", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".credentials",
            expected: "(Record<string, unknown> | undefined)",
            value: input.credentials
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["name", "type", "onError", "webhookId", "position", "parameters", "credentials"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo34 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [false === _exceptionable || Object.keys(input).map((key: any) => {
            const value = input[key];
            if (undefined === value)
                return true;
            return ("object" === typeof value && null !== value && false === Array.isArray(value) || _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "__type.o17",
                value: value
            })) && _vo35(value, _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key), true && _exceptionable) || _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "__type.o17",
                value: value
            });
        }).every((flag: boolean) => flag)].every((flag: boolean) => flag); const _vo35 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.main || (Array.isArray(input.main) || _report(_exceptionable, {
            path: _path + ".main",
            expected: "(Array<Array<__type>> | undefined)",
            value: input.main
        })) && input.main.map((elem: any, _index66: number) => (Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".main[" + _index66 + "]",
            expected: "Array<__type>.o4",
            value: elem
        })) && elem.map((elem: any, _index67: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".main[" + _index66 + "][" + _index67 + "]",
            expected: "__type.o18",
            value: elem
        })) && _vo36(elem, _path + ".main[" + _index66 + "][" + _index67 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".main[" + _index66 + "][" + _index67 + "]",
            expected: "__type.o18",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".main[" + _index66 + "]",
            expected: "Array<__type>.o4",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".main",
            expected: "(Array<Array<__type>> | undefined)",
            value: input.main
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["main"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo36 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.node || "string" === typeof input.node || _report(_exceptionable, {
            path: _path + ".node",
            expected: "(string | undefined)",
            value: input.node
        }), undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.index || "number" === typeof input.index && (__typia_transform__isTypeInt64._isTypeInt64(input.index) || _report(_exceptionable, {
            path: _path + ".index",
            expected: "number & Type<\"int64\">",
            value: input.index
        })) || _report(_exceptionable, {
            path: _path + ".index",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.index
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["node", "type", "index"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo37 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.driver || "string" === typeof input.driver || _report(_exceptionable, {
            path: _path + ".driver",
            expected: "(string | undefined)",
            value: input.driver
        }), undefined === input.uri || "string" === typeof input.uri || _report(_exceptionable, {
            path: _path + ".uri",
            expected: "(string | undefined)",
            value: input.uri
        }), undefined === input.scheduler || ("object" === typeof input.scheduler && null !== input.scheduler && false === Array.isArray(input.scheduler) || _report(_exceptionable, {
            path: _path + ".scheduler",
            expected: "(Scheduler | undefined)",
            value: input.scheduler
        })) && _vo14(input.scheduler, _path + ".scheduler", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".scheduler",
            expected: "(Scheduler | undefined)",
            value: input.scheduler
        }), undefined === input.query || ("object" === typeof input.query && null !== input.query && false === Array.isArray(input.query) || _report(_exceptionable, {
            path: _path + ".query",
            expected: "(__type.o19 | undefined)",
            value: input.query
        })) && _vo38(input.query, _path + ".query", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".query",
            expected: "(__type.o19 | undefined)",
            value: input.query
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["driver", "uri", "scheduler", "query"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo38 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.select || "string" === typeof input.select || _report(_exceptionable, {
            path: _path + ".select",
            expected: "(string | undefined)",
            value: input.select
        }), undefined === input.from || "string" === typeof input.from || _report(_exceptionable, {
            path: _path + ".from",
            expected: "(string | undefined)",
            value: input.from
        }), undefined === input.where || "string" === typeof input.where || _report(_exceptionable, {
            path: _path + ".where",
            expected: "(string | undefined)",
            value: input.where
        }), undefined === input.group_by || "string" === typeof input.group_by || _report(_exceptionable, {
            path: _path + ".group_by",
            expected: "(string | undefined)",
            value: input.group_by
        }), undefined === input.having || "string" === typeof input.having || _report(_exceptionable, {
            path: _path + ".having",
            expected: "(string | undefined)",
            value: input.having
        }), undefined === input.order_by || "string" === typeof input.order_by || _report(_exceptionable, {
            path: _path + ".order_by",
            expected: "(string | undefined)",
            value: input.order_by
        }), undefined === input.limit || "number" === typeof input.limit && (__typia_transform__isTypeInt64._isTypeInt64(input.limit) || _report(_exceptionable, {
            path: _path + ".limit",
            expected: "number & Type<\"int64\">",
            value: input.limit
        })) || _report(_exceptionable, {
            path: _path + ".limit",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.limit
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["select", "from", "where", "group_by", "having", "order_by", "limit"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo39 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.description || "string" === typeof input.description || _report(_exceptionable, {
            path: _path + ".description",
            expected: "(string | undefined)",
            value: input.description
        }), undefined === input.workflow || (Array.isArray(input.workflow) || _report(_exceptionable, {
            path: _path + ".workflow",
            expected: "(Array<Array<string>> | undefined)",
            value: input.workflow
        })) && input.workflow.map((elem: any, _index68: number) => (Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".workflow[" + _index68 + "]",
            expected: "Array<string>",
            value: elem
        })) && elem.map((elem: any, _index69: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".workflow[" + _index68 + "][" + _index69 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".workflow[" + _index68 + "]",
            expected: "Array<string>",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".workflow",
            expected: "(Array<Array<string>> | undefined)",
            value: input.workflow
        }), undefined === input.steps || (Array.isArray(input.steps) || _report(_exceptionable, {
            path: _path + ".steps",
            expected: "(Array<Step> | undefined)",
            value: input.steps
        })) && input.steps.map((elem: any, _index70: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".steps[" + _index70 + "]",
            expected: "Step",
            value: elem
        })) && _vo40(elem, _path + ".steps[" + _index70 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".steps[" + _index70 + "]",
            expected: "Step",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".steps",
            expected: "(Array<Step> | undefined)",
            value: input.steps
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["description", "workflow", "steps"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo40 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.ignore_error || "boolean" === typeof input.ignore_error || _report(_exceptionable, {
            path: _path + ".ignore_error",
            expected: "(boolean | undefined)",
            value: input.ignore_error
        }), undefined === input.override || "boolean" === typeof input.override || _report(_exceptionable, {
            path: _path + ".override",
            expected: "(boolean | undefined)",
            value: input.override
        }), undefined === input.rate_limit || ("object" === typeof input.rate_limit && null !== input.rate_limit && false === Array.isArray(input.rate_limit) || _report(_exceptionable, {
            path: _path + ".rate_limit",
            expected: "(RateLimit | undefined)",
            value: input.rate_limit
        })) && _vo41(input.rate_limit, _path + ".rate_limit", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".rate_limit",
            expected: "(RateLimit | undefined)",
            value: input.rate_limit
        }), undefined === input.bloblang || ("object" === typeof input.bloblang && null !== input.bloblang && false === Array.isArray(input.bloblang) || _report(_exceptionable, {
            path: _path + ".bloblang",
            expected: "(__type.o20 | undefined)",
            value: input.bloblang
        })) && _vo42(input.bloblang, _path + ".bloblang", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".bloblang",
            expected: "(__type.o20 | undefined)",
            value: input.bloblang
        }), undefined === input["delete"] || ("object" === typeof input["delete"] && null !== input["delete"] && false === Array.isArray(input["delete"]) || _report(_exceptionable, {
            path: _path + "[\"delete\"]",
            expected: "(__type.o21 | undefined)",
            value: input["delete"]
        })) && _vo43(input["delete"], _path + "[\"delete\"]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + "[\"delete\"]",
            expected: "(__type.o21 | undefined)",
            value: input["delete"]
        }), undefined === input.http || ("object" === typeof input.http && null !== input.http && false === Array.isArray(input.http) || _report(_exceptionable, {
            path: _path + ".http",
            expected: "(StepHttp | undefined)",
            value: input.http
        })) && _vo44(input.http, _path + ".http", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".http",
            expected: "(StepHttp | undefined)",
            value: input.http
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["id", "type", "ignore_error", "override", "rate_limit", "bloblang", "delete", "http"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo41 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.count || "number" === typeof input.count && (__typia_transform__isTypeInt64._isTypeInt64(input.count) || _report(_exceptionable, {
            path: _path + ".count",
            expected: "number & Type<\"int64\">",
            value: input.count
        })) || _report(_exceptionable, {
            path: _path + ".count",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.count
        }), undefined === input.interval_seconds || "number" === typeof input.interval_seconds && (__typia_transform__isTypeInt64._isTypeInt64(input.interval_seconds) || _report(_exceptionable, {
            path: _path + ".interval_seconds",
            expected: "number & Type<\"int64\">",
            value: input.interval_seconds
        })) || _report(_exceptionable, {
            path: _path + ".interval_seconds",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.interval_seconds
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["count", "interval_seconds"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo42 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.mapping || "string" === typeof input.mapping || _report(_exceptionable, {
            path: _path + ".mapping",
            expected: "(string | undefined)",
            value: input.mapping
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["mapping"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo43 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.mapping || "string" === typeof input.mapping || _report(_exceptionable, {
            path: _path + ".mapping",
            expected: "(string | undefined)",
            value: input.mapping
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["mapping"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo44 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.url || "string" === typeof input.url || _report(_exceptionable, {
            path: _path + ".url",
            expected: "(string | undefined)",
            value: input.url
        }), undefined === input.verb || "string" === typeof input.verb || _report(_exceptionable, {
            path: _path + ".verb",
            expected: "(string | undefined)",
            value: input.verb
        }), undefined === input.timeout_seconds || "number" === typeof input.timeout_seconds && (__typia_transform__isTypeInt64._isTypeInt64(input.timeout_seconds) || _report(_exceptionable, {
            path: _path + ".timeout_seconds",
            expected: "number & Type<\"int64\">",
            value: input.timeout_seconds
        })) || _report(_exceptionable, {
            path: _path + ".timeout_seconds",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.timeout_seconds
        }), undefined === input.ignore_error_codes || (Array.isArray(input.ignore_error_codes) || _report(_exceptionable, {
            path: _path + ".ignore_error_codes",
            expected: "(Array<number & Type<\"int64\">> | undefined)",
            value: input.ignore_error_codes
        })) && input.ignore_error_codes.map((elem: any, _index71: number) => "number" === typeof elem && (__typia_transform__isTypeInt64._isTypeInt64(elem) || _report(_exceptionable, {
            path: _path + ".ignore_error_codes[" + _index71 + "]",
            expected: "number & Type<\"int64\">",
            value: elem
        })) || _report(_exceptionable, {
            path: _path + ".ignore_error_codes[" + _index71 + "]",
            expected: "(number & Type<\"int64\">)",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".ignore_error_codes",
            expected: "(Array<number & Type<\"int64\">> | undefined)",
            value: input.ignore_error_codes
        }), undefined === input.body || ("object" === typeof input.body && null !== input.body && false === Array.isArray(input.body) || _report(_exceptionable, {
            path: _path + ".body",
            expected: "(__type.o22 | undefined)",
            value: input.body
        })) && _vo45(input.body, _path + ".body", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".body",
            expected: "(__type.o22 | undefined)",
            value: input.body
        }), undefined === input.dynamic_url || ("object" === typeof input.dynamic_url && null !== input.dynamic_url && false === Array.isArray(input.dynamic_url) || _report(_exceptionable, {
            path: _path + ".dynamic_url",
            expected: "(__type.o23 | undefined)",
            value: input.dynamic_url
        })) && _vo46(input.dynamic_url, _path + ".dynamic_url", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".dynamic_url",
            expected: "(__type.o23 | undefined)",
            value: input.dynamic_url
        }), undefined === input.headers || ("object" === typeof input.headers && null !== input.headers && false === Array.isArray(input.headers) || _report(_exceptionable, {
            path: _path + ".headers",
            expected: "(Headers | undefined)",
            value: input.headers
        })) && _vo26(input.headers, _path + ".headers", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".headers",
            expected: "(Headers | undefined)",
            value: input.headers
        }), undefined === input.headers_list || (Array.isArray(input.headers_list) || _report(_exceptionable, {
            path: _path + ".headers_list",
            expected: "(Array<HeadersListEntry> | undefined)",
            value: input.headers_list
        })) && input.headers_list.map((elem: any, _index72: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".headers_list[" + _index72 + "]",
            expected: "HeadersListEntry",
            value: elem
        })) && _vo27(elem, _path + ".headers_list[" + _index72 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".headers_list[" + _index72 + "]",
            expected: "HeadersListEntry",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".headers_list",
            expected: "(Array<HeadersListEntry> | undefined)",
            value: input.headers_list
        }), undefined === input.basic_auth || ("object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) || _report(_exceptionable, {
            path: _path + ".basic_auth",
            expected: "(BasicAuth | undefined)",
            value: input.basic_auth
        })) && _vo47(input.basic_auth, _path + ".basic_auth", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".basic_auth",
            expected: "(BasicAuth | undefined)",
            value: input.basic_auth
        }), undefined === input.oauth || ("object" === typeof input.oauth && null !== input.oauth && false === Array.isArray(input.oauth) || _report(_exceptionable, {
            path: _path + ".oauth",
            expected: "(Oauth1 | undefined)",
            value: input.oauth
        })) && _vo48(input.oauth, _path + ".oauth", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".oauth",
            expected: "(Oauth1 | undefined)",
            value: input.oauth
        }), undefined === input.oauth2 || ("object" === typeof input.oauth2 && null !== input.oauth2 && false === Array.isArray(input.oauth2) || _report(_exceptionable, {
            path: _path + ".oauth2",
            expected: "(Oauth2 | undefined)",
            value: input.oauth2
        })) && _vo49(input.oauth2, _path + ".oauth2", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".oauth2",
            expected: "(Oauth2 | undefined)",
            value: input.oauth2
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["url", "verb", "timeout_seconds", "ignore_error_codes", "body", "dynamic_url", "headers", "headers_list", "basic_auth", "oauth", "oauth2"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo45 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.mapping || "string" === typeof input.mapping || _report(_exceptionable, {
            path: _path + ".mapping",
            expected: "(string | undefined)",
            value: input.mapping
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["mapping"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo46 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.mapping || "string" === typeof input.mapping || _report(_exceptionable, {
            path: _path + ".mapping",
            expected: "(string | undefined)",
            value: input.mapping
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["mapping"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo47 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.user_id || "string" === typeof input.user_id || _report(_exceptionable, {
            path: _path + ".user_id",
            expected: "(string | undefined)",
            value: input.user_id
        }), undefined === input.password || "string" === typeof input.password || _report(_exceptionable, {
            path: _path + ".password",
            expected: "(string | undefined)",
            value: input.password
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["user_id", "password"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo48 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.access_token || "string" === typeof input.access_token || _report(_exceptionable, {
            path: _path + ".access_token",
            expected: "(string | undefined)",
            value: input.access_token
        }), undefined === input.access_token_secret || "string" === typeof input.access_token_secret || _report(_exceptionable, {
            path: _path + ".access_token_secret",
            expected: "(string | undefined)",
            value: input.access_token_secret
        }), undefined === input.consumer_key || "string" === typeof input.consumer_key || _report(_exceptionable, {
            path: _path + ".consumer_key",
            expected: "(string | undefined)",
            value: input.consumer_key
        }), undefined === input.consumer_secret || "string" === typeof input.consumer_secret || _report(_exceptionable, {
            path: _path + ".consumer_secret",
            expected: "(string | undefined)",
            value: input.consumer_secret
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["access_token", "access_token_secret", "consumer_key", "consumer_secret"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo49 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.auth_style || "string" === typeof input.auth_style || _report(_exceptionable, {
            path: _path + ".auth_style",
            expected: "(string | undefined)",
            value: input.auth_style
        }), undefined === input.client_key || "string" === typeof input.client_key || _report(_exceptionable, {
            path: _path + ".client_key",
            expected: "(string | undefined)",
            value: input.client_key
        }), undefined === input.client_secret || "string" === typeof input.client_secret || _report(_exceptionable, {
            path: _path + ".client_secret",
            expected: "(string | undefined)",
            value: input.client_secret
        }), undefined === input.endpoint_params || ("object" === typeof input.endpoint_params && null !== input.endpoint_params && false === Array.isArray(input.endpoint_params) || _report(_exceptionable, {
            path: _path + ".endpoint_params",
            expected: "(Record<string, Array<string>> | undefined)",
            value: input.endpoint_params
        })) && _vo50(input.endpoint_params, _path + ".endpoint_params", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".endpoint_params",
            expected: "(Record<string, Array<string>> | undefined)",
            value: input.endpoint_params
        }), undefined === input.scopes || (Array.isArray(input.scopes) || _report(_exceptionable, {
            path: _path + ".scopes",
            expected: "(Array<string> | undefined)",
            value: input.scopes
        })) && input.scopes.map((elem: any, _index73: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".scopes[" + _index73 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".scopes",
            expected: "(Array<string> | undefined)",
            value: input.scopes
        }), undefined === input.token_type || "string" === typeof input.token_type || _report(_exceptionable, {
            path: _path + ".token_type",
            expected: "(string | undefined)",
            value: input.token_type
        }), undefined === input.token_url || "string" === typeof input.token_url || _report(_exceptionable, {
            path: _path + ".token_url",
            expected: "(string | undefined)",
            value: input.token_url
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["auth_style", "client_key", "client_secret", "endpoint_params", "scopes", "token_type", "token_url"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo50 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [false === _exceptionable || Object.keys(input).map((key: any) => {
            const value = input[key];
            if (undefined === value)
                return true;
            return (Array.isArray(value) || _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "Array<string>",
                value: value
            })) && value.map((elem: any, _index74: number) => "string" === typeof elem || _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key) + "[" + _index74 + "]",
                expected: "string",
                value: elem
            })).every((flag: boolean) => flag) || _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "Array<string>",
                value: value
            });
        }).every((flag: boolean) => flag)].every((flag: boolean) => flag); const _vo51 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.description || "string" === typeof input.description || _report(_exceptionable, {
            path: _path + ".description",
            expected: "(string | undefined)",
            value: input.description
        }), undefined === input.flink_sql || ("object" === typeof input.flink_sql && null !== input.flink_sql && false === Array.isArray(input.flink_sql) || _report(_exceptionable, {
            path: _path + ".flink_sql",
            expected: "(FlinkSql | undefined)",
            value: input.flink_sql
        })) && _vo52(input.flink_sql, _path + ".flink_sql", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".flink_sql",
            expected: "(FlinkSql | undefined)",
            value: input.flink_sql
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["type", "description", "flink_sql"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo52 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.timezone || "string" === typeof input.timezone || _report(_exceptionable, {
            path: _path + ".timezone",
            expected: "(string | undefined)",
            value: input.timezone
        }), undefined === input.select || ("object" === typeof input.select && null !== input.select && false === Array.isArray(input.select) || _report(_exceptionable, {
            path: _path + ".select",
            expected: "(__type.o24 | undefined)",
            value: input.select
        })) && _vo53(input.select, _path + ".select", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".select",
            expected: "(__type.o24 | undefined)",
            value: input.select
        }), undefined === input.sources || (Array.isArray(input.sources) || _report(_exceptionable, {
            path: _path + ".sources",
            expected: "(Array<__type>.o5 | undefined)",
            value: input.sources
        })) && input.sources.map((elem: any, _index75: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".sources[" + _index75 + "]",
            expected: "__type.o25",
            value: elem
        })) && _vo54(elem, _path + ".sources[" + _index75 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".sources[" + _index75 + "]",
            expected: "__type.o25",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".sources",
            expected: "(Array<__type>.o5 | undefined)",
            value: input.sources
        }), undefined === input.sink || ("object" === typeof input.sink && null !== input.sink && false === Array.isArray(input.sink) || _report(_exceptionable, {
            path: _path + ".sink",
            expected: "(__type.o26 | undefined)",
            value: input.sink
        })) && _vo57(input.sink, _path + ".sink", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".sink",
            expected: "(__type.o26 | undefined)",
            value: input.sink
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["timezone", "select", "sources", "sink"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo53 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.statement || "string" === typeof input.statement || _report(_exceptionable, {
            path: _path + ".statement",
            expected: "(string | undefined)",
            value: input.statement
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["statement"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo54 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.name || "string" === typeof input.name || _report(_exceptionable, {
            path: _path + ".name",
            expected: "(string | undefined)",
            value: input.name
        }), undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.create_table || ("object" === typeof input.create_table && null !== input.create_table && false === Array.isArray(input.create_table) || _report(_exceptionable, {
            path: _path + ".create_table",
            expected: "(CreateTable | undefined)",
            value: input.create_table
        })) && _vo55(input.create_table, _path + ".create_table", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".create_table",
            expected: "(CreateTable | undefined)",
            value: input.create_table
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["name", "type", "create_table"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo55 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [true, undefined === input.watermark || ("object" === typeof input.watermark && null !== input.watermark && false === Array.isArray(input.watermark) || _report(_exceptionable, {
            path: _path + ".watermark",
            expected: "(Watermark | undefined)",
            value: input.watermark
        })) && _vo56(input.watermark, _path + ".watermark", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".watermark",
            expected: "(Watermark | undefined)",
            value: input.watermark
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["columns", "watermark"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo56 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.column || "string" === typeof input.column || _report(_exceptionable, {
            path: _path + ".column",
            expected: "(string | undefined)",
            value: input.column
        }), undefined === input.period || "number" === typeof input.period && (__typia_transform__isTypeInt64._isTypeInt64(input.period) || _report(_exceptionable, {
            path: _path + ".period",
            expected: "number & Type<\"int64\">",
            value: input.period
        })) || _report(_exceptionable, {
            path: _path + ".period",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.period
        }), undefined === input.time_unit || "string" === typeof input.time_unit || _report(_exceptionable, {
            path: _path + ".time_unit",
            expected: "(string | undefined)",
            value: input.time_unit
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["column", "period", "time_unit"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo57 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.create_table || ("object" === typeof input.create_table && null !== input.create_table && false === Array.isArray(input.create_table) || _report(_exceptionable, {
            path: _path + ".create_table",
            expected: "(CreateTable | undefined)",
            value: input.create_table
        })) && _vo55(input.create_table, _path + ".create_table", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".create_table",
            expected: "(CreateTable | undefined)",
            value: input.create_table
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["create_table"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo58 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.description || "string" === typeof input.description || _report(_exceptionable, {
            path: _path + ".description",
            expected: "(string | undefined)",
            value: input.description
        }), undefined === input.target || "string" === typeof input.target || _report(_exceptionable, {
            path: _path + ".target",
            expected: "(string | undefined)",
            value: input.target
        }), undefined === input.rate_limit || ("object" === typeof input.rate_limit && null !== input.rate_limit && false === Array.isArray(input.rate_limit) || _report(_exceptionable, {
            path: _path + ".rate_limit",
            expected: "(RateLimit | undefined)",
            value: input.rate_limit
        })) && _vo41(input.rate_limit, _path + ".rate_limit", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".rate_limit",
            expected: "(RateLimit | undefined)",
            value: input.rate_limit
        }), undefined === input.aws_kinesis || ("object" === typeof input.aws_kinesis && null !== input.aws_kinesis && false === Array.isArray(input.aws_kinesis) || _report(_exceptionable, {
            path: _path + ".aws_kinesis",
            expected: "(OutputAwsKinesis | undefined)",
            value: input.aws_kinesis
        })) && _vo59(input.aws_kinesis, _path + ".aws_kinesis", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".aws_kinesis",
            expected: "(OutputAwsKinesis | undefined)",
            value: input.aws_kinesis
        }), undefined === input.aws_s3 || ("object" === typeof input.aws_s3 && null !== input.aws_s3 && false === Array.isArray(input.aws_s3) || _report(_exceptionable, {
            path: _path + ".aws_s3",
            expected: "(OutputAwsS3 | undefined)",
            value: input.aws_s3
        })) && _vo62(input.aws_s3, _path + ".aws_s3", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".aws_s3",
            expected: "(OutputAwsS3 | undefined)",
            value: input.aws_s3
        }), undefined === input.azure_blob || ("object" === typeof input.azure_blob && null !== input.azure_blob && false === Array.isArray(input.azure_blob) || _report(_exceptionable, {
            path: _path + ".azure_blob",
            expected: "(OutputAzureBlob | undefined)",
            value: input.azure_blob
        })) && _vo65(input.azure_blob, _path + ".azure_blob", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".azure_blob",
            expected: "(OutputAzureBlob | undefined)",
            value: input.azure_blob
        }), undefined === input.deltalake || ("object" === typeof input.deltalake && null !== input.deltalake && false === Array.isArray(input.deltalake) || _report(_exceptionable, {
            path: _path + ".deltalake",
            expected: "(OutputDeltalake | undefined)",
            value: input.deltalake
        })) && _vo66(input.deltalake, _path + ".deltalake", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".deltalake",
            expected: "(OutputDeltalake | undefined)",
            value: input.deltalake
        }), undefined === input.elastic_search || ("object" === typeof input.elastic_search && null !== input.elastic_search && false === Array.isArray(input.elastic_search) || _report(_exceptionable, {
            path: _path + ".elastic_search",
            expected: "(OutputElasticSearch | undefined)",
            value: input.elastic_search
        })) && _vo68(input.elastic_search, _path + ".elastic_search", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".elastic_search",
            expected: "(OutputElasticSearch | undefined)",
            value: input.elastic_search
        }), undefined === input.email || ("object" === typeof input.email && null !== input.email && false === Array.isArray(input.email) || _report(_exceptionable, {
            path: _path + ".email",
            expected: "(OutputEmail | undefined)",
            value: input.email
        })) && _vo71(input.email, _path + ".email", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".email",
            expected: "(OutputEmail | undefined)",
            value: input.email
        }), undefined === input.transactional_email || ("object" === typeof input.transactional_email && null !== input.transactional_email && false === Array.isArray(input.transactional_email) || _report(_exceptionable, {
            path: _path + ".transactional_email",
            expected: "(OutputTransactionalEmail | undefined)",
            value: input.transactional_email
        })) && _vo72(input.transactional_email, _path + ".transactional_email", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".transactional_email",
            expected: "(OutputTransactionalEmail | undefined)",
            value: input.transactional_email
        }), undefined === input.firehose || ("object" === typeof input.firehose && null !== input.firehose && false === Array.isArray(input.firehose) || _report(_exceptionable, {
            path: _path + ".firehose",
            expected: "(OutputFirehose | undefined)",
            value: input.firehose
        })) && _vo73(input.firehose, _path + ".firehose", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".firehose",
            expected: "(OutputFirehose | undefined)",
            value: input.firehose
        }), undefined === input.google_cloud_pubsub || ("object" === typeof input.google_cloud_pubsub && null !== input.google_cloud_pubsub && false === Array.isArray(input.google_cloud_pubsub) || _report(_exceptionable, {
            path: _path + ".google_cloud_pubsub",
            expected: "(OutputGoogleCloudPubsub | undefined)",
            value: input.google_cloud_pubsub
        })) && _vo74(input.google_cloud_pubsub, _path + ".google_cloud_pubsub", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".google_cloud_pubsub",
            expected: "(OutputGoogleCloudPubsub | undefined)",
            value: input.google_cloud_pubsub
        }), undefined === input.google_cloud_storage || ("object" === typeof input.google_cloud_storage && null !== input.google_cloud_storage && false === Array.isArray(input.google_cloud_storage) || _report(_exceptionable, {
            path: _path + ".google_cloud_storage",
            expected: "(OutputGoogleCloudStorage | undefined)",
            value: input.google_cloud_storage
        })) && _vo75(input.google_cloud_storage, _path + ".google_cloud_storage", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".google_cloud_storage",
            expected: "(OutputGoogleCloudStorage | undefined)",
            value: input.google_cloud_storage
        }), undefined === input.http || ("object" === typeof input.http && null !== input.http && false === Array.isArray(input.http) || _report(_exceptionable, {
            path: _path + ".http",
            expected: "(OutputHttp | undefined)",
            value: input.http
        })) && _vo76(input.http, _path + ".http", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".http",
            expected: "(OutputHttp | undefined)",
            value: input.http
        }), undefined === input.kafka || ("object" === typeof input.kafka && null !== input.kafka && false === Array.isArray(input.kafka) || _report(_exceptionable, {
            path: _path + ".kafka",
            expected: "(OutputKafka | undefined)",
            value: input.kafka
        })) && _vo77(input.kafka, _path + ".kafka", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".kafka",
            expected: "(OutputKafka | undefined)",
            value: input.kafka
        }), undefined === input.mongodb || ("object" === typeof input.mongodb && null !== input.mongodb && false === Array.isArray(input.mongodb) || _report(_exceptionable, {
            path: _path + ".mongodb",
            expected: "(OutputMongodb | undefined)",
            value: input.mongodb
        })) && _vo78(input.mongodb, _path + ".mongodb", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".mongodb",
            expected: "(OutputMongodb | undefined)",
            value: input.mongodb
        }), undefined === input.sftp || ("object" === typeof input.sftp && null !== input.sftp && false === Array.isArray(input.sftp) || _report(_exceptionable, {
            path: _path + ".sftp",
            expected: "(OutputSftp | undefined)",
            value: input.sftp
        })) && _vo81(input.sftp, _path + ".sftp", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".sftp",
            expected: "(OutputSftp | undefined)",
            value: input.sftp
        }), undefined === input.sql || ("object" === typeof input.sql && null !== input.sql && false === Array.isArray(input.sql) || _report(_exceptionable, {
            path: _path + ".sql",
            expected: "(OutputSql | undefined)",
            value: input.sql
        })) && _vo82(input.sql, _path + ".sql", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".sql",
            expected: "(OutputSql | undefined)",
            value: input.sql
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["type", "description", "target", "rate_limit", "aws_kinesis", "aws_s3", "azure_blob", "deltalake", "elastic_search", "email", "transactional_email", "firehose", "google_cloud_pubsub", "google_cloud_storage", "http", "kafka", "mongodb", "sftp", "sql"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo59 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.batching || ("object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        })) && _vo60(input.batching, _path + ".batching", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        }), undefined === input.credential || ("object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(AwsCredential | undefined)",
            value: input.credential
        })) && _vo61(input.credential, _path + ".credential", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(AwsCredential | undefined)",
            value: input.credential
        }), undefined === input.region || "string" === typeof input.region || _report(_exceptionable, {
            path: _path + ".region",
            expected: "(string | undefined)",
            value: input.region
        }), undefined === input.stream || "string" === typeof input.stream || _report(_exceptionable, {
            path: _path + ".stream",
            expected: "(string | undefined)",
            value: input.stream
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["batching", "credential", "region", "stream"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo60 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.count || "number" === typeof input.count && (__typia_transform__isTypeInt64._isTypeInt64(input.count) || _report(_exceptionable, {
            path: _path + ".count",
            expected: "number & Type<\"int64\">",
            value: input.count
        })) || _report(_exceptionable, {
            path: _path + ".count",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.count
        }), undefined === input.period || "string" === typeof input.period || _report(_exceptionable, {
            path: _path + ".period",
            expected: "(string | undefined)",
            value: input.period
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["count", "period"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo61 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.id || "string" === typeof input.id || _report(_exceptionable, {
            path: _path + ".id",
            expected: "(string | undefined)",
            value: input.id
        }), undefined === input.profile || "string" === typeof input.profile || _report(_exceptionable, {
            path: _path + ".profile",
            expected: "(string | undefined)",
            value: input.profile
        }), undefined === input.role || "string" === typeof input.role || _report(_exceptionable, {
            path: _path + ".role",
            expected: "(string | undefined)",
            value: input.role
        }), undefined === input.role_external_id || "string" === typeof input.role_external_id || _report(_exceptionable, {
            path: _path + ".role_external_id",
            expected: "(string | undefined)",
            value: input.role_external_id
        }), undefined === input.secret || "string" === typeof input.secret || _report(_exceptionable, {
            path: _path + ".secret",
            expected: "(string | undefined)",
            value: input.secret
        }), undefined === input.token || "string" === typeof input.token || _report(_exceptionable, {
            path: _path + ".token",
            expected: "(string | undefined)",
            value: input.token
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["id", "profile", "role", "role_external_id", "secret", "token"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo62 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.bucket || "string" === typeof input.bucket || _report(_exceptionable, {
            path: _path + ".bucket",
            expected: "(string | undefined)",
            value: input.bucket
        }), undefined === input.credential || ("object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(AwsCredential | undefined)",
            value: input.credential
        })) && _vo61(input.credential, _path + ".credential", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(AwsCredential | undefined)",
            value: input.credential
        }), undefined === input.region || "string" === typeof input.region || _report(_exceptionable, {
            path: _path + ".region",
            expected: "(string | undefined)",
            value: input.region
        }), undefined === input.file || ("object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        })) && _vo63(input.file, _path + ".file", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["bucket", "credential", "region", "file"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo63 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.extension || "string" === typeof input.extension || _report(_exceptionable, {
            path: _path + ".extension",
            expected: "(string | undefined)",
            value: input.extension
        }), undefined === input.max_size_mb || "number" === typeof input.max_size_mb && (__typia_transform__isTypeInt64._isTypeInt64(input.max_size_mb) || _report(_exceptionable, {
            path: _path + ".max_size_mb",
            expected: "number & Type<\"int64\">",
            value: input.max_size_mb
        })) || _report(_exceptionable, {
            path: _path + ".max_size_mb",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.max_size_mb
        }), undefined === input.path || "string" === typeof input.path || _report(_exceptionable, {
            path: _path + ".path",
            expected: "(string | undefined)",
            value: input.path
        }), undefined === input.period || "string" === typeof input.period || _report(_exceptionable, {
            path: _path + ".period",
            expected: "(string | undefined)",
            value: input.period
        }), undefined === input.schema || (Array.isArray(input.schema) || _report(_exceptionable, {
            path: _path + ".schema",
            expected: "(Array<__type>.o6 | undefined)",
            value: input.schema
        })) && input.schema.map((elem: any, _index76: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".schema[" + _index76 + "]",
            expected: "__type.o27",
            value: elem
        })) && _vo64(elem, _path + ".schema[" + _index76 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".schema[" + _index76 + "]",
            expected: "__type.o27",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".schema",
            expected: "(Array<__type>.o6 | undefined)",
            value: input.schema
        }), undefined === input.separator || "string" === typeof input.separator || _report(_exceptionable, {
            path: _path + ".separator",
            expected: "(string | undefined)",
            value: input.separator
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["extension", "max_size_mb", "path", "period", "schema", "separator"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo64 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.name || "string" === typeof input.name || _report(_exceptionable, {
            path: _path + ".name",
            expected: "(string | undefined)",
            value: input.name
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["name"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo65 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.container || "string" === typeof input.container || _report(_exceptionable, {
            path: _path + ".container",
            expected: "(string | undefined)",
            value: input.container
        }), undefined === input.credential || ("object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(BlobCredential | undefined)",
            value: input.credential
        })) && _vo10(input.credential, _path + ".credential", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(BlobCredential | undefined)",
            value: input.credential
        }), undefined === input.file || ("object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        })) && _vo63(input.file, _path + ".file", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["container", "credential", "file"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo66 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.azure_blob_storage || ("object" === typeof input.azure_blob_storage && null !== input.azure_blob_storage && false === Array.isArray(input.azure_blob_storage) || _report(_exceptionable, {
            path: _path + ".azure_blob_storage",
            expected: "(__type.o28 | undefined)",
            value: input.azure_blob_storage
        })) && _vo67(input.azure_blob_storage, _path + ".azure_blob_storage", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".azure_blob_storage",
            expected: "(__type.o28 | undefined)",
            value: input.azure_blob_storage
        }), undefined === input.batching || ("object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        })) && _vo60(input.batching, _path + ".batching", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        }), undefined === input.table_name || "string" === typeof input.table_name || _report(_exceptionable, {
            path: _path + ".table_name",
            expected: "(string | undefined)",
            value: input.table_name
        }), undefined === input.timeout || "string" === typeof input.timeout || _report(_exceptionable, {
            path: _path + ".timeout",
            expected: "(string | undefined)",
            value: input.timeout
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["azure_blob_storage", "batching", "table_name", "timeout"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo67 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.root_path || "string" === typeof input.root_path || _report(_exceptionable, {
            path: _path + ".root_path",
            expected: "(string | undefined)",
            value: input.root_path
        }), undefined === input.storage_access_key || "string" === typeof input.storage_access_key || _report(_exceptionable, {
            path: _path + ".storage_access_key",
            expected: "(string | undefined)",
            value: input.storage_access_key
        }), undefined === input.storage_account || "string" === typeof input.storage_account || _report(_exceptionable, {
            path: _path + ".storage_account",
            expected: "(string | undefined)",
            value: input.storage_account
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["root_path", "storage_access_key", "storage_account"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo68 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.urls || (Array.isArray(input.urls) || _report(_exceptionable, {
            path: _path + ".urls",
            expected: "(Array<string> | undefined)",
            value: input.urls
        })) && input.urls.map((elem: any, _index77: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".urls[" + _index77 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".urls",
            expected: "(Array<string> | undefined)",
            value: input.urls
        }), undefined === input.index || "string" === typeof input.index || _report(_exceptionable, {
            path: _path + ".index",
            expected: "(string | undefined)",
            value: input.index
        }), undefined === input.pipeline || "string" === typeof input.pipeline || _report(_exceptionable, {
            path: _path + ".pipeline",
            expected: "(string | undefined)",
            value: input.pipeline
        }), undefined === input.stored_script || "string" === typeof input.stored_script || _report(_exceptionable, {
            path: _path + ".stored_script",
            expected: "(string | undefined)",
            value: input.stored_script
        }), undefined === input.id_fields || (Array.isArray(input.id_fields) || _report(_exceptionable, {
            path: _path + ".id_fields",
            expected: "(Array<string> | undefined)",
            value: input.id_fields
        })) && input.id_fields.map((elem: any, _index78: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".id_fields[" + _index78 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".id_fields",
            expected: "(Array<string> | undefined)",
            value: input.id_fields
        }), undefined === input.id_separator || "string" === typeof input.id_separator || _report(_exceptionable, {
            path: _path + ".id_separator",
            expected: "(string | undefined)",
            value: input.id_separator
        }), undefined === input.conflict_action || "string" === typeof input.conflict_action || _report(_exceptionable, {
            path: _path + ".conflict_action",
            expected: "(string | undefined)",
            value: input.conflict_action
        }), undefined === input.batching || ("object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        })) && _vo60(input.batching, _path + ".batching", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        }), undefined === input.basic_auth || ("object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) || _report(_exceptionable, {
            path: _path + ".basic_auth",
            expected: "(BasicAuth | undefined)",
            value: input.basic_auth
        })) && _vo47(input.basic_auth, _path + ".basic_auth", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".basic_auth",
            expected: "(BasicAuth | undefined)",
            value: input.basic_auth
        }), undefined === input.tls || ("object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) || _report(_exceptionable, {
            path: _path + ".tls",
            expected: "(Tls | undefined)",
            value: input.tls
        })) && _vo7(input.tls, _path + ".tls", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".tls",
            expected: "(Tls | undefined)",
            value: input.tls
        }), undefined === input.script_params_blobl || ("object" === typeof input.script_params_blobl && null !== input.script_params_blobl && false === Array.isArray(input.script_params_blobl) || _report(_exceptionable, {
            path: _path + ".script_params_blobl",
            expected: "(__type.o29 | undefined)",
            value: input.script_params_blobl
        })) && _vo69(input.script_params_blobl, _path + ".script_params_blobl", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".script_params_blobl",
            expected: "(__type.o29 | undefined)",
            value: input.script_params_blobl
        }), undefined === input.aws || ("object" === typeof input.aws && null !== input.aws && false === Array.isArray(input.aws) || _report(_exceptionable, {
            path: _path + ".aws",
            expected: "(__type.o30 | undefined)",
            value: input.aws
        })) && _vo70(input.aws, _path + ".aws", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".aws",
            expected: "(__type.o30 | undefined)",
            value: input.aws
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["urls", "index", "pipeline", "stored_script", "id_fields", "id_separator", "conflict_action", "batching", "basic_auth", "tls", "script_params_blobl", "aws"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo69 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.mapping || "string" === typeof input.mapping || _report(_exceptionable, {
            path: _path + ".mapping",
            expected: "(string | undefined)",
            value: input.mapping
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["mapping"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo70 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.credential || ("object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(AwsCredential | undefined)",
            value: input.credential
        })) && _vo61(input.credential, _path + ".credential", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(AwsCredential | undefined)",
            value: input.credential
        }), undefined === input.endpoint || "string" === typeof input.endpoint || _report(_exceptionable, {
            path: _path + ".endpoint",
            expected: "(string | undefined)",
            value: input.endpoint
        }), undefined === input.region || "string" === typeof input.region || _report(_exceptionable, {
            path: _path + ".region",
            expected: "(string | undefined)",
            value: input.region
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["credential", "endpoint", "region"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo71 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.to || (Array.isArray(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(Array<string> | undefined)",
            value: input.to
        })) && input.to.map((elem: any, _index79: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".to[" + _index79 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(Array<string> | undefined)",
            value: input.to
        }), undefined === input.cc || (Array.isArray(input.cc) || _report(_exceptionable, {
            path: _path + ".cc",
            expected: "(Array<string> | undefined)",
            value: input.cc
        })) && input.cc.map((elem: any, _index80: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".cc[" + _index80 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".cc",
            expected: "(Array<string> | undefined)",
            value: input.cc
        }), undefined === input.bcc || (Array.isArray(input.bcc) || _report(_exceptionable, {
            path: _path + ".bcc",
            expected: "(Array<string> | undefined)",
            value: input.bcc
        })) && input.bcc.map((elem: any, _index81: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".bcc[" + _index81 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".bcc",
            expected: "(Array<string> | undefined)",
            value: input.bcc
        }), undefined === input.subject || "string" === typeof input.subject || _report(_exceptionable, {
            path: _path + ".subject",
            expected: "(string | undefined)",
            value: input.subject
        }), undefined === input.file || ("object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        })) && _vo63(input.file, _path + ".file", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["to", "cc", "bcc", "subject", "file"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo72 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.to || (Array.isArray(input.to) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(Array<string> | undefined)",
            value: input.to
        })) && input.to.map((elem: any, _index82: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".to[" + _index82 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".to",
            expected: "(Array<string> | undefined)",
            value: input.to
        }), undefined === input.cc || (Array.isArray(input.cc) || _report(_exceptionable, {
            path: _path + ".cc",
            expected: "(Array<string> | undefined)",
            value: input.cc
        })) && input.cc.map((elem: any, _index83: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".cc[" + _index83 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".cc",
            expected: "(Array<string> | undefined)",
            value: input.cc
        }), undefined === input.bcc || (Array.isArray(input.bcc) || _report(_exceptionable, {
            path: _path + ".bcc",
            expected: "(Array<string> | undefined)",
            value: input.bcc
        })) && input.bcc.map((elem: any, _index84: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".bcc[" + _index84 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".bcc",
            expected: "(Array<string> | undefined)",
            value: input.bcc
        }), undefined === input.subject || "string" === typeof input.subject || _report(_exceptionable, {
            path: _path + ".subject",
            expected: "(string | undefined)",
            value: input.subject
        }), undefined === input.file || ("object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        })) && _vo63(input.file, _path + ".file", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        }), undefined === input.template_id || "string" === typeof input.template_id || _report(_exceptionable, {
            path: _path + ".template_id",
            expected: "(string | undefined)",
            value: input.template_id
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["to", "cc", "bcc", "subject", "file", "template_id"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo73 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.config_ids || (Array.isArray(input.config_ids) || _report(_exceptionable, {
            path: _path + ".config_ids",
            expected: "(Array<string> | undefined)",
            value: input.config_ids
        })) && input.config_ids.map((elem: any, _index85: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".config_ids[" + _index85 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".config_ids",
            expected: "(Array<string> | undefined)",
            value: input.config_ids
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["config_ids"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo74 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.credential || ("object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(ServiceAccountCredential | undefined)",
            value: input.credential
        })) && _vo24(input.credential, _path + ".credential", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(ServiceAccountCredential | undefined)",
            value: input.credential
        }), undefined === input.project || "string" === typeof input.project || _report(_exceptionable, {
            path: _path + ".project",
            expected: "(string | undefined)",
            value: input.project
        }), undefined === input.topic || "string" === typeof input.topic || _report(_exceptionable, {
            path: _path + ".topic",
            expected: "(string | undefined)",
            value: input.topic
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["credential", "project", "topic"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo75 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.bucket || "string" === typeof input.bucket || _report(_exceptionable, {
            path: _path + ".bucket",
            expected: "(string | undefined)",
            value: input.bucket
        }), undefined === input.content_type || "string" === typeof input.content_type || _report(_exceptionable, {
            path: _path + ".content_type",
            expected: "(string | undefined)",
            value: input.content_type
        }), undefined === input.credential || ("object" === typeof input.credential && null !== input.credential && false === Array.isArray(input.credential) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(ServiceAccountCredential | undefined)",
            value: input.credential
        })) && _vo24(input.credential, _path + ".credential", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".credential",
            expected: "(ServiceAccountCredential | undefined)",
            value: input.credential
        }), undefined === input.file || ("object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        })) && _vo63(input.file, _path + ".file", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["bucket", "content_type", "credential", "file"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo76 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.verb || "string" === typeof input.verb || _report(_exceptionable, {
            path: _path + ".verb",
            expected: "(string | undefined)",
            value: input.verb
        }), undefined === input.headers || ("object" === typeof input.headers && null !== input.headers && false === Array.isArray(input.headers) || _report(_exceptionable, {
            path: _path + ".headers",
            expected: "(Headers | undefined)",
            value: input.headers
        })) && _vo26(input.headers, _path + ".headers", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".headers",
            expected: "(Headers | undefined)",
            value: input.headers
        }), undefined === input.headers_list || (Array.isArray(input.headers_list) || _report(_exceptionable, {
            path: _path + ".headers_list",
            expected: "(Array<HeadersListEntry> | undefined)",
            value: input.headers_list
        })) && input.headers_list.map((elem: any, _index86: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".headers_list[" + _index86 + "]",
            expected: "HeadersListEntry",
            value: elem
        })) && _vo27(elem, _path + ".headers_list[" + _index86 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".headers_list[" + _index86 + "]",
            expected: "HeadersListEntry",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".headers_list",
            expected: "(Array<HeadersListEntry> | undefined)",
            value: input.headers_list
        }), undefined === input.basic_auth || ("object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) || _report(_exceptionable, {
            path: _path + ".basic_auth",
            expected: "(BasicAuth | undefined)",
            value: input.basic_auth
        })) && _vo47(input.basic_auth, _path + ".basic_auth", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".basic_auth",
            expected: "(BasicAuth | undefined)",
            value: input.basic_auth
        }), undefined === input.oauth2 || ("object" === typeof input.oauth2 && null !== input.oauth2 && false === Array.isArray(input.oauth2) || _report(_exceptionable, {
            path: _path + ".oauth2",
            expected: "(Oauth2 | undefined)",
            value: input.oauth2
        })) && _vo49(input.oauth2, _path + ".oauth2", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".oauth2",
            expected: "(Oauth2 | undefined)",
            value: input.oauth2
        }), undefined === input.timeout_seconds || "number" === typeof input.timeout_seconds && (__typia_transform__isTypeInt64._isTypeInt64(input.timeout_seconds) || _report(_exceptionable, {
            path: _path + ".timeout_seconds",
            expected: "number & Type<\"int64\">",
            value: input.timeout_seconds
        })) || _report(_exceptionable, {
            path: _path + ".timeout_seconds",
            expected: "((number & Type<\"int64\">) | undefined)",
            value: input.timeout_seconds
        }), undefined === input.batching || ("object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        })) && _vo60(input.batching, _path + ".batching", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        }), undefined === input.tls || ("object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) || _report(_exceptionable, {
            path: _path + ".tls",
            expected: "(Tls | undefined)",
            value: input.tls
        })) && _vo7(input.tls, _path + ".tls", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".tls",
            expected: "(Tls | undefined)",
            value: input.tls
        }), undefined === input.verify_token || "string" === typeof input.verify_token || _report(_exceptionable, {
            path: _path + ".verify_token",
            expected: "(string | undefined)",
            value: input.verify_token
        }), undefined === input.verify_token_private_key || "string" === typeof input.verify_token_private_key || _report(_exceptionable, {
            path: _path + ".verify_token_private_key",
            expected: "(string | undefined)",
            value: input.verify_token_private_key
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["verb", "headers", "headers_list", "basic_auth", "oauth2", "timeout_seconds", "batching", "tls", "verify_token", "verify_token_private_key"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo77 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.topic || "string" === typeof input.topic || _report(_exceptionable, {
            path: _path + ".topic",
            expected: "(string | undefined)",
            value: input.topic
        }), undefined === input.batching || ("object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        })) && _vo60(input.batching, _path + ".batching", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        }), undefined === input.sasl || ("object" === typeof input.sasl && null !== input.sasl && false === Array.isArray(input.sasl) || _report(_exceptionable, {
            path: _path + ".sasl",
            expected: "(Sasl | undefined)",
            value: input.sasl
        })) && _vo6(input.sasl, _path + ".sasl", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".sasl",
            expected: "(Sasl | undefined)",
            value: input.sasl
        }), undefined === input.tls || ("object" === typeof input.tls && null !== input.tls && false === Array.isArray(input.tls) || _report(_exceptionable, {
            path: _path + ".tls",
            expected: "(Tls | undefined)",
            value: input.tls
        })) && _vo7(input.tls, _path + ".tls", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".tls",
            expected: "(Tls | undefined)",
            value: input.tls
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["topic", "batching", "sasl", "tls"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo78 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.uri || "string" === typeof input.uri || _report(_exceptionable, {
            path: _path + ".uri",
            expected: "(string | undefined)",
            value: input.uri
        }), undefined === input.database || "string" === typeof input.database || _report(_exceptionable, {
            path: _path + ".database",
            expected: "(string | undefined)",
            value: input.database
        }), undefined === input.collection || "string" === typeof input.collection || _report(_exceptionable, {
            path: _path + ".collection",
            expected: "(string | undefined)",
            value: input.collection
        }), undefined === input.operation || "string" === typeof input.operation || _report(_exceptionable, {
            path: _path + ".operation",
            expected: "(string | undefined)",
            value: input.operation
        }), undefined === input.batching || ("object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        })) && _vo60(input.batching, _path + ".batching", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        }), undefined === input.update_one || ("object" === typeof input.update_one && null !== input.update_one && false === Array.isArray(input.update_one) || _report(_exceptionable, {
            path: _path + ".update_one",
            expected: "(__type.o31 | undefined)",
            value: input.update_one
        })) && _vo79(input.update_one, _path + ".update_one", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".update_one",
            expected: "(__type.o31 | undefined)",
            value: input.update_one
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["uri", "database", "collection", "operation", "batching", "update_one"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo79 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.filter || ("object" === typeof input.filter && null !== input.filter && false === Array.isArray(input.filter) || _report(_exceptionable, {
            path: _path + ".filter",
            expected: "(Record<string, string> | undefined)",
            value: input.filter
        })) && _vo80(input.filter, _path + ".filter", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".filter",
            expected: "(Record<string, string> | undefined)",
            value: input.filter
        }), undefined === input.upsert || "boolean" === typeof input.upsert || _report(_exceptionable, {
            path: _path + ".upsert",
            expected: "(boolean | undefined)",
            value: input.upsert
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["filter", "upsert"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo80 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [false === _exceptionable || Object.keys(input).map((key: any) => {
            const value = input[key];
            if (undefined === value)
                return true;
            return "string" === typeof value || _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "string",
                value: value
            });
        }).every((flag: boolean) => flag)].every((flag: boolean) => flag); const _vo81 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.basic_auth || ("object" === typeof input.basic_auth && null !== input.basic_auth && false === Array.isArray(input.basic_auth) || _report(_exceptionable, {
            path: _path + ".basic_auth",
            expected: "(BasicAuth | undefined)",
            value: input.basic_auth
        })) && _vo47(input.basic_auth, _path + ".basic_auth", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".basic_auth",
            expected: "(BasicAuth | undefined)",
            value: input.basic_auth
        }), undefined === input.file || ("object" === typeof input.file && null !== input.file && false === Array.isArray(input.file) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        })) && _vo63(input.file, _path + ".file", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".file",
            expected: "(OutputFile | undefined)",
            value: input.file
        }), undefined === input.period || "string" === typeof input.period || _report(_exceptionable, {
            path: _path + ".period",
            expected: "(string | undefined)",
            value: input.period
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["basic_auth", "file", "period"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo82 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.driver || "string" === typeof input.driver || _report(_exceptionable, {
            path: _path + ".driver",
            expected: "(string | undefined)",
            value: input.driver
        }), undefined === input.uri || "string" === typeof input.uri || _report(_exceptionable, {
            path: _path + ".uri",
            expected: "(string | undefined)",
            value: input.uri
        }), undefined === input.operation || "string" === typeof input.operation || _report(_exceptionable, {
            path: _path + ".operation",
            expected: "(string | undefined)",
            value: input.operation
        }), undefined === input.batching || ("object" === typeof input.batching && null !== input.batching && false === Array.isArray(input.batching) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        })) && _vo60(input.batching, _path + ".batching", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".batching",
            expected: "(Batching | undefined)",
            value: input.batching
        }), undefined === input.table || ("object" === typeof input.table && null !== input.table && false === Array.isArray(input.table) || _report(_exceptionable, {
            path: _path + ".table",
            expected: "(__type.o32 | undefined)",
            value: input.table
        })) && _vo83(input.table, _path + ".table", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".table",
            expected: "(__type.o32 | undefined)",
            value: input.table
        }), undefined === input.update || ("object" === typeof input.update && null !== input.update && false === Array.isArray(input.update) || _report(_exceptionable, {
            path: _path + ".update",
            expected: "(__type.o33 | undefined)",
            value: input.update
        })) && _vo84(input.update, _path + ".update", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".update",
            expected: "(__type.o33 | undefined)",
            value: input.update
        }), undefined === input.mssql || ("object" === typeof input.mssql && null !== input.mssql && false === Array.isArray(input.mssql) || _report(_exceptionable, {
            path: _path + ".mssql",
            expected: "(__type.o34 | undefined)",
            value: input.mssql
        })) && _vo85(input.mssql, _path + ".mssql", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".mssql",
            expected: "(__type.o34 | undefined)",
            value: input.mssql
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["driver", "uri", "operation", "batching", "table", "update", "mssql"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo83 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.name || "string" === typeof input.name || _report(_exceptionable, {
            path: _path + ".name",
            expected: "(string | undefined)",
            value: input.name
        }), undefined === input.schema || "string" === typeof input.schema || _report(_exceptionable, {
            path: _path + ".schema",
            expected: "(string | undefined)",
            value: input.schema
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["name", "schema"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo84 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.key_fields || (Array.isArray(input.key_fields) || _report(_exceptionable, {
            path: _path + ".key_fields",
            expected: "(Array<string> | undefined)",
            value: input.key_fields
        })) && input.key_fields.map((elem: any, _index87: number) => "string" === typeof elem || _report(_exceptionable, {
            path: _path + ".key_fields[" + _index87 + "]",
            expected: "string",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".key_fields",
            expected: "(Array<string> | undefined)",
            value: input.key_fields
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["key_fields"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo85 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.data_types || (Array.isArray(input.data_types) || _report(_exceptionable, {
            path: _path + ".data_types",
            expected: "(Array<__type>.o7 | undefined)",
            value: input.data_types
        })) && input.data_types.map((elem: any, _index88: number) => ("object" === typeof elem && null !== elem && false === Array.isArray(elem) || _report(_exceptionable, {
            path: _path + ".data_types[" + _index88 + "]",
            expected: "__type.o35",
            value: elem
        })) && _vo86(elem, _path + ".data_types[" + _index88 + "]", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".data_types[" + _index88 + "]",
            expected: "__type.o35",
            value: elem
        })).every((flag: boolean) => flag) || _report(_exceptionable, {
            path: _path + ".data_types",
            expected: "(Array<__type>.o7 | undefined)",
            value: input.data_types
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["data_types"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo86 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.name || "string" === typeof input.name || _report(_exceptionable, {
            path: _path + ".name",
            expected: "(string | undefined)",
            value: input.name
        }), undefined === input.type || "string" === typeof input.type || _report(_exceptionable, {
            path: _path + ".type",
            expected: "(string | undefined)",
            value: input.type
        }), undefined === input.date || ("object" === typeof input.date && null !== input.date && false === Array.isArray(input.date) || _report(_exceptionable, {
            path: _path + ".date",
            expected: "(__type.o36 | undefined)",
            value: input.date
        })) && _vo87(input.date, _path + ".date", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".date",
            expected: "(__type.o36 | undefined)",
            value: input.date
        }), undefined === input.datetime || ("object" === typeof input.datetime && null !== input.datetime && false === Array.isArray(input.datetime) || _report(_exceptionable, {
            path: _path + ".datetime",
            expected: "(__type.o37 | undefined)",
            value: input.datetime
        })) && _vo88(input.datetime, _path + ".datetime", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".datetime",
            expected: "(__type.o37 | undefined)",
            value: input.datetime
        }), undefined === input.datetime_offset || ("object" === typeof input.datetime_offset && null !== input.datetime_offset && false === Array.isArray(input.datetime_offset) || _report(_exceptionable, {
            path: _path + ".datetime_offset",
            expected: "(__type.o38 | undefined)",
            value: input.datetime_offset
        })) && _vo89(input.datetime_offset, _path + ".datetime_offset", true && _exceptionable) || _report(_exceptionable, {
            path: _path + ".datetime_offset",
            expected: "(__type.o38 | undefined)",
            value: input.datetime_offset
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["name", "type", "date", "datetime", "datetime_offset"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo87 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.format || "string" === typeof input.format || _report(_exceptionable, {
            path: _path + ".format",
            expected: "(string | undefined)",
            value: input.format
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["format"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo88 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.format || "string" === typeof input.format || _report(_exceptionable, {
            path: _path + ".format",
            expected: "(string | undefined)",
            value: input.format
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["format"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const _vo89 = (input: any, _path: string, _exceptionable: boolean = true): boolean => [undefined === input.format || "string" === typeof input.format || _report(_exceptionable, {
            path: _path + ".format",
            expected: "(string | undefined)",
            value: input.format
        }), 0 === Object.keys(input).length || (false === _exceptionable || Object.keys(input).map((key: any) => {
            if (["format"].some((prop: any) => key === prop))
                return true;
            const value = input[key];
            if (undefined === value)
                return true;
            return _report(_exceptionable, {
                path: _path + __typia_transform__accessExpressionAsString._accessExpressionAsString(key),
                expected: "undefined",
                value: value,
                description: [
                    `The property \`${key}\` is not defined in the object type.`,
                    "",
                    "Please remove the property next time."
                ].join("\n")
            });
        }).every((flag: boolean) => flag))].every((flag: boolean) => flag); const __is = (input: any, _exceptionable: boolean = true): input is Config => "object" === typeof input && null !== input && false === Array.isArray(input) && _io0(input, true); let errors: any; let _report: any; return __typia_transform__createStandardSchema._createStandardSchema((input: any): import("typia").IValidation<Config> => {
        if (false === __is(input)) {
            errors = [];
            _report = (__typia_transform__validateReport._validateReport as any)(errors);
            ((input: any, _path: string, _exceptionable: boolean = true) => ("object" === typeof input && null !== input && false === Array.isArray(input) || _report(true, {
                path: _path + "",
                expected: "Config",
                value: input
            })) && _vo0(input, _path + "", true) || _report(true, {
                path: _path + "",
                expected: "Config",
                value: input
            }))(input, "$input", true);
            const success = 0 === errors.length;
            return success ? {
                success,
                data: input
            } : {
                success,
                errors,
                data: input
            } as any;
        }
        return {
            success: true,
            data: input
        } as any;
    }); })(),
};
