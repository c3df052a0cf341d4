/**
 * The webhook secret (docs/webhooks.md#authenticating-the-service): the seed shows no signature on the service's
 * webhook calls, but the bot chooses the URL it enters in the portal, so the URL carries a secret,
 * `https://<bot_host>/messages?secret=<secret>`, checked before anything else of the call is read.
 */
/** The query parameter that carries the secret. */
export const WEBHOOK_SECRET_PARAMETER = "secret";
/** Fewest characters of a secret: 32 hex digits are 128 random bits (`openssl rand -hex 16`). */
export const MIN_WEBHOOK_SECRET_LENGTH = 32;
/** Most characters of a secret (Telegram's `secret_token` allows as many). */
export const MAX_WEBHOOK_SECRET_LENGTH = 256;

/** The secret the webhook URL carries, or several while the portal's URL is being changed (rotation). */
export type WebhookSecret = string | readonly string[];

/** URL-unreserved characters only (RFC 3986 §2.3): the secret goes into the URL as it is, with no encoding. */
const SECRET_SHAPE = new RegExp(`^[A-Za-z0-9._~-]{${MIN_WEBHOOK_SECRET_LENGTH},${MAX_WEBHOOK_SECRET_LENGTH}}$`);
const SHAPE_RULE = `must be ${MIN_WEBHOOK_SECRET_LENGTH} to ${MAX_WEBHOOK_SECRET_LENGTH} characters, each a letter, a digit, "-", ".", "_" or "~" (generate one with \`openssl rand -hex 32\`)`;

/**
 * True when `presented` is `secret`, in a time that depends on the secret's length only: never on the presented
 * value, its length or where the two first differ. (No node:crypto, whose `timingSafeEqual` would do the same over
 * digests: `specfirst/client` also runs in browsers and workers.)
 */
function sameSecret(presented: string, secret: string): boolean {
  let difference = presented.length ^ secret.length;
  // past the end of `presented`, charCodeAt is NaN, and NaN | 0 is 0
  for (let index = 0; index < secret.length; index++)
    difference |= (presented.charCodeAt(index) | 0) ^ secret.charCodeAt(index);
  return difference === 0;
}

/**
 * Checks the `secret` option and returns the test of a request URL (origin-form `/messages?secret=…`, or absolute):
 * true when its query has exactly one `secret` parameter whose percent-decoded value is one of the secrets. Throws
 * a TypeError naming the rule (never the value, nor its length) for a malformed option. Undefined without a secret.
 */
export function webhookUrlCheck(secret: unknown): ((url: string | undefined) => boolean) | undefined {
  if (secret === undefined) return undefined;
  const secrets: unknown[] = typeof secret === "string" ? [secret] : Array.isArray(secret) ? [...secret] : [];
  if (secrets.length === 0)
    throw new TypeError(
      "createWebhookHandler: secret must be a string, or a non-empty array of strings while the webhook URL is being changed",
    );
  secrets.forEach((each, index) => {
    if (typeof each !== "string" || !SECRET_SHAPE.test(each))
      throw new TypeError(
        `createWebhookHandler: ${typeof secret === "string" ? "secret" : `secret[${String(index)}]`} ${SHAPE_RULE}`,
      );
  });
  const expected = secrets as string[];
  return (url) => {
    const presented = url === undefined ? [] : secretParameters(url);
    // No secret, or several (frameworks differ on which of them counts): refused.
    if (presented.length !== 1) return false;
    // Every secret is compared, so the time taken does not say which one matched.
    let matched = false;
    for (const candidate of expected) matched = sameSecret(presented[0] as string, candidate) || matched;
    return matched;
  };
}

/** The values of the URL's `secret` query parameters, percent-decoded (`+` is a space, which no secret holds). */
function secretParameters(url: string): string[] {
  const [beforeFragment = ""] = url.split("#", 1);
  const queryStart = beforeFragment.indexOf("?");
  if (queryStart === -1) return [];
  return new URLSearchParams(beforeFragment.slice(queryStart + 1)).getAll(WEBHOOK_SECRET_PARAMETER);
}
