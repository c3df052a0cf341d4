import Handlebars from "handlebars";
import { Node, Project, ts, type Diagnostic, type SourceFile } from "ts-morph";
import { parse } from "yaml";
import type { JsonObject, JsonValue } from "../../../runtime/json/json-text.js";
import { isJsonObject } from "../../model/schema-walk.js";
import { GenerationFailed, type Problem } from "../../problems.js";
import { openApiPath } from "../openapi.js";
import type { OutputFile } from "../../write/output-file.js";

export /** Folder of the client stage's handlebars templates, relative to the project root. */
const CLIENT_TEMPLATES_DIR = "templates/client";

const CLIENT_JS_PATH = "generated/client.js";
export const CLIENT_DTS_PATH = "generated/client.d.ts";
const TYPES_PATH = "generated/types.d.ts";
const VALIDATORS_DTS_PATH = "generated/validators.d.ts";
const pathTypesModule = (api: string) => `${api}-paths`;

/** What the client stage reads; all plain data, so its result can be cached by the text of its inputs. */
export interface ClientsInput {
  /** The built OpenAPI documents (`openapi/<api>.yaml`), as YAML text. */
  documents: { api: string; yaml: string }[];
  /** Schema title (the component name and TypeScript type name) → schema name (the validator name). */
  schemaNames: Record<string, string>;
  /** Generated declarations the client's declarations import: types.d.ts, validators.d.ts and `<api>-paths.d.ts`. */
  declarations: OutputFile[];
  /** `templates/client/*.hbs`, keyed `client/<name>.hbs`. */
  templates: ReadonlyMap<string, string>;
}

/** Choices the issue and the seeds leave open, rendered into the runtime and its documentation. */
const DEFAULTS = {
  timeoutMs: 30_000,
  limitWindowMs: 1000,
  retry: { attempts: 4, baseDelayMs: 250, maxDelayMs: 4000 },
  maxBodyBytes: 1_048_576,
};

/**
 * Sends that are idempotent, by request schema: the field whose presence makes a resend the same envelope. A
 * message with an `id` is one message whatever the number of attempts (the seed: ids are never reused).
 */
const IDEMPOTENT_WITH: Record<string, string> = { Message: "id" };

/**
 * Command builders for the extension resources of the seed. `extension` is the default extension name of
 * `postmaster@<extension>.<host>` where the API description shows one (broadcast, scheduler); the resource type of
 * each is looked up in `ResourceByType` of generated/types.d.ts.
 */
const EXTENSION_BUILDERS = [
  { name: "setList", summary: "Create or update a distribution list (broadcast lists)", method: "set", uri: "/lists", type: "application/vnd.ext.distribution-list+json", extension: "broadcast", withResource: true },
  { name: "getLists", summary: "Read the distribution lists (broadcast lists)", method: "get", uri: "/lists", type: "application/vnd.ext.distribution-list+json", extension: "broadcast", withResource: false },
  { name: "setSchedule", summary: "Schedule a message (scheduler)", method: "set", uri: "/schedules", type: "application/vnd.ext.schedule+json", extension: "scheduler", withResource: true },
  { name: "trackEvent", summary: "Track an event (event tracking)", method: "set", uri: "/event-track", type: "application/vnd.ext.eventTrack+json", extension: undefined, withResource: true },
] as const;

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const COMPONENT_SCHEMA = /^#\/components\/schemas\/([^/]+)$/;

const pascal = (text: string) => text.replace(/(^|[-_ ./+])(\w)/g, (_m, _sep: string, c: string) => c.toUpperCase());
const escapePointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");
const objectAt = (value: JsonValue | undefined): JsonObject => (isJsonObject(value) ? value : {});

interface Operation {
  api: string;
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  requestType: string;
  schema: string;
  success: number[];
  response: "none" | "json" | "any";
  responseType: string | undefined;
  category: string | null;
  idempotentWith: string | null;
}

interface Webhook {
  name: string;
  operationId: string;
  summary: string;
  type: string;
  schema: string;
}

interface Api {
  api: string;
  file: string;
  title: string;
  factory: string;
  clientType: string;
  optionsType: string;
  credential: { option: string; header: string; prefix: string };
  operations: Operation[];
  webhooks: Webhook[];
  limits: Map<string, Map<string, number>> | undefined;
}

/** The first paragraph of a markdown description, as lines, for a JSDoc comment. */
function firstParagraph(text: string): string[] {
  const paragraph = text.trim().split(/\n\s*\n/)[0] ?? "";
  return paragraph
    .split("\n")
    .map((line) => line.trim().replace(/\*\//g, "*\\/"))
    .filter((line) => line !== "");
}

/**
 * Per-second limits by plan and envelope kind from the markdown tables of a description whose header cell is
 * `Limit` (`| Messages per second | 3 | 250 | 500 |`). A plan in several tables must have the same figures.
 */
function parseLimitTables(description: string, categories: Set<string>, where: { file: string; pointer: string }, problems: Problem[]): Map<string, Map<string, number>> | undefined {
  const cells = (line: string) => line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((cell) => cell.trim());
  const lines = description.split("\n");
  const limits = new Map<string, Map<string, number>>();
  const fail = (message: string) => problems.push({ ...where, message });
  for (let index = 0; index < lines.length; index++) {
    const header = lines[index]?.trim() ?? "";
    if (!header.startsWith("|") || cells(header)[0]?.toLowerCase() !== "limit") continue;
    const plans = cells(header).slice(1).map((plan) => plan.toLowerCase());
    index += 2; // header and separator
    for (; index < lines.length && (lines[index]?.trim() ?? "").startsWith("|"); index++) {
      const [label = "", ...values] = cells(lines[index] ?? "");
      const category = label.split(/\s+/)[0]?.toLowerCase() ?? "";
      if (!categories.has(category)) {
        fail(`throughput table row "${label}" names no operation path (expected one of: ${[...categories].join(", ")})`);
        continue;
      }
      plans.forEach((plan, column) => {
        const rate = Number(values[column]);
        if (!Number.isInteger(rate) || rate <= 0) return fail(`throughput table: "${label}" of plan ${plan} is not a positive integer`);
        const byCategory = limits.get(plan) ?? new Map<string, number>();
        limits.set(plan, byCategory);
        const known = byCategory.get(category);
        if (known !== undefined && known !== rate) fail(`throughput tables disagree: plan ${plan} has ${known} and ${rate} ${label}`);
        byCategory.set(category, rate);
      });
    }
  }
  return limits.size === 0 ? undefined : limits;
}

/** The operations, webhooks, security and limits of one OpenAPI document. */
function readApi(api: string, yaml: string, schemaNames: Record<string, string>, problems: Problem[]): Api {
  const file = openApiPath(api);
  const document = objectAt(parse(yaml) as JsonValue);
  const info = objectAt(document.info);
  const components = objectAt(document.components);
  const schemes = objectAt(components.securitySchemes);
  const fail = (pointer: string, message: string) => problems.push({ file, pointer, message });

  const schemaOf = (body: JsonValue | undefined, pointer: string): { type: string; schema: string } | undefined => {
    const ref = objectAt(objectAt(objectAt(objectAt(body).content)["application/json"]).schema).$ref;
    const match = typeof ref === "string" ? COMPONENT_SCHEMA.exec(ref) : null;
    const type = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
    if (type === undefined) return void fail(pointer, "the client needs an application/json body that refers to #/components/schemas/<Title>");
    const schema = schemaNames[type];
    if (schema === undefined) return void fail(pointer, `refers to #/components/schemas/${type}, but no schema has that title`);
    return { type, schema };
  };

  let credential: Api["credential"] | undefined;
  const credentialOf = (security: JsonValue | undefined, pointer: string) => {
    const requirement = Array.isArray(security) ? objectAt(security[0]) : {};
    const name = Object.keys(requirement)[0];
    const scheme = name === undefined ? {} : objectAt(schemes[name]);
    if (name === undefined || scheme.type !== "apiKey" || scheme.in !== "header" || typeof scheme.name !== "string") {
      return void fail(pointer, "the client needs a security requirement naming an apiKey scheme in a header");
    }
    const description = typeof scheme.description === "string" ? scheme.description : "";
    // `Authorization: Key <ACCESS_KEY>` in the scheme's description: the value is the key after a scheme word.
    const prefix = new RegExp(`\`${scheme.name}: ([A-Za-z]+) <[^>\`]+>\``).exec(description)?.[1];
    const found = { option: name, header: scheme.name, prefix: prefix === undefined ? "" : `${prefix} ` };
    if (credential !== undefined && credential.option !== found.option) fail(pointer, "all operations of a document must use the same security scheme");
    credential ??= found;
  };

  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(objectAt(document.paths))) {
    for (const method of HTTP_METHODS) {
      const operation = objectAt(objectAt(item)[method]);
      if (Object.keys(operation).length === 0) continue;
      const pointer = `/paths/${escapePointer(path)}/${method}`;
      const operationId = operation.operationId;
      if (typeof operationId !== "string" || !/^[A-Za-z_$][\w$]*$/.test(operationId)) {
        fail(`${pointer}/operationId`, "the client needs an operationId that is a JavaScript identifier");
        continue;
      }
      credentialOf(operation.security ?? document.security, `${pointer}/security`);
      const request = schemaOf(operation.requestBody, `${pointer}/requestBody`);
      const responses = objectAt(operation.responses);
      const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status)).map(Number);
      const responseSchemas = [...new Set(success.map((status) => objectAt(objectAt(objectAt(responses[String(status)]).content)["application/json"]).schema))].filter((schema) => schema !== undefined);
      let responseType: string | undefined;
      if (responseSchemas.length > 0) {
        responseType = schemaOf(responses[String(success[0])], `${pointer}/responses/${success[0]}`)?.type;
        if (responseSchemas.length > 1) fail(`${pointer}/responses`, "success responses with different bodies are not supported by the client");
      }
      if (success.length === 0 && responses.default === undefined) fail(`${pointer}/responses`, "declares neither a 2xx nor a default response");
      if (request === undefined) continue;
      operations.push({
        api,
        operationId,
        method: method.toUpperCase(),
        path,
        summary: typeof operation.summary === "string" ? operation.summary : operationId,
        description: typeof operation.description === "string" ? operation.description : "",
        requestType: request.type,
        schema: request.schema,
        success,
        response: responseType !== undefined ? "json" : success.length > 0 ? "none" : "any",
        responseType,
        category: null,
        idempotentWith: IDEMPOTENT_WITH[request.type] ?? null,
      });
    }
  }

  const categories = new Set(operations.map((operation) => operation.path.split("/").pop() ?? ""));
  const limits = parseLimitTables(typeof info.description === "string" ? info.description : "", categories, { file, pointer: "/info/description" }, problems);
  for (const operation of operations) {
    const category = operation.path.split("/").pop() ?? "";
    if (limits !== undefined && [...limits.values()].some((rates) => rates.has(category))) operation.category = category;
  }

  const webhooks: Webhook[] = [];
  for (const [name, item] of Object.entries(objectAt(document.webhooks))) {
    const operation = objectAt(objectAt(item).post);
    const pointer = `/webhooks/${escapePointer(name)}/post`;
    const request = schemaOf(operation.requestBody, `${pointer}/requestBody`);
    if (request === undefined) continue;
    webhooks.push({ name, operationId: String(operation.operationId ?? name), summary: String(operation.summary ?? name), ...request });
  }

  return {
    api,
    file,
    title: typeof info.title === "string" ? info.title : api,
    factory: `create${pascal(api)}Client`,
    clientType: `${pascal(api)}Client`,
    optionsType: `${pascal(api)}ClientOptions`,
    credential: credential ?? { option: "apiKey", header: "Authorization", prefix: "" },
    operations,
    webhooks,
    limits,
  };
}

/** What ts-morph reads from generated/types.d.ts: type names, which are generic, and the `ResourceByType` map. */
function inspectTypes(typesText: string): { names: Set<string>; generic: Set<string>; resourceByType: Map<string, string> } {
  const project = new Project({ useInMemoryFileSystem: true });
  const source = project.createSourceFile("/types.d.ts", typesText);
  const names = new Set<string>();
  const generic = new Set<string>();
  for (const alias of source.getTypeAliases()) {
    names.add(alias.getName());
    if (alias.getTypeParameters().length > 0) generic.add(alias.getName());
  }
  for (const declaration of source.getInterfaces()) names.add(declaration.getName());
  const resourceByType = new Map<string, string>();
  for (const property of source.getInterface("ResourceByType")?.getProperties() ?? []) {
    resourceByType.set(property.getName().replace(/^["']|["']$/g, ""), property.getTypeNodeOrThrow().getText());
  }
  return { names, generic, resourceByType };
}

const flatten = (diagnostic: Diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, "\n").split("\n")[0] ?? "";

function diagnosticProblem(diagnostic: Diagnostic, file: string, note: string): Problem {
  const source = diagnostic.getSourceFile();
  const start = diagnostic.getStart();
  let quoted = "";
  if (source !== undefined && start !== undefined) {
    const { line } = source.getLineAndColumnAtPos(start);
    quoted = ` in: ${(source.getFullText().split("\n")[line - 1] ?? "").trim().slice(0, 160)}`;
  }
  return { file, pointer: "", message: `${note}: ${flatten(diagnostic)}${quoted} (rendered from ${CLIENT_TEMPLATES_DIR}/)` };
}

const valueExports = (source: SourceFile) =>
  new Set(
    [...source.getExportedDeclarations()]
      .filter(([, declarations]) => declarations.some((d) => Node.isClassDeclaration(d) || Node.isFunctionDeclaration(d) || Node.isVariableDeclaration(d)))
      .map(([name]) => name),
  );

/**
 * Compiles the emitted declarations with the generated ones they import, strictly and with no DOM or Node types
 * (as tsconfig.generated.json does), plus assertions: every operation is one of openapi-typescript's `operations`
 * of its document and every command builder's resource type is in `ResourceByType`. Then parses client.js and
 * checks that it exports exactly the values client.d.ts declares.
 */
function checkOutputs(js: string, dts: string, declarations: OutputFile[], apis: Api[]): Problem[] {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: {
      strict: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2023.d.ts"],
      types: [],
      noEmit: true,
      skipLibCheck: false,
    },
  });
  project.getFileSystem().writeFileSync("/package.json", JSON.stringify({ type: "module" }));
  for (const declaration of declarations) project.createSourceFile(`/${declaration.path}`, declaration.contents);
  const client = project.createSourceFile(`/${CLIENT_DTS_PATH}`, dts);
  const assertions = [
    `import type * as Types from "./types.js";`,
    ...apis.map((api) => `import type { operations as ${pascal(api.api)}Operations } from "./${pathTypesModule(api.api)}.js";`),
    `type Assert<T extends true> = T;`,
    ...apis.flatMap((api) => api.operations.map((op) => `export type Operation_${op.operationId} = Assert<${JSON.stringify(op.operationId)} extends keyof ${pascal(api.api)}Operations ? true : false>;`)),
    ...EXTENSION_BUILDERS.map((builder) => `export type Resource_${builder.name} = Assert<${JSON.stringify(builder.type)} extends keyof Types.ResourceByType ? true : false>;`),
  ];
  const check = project.createSourceFile("/generated/client-check.ts", assertions.join("\n"));
  const problems = [client, check].flatMap((source) => project.getProgram().getSemanticDiagnostics(source).concat(project.getProgram().getSyntacticDiagnostics(source)));
  const typeProblems = problems.map((diagnostic) => diagnosticProblem(diagnostic, CLIENT_DTS_PATH, "the client declarations do not compile against the generated types"));

  const jsProject = new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext } });
  const script = jsProject.createSourceFile("/client.js", js);
  const syntax = jsProject.getProgram().getSyntacticDiagnostics(script).map((diagnostic) => diagnosticProblem(diagnostic, CLIENT_JS_PATH, "the client module is not valid JavaScript"));
  if (syntax.length > 0 || typeProblems.length > 0) return [...typeProblems, ...syntax];
  const declared = valueExports(client);
  const exported = valueExports(script);
  const mismatch: Problem[] = [];
  for (const name of exported) if (!declared.has(name)) mismatch.push({ file: CLIENT_DTS_PATH, pointer: "", message: `client.js exports ${name}, which client.d.ts does not declare (rendered from ${CLIENT_TEMPLATES_DIR}/)` });
  for (const name of declared) if (!exported.has(name)) mismatch.push({ file: CLIENT_JS_PATH, pointer: "", message: `client.d.ts declares ${name}, which client.js does not export (rendered from ${CLIENT_TEMPLATES_DIR}/)` });
  return mismatch;
}

/**
 * The client stage: reads each OpenAPI document's operations (operationId, method, path, request schema, success
 * status, security scheme), webhooks and throughput tables, and renders `templates/client/` into
 * generated/client.js (ESM, Node built-ins only) and generated/client.d.ts: the shared runtime once, a factory per
 * document, a method per operation. The declarations are type-checked against the generated types with ts-morph,
 * and a failure stops generation.
 */
export function emitClients(input: ClientsInput): OutputFile[] {
  const problems: Problem[] = [];
  const typesText = input.declarations.find((file) => file.path === TYPES_PATH)?.contents;
  if (typesText === undefined) throw new GenerationFailed([{ file: TYPES_PATH, pointer: "", message: "the client stage needs the generated types" }]);
  const types = inspectTypes(typesText);
  const apis = [...input.documents].sort((a, b) => a.api.localeCompare(b.api)).map(({ api, yaml }) => readApi(api, yaml, input.schemaNames, problems));
  const missingType = (api: Api, type: string | undefined) => {
    if (type !== undefined && !types.names.has(type)) problems.push({ file: api.file, pointer: "", message: `refers to schema ${type}, but ${TYPES_PATH} has no type ${type}` });
  };
  for (const api of apis) for (const operation of api.operations) [operation.requestType, operation.responseType].forEach((type) => missingType(api, type));
  const limited = apis.filter((api) => api.limits !== undefined);
  const hooked = apis.filter((api) => api.webhooks.length > 0);
  if (limited.length > 1) problems.push({ file: limited[1]?.file ?? "", pointer: "/info/description", message: "throughput tables in more than one document: PLAN_LIMITS holds one API's plans" });
  if (hooked.length !== 1) problems.push({ file: hooked[1]?.file ?? "openapi/", pointer: "/webhooks", message: "the webhook handler needs exactly one document with webhooks" });
  const builders = EXTENSION_BUILDERS.map((builder) => {
    const resourceType = types.resourceByType.get(builder.type);
    if (resourceType === undefined) problems.push({ file: TYPES_PATH, pointer: "", message: `ResourceByType has no ${builder.type}, needed by commands.${builder.name}` });
    const { withResource, summary, ...spec } = builder;
    return { ...builder, spec, summary, resourceType: withResource ? resourceType : undefined };
  });
  const ids = new Set<string>();
  for (const api of apis) for (const operation of api.operations) {
    if (ids.has(operation.operationId)) problems.push({ file: api.file, pointer: "", message: `operationId ${operation.operationId} is used by two documents` });
    ids.add(operation.operationId);
  }
  if (problems.length > 0) throw new GenerationFailed(problems);

  const handlebars = Handlebars.create();
  handlebars.registerHelper("json", (value: unknown) => JSON.stringify(value));
  const render = (name: string, view: object): string => {
    const text = input.templates.get(`client/${name}`);
    if (text === undefined) throw new GenerationFailed([{ file: `${CLIENT_TEMPLATES_DIR}/${name}`, pointer: "", message: "template does not exist" }]);
    try {
      return handlebars.compile(text, { noEscape: true, strict: true })(view);
    } catch (error) {
      throw new GenerationFailed([{ file: `${CLIENT_TEMPLATES_DIR}/${name}`, pointer: "", message: (error as Error).message.split("\n")[0] ?? "template error" }]);
    }
  };

  const limitsApi = limited[0];
  const planLimits = Object.fromEntries([...(limitsApi?.limits ?? [])].map(([plan, rates]) => [plan, Object.fromEntries(rates)]));
  const limitCategories = [...new Set([...(limitsApi?.limits?.values() ?? [])].flatMap((rates) => [...rates.keys()]))];
  const webhookApi = hooked[0] as Api;
  const shared = {
    defaults: DEFAULTS,
    planLimits,
    planLimitsTypes: Object.entries(planLimits).map(([plan, rates]) => ({ plan, rates: Object.entries(rates).map(([category, rate]) => ({ category, rate })) })),
    limitCategories: limitCategories.length > 0 ? limitCategories : ["never"],
    planSource: limitsApi === undefined ? "no document shows throughput limits" : `from the throughput tables of ${limitsApi.file}`,
    extensionBuilders: builders,
    webhooks: webhookApi.webhooks.map((webhook) => ({ operationId: webhook.operationId, schema: webhook.schema, handler: `on${webhook.type}` })),
    operationIds: [...ids],
    pathTypes: apis.map((api) => ({ alias: `${pascal(api.api)}Paths`, module: `${pathTypesModule(api.api)}.js` })),
    apis: [] as { file: string; rendered: string }[],
  };

  const descriptorOf = (api: Api) => ({ api: api.api, factory: api.factory, credential: { option: api.credential.option, header: api.credential.header, prefix: api.credential.prefix }, limits: api === limitsApi, retry: api.operations.some((op) => op.idempotentWith !== null) });
  const successText = (op: Operation) => (op.success.length === 0 ? "any HTTP 2xx" : op.success.map((status) => `HTTP ${status}`).join(" or "));

  const jsApis = apis.map((api) => ({
    file: api.file,
    rendered: render("api.js.hbs", {
      ...api,
      descriptor: descriptorOf(api),
      operations: api.operations.map((op) =>
        render("operation.js.hbs", {
          ...op,
          successText: successText(op),
          descriptor: { operationId: op.operationId, method: op.method, path: op.path, schema: op.schema, success: op.success, response: op.response, category: op.category, idempotentWith: op.idempotentWith },
        }),
      ),
    }),
  }));
  const dtsApis = apis.map((api) => ({
    file: api.file,
    rendered: render("api.d.ts.hbs", {
      ...api,
      descriptor: descriptorOf(api),
      operations: api.operations.map((op) => {
        const generic = types.generic.has(op.requestType);
        const resultType = op.response === "json" ? `Types.${op.responseType}` : op.response === "none" ? "void" : "ApiResponse";
        const resolvesText =
          op.response === "json"
            ? `with the \`${op.responseType}\` of the ${successText(op)} answer`
            : op.response === "none"
              ? `on ${successText(op)}, with no value`
              : `on ${successText(op)} with \`{ status, body }\` (the API description shows no response)`;
        return render("operation.d.ts.hbs", {
          ...op,
          descriptionLines: firstParagraph(op.description),
          typeParameters: generic ? "<T extends string = string>" : "",
          typeArguments: generic ? "<T>" : "",
          resultType,
          resolvesText,
        });
      }),
    }),
  }));
  const runtimeJs = render("runtime.js.hbs", shared);
  const runtimeDts = render("runtime.d.ts.hbs", shared);
  const js = render("client.js.hbs", { ...shared, apis: jsApis, runtime: runtimeJs });
  const dts = render("client.d.ts.hbs", {
    ...shared,
    apis: dtsApis,
    runtime: runtimeDts,
    webhookClient: webhookApi.clientType,
    webhooks: webhookApi.webhooks.map((webhook) =>
      render("webhook.d.ts.hbs", { ...webhook, handler: `on${webhook.type}`, param: webhook.schema, isMessage: webhook.schema === "message" }),
    ),
  });

  const checked = checkOutputs(js, dts, input.declarations.filter((file) => file.path === TYPES_PATH || file.path === VALIDATORS_DTS_PATH || file.path.endsWith("-paths.d.ts")), apis);
  if (checked.length > 0) throw new GenerationFailed(checked);
  return [
    { path: CLIENT_JS_PATH, contents: js },
    { path: CLIENT_DTS_PATH, contents: dts },
  ];
}
