/**
 * Type tests of the conditional rules in the generated types (the schemas' `if`/`then`/`else` read into unions by
 * generator/model/conditional-rules.ts), checked by the project's type check; nothing here runs. Each
 * `@ts-expect-error` line must fail to compile, and each `expectTypeOf` must hold.
 */
import { expectTypeOf } from "vitest";
import type { Command, CommandResponse, InboundNotification, KnownCommand, Notification, OutboundNotification, Reason } from "../../generated/messaging/types.js";

const reason = { code: 42, description: "boom" };

// ---- notification by `event`: `failed` requires `reason` (notification.schema.json#). ----
export const failed: Notification = { event: "failed", reason };
export const consumed: Notification = { event: "consumed" };
// @ts-expect-error a failed notification carries its reason
export const failedWithoutReason: Notification = { event: "failed" };
// @ts-expect-error the rule reaches the schemas that include notification
export const outboundFailed: OutboundNotification = { id: "1", from: "a@b.c", event: "failed" };

export function narrowsByEvent(notification: InboundNotification): Reason | undefined {
  switch (notification.event) {
    case "failed":
      expectTypeOf(notification.reason).toEqualTypeOf<Reason>();
      return notification.reason;
    default:
      expectTypeOf(notification.event).toEqualTypeOf<"accepted" | "dispatched" | "received" | "consumed">();
      return undefined;
  }
}

// ---- command by `method`: `id` except with `observe`, which has none; `resource` with `set` and `observe`. ----
export const get: Command = { id: "1", method: "get", uri: "/ping" };
export const observe: Command = { method: "observe", uri: "/lists/x", resource: {} };
// @ts-expect-error a get command has an id
export const getWithoutId: Command = { method: "get", uri: "/ping" };
// @ts-expect-error an observe command has no id
export const observeWithId: Command = { id: "1", method: "observe", uri: "/lists/x", resource: {} };
// @ts-expect-error a set command carries its resource
export const setWithoutResource: Command = { id: "1", to: "postmaster@lists.example.net", method: "set", uri: "/lists" };
// @ts-expect-error a request carries no status
export const requestWithStatus: Command = { id: "1", method: "get", uri: "/ping", status: "success" };
// @ts-expect-error the rules hold in each known form
export const knownSetWithoutResource: KnownCommand = { id: "1", method: "set", uri: "/schedules", to: "postmaster@scheduler.example.net", type: "application/vnd.ext.schedule+json" };

export function narrowsByMethod(command: Command): string | undefined {
  if (command.method === "observe") {
    expectTypeOf(command.id).toEqualTypeOf<undefined>();
    return undefined;
  }
  expectTypeOf(command.id).toEqualTypeOf<string>();
  return command.id;
}

// ---- command response by `status` (`failure` requires `reason`) and by `method` (`get` success carries the resource). ----
const envelope = { id: "1", from: "postmaster@msging.net", to: "bot@msging.net" } as const;
export const failure: CommandResponse = { ...envelope, method: "set", status: "failure", reason };
export const getSuccess: CommandResponse = { ...envelope, method: "get", status: "success", type: "application/vnd.lime.account+json", resource: {} };
export const setSuccess: CommandResponse = { ...envelope, method: "set", status: "success" };
export const getFailure: CommandResponse = { ...envelope, method: "get", status: "failure", reason };
// @ts-expect-error a failure carries its reason
export const failureWithoutReason: CommandResponse = { ...envelope, method: "set", status: "failure" };
// @ts-expect-error a get success carries the resource
export const getSuccessWithoutResource: CommandResponse = { ...envelope, method: "get", status: "success" };

export function narrowsByStatus(response: CommandResponse): number | undefined {
  switch (response.status) {
    case "failure":
      expectTypeOf(response.reason).toEqualTypeOf<Reason>();
      return response.reason.code;
    case "success":
      if (response.method === "get") expectTypeOf(response.resource).toEqualTypeOf<{ [k: string]: unknown }>();
      return undefined;
  }
}
