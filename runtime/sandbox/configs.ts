import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config } from "../../generated/types.js";
import { redact } from "../../generated/validators.js";
import { checkPlainAuthorization, readBody, SANDBOX_CHOICE, SANDBOX_HEADER, sendEmpty } from "./http.js";
import { notPlayed, readEnvelope, reject, type HandlerContext } from "./messaging.js";
import type { SandboxOperation } from "./operations.js";
import { now, type StoredConfig } from "./state.js";

/**
 * An operation of the configs API (`POST /v1/configs`, `createConfig`): `Authorization: <configs key>` (401
 * otherwise), strict validation against its request schema (`config`; 400 with the validator's errors, which never
 * quote the payload), then stored in memory, secrets redacted. A config whose `id` is already stored replaces it.
 * Answers 201 with no body, as the configs document declares (docs/decisions.md#openapi-documents): its seed shows
 * no response, so the sandbox adds nothing a client could come to rely on; the stored config is in its state.
 */
export async function handleConfigs(
  context: HandlerContext,
  operation: SandboxOperation,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const unauthorized = checkPlainAuthorization(request, context.configsKey);
  if (unauthorized !== undefined) {
    await readBody(request).catch(() => undefined);
    reject(
      context,
      request,
      response,
      401,
      [unauthorized],
      "the configs API description shows no error responses; 401 for a missing or wrong API key",
    );
    return;
  }
  if (operation.operationId !== "createConfig") return notPlayed(context, operation, request, response);
  const value = await readEnvelope(context, request, response, operation);
  if (value === undefined) return;
  const config = value as Config;
  const id = typeof config.id === "string" && config.id !== "" ? config.id : randomUUID();
  const stored: StoredConfig = { at: now(), id, config: redact("config", { ...config, id }) };
  const configs = context.store.state.configs;
  const index = configs.findIndex((entry) => entry.id === id);
  if (index === -1) configs.push(stored);
  else configs[index] = stored;
  context.store.changed();
  sendEmpty(response, 201, { [SANDBOX_HEADER]: SANDBOX_CHOICE });
}
