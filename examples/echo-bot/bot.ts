// An echo bot over webhooks: the service POSTs each customer message to the bot's messages URL, the bot sends the
// same content back to the customer (the received `from`, unchanged, as `to`), and the webhook handler then sends
// the `consumed` notification (or `failed` when echoing threw). Plain node:http and the specfirst client.
//
//   export WEBHOOK_SECRET=$(openssl rand -hex 32)
//   MESSAGING_BASE_URL=https://messaging.example.net MESSAGING_ACCESS_KEY=... PORT=8080 npx tsx examples/echo-bot/bot.ts
//
// Set the bot's messages URL and notifications URL in the portal to https://<this host>/messages?secret=<WEBHOOK_SECRET>
// and /notifications?secret=<WEBHOOK_SECRET>; one handler serves both (it tells the envelope kinds apart by their
// fields), and answers 401 to a call without the secret (docs/webhooks.md#authenticating-the-service).
import { createServer } from "node:http";
// In your bot: `from "specfirst/client"`. This example lives in the repository and runs from source, so it imports
// the generated module directly (the package's `specfirst/client` is the compiled form of the same file).
import { createMessagingClient, createWebhookHandler, type PlanName } from "../../generated/client.js";

export interface EchoBotOptions {
  baseUrl: string;
  accessKey: string;
  /** The secret the webhook URLs carry (`?secret=`); without it, any caller is served. */
  webhookSecret?: string;
  plan?: PlanName;
  log?: (line: string) => void;
}

export function createEchoBot({
  baseUrl,
  accessKey,
  webhookSecret,
  plan = "free",
  log = (line) => process.stdout.write(`${line}\n`),
}: EchoBotOptions) {
  // Sends stay under the plan's per-second limits; a message with an id is retried after 429 or 5xx.
  const client = createMessagingClient({ baseUrl, accessKey, limits: plan, retry: true, validate: true });
  const handler = createWebhookHandler({
    client,
    secret: webhookSecret,
    async onMessage(message, { reply }) {
      // Chat states (typing, ...) carry nothing to echo.
      if (message.type === "application/vnd.lime.chatstate+json") return;
      await reply({ type: message.type, content: message.content });
    },
    onNotification(notification) {
      log(
        `message ${notification.id ?? "(no id)"}: ${notification.event}${notification.reason ? ` (reason ${notification.reason.code})` : ""}`,
      );
    },
    // Errors never contain the access key, so they can be logged as they are.
    onError(error, context) {
      log(`${context.stage} failed: ${error instanceof Error ? error.message : String(error)}`);
    },
  });
  return createServer(handler);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.env.MESSAGING_BASE_URL;
  const accessKey = process.env.MESSAGING_ACCESS_KEY;
  const webhookSecret = process.env.WEBHOOK_SECRET;
  if (!baseUrl || !accessKey || !webhookSecret) {
    process.stderr.write(
      "set MESSAGING_BASE_URL, MESSAGING_ACCESS_KEY and WEBHOOK_SECRET (the webhook URLs' secret: openssl rand -hex 32)\n",
    );
    process.exit(2);
  }
  const port = Number(process.env.PORT ?? 8080);
  createEchoBot({ baseUrl, accessKey, webhookSecret }).listen(port, () =>
    process.stdout.write(`echo bot on http://localhost:${port}\n`),
  );
}
