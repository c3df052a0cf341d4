import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject } from "../model/schema-walk.js";
import { clientFactoryName } from "../model/names.js";

/**
 * Code samples for each operation of a published document, as Redoc and Scalar read them (`x-codeSamples`: a list of
 * `{ lang, label, source }`, shown beside the operation): curl, the specfirst client and plain `fetch`, each sending
 * the operation's first request example to the first server (its variables at their defaults) with the document's
 * credential, spelled as its security scheme says (`Authorization: Key <ACCESS_KEY>` with
 * `x-specfirst-credential-prefix: 'Key '`). test/code-samples.test.ts runs each one against the sandbox.
 */

const HTTP_METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** The first server's URL with each variable replaced by its default. */
function baseUrlOf(document: JsonObject): string | undefined {
  const [server] = Array.isArray(document.servers) ? document.servers : [];
  if (!isJsonObject(server) || typeof server.url !== "string") return undefined;
  const variables = isJsonObject(server.variables) ? server.variables : {};
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isJsonObject(variable) && typeof variable.default === "string" ? variable.default : whole;
  });
}

/** `accessKey` → `ACCESS_KEY`: the environment variable the samples read the credential from. */
const environmentName = (option: string) => option.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();

interface Credential {
  option: string;
  header: string;
  prefix: string;
}

/** The document's apiKey-in-header credential (its first security requirement), when it has one. */
function credentialOf(document: JsonObject): Credential | undefined {
  const [requirement] = Array.isArray(document.security) ? document.security : [];
  const option = isJsonObject(requirement) ? Object.keys(requirement)[0] : undefined;
  const components = isJsonObject(document.components) ? document.components : {};
  const schemes = isJsonObject(components.securitySchemes) ? components.securitySchemes : {};
  const scheme = option === undefined ? undefined : schemes[option];
  if (option === undefined || !isJsonObject(scheme) || scheme.type !== "apiKey" || scheme.in !== "header") return;
  if (typeof scheme.name !== "string") return undefined;
  const prefix = scheme["x-specfirst-credential-prefix"];
  return { option, header: scheme.name, prefix: typeof prefix === "string" ? prefix : "" };
}

/** The first example of an operation's JSON request body. */
function firstExample(operation: JsonObject): JsonValue | undefined {
  const body = isJsonObject(operation.requestBody) ? operation.requestBody : {};
  const content = isJsonObject(body.content) ? body.content : {};
  const media = isJsonObject(content["application/json"]) ? content["application/json"] : {};
  if (media.example !== undefined) return media.example;
  const examples = isJsonObject(media.examples) ? Object.values(media.examples) : [];
  const [first] = examples;
  return isJsonObject(first) ? first.value : undefined;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** The value as JSON, two spaces an indentation level, its lines after the first indented by `indent`. */
const indented = (value: JsonValue, indent: string) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);

function samples(
  api: string,
  base: string,
  route: string,
  method: string,
  operationId: string,
  example: JsonValue,
  credential: Credential,
): JsonObject[] {
  const url = `${base}${route}`;
  const variable = environmentName(credential.option);
  const upper = method.toUpperCase();
  const curl = [
    `curl -X ${upper} ${shellQuote(url)}`,
    `  -H ${shellQuote(`${credential.header}: ${credential.prefix}<${variable}>`)}`,
    `  -H 'Content-Type: application/json'`,
    `  --data ${shellQuote(JSON.stringify(example))}`,
  ].join(" \\\n");
  const client = [
    `import { ${clientFactoryName(api)} } from "specfirst/client";`,
    ``,
    `const client = ${clientFactoryName(api)}({ baseUrl: ${JSON.stringify(base)}, ${credential.option}: process.env.${variable}! });`,
    `const result = await client.${operationId}(${indented(example, "")});`,
  ].join("\n");
  const fetchSample = [
    `const response = await fetch(${JSON.stringify(url)}, {`,
    `  method: ${JSON.stringify(upper)},`,
    `  headers: { ${JSON.stringify(credential.header)}: \`${credential.prefix}\${process.env.${variable}}\`, "Content-Type": "application/json" },`,
    `  body: JSON.stringify(${indented(example, "  ")}),`,
    `});`,
  ].join("\n");
  return [
    { lang: "Shell", label: "curl", source: curl },
    { lang: "TypeScript", label: "specfirst client", source: client },
    { lang: "JavaScript", label: "fetch", source: fetchSample },
  ];
}

/**
 * The document with `x-codeSamples` on every operation that has a JSON request body example, when the document has
 * a server and an apiKey credential in a header (the samples need both). Other documents are returned unchanged.
 */
export function withCodeSamples(api: string, document: JsonObject): JsonObject {
  const base = baseUrlOf(document);
  const credential = credentialOf(document);
  if (base === undefined || credential === undefined || !isJsonObject(document.paths)) return document;
  const paths: JsonObject = {};
  for (const [route, item] of Object.entries(document.paths)) {
    if (!isJsonObject(item)) {
      paths[route] = item;
      continue;
    }
    const withSamples: JsonObject = { ...item };
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isJsonObject(operation) || typeof operation.operationId !== "string") continue;
      const example = firstExample(operation);
      if (example === undefined) continue;
      withSamples[method] = {
        ...operation,
        "x-codeSamples": samples(api, base, route, method, operation.operationId, example, credential),
      };
    }
    paths[route] = withSamples;
  }
  return { ...document, paths };
}
