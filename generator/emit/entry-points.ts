import type { Templates } from "../load/templates.js";
import type { OutputFile } from "../write/output-file.js";
import type { ClientExtras } from "./client/index.js";
import { aggregateOutput, apiOutput, runtimeImport } from "../model/output-paths.js";
import { clientFactoryName, pascal } from "../model/names.js";

export interface EntryPointApi {
  api: string;
  /** The type guards its validators module exports (re-exported by `specfirst/validators`). */
  guards: string[];
  /** The schemas its validators module validates by name, variant twins included. */
  schemaNames: string[];
  extras: ClientExtras;
  /** The API uses the envelope-protocol helpers (command builders or acknowledged webhooks). */
  messagingHelpers: boolean;
}

/** Names a client module exports without an API prefix, by the extra that brings them. */
type FlagExtra = "planLimits" | "commands" | "webhooks";
const UNPREFIXED: Record<FlagExtra, string[]> = {
  planLimits: ["PLAN_LIMITS", "type PlanName", "createRateLimiter"],
  commands: ["commands"],
  webhooks: ["createWebhookHandler", "type WebhookHandlerOptions"],
};

/**
 * The entry points: `generated/<api>/index.ts` (`specfirst/<api>`) for each API, and the aggregates over every API:
 * `generated/types.ts` (`specfirst`), `generated/validators.ts` and `generated/client.ts`; and
 * `generated/schema-apis.ts`, which API holds each schema name.
 */
export function emitEntryPoints(apis: readonly EntryPointApi[], templates: Templates): OutputFile[] {
  const messagingHelpers = apis.some((api) => api.messagingHelpers);
  const perApi = apis.map((api) => {
    const path = apiOutput.index(api.api);
    return {
      path,
      contents: templates.render("api/index.ts.hbs", {
        api: api.api,
        runtimeClientPublic: runtimeImport(path, "client/public.js"),
        runtimeMessaging: runtimeImport(path, "messaging/index.js"),
        messagingHelpers: api.messagingHelpers,
      }),
    };
  });
  const providers = (extra: FlagExtra) => apis.filter((api) => api.extras[extra]);
  const clientNames = apis.map((api) => {
    const prefix = pascal(api.api);
    const names = [clientFactoryName(api.api), `type ${prefix}Client`, `type ${prefix}ClientOptions`, `${api.api}Api`];
    if (api.extras.commands) names.push(`type ${prefix}Commands`);
    if (api.extras.webhooks) names.push(`type ${prefix}WebhookContext`, `type ${prefix}WebhookHandler`);
    for (const extra of Object.keys(UNPREFIXED) as FlagExtra[]) {
      if (providers(extra).length === 1 && api.extras[extra])
        names.push(
          ...UNPREFIXED[extra],
          ...(extra === "webhooks" ? api.extras.receivedTypes.map((name) => `type ${name}`) : []),
        );
    }
    return { api: api.api, names };
  });
  const unprefixed = Object.values(UNPREFIXED)
    .flat()
    .map((name) => name.replace(/^type /, ""));
  return [
    ...perApi,
    { path: aggregateOutput.types, contents: templates.render("aggregate/types.ts.hbs", { apis }) },
    {
      path: aggregateOutput.validators,
      contents: templates.render("aggregate/validators.ts.hbs", {
        apis,
        runtimeValidation: runtimeImport(aggregateOutput.validators, "validation/index.js"),
      }),
    },
    {
      path: aggregateOutput.client,
      contents: templates.render("aggregate/client.ts.hbs", {
        apis: clientNames,
        unprefixed,
        messagingHelpers,
        runtimeClientPublic: runtimeImport(aggregateOutput.client, "client/public.js"),
        runtimeMessaging: runtimeImport(aggregateOutput.client, "messaging/index.js"),
      }),
    },
    {
      path: aggregateOutput.schemaApis,
      contents: templates.render("aggregate/schema-apis.ts.hbs", {
        schemas: apis.flatMap((api) => api.schemaNames.map((name) => ({ name, api: api.api }))),
        apis,
      }),
    },
  ];
}
