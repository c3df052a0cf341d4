/**
 * The media type a checked operation accepts. Every operation of both documents declares `application/json` as its
 * request body's only media type (generated/openapi/*.yaml; test/proxy-wire.test.ts reads them), and the proxy reads
 * every checked body as JSON; so a checked request must say `application/json`, with no parameter but a `charset` of
 * UTF-8 (RFC 8259, section 8.1: JSON exchanged between systems is UTF-8). Anything else would be read one way here
 * and another by the upstream (`express.urlencoded()` turns `to[$gt]=` into an object; body-parser decodes
 * `charset=utf-16`), so it is refused (415), as express-openapi-validator does for an undeclared media type.
 */

/** The media type of every checked request body. */
export const CHECKED_MEDIA_TYPE = "application/json";

/** What a 415 answer says is accepted. */
export const ACCEPTED_MEDIA_TYPES = `${CHECKED_MEDIA_TYPE} (a charset, if given, utf-8)`;

/** `type/subtype` then `; name=value` parameters, the value a token or a quoted string without escapes (RFC 9110, section 8.3.1). */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})((?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"[^"\\\\]*"))*)[ \\t]*$`);
const PARAMETER = new RegExp(`;[ \\t]*(${TOKEN})=(${TOKEN}|"[^"\\\\]*")`, "g");

/** Whether a `content-type` value is the checked media type, its only parameter (if any) `charset=utf-8`. */
export function isCheckedMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const match = MEDIA_TYPE.exec(contentType.trim());
  if (match === null || `${match[1]}/${match[2]}`.toLowerCase() !== CHECKED_MEDIA_TYPE) return false;
  let charsets = 0;
  for (const [, name, value] of (match[3] as string).matchAll(PARAMETER)) {
    if ((name as string).toLowerCase() !== "charset") return false;
    if ((value as string).replace(/^"(.*)"$/, "$1").toLowerCase() !== "utf-8") return false;
    charsets++;
  }
  return charsets <= 1;
}
