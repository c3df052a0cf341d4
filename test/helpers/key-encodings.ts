/**
 * The forms a server may echo a credential in, and a detector of any of them in a text: the oracle of the
 * no-key-leak tests (test/client-hardening.test.ts, test/key-redaction.test.ts). Written independently of
 * runtime/client/scrub-credential.ts, from Node's own encoders.
 */
import fc from "fast-check";

const hex = (value: number, width: number, upper: boolean) => {
  const digits = value.toString(16).padStart(width, "0");
  return upper ? digits.toUpperCase() : digits;
};
const utf16Units = (key: string) => key.split("").map((unit) => unit.charCodeAt(0));
/** The bytes a header carries: one per character (Latin-1), as Node's HTTP server reads them too. */
export const latin1 = (text: string) => Buffer.from(text, "latin1");
const base64url = (bytes: Buffer) => bytes.toString("base64url");

/** Text encodings of a key (or of a whole header value), as a server may write them into a body. */
export const ENCODINGS: Readonly<Record<string, (key: string) => string>> = {
  raw: (key) => key,
  uri: (key) => encodeURIComponent(key),
  "uri lower-case": (key) => encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
  "uri every byte": (key) => [...new TextEncoder().encode(key)].map((byte) => `%${hex(byte, 2, true)}`).join(""),
  form: (key) => new URLSearchParams({ k: key }).toString().slice(2),
  json: (key) => JSON.stringify(key).slice(1, -1),
  "json .NET (\\u00XX upper-case for + and friends)": (key) =>
    JSON.stringify(key)
      .slice(1, -1)
      .replace(/[+<>&'=/]/g, (c) => `\\u${hex(c.charCodeAt(0), 4, true)}`),
  "json \\u everything, lower-case": (key) =>
    utf16Units(key)
      .map((unit) => `\\u${hex(unit, 4, false)}`)
      .join(""),
  "json \\u everything, upper-case": (key) =>
    utf16Units(key)
      .map((unit) => `\\u${hex(unit, 4, true)}`)
      .join(""),
  "json PHP (\\/)": (key) => JSON.stringify(key).slice(1, -1).replace(/\//g, "\\/"),
  "json twice": (key) => JSON.stringify(JSON.stringify(key)),
  "json three times": (key) => JSON.stringify(JSON.stringify(JSON.stringify(key))),
  "json .NET twice": (key) =>
    JSON.stringify(JSON.stringify({ echo: key }).replace(/[+=/]/g, (c) => `\\u${hex(c.charCodeAt(0), 4, true)}`)),
  "html decimal": (key) => [...key].map((c) => `&#${c.codePointAt(0)};`).join(""),
  "html hex": (key) => [...key].map((c) => `&#x${hex(c.codePointAt(0) as number, 0, false)};`).join(""),
  "html hex upper": (key) => [...key].map((c) => `&#X${hex(c.codePointAt(0) as number, 0, true)};`).join(""),
  "html escaped only where needed": (key) => key.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
  "uri inside json": (key) => JSON.stringify({ url: `https://x.example/?key=${encodeURIComponent(key)}` }),
  "base64 (UTF-8)": (key) => Buffer.from(key).toString("base64"),
  "base64 (Latin-1, the header's bytes)": (key) => latin1(key).toString("base64"),
  "base64url, no padding": (key) => base64url(Buffer.from(key)),
  "base64 at offset 1 of a longer text": (key) => Buffer.from(`x${key}!?`).toString("base64"),
  "base64 at offset 2 of a longer text": (key) => Buffer.from(`xy${key}!`).toString("base64"),
  "base64url of a JSON dump of the header": (key) =>
    base64url(Buffer.from(JSON.stringify({ headers: { authorization: key } }))),
  "base64 inside JSON, / escaped": (key) =>
    JSON.stringify({ token: Buffer.from(`;${key}`).toString("base64") }).replace(/\//g, "\\/"),
  "base64 inside a URL": (key) => `https://x.example/?t=${encodeURIComponent(latin1(`[${key}]`).toString("base64"))}`,
  "hex lower-case": (key) => Buffer.from(key).toString("hex"),
  "hex upper-case (Latin-1)": (key) => latin1(key).toString("hex").toUpperCase(),
};
export const ENCODING_NAMES = Object.keys(ENCODINGS);

/** Byte encodings of a key a server may put in a body as they are: UTF-16 LE and BE. */
export const BYTE_ENCODINGS: Readonly<Record<string, (key: string) => Buffer>> = {
  "utf-16le": (key) => Buffer.from(key, "utf16le"),
  "utf-16be": (key) => Buffer.from(key, "utf16le").swap16(),
};
export const BYTE_ENCODING_NAMES = Object.keys(BYTE_ENCODINGS);

/**
 * The base64 characters of `bytes` that no neighbouring byte changes, for the secret starting at each offset of a
 * 3-byte group, in both alphabets: what any base64 text holding these bytes contains.
 */
function base64Cores(bytes: Buffer): string[] {
  return [0, 1, 2].flatMap((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const core = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    return [core, core.replace(/\+/g, "-").replace(/\//g, "_")];
  });
}

/** NULs as a text shows them raw, JSON-escaped or inspected (a UTF-16 echo interleaves them with the key). */
const NULS = /\u0000|\\u0000|\\x00|\\0/g;

/** Every form of `key` found in `text` (named), searching the text as it is and with its NULs dropped. */
export function leaks(text: string, key: string): string[] {
  const forms: [string, string][] = ENCODING_NAMES.filter(
    (name) => !name.startsWith("base64") && name !== "uri inside json",
  ).map((name) => [name, ENCODINGS[name]?.(key) ?? ""]);
  for (const bytes of [Buffer.from(key), ...(/^[\u0000-\u00ff]*$/.test(key) ? [latin1(key)] : [])]) {
    forms.push(...base64Cores(bytes).map((core): [string, string] => ["base64", core]));
    forms.push(["hex", bytes.toString("hex")], ["hex", bytes.toString("hex").toUpperCase()]);
  }
  // A UTF-16 echo read as UTF-8: the key's ASCII characters between NULs, U+FFFD for the others.
  forms.push(["utf-16", key.replace(/[^\u0000-\u007f]/g, "\uFFFD")]);
  const withoutNuls = text.replace(NULS, "");
  return forms
    .filter(([, form]) => form !== "" && (text.includes(form) || withoutNuls.includes(form)))
    .map(([name, form]) => `${name}: ${form}`);
}

/**
 * Keys a header can carry, with the awkward characters: base64 and URL punctuation, quotes, `%`, `&`, inner spaces
 * and tabs, Latin-1 letters and C1/NBSP edges; at least 8 characters and 4 distinct ones (a degenerate key such as
 * `////////` would be "found" in any stack trace).
 */
export const headerKey = fc
  .string({
    unit: fc.constantFrom(..."abcXYZ0189+/=-_~.\"\\ \t'%&<>#;:?é ÿ\u0080\u00a0\u00ff".split("")),
    minLength: 8,
    maxLength: 40,
  })
  .filter((key) => !/^[\t\n\r ]|[\t\n\r ]$/.test(key) && new Set(key).size >= 4);

/** HTTP whitespace around a key, as a key read from a file (`readFileSync("key.txt", "utf8")`) or pasted carries it. */
export const keyPadding = fc.record({
  before: fc.constantFrom("", " ", "\t", "\n"),
  after: fc.constantFrom("", "\n", "\r\n", " \n", "\t"),
});
