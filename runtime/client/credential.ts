/**
 * A client's credential: its wire form (the headers or query parameter a request carries), checked once for a fixed
 * value and at every request for a supplier's, and the redaction of every value it ever sent (scrub-credential.ts).
 * The credential lives here, in the closure of `keepCredential`, and nowhere else.
 */
import type { ApiDescriptor, OperationDescriptor } from "./descriptor.js";
import { NetworkError } from "./errors.js";
import { createRedactor, MIN_CREDENTIAL_LENGTH, sanitizedError, type Redact } from "./scrub-credential.js";
import { credentialDigest, type StoreScope } from "./store.js";

/** One credential value as a request carries it. */
export interface Credential {
  headers: Record<string, string>;
  /** `name=value`, URI-encoded, for an apiKey in the query; empty otherwise. */
  query: string;
  /** Every value derived from the credential that must never reach an error. */
  secrets: string[];
}

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Base64 of the UTF-8 bytes of a text (no Buffer: runs wherever `btoa` does). */
function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** HTTP whitespace at either end of a text: what fetch trims from a header value. */
const HTTP_WHITESPACE_ENDS = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/** A character no header value can carry (what undici refuses): a control character but tab, DEL, beyond U+00FF. */
const NOT_IN_HEADER = /[^\t\x20-\x7e\x80-\xff]/;

/** The error for a credential too short to be redacted (scrub-credential.ts `MIN_CREDENTIAL_LENGTH`); quotes nothing. */
function tooShort(where: string): TypeError {
  return new TypeError(
    `${where} must be at least ${MIN_CREDENTIAL_LENGTH} characters long: a shorter one cannot be kept out of errors and logs (it would be found inside ordinary words); use the full key the platform issued`,
  );
}

/** What a character a header cannot carry is, said without quoting it (it is part of a credential). */
function unsendable(character: string): string {
  if (character === "\n" || character === "\r") return "a line break";
  return character.charCodeAt(0) > 0xff
    ? "a character beyond U+00FF (a header carries Latin-1 only)"
    : "a control character";
}

/**
 * The wire form of one credential value; throws a `TypeError` naming the option (never quoting the value). A string
 * credential is normalised once, to the bytes that are sent: trimmed of HTTP whitespace at both ends (tab, line
 * feed, carriage return, space), as fetch trims a header value (a key read from a file keeps its newline); one a
 * header cannot carry even then (a line break or control character inside, a character beyond U+00FF) is refused
 * rather than sent.
 */
export function credentialOf(descriptor: ApiDescriptor, value: unknown): Credential {
  const { option, security } = descriptor.credential;
  const where = `${descriptor.factory}: ${option}`;
  if (security.kind === "basic") {
    const fields = isJsonObject(value) ? value : {};
    const { username, password } = fields;
    if (typeof username !== "string" || username === "" || username.includes(":") || typeof password !== "string") {
      throw new TypeError(`${where} must be { username, password }: strings, the username non-empty and without ":"`);
    }
    if ([...password].length < MIN_CREDENTIAL_LENGTH) throw tooShort(`${where}.password`);
    const pair = `${username}:${password}`;
    const token = base64Utf8(pair);
    const authorization = `Basic ${token}`;
    return { headers: { Authorization: authorization }, query: "", secrets: [authorization, token, pair, password] };
  }
  const key = typeof value === "string" ? value.replace(HTTP_WHITESPACE_ENDS, "") : "";
  if (key === "") throw new TypeError(`${where} must be a non-empty string (or a function returning one)`);
  if ([...key].length < MIN_CREDENTIAL_LENGTH) throw tooShort(where);
  const wire = security.kind === "bearer" ? `Bearer ${key}` : `${security.prefix}${key}`;
  if (security.kind === "apiKey" && security.in === "query")
    return {
      headers: {},
      query: `${encodeURIComponent(security.name)}=${encodeURIComponent(wire)}`,
      secrets: [wire, key],
    };
  const header = security.kind === "bearer" ? "Authorization" : security.name;
  const bad = NOT_IN_HEADER.exec(key);
  if (bad !== null)
    throw new TypeError(
      `${where} cannot be sent in the ${header} header: it holds ${unsendable(bad[0])} at index ${bad.index}`,
    );
  return { headers: { [header]: wire }, query: "", secrets: [wire, key] };
}

/** One client's credential, fixed or given by a supplier, and the redaction of every value it sent. */
export interface KeptCredential {
  /** Whether a function supplies the credential; it is then asked before every request (`refresh`). */
  readonly supplied: boolean;
  /** The credential of the next request: the fixed one, or the supplier's latest (after `refresh`). */
  current(): Credential;
  /**
   * Asks the supplier for the credential of the next request. Rejects with a `NetworkError` of `operation` when the
   * supplier fails or gives an invalid value, holding a redacted copy of that error only.
   */
  refresh(operation: OperationDescriptor): Promise<void>;
  /** Redacts every credential value ever sent from a text (the redactor of the moment). */
  readonly redact: Redact;
  /** Names the account in a store: a digest of the credential (the first a supplier gives), never the credential. */
  readonly scope: StoreScope;
  /** Whether a text holds a credential value ever sent, compared without case (a host name is lower-cased). */
  foundIn(text: string): boolean;
}

/**
 * Keeps the credential option's value `given`: a credential, checked now (a `TypeError` naming the option, never
 * quoting the value), or a function giving one, called before every request and checked then.
 */
export function keepCredential(descriptor: ApiDescriptor, given: unknown): KeptCredential {
  const supplier = typeof given === "function" ? (given as () => unknown) : undefined;
  // A fixed credential is checked (and its wire form built) once; a supplier's value at each request.
  let credential: Credential | undefined = supplier === undefined ? credentialOf(descriptor, given) : undefined;
  let suppliedValue: unknown;
  // Every secret ever sent; the redactor is rebuilt when a supplier gives a new value.
  const secrets = new Set<string>(credential?.secrets ?? []);
  let redactor: Redact = createRedactor([...secrets]);
  const redact: Redact = (text) => redactor(text);

  async function update(): Promise<void> {
    if (supplier === undefined) return;
    const value: unknown = await supplier();
    if (credential !== undefined && value === suppliedValue) return;
    const wire = credentialOf(descriptor, value);
    suppliedValue = value;
    credential = wire;
    if (wire.secrets.some((secret) => !secrets.has(secret))) {
      for (const secret of wire.secrets) secrets.add(secret);
      redactor = createRedactor([...secrets]);
    }
  }

  let scoped: Promise<string> | undefined;
  return {
    supplied: supplier !== undefined,
    current: () => credential as Credential,
    async refresh(operation) {
      try {
        await update();
      } catch (error) {
        // A supplier's own error may hold anything: only its redacted copy goes on.
        throw new NetworkError(
          operation,
          sanitizedError(
            error instanceof TypeError && error.message.startsWith(descriptor.factory)
              ? error
              : new Error(`the ${descriptor.credential.option} supplier failed`),
            redact,
          ),
        );
      }
    },
    redact,
    scope: () =>
      (scoped ??= (async () => {
        await update();
        return credentialDigest(descriptor.api, (credential as Credential).secrets[0] ?? "");
      })()),
    foundIn: (text) => {
      const lower = text.toLowerCase();
      return [...secrets].some((secret) => lower.includes(secret.toLowerCase()));
    },
  };
}
