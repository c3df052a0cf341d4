/**
 * Unit tests of what the generator reads from an API's OpenAPI document (generator/model/api-model.ts): operations,
 * security, webhooks and the x-specfirst-* declarations, on a small document (test/fixtures/api-model/) and one edit
 * of it per problem. The end-to-end failures (a whole generation stopping, writing nothing) are in client.test.ts.
 * Proves docs/client.md and docs/webhooks.md (what the source declares) and CONTRIBUTING.md (how to add an API).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readApiModel, readVariants } from "../generator/model/api-model.js";
import { GenerationFailed, type Problem } from "../generator/problems.js";
import type { JsonObject } from "../runtime/json/json-text.js";
import { FIXTURES, readJson } from "./helpers/fixtures.js";

const FILE = "openapi/chat.source.yaml";
const SCHEMA_NAMES = new Map([
  ["Message", "message"],
  ["Receipt", "receipt"],
]);
const chat = () => readJson<JsonObject>(path.join(FIXTURES, "api-model", "chat.openapi.json"));

/** The object at `keys` inside a document, to edit in place. */
const at = (document: JsonObject, ...keys: string[]): JsonObject =>
  keys.reduce((node, key) => node[key] as JsonObject, document);

/** The document after `edit`, read: the problems it reports ([] when it is accepted). */
function problemsAfter(edit: (document: JsonObject) => void): Problem[] {
  const document = chat();
  edit(document);
  try {
    readApiModel("chat", FILE, document, SCHEMA_NAMES);
    return [];
  } catch (error) {
    if (error instanceof GenerationFailed) return error.problems;
    throw error;
  }
}

const sendMessage = (document: JsonObject) => at(document, "paths", "/messages", "post");
const messageWebhook = (document: JsonObject) => at(document, "webhooks", "messageReceived", "post");

describe("readApiModel", () => {
  it("reads operations, the credential, webhooks, plan limits, commands and variants from the document alone", () => {
    const model = readApiModel("chat", FILE, chat(), SCHEMA_NAMES);
    expect(model).toEqual({
      api: "chat",
      pascal: "Chat",
      title: "Chat",
      file: FILE,
      credential: {
        option: "chatKey",
        security: { kind: "apiKey", in: "header", name: "Authorization", prefix: "Key " },
      },
      operations: [
        {
          operationId: "sendMessage",
          method: "POST",
          path: "/messages",
          schema: "message",
          success: [202],
          responses: { 202: null },
          response: "none",
          category: "messages",
          idempotentWith: "id",
          summary: "Sends a message",
          requestType: "Message",
          responseType: undefined,
          bodyRequired: false,
          parameters: [],
          parameterSchemas: [],
          secured: true,
        },
        {
          operationId: "sendReceipt",
          method: "POST",
          path: "/receipts",
          schema: "receipt",
          success: [200],
          responses: { 200: "receipt", 400: null },
          response: "json",
          category: "receipts",
          idempotentWith: null,
          summary: "sendReceipt",
          requestType: "Receipt",
          responseType: "Receipt",
          bodyRequired: false,
          parameters: [],
          parameterSchemas: [],
          secured: true,
        },
        {
          operationId: "archive",
          method: "POST",
          path: "/archive",
          schema: "message",
          success: [],
          responses: { default: null },
          response: "any",
          category: null,
          idempotentWith: null,
          summary: "archive",
          requestType: "Message",
          responseType: undefined,
          bodyRequired: false,
          parameters: [],
          parameterSchemas: [],
          secured: true,
        },
      ],
      webhooks: [
        {
          name: "receiptReceived",
          operationId: "receiveReceipt",
          summary: "receiptReceived",
          schema: "receipt",
          type: "Receipt",
          handler: "onReceipt",
          match: { required: ["event"] },
          acknowledge: null,
        },
        {
          name: "messageReceived",
          operationId: "messageReceived",
          summary: "A message for the bot",
          schema: "message",
          type: "Message",
          handler: "onChatMessage",
          match: null,
          acknowledge: { operation: "sendReceipt", success: "read", failure: "failed" },
          reply: "sendMessage",
        },
      ],
      planLimits: { free: { messages: 3, receipts: 6 }, paid: { messages: 50 } },
      commands: [
        {
          name: "ping",
          summary: "Checks the server",
          method: "get",
          uri: "/ping",
          type: "application/vnd.chat.ping+json",
          resource: false,
        },
      ],
      variants: { lenient: ["message"], strict: [] },
    });
  });

  it.each([
    [
      "an apiKey in the query",
      { type: "apiKey", in: "query", name: "key" },
      { kind: "apiKey", in: "query", name: "key", prefix: "" },
    ],
    ["http bearer (any case)", { type: "http", scheme: "Bearer" }, { kind: "bearer" }],
    ["http basic", { type: "http", scheme: "basic" }, { kind: "basic" }],
  ])("reads %s as the credential", (_name, scheme, security) => {
    const document = chat();
    at(document, "components", "securitySchemes").chatKey = scheme;
    expect(readApiModel("chat", FILE, document, SCHEMA_NAMES).credential).toEqual({ option: "chatKey", security });
  });

  it("takes no credential when nothing asks for one, and no plan limits or commands when none are declared", () => {
    const document = chat();
    delete document.security;
    delete document["x-specfirst-plan-limits"];
    delete document["x-specfirst-commands"];
    const model = readApiModel("chat", FILE, document, SCHEMA_NAMES);
    expect(model.credential.option).toBe("");
    expect(model).toMatchObject({ planLimits: null, commands: [] });
  });

  it.each<[string, (document: JsonObject) => void, string, string]>([
    [
      "an operationId that is not an identifier",
      (d) => void (sendMessage(d).operationId = "send-message"),
      "/paths/~1messages/post/operationId",
      "needs an operationId that is a JavaScript identifier (it names the client method)",
    ],
    [
      "a request body that is not a component $ref",
      (d) => void (at(sendMessage(d), "requestBody", "content", "application/json").schema = { type: "object" }),
      "/paths/~1messages/post/requestBody",
      "needs an application/json body that refers to #/components/schemas/<Title>",
    ],
    [
      "a $ref to a title no schema has",
      (d) =>
        void (at(sendMessage(d), "requestBody", "content", "application/json", "schema").$ref =
          "#/components/schemas/Letter"),
      "/paths/~1messages/post/requestBody",
      "refers to #/components/schemas/Letter, but no schema has that title",
    ],
    [
      "no 2xx and no default response",
      (d) => void (sendMessage(d).responses = { 400: { description: "Invalid" } }),
      "/paths/~1messages/post/responses",
      "declares neither a 2xx nor a default response",
    ],
    [
      "success responses with different bodies",
      (d) =>
        void (at(d, "paths", "/receipts", "post", "responses")[201] = {
          description: "Created",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Message" } } },
        }),
      "/paths/~1receipts/post/responses",
      "success responses with different bodies are not supported by the client",
    ],
    [
      "an unsupported security scheme",
      (d) => void (at(d, "components", "securitySchemes").chatKey = { type: "apiKey", in: "cookie", name: "k" }),
      "/components/securitySchemes/chatKey",
      "supported security schemes: apiKey in a header or query parameter, http bearer, http basic",
    ],
    [
      "a security scheme name that is not an identifier",
      (d) => void (d.security = [{ "chat-key": [] }]),
      "/security/0",
      "security scheme name chat-key must be a JavaScript identifier (it names the client option)",
    ],
    [
      "two security schemes in one document",
      (d) => {
        at(d, "components", "securitySchemes").other = { type: "http", scheme: "bearer" };
        at(d, "paths", "/receipts", "post").security = [{ other: [] }];
      },
      "/paths/~1receipts/post/security",
      "all operations of a document must use the same security scheme",
    ],
    [
      "an acknowledgement without its three strings",
      (d) => void (messageWebhook(d)["x-specfirst-acknowledge"] = { operation: "sendReceipt" }),
      "/webhooks/messageReceived/post/x-specfirst-acknowledge",
      "needs operation, success and failure (strings)",
    ],
    [
      "an acknowledgement naming no operation",
      (d) => void (at(messageWebhook(d), "x-specfirst-acknowledge").operation = "sendNote"),
      "/webhooks/messageReceived/post/x-specfirst-acknowledge/operation",
      "names no operation of this document: sendNote",
    ],
    [
      "a handler that is not an identifier",
      (d) => void (messageWebhook(d)["x-specfirst-handler"] = "on message"),
      "/webhooks/messageReceived/post/x-specfirst-handler",
      "must be a JavaScript identifier (the handler option's name)",
    ],
    [
      "a reply naming no operation",
      (d) => void (messageWebhook(d)["x-specfirst-reply"] = "sendLetter"),
      "/webhooks/messageReceived/post/x-specfirst-reply",
      "names no operation of this document: sendLetter",
    ],
    [
      "two webhooks without x-specfirst-match",
      (d) => void delete at(d, "webhooks", "receiptReceived", "post")["x-specfirst-match"],
      "/webhooks",
      "at most one webhook may have no x-specfirst-match (the fallback for payloads no other webhook matches)",
    ],
    [
      "plan limits that are not a map",
      (d) => void (d["x-specfirst-plan-limits"] = [3]),
      "/x-specfirst-plan-limits",
      "must map plan names to { <kind>: <per second> }",
    ],
    [
      "a plan that is not a map",
      (d) => void (at(d, "x-specfirst-plan-limits").paid = 50),
      "/x-specfirst-plan-limits/paid",
      "must map limiter kinds to envelopes per second",
    ],
    [
      "a plan limit of a kind no operation declares",
      (d) => void (at(d, "x-specfirst-plan-limits").free = { letters: 3 }),
      "/x-specfirst-plan-limits/free/letters",
      "no operation declares x-specfirst-rate-limit-kind: letters",
    ],
    [
      "a plan limit that is not a positive integer",
      (d) => void (at(d, "x-specfirst-plan-limits", "paid").messages = 0.5),
      "/x-specfirst-plan-limits/paid/messages",
      "must be a positive integer (per second)",
    ],
    [
      "commands that are not a list",
      (d) => void (d["x-specfirst-commands"] = { ping: {} }),
      "/x-specfirst-commands",
      "must be a list of command builders",
    ],
    [
      "a command without its fields",
      (d) => void (at(d, "x-specfirst-commands", "0").resource = "no"),
      "/x-specfirst-commands/0",
      "needs name (an identifier), method, uri, type and resource (boolean)",
    ],
  ])("reports %s with the source file and the JSON pointer", (_name, edit, pointer, message) => {
    // Contained rather than equal: an edit may also break what refers to it (dropping sendMessage breaks the reply).
    expect(problemsAfter(edit)).toContainEqual({ file: FILE, pointer, message });
  });

  it("reports a rule broken at the document level once, at the document's pointer, not once per operation", () => {
    const unsupported = problemsAfter(
      (d) => void (at(d, "components", "securitySchemes").chatKey = { type: "apiKey", in: "cookie", name: "k" }),
    );
    expect(unsupported.filter((problem) => problem.pointer === "/components/securitySchemes/chatKey")).toHaveLength(1);
    const badName = problemsAfter((d) => void (d.security = [{ "chat-key": [] }]));
    expect(badName).toEqual([
      {
        file: FILE,
        pointer: "/security/0",
        message: "security scheme name chat-key must be a JavaScript identifier (it names the client option)",
      },
    ]);
  });

  it("reports every problem of the document at once", () => {
    const problems = problemsAfter((d) => {
      sendMessage(d).operationId = "send-message";
      d["x-specfirst-commands"] = {};
    });
    // With sendMessage unread, what names it (the reply, the plan limits of its kind) is reported too.
    expect(problems.map((problem) => problem.pointer)).toEqual([
      "/paths/~1messages/post/operationId",
      "/webhooks/messageReceived/post/x-specfirst-reply",
      "/x-specfirst-plan-limits/free/messages",
      "/x-specfirst-plan-limits/paid/messages",
      "/x-specfirst-commands",
    ]);
  });
});

describe("readVariants", () => {
  it("reads each x-specfirst-<kind> list of schema names, keeping only strings, and an empty list for a kind left out", () => {
    expect(readVariants({ "x-specfirst-strict": ["message", 3, "command"] })).toEqual({
      lenient: [],
      strict: ["message", "command"],
    });
    expect(readVariants({ "x-specfirst-lenient": "config" })).toEqual({ lenient: [], strict: [] });
  });
});
