/**
 * The webhook checks of a verify run (`--webhook-port`): after the requests, waits for the notifications of the
 * messages the server accepted, then judges `notification_delivery` (each one got a notification for its id) and
 * `webhook_payload_conformance` (every payload the bot received is valid against its webhook's schema).
 */
import { JsonSyntaxError, readJson } from "../json/read-json.js";
import type { CheckId } from "./check-ids.js";
import type { Exchange } from "./checks.js";
import { webhookOf, type VerifiedApi } from "./contract.js";
import { curlOf } from "./http.js";
import type { VerifyFailure } from "./report.js";
import { isSchemaObject } from "./schema-model.js";
import type { WebhookReceiver } from "./webhook.js";

/** Quiet time that ends the wait for more webhook payloads once every message has one. */
const WEBHOOK_QUIET_MS = 200;
const decoder = new TextDecoder();

export interface WebhookResult {
  judged: number;
  failed: number;
  failures: VerifyFailure[];
}

/** Waits for the bot's notifications, then judges `notification_delivery` and `webhook_payload_conformance`. */
export async function judgeWebhooks(
  api: VerifiedApi,
  receiver: WebhookReceiver,
  tracked: readonly Exchange[],
  waitMs: number,
  active: readonly CheckId[],
): Promise<Map<CheckId, WebhookResult>> {
  const idOf = (bytes: Uint8Array): unknown => {
    try {
      const value = readJson(bytes);
      return isSchemaObject(value) ? value.id : undefined;
    } catch {
      return undefined;
    }
  };
  const notifiedIds = () => new Set(receiver.received.map((payload) => idOf(payload.body)));
  const sentIds = tracked.map((exchange) => (exchange.body as { id: string }).id);
  await receiver.waitFor(() => {
    const seen = notifiedIds();
    return sentIds.every((id) => seen.has(id));
  }, waitMs);
  // Then until the payloads stop coming for a moment (later events of the same messages), within the same wait.
  const waitEnd = performance.now() + waitMs;
  for (let count = -1; count !== receiver.received.length && performance.now() < waitEnd;) {
    count = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, WEBHOOK_QUIET_MS));
  }

  const results = new Map<CheckId, WebhookResult>();
  const bySize = (a: Exchange, b: Exchange) => a.request.body.byteLength - b.request.body.byteLength;
  const security = api.descriptor.credential.security;
  if (active.includes("notification_delivery")) {
    const seen = notifiedIds();
    const missing = tracked.filter((exchange) => !seen.has((exchange.body as { id: string }).id)).sort(bySize);
    const smallest = missing[0];
    results.set("notification_delivery", {
      judged: tracked.length,
      failed: missing.length,
      failures:
        smallest === undefined
          ? []
          : [
              {
                check: "notification_delivery",
                operationId: smallest.operation.operationId,
                operation: smallest.operation.label,
                case: `valid body (${smallest.label}), the smallest of ${missing.length} without a notification`,
                message: `the message was accepted (${"response" in smallest.outcome ? smallest.outcome.response.status : "?"}) but no notification for its id reached ${receiver.url} within ${waitMs} ms${
                  receiver.received.length === 0
                    ? ` (nothing at all was POSTed there: is the server's notifications URL ${receiver.url}/notifications?)`
                    : ""
                }`,
                reproduction: curlOf(security, smallest.request),
                status: undefined,
                responseExcerpt: undefined,
                shrunk: true,
              },
            ],
    });
  }
  if (active.includes("webhook_payload_conformance")) {
    const bySent = new Map(tracked.map((exchange) => [(exchange.body as { id: string }).id, exchange]));
    const problems = new Map<string, { size: number; failure: VerifyFailure }>();
    let failed = 0;
    for (const payload of receiver.received) {
      let problem: string | undefined;
      let webhookName = "webhook";
      let value: unknown;
      try {
        value = readJson(payload.body);
        const webhook = webhookOf(api.descriptor, value);
        if (webhook === undefined) problem = "matches no webhook of the document";
        else {
          webhookName = webhook.name;
          const result = api.validators.validate(webhook.schema, value);
          if (!result.valid)
            problem = `invalid against ${webhook.schema}: ${result.errors
              .slice(0, 3)
              .map((error) => `${error.pointer || "/"} ${error.message}`)
              .join("; ")}`;
        }
      } catch (caught) {
        if (!(caught instanceof JsonSyntaxError)) throw caught;
        problem = `not JSON (${caught.message})`;
      }
      if (problem === undefined) continue;
      failed += 1;
      const key = `${webhookName}\u0000${problem}`;
      const previous = problems.get(key);
      if (previous !== undefined && previous.size <= payload.body.byteLength) continue;
      const cause = isSchemaObject(value) && typeof value.id === "string" ? bySent.get(value.id) : undefined;
      problems.set(key, {
        size: payload.body.byteLength,
        failure: {
          check: "webhook_payload_conformance",
          operationId: cause?.operation.operationId ?? webhookName,
          operation: `${webhookName} (POST ${payload.path})`,
          case:
            cause === undefined
              ? "a payload POSTed to the bot"
              : `a payload about the message sent by ${cause.operation.label}`,
          message: `the payload is ${problem}\npayload: ${decoder.decode(payload.body.subarray(0, 600))}`,
          reproduction: cause === undefined ? undefined : curlOf(security, cause.request),
          status: undefined,
          responseExcerpt: undefined,
          shrunk: true,
        },
      });
    }
    results.set("webhook_payload_conformance", {
      judged: receiver.received.length,
      failed,
      failures: [...problems.values()].map((entry) => entry.failure),
    });
  }
  return results;
}
