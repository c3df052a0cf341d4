/** Envelope-protocol helpers of the messaging API: ids, replies, notifications, command builders and checks. */
export { newMessageId } from "./ids.js";
export { reply, notificationFor, consumedNotification, failedNotification, assertSuccess } from "./envelopes.js";
export type { ReplyContent, ReplyMessage, NotificationFor, Received, FromOf } from "./envelopes.js";
export { extensionAddress, createCommandBuilders } from "./commands.js";
export type {
  CommandSpec,
  CommandBuilder,
  CommandBuilders,
  ExtensionCommand,
  ExtensionTarget,
  ServerCommand,
  ServerCommandBuilders,
  ServerCommandOptions,
  CommandOptions,
} from "./commands.js";
