/**
 * A credential too short to redact is refused, and redaction never cuts a credential out of another word
 * (docs/client.md#behaviour): a key of 1 to 7 characters leaked through base64 and hex, and redacting a 1-character key
 * disfigured every message ("chun[REDACTED]s"), which gave it away.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { configsApi, createConfigsClient, createMessagingClient } from "../generated/client.js";
import { createClient, type ApiDescriptor, type SecurityDescriptor } from "../runtime/client/index.js";
import { createRedactor, MIN_CREDENTIAL_LENGTH, REDACTED } from "../runtime/client/scrub-credential.js";
import { leaks } from "./helpers/key-encodings.js";

/** A server on loopback answering every request 400 with `body`, counting what it received. */
let server: Server;
let url = "";
let received = 0;
let body = "";
beforeAll(async () => {
  server = createServer((request, response) => {
    received++;
    request.resume();
    request.on("end", () => response.writeHead(400, { "content-type": "text/plain" }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = 0;
});

const message = { to: "5531988887777@sms.example.net", type: "text/plain" as const, content: "hi" };

/** The configs descriptor with another security scheme, under the credential option `option`. */
const withScheme = (security: SecurityDescriptor, option: string): ApiDescriptor => ({
  ...configsApi,
  credential: { option, security },
});

/** The error of a client made with `credential`, or undefined. */
function refusal(make: () => unknown): unknown {
  try {
    make();
  } catch (error) {
    return error;
  }
  return undefined;
}

const tooShort = (where: string) =>
  `${where} must be at least 8 characters long: a shorter one cannot be kept out of errors and logs (it would be found inside ordinary words); use the full key the platform issued`;

/** Characters a header can carry, the awkward ones included. */
const KEY_CHARACTERS = "abcXYZ0189+/=-_~.\"\\'%&<>#;:?é ÿ".split("");
const shortKey = fc
  .string({ unit: fc.constantFrom(...KEY_CHARACTERS), minLength: 1, maxLength: MIN_CREDENTIAL_LENGTH - 1 })
  .filter((key) => key.trim() === key);

describe("a credential shorter than 8 characters", () => {
  it("is refused when the client is made, for every scheme, with a TypeError that is the same whatever the key", () => {
    expect(MIN_CREDENTIAL_LENGTH).toBe(8);
    fc.assert(
      fc.property(shortKey, fc.constantFrom("", " ", "\n", "\t "), (key, padding) => {
        const given = `${padding}${key}${padding}`;
        const cases: [() => unknown, string][] = [
          [() => createMessagingClient({ baseUrl: url, accessKey: given }), "createMessagingClient: accessKey"],
          [() => createConfigsClient({ baseUrl: url, apiKey: given }), "createConfigsClient: apiKey"],
          [
            () => createClient(withScheme({ kind: "bearer" }, "token"), { baseUrl: url, token: given }),
            "createConfigsClient: token",
          ],
          [
            () =>
              createClient(withScheme({ kind: "apiKey", in: "query", name: "key", prefix: "" }, "apiKey"), {
                baseUrl: url,
                apiKey: given,
              }),
            "createConfigsClient: apiKey",
          ],
          [
            () =>
              createClient(withScheme({ kind: "basic" }, "credentials"), {
                baseUrl: url,
                credentials: { username: "bot-user", password: key },
              }),
            "createConfigsClient: credentials.password",
          ],
        ];
        for (const [make, where] of cases) {
          const error = refusal(make);
          expect(error).toBeInstanceOf(TypeError);
          // One fixed sentence: neither the key nor its length is told.
          expect((error as Error).message).toBe(tooShort(where));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("takes a credential of exactly 8 characters (after trimming)", async () => {
    body = "no";
    const client = createMessagingClient({ baseUrl: url, accessKey: " eight-ch\n" });
    await expect(client.sendMessage(message)).rejects.toMatchObject({ name: "BadRequestError" });
    expect(received).toBe(1);
  });

  it("returned by a supplier, rejects the call with a NetworkError saying so, and nothing is sent", async () => {
    const client = createMessagingClient({ baseUrl: url, accessKey: () => "sh0rt" });
    const error = await client.sendMessage(message).catch((rejection: unknown) => rejection);
    expect(error).toMatchObject({ name: "NetworkError" });
    expect((error as Error).message).toContain(tooShort("createMessagingClient: accessKey"));
    expect(String((error as Error).stack)).not.toContain("sh0rt");
    expect(received).toBe(0);
  });
});

/** Letters and digits: what a word around a key is made of. */
const wordPart = fc.string({ unit: fc.constantFrom(..."aZ09xQ".split("")), minLength: 1, maxLength: 6 });
/** What may stand beside a key that is not inside a word: punctuation, space, and escapes that end in a letter. */
const separator = fc.constantFrom(
  " ",
  '"',
  "=",
  ",",
  ":",
  "/",
  "(",
  "\n",
  "%20",
  "%2C",
  "%3D",
  "\\n",
  "\\t",
  "\\u0020",
  "&#58;",
  "&#58",
  "&amp;",
  "&nbsp",
);
/** Keys that begin and end with a letter or digit (the ends the word boundary applies to). */
const wordKey = fc
  .string({
    unit: fc.constantFrom(..."abcXYZ0189+/=-_~.%&".split("")),
    minLength: MIN_CREDENTIAL_LENGTH,
    maxLength: 24,
  })
  .filter((key) => /^[A-Za-z0-9]/.test(key) && /[A-Za-z0-9]$/.test(key) && new Set(key).size >= 4);

describe("redaction keeps to token boundaries", () => {
  it("never rewrites a key inside another word, and always redacts it between separators (generated keys and texts)", () => {
    fc.assert(
      fc.property(wordKey, wordPart, wordPart, separator, separator, (key, before, after, left, right) => {
        const redact = createRedactor([key, `Key ${key}`]);
        for (const inside of [`${before}${key}`, `${key}${after}`, `${before}${key}${after}`])
          expect(redact(`(${inside})`)).toBe(`(${inside})`);
        const apart = `${before}${left}${key}${right}${after}`;
        const redacted = redact(apart);
        expect(redacted).toBe(`${before}${left}${REDACTED}${right}${after}`);
        expect(leaks(redacted, key)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it("leaves the words of a server's answer whole: a key that is an ordinary word is redacted where it stands alone", async () => {
    const key = "password";
    body = `passwords are checked; mypassword is not "password", nor password1, but password`;
    const client = createMessagingClient({ baseUrl: url, accessKey: key });
    const error = await client.sendMessage(message).catch((rejection: unknown) => rejection);
    expect((error as { body: string }).body).toBe(
      `passwords are checked; mypassword is not "${REDACTED}", nor password1, but ${REDACTED}`,
    );
  });
});
