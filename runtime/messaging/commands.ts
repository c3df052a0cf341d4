/**
 * Command builders: the fixed server commands (`ping`, `account`) and one builder per extension command declared as
 * plain data (`x-specfirst-commands` of the OpenAPI source). No extension address is shown in the API description,
 * so every extension builder needs the caller's `to`, or `host` with `extension`.
 */
import { newMessageId } from "./ids.js";

/** One extension command, as declared in `x-specfirst-commands`. */
export interface CommandSpec {
  /** The builder's name (`setList`). */
  readonly name: string;
  readonly summary: string;
  /** The command method (`get`, `set`, `merge`, `delete`, ...). */
  readonly method: string;
  readonly uri: string;
  /** The media type of the command's `resource`. */
  readonly type: string;
  /** Whether the builder takes a resource (its first argument). */
  readonly resource: boolean;
}

/** Address of an extension: `postmaster@<extension>.<host>`. */
export function extensionAddress(extension: string, host: string): string {
  if (typeof extension !== "string" || extension === "" || typeof host !== "string" || host === "") {
    throw new TypeError("extensionAddress: extension and host must be non-empty strings");
  }
  return `postmaster@${extension}.${host}`;
}

/** Options of a command to the server. */
export interface ServerCommandOptions {
  /** Default: a new UUID. */
  id?: string | undefined;
  /** Default: omitted (the server). */
  to?: string | undefined;
}

/** Options of a server command (`ping`, `account`): another name of `ServerCommandOptions`. */
export type CommandOptions = ServerCommandOptions;

/** A command to the server. */
export type ServerCommand<U extends string = string> = {
  id: string;
  to?: string;
  method: "get";
  uri: U;
};

/** Where an extension command goes: `to`, or `host` and `extension` giving `postmaster@<extension>.<host>`. `id` defaults to a new UUID. */
export type ExtensionTarget = { id?: string | undefined } & ({ to: string } | { host: string; extension: string });

/** A command to an extension, built from its spec. */
export type ExtensionCommand<S extends CommandSpec = CommandSpec, R = unknown> = {
  id: string;
  to: string;
  method: S["method"];
  uri: S["uri"];
  /** With a resource only. */
  type?: S["type"];
  resource?: R;
};

/** The builder of one spec: `(item, target)` when its URI ends in `/{name}`, `(resource, target)` when it takes a resource, else `(target)`. */
export type CommandBuilder<S extends CommandSpec> = S["uri"] extends `${string}/{${string}}`
  ? (item: string, target: ExtensionTarget) => Omit<ExtensionCommand<S, never>, "uri"> & { uri: string }
  : S["resource"] extends true
    ? <R>(resource: R, target: ExtensionTarget) => ExtensionCommand<S, R> & { type: S["type"]; resource: R }
    : (target: ExtensionTarget) => ExtensionCommand<S, never>;

/** A URI naming one item: `/schedules/{id}`; the builder puts the item (URI-encoded) in place of `{id}`. */
const ITEM_URI = /\/\{[A-Za-z_$][\w$]*\}$/;

/** The fixed builders of server commands. */
export interface ServerCommandBuilders {
  /** `get /ping` on the server (`to` omitted: the server). */
  ping(options?: ServerCommandOptions): ServerCommand<"/ping">;
  /** `get /account` on the server. */
  account(options?: ServerCommandOptions): ServerCommand<"/account">;
}

/** `ping`, `account` and one builder per spec, named by the spec. */
export type CommandBuilders<Specs extends readonly CommandSpec[]> = ServerCommandBuilders & {
  readonly [S in Specs[number] as S["name"]]: CommandBuilder<S>;
};

const serverCommand = <U extends string>(uri: U, options: ServerCommandOptions | undefined): ServerCommand<U> => {
  const id = options?.id ?? newMessageId();
  return options?.to === undefined ? { id, method: "get", uri } : { id, to: options.to, method: "get", uri };
};

interface TargetFields {
  id?: unknown;
  to?: unknown;
  host?: unknown;
  extension?: unknown;
}

function targetAddress(target: TargetFields | undefined, name: string): string {
  if (typeof target?.to === "string" && target.to !== "") return target.to;
  if (
    typeof target?.host === "string" &&
    target.host !== "" &&
    typeof target.extension === "string" &&
    target.extension !== ""
  )
    return extensionAddress(target.extension, target.host);
  throw new TypeError(
    `commands.${name}: pass \`to\`, or \`host\` with \`extension\` (no extension address is shown in the API description)`,
  );
}

function extensionCommand(
  spec: CommandSpec,
  target: TargetFields | undefined,
  resource: unknown,
  item?: unknown,
): ExtensionCommand {
  const to = targetAddress(target, spec.name);
  const id = typeof target?.id === "string" ? target.id : newMessageId();
  let uri = spec.uri;
  if (ITEM_URI.test(uri)) {
    if (typeof item !== "string" || item === "")
      throw new TypeError(`commands.${spec.name}: pass the item's identifier first (a non-empty string)`);
    uri = uri.replace(ITEM_URI, `/${encodeURIComponent(item)}`);
  }
  const command: ExtensionCommand = { id, to, method: spec.method, uri };
  if (resource !== undefined) {
    command.type = spec.type;
    command.resource = resource;
  }
  return command;
}

const SERVER_BUILDERS = new Set(["ping", "account"]);

function checkSpec(spec: CommandSpec, seen: Set<string>): CommandSpec {
  const where = `createCommandBuilders: ${typeof spec?.name === "string" ? spec.name : "a spec"}`;
  if (spec === null || typeof spec !== "object")
    throw new TypeError("createCommandBuilders: every spec must be an object");
  if (typeof spec.name !== "string" || !/^[A-Za-z_$][\w$]*$/.test(spec.name))
    throw new TypeError(`${where}: name must be a JavaScript identifier`);
  if (SERVER_BUILDERS.has(spec.name) || seen.has(spec.name) || spec.name === "__proto__")
    throw new TypeError(`${where}: the name is already taken`);
  for (const field of ["method", "uri", "type"] as const) {
    if (typeof spec[field] !== "string" || spec[field] === "")
      throw new TypeError(`${where}: ${field} must be a non-empty string`);
  }
  if (typeof spec.resource !== "boolean") throw new TypeError(`${where}: resource must be a boolean`);
  if (spec.resource && ITEM_URI.test(spec.uri))
    throw new TypeError(`${where}: a command on one item (uri ending in /{name}) takes no resource`);
  seen.add(spec.name);
  return Object.freeze({
    name: spec.name,
    summary: String(spec.summary ?? ""),
    method: spec.method,
    uri: spec.uri,
    type: spec.type,
    resource: spec.resource,
  });
}

/**
 * The command builders: `ping(options?)`, `account(options?)` and, per spec, `name(resource, target)` (when
 * `resource` is true), `name(item, target)` (when its `uri` ends in `/{name}`: the item, URI-encoded, in its place) or
 * `name(target)`. `target` is `{ to }` or `{ host, extension }`, plus an optional `id`;
 * anything else throws a `TypeError`. Each command gets a new UUID `id` unless one is passed.
 */
export function createCommandBuilders<const Specs extends readonly CommandSpec[]>(
  specs: Specs,
): CommandBuilders<Specs> {
  if (!Array.isArray(specs)) throw new TypeError("createCommandBuilders needs an array of command specs");
  const builders: Record<string, unknown> = {
    ping: (options?: ServerCommandOptions) => serverCommand("/ping", options),
    account: (options?: ServerCommandOptions) => serverCommand("/account", options),
  };
  const seen = new Set<string>();
  for (const given of specs as readonly CommandSpec[]) {
    const spec = checkSpec(given, seen);
    builders[spec.name] = ITEM_URI.test(spec.uri)
      ? (item: unknown, target?: TargetFields) => extensionCommand(spec, target, undefined, item)
      : spec.resource
        ? (resource: unknown, target?: TargetFields) => extensionCommand(spec, target, resource)
        : (target?: TargetFields) => extensionCommand(spec, target, undefined);
  }
  return Object.freeze(builders) as unknown as CommandBuilders<Specs>;
}
