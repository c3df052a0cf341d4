import { Readable } from "node:stream";
import { Agent, request, type Dispatcher } from "undici";
import { expect, it } from "vitest";
import { tooLargeError } from "../../runtime/middleware/core.js";

/** What a test server records: every body its handler received (the handler answers 202). */
export interface HandlerLog {
  bodies: unknown[];
  /** The raw bytes the handler saw, when the middleware read them itself. */
  raw: Uint8Array[];
}

export const newLog = (): HandlerLog => ({ bodies: [], raw: [] });

/** The body limit every middleware test server is set up with. */
export const LIMIT = 4096;

/** The one 413 answer every adapter gives for a body over `LIMIT` (core.ts words it). */
export const TOO_LARGE = { errors: [tooLargeError(LIMIT)] };

export const SECRET = "pa55-w0rd-secret";

// Valid messages, one with a BOM-free odd layout, to check the handler gets the value (and the bytes) unchanged.
export const VALID_BODIES: string[] = [
  JSON.stringify({ to: "a@b.c", type: "text/plain", content: "hi" }),
  '{ "to" : "5531988887777@sms.example.net/phone",\n  "type": "application/vnd.lime.select+json", "content": { "text": "Pick \\u00e9", "options": [{ "order": 1, "text": "é ✓ 😀" }] }, "metadata": { "k": "v" }, "__proto__": "data" }',
];

export const INVALID: { body: string; pointer: string; keyword: string }[] = [
  { body: JSON.stringify({ to: "a@b.c", type: "text/plain", content: 42 }), pointer: "/content", keyword: "type" },
  { body: JSON.stringify({ type: "text/plain", content: SECRET }), pointer: "/to", keyword: "required" },
];

/** Bodies that cannot be read as JSON under the strict rules. */
export const UNREADABLE: { label: string; body: Uint8Array; strictOnly: boolean }[] = [
  { label: "not JSON", body: Buffer.from(`{"to": "a@b.c", "content": "${SECRET}`), strictOnly: false },
  { label: "a trailing comma", body: Buffer.from('{"to": "a@b.c",}'), strictOnly: false },
  {
    label: "invalid UTF-8",
    body: Buffer.concat([
      Buffer.from('{"to":"a@b.c","type":"text/plain","content":"'),
      Buffer.from([0xc0, 0xaf]),
      Buffer.from('"}'),
    ]),
    strictOnly: true,
  },
  {
    label: "a repeated key",
    body: Buffer.from(`{"to":"a@b.c","type":"text/plain","content":"${SECRET}","content":"x"}`),
    strictOnly: true,
  },
];

export function post(url: string, body: string | Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
}

/** Checks the error answer: status, JSON content type, `{ errors: [{ pointer, message, keyword }] }`, no secret. */
export async function expectErrors(
  response: Response,
  status: number,
): Promise<{ pointer: string; message: string; keyword: string }[]> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const text = await response.text();
  expect(text).not.toContain(SECRET);
  const body = JSON.parse(text) as { errors: { pointer: string; message: string; keyword: string }[] };
  expect(Object.keys(body)).toEqual(["errors"]);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const error of body.errors) {
    expect(Object.keys(error).sort()).toEqual(["keyword", "message", "pointer"]);
    expect(typeof error.pointer).toBe("string");
    expect(typeof error.message).toBe("string");
    expect(typeof error.keyword).toBe("string");
  }
  return body.errors;
}

/**
 * The properties every middleware must have, as `it` blocks against a server whose route `url()` validates the
 * body as a `message` with limit `LIMIT` and whose handler records into `log` and answers 202.
 * `strict`: the middleware reads the raw body (so invalid UTF-8 and repeated keys are caught, and the raw bytes
 * reach the handler).
 */
export function bodyValidationCases(
  target: () => { url: string; log: HandlerLog },
  options: { strict: boolean; rawBytes: boolean },
): void {
  it("passes a valid body to the handler unchanged", async () => {
    const { url, log } = target();
    for (const body of VALID_BODIES) {
      const before = log.bodies.length;
      const response = await post(url, body);
      expect(response.status, body).toBe(202);
      expect(log.bodies.length).toBe(before + 1);
      expect(log.bodies.at(-1)).toEqual(JSON.parse(body));
      if (options.rawBytes)
        expect(Buffer.from(log.raw.at(-1) ?? new Uint8Array()).equals(Buffer.from(body))).toBe(true);
    }
  });

  it("answers an invalid body 400 with pointer, message and keyword, and does not call the handler", async () => {
    const { url, log } = target();
    const before = log.bodies.length;
    for (const { body, pointer, keyword } of INVALID) {
      const errors = await expectErrors(await post(url, body), 400);
      expect(errors).toContainEqual(expect.objectContaining({ pointer, keyword }));
    }
    expect(log.bodies.length).toBe(before);
  });

  it("answers a body that cannot be read as JSON 400 in the same shape, without quoting it", async () => {
    const { url, log } = target();
    const before = log.bodies.length;
    for (const { label, body, strictOnly } of UNREADABLE) {
      if (strictOnly && !options.strict) continue;
      const errors = await expectErrors(await post(url, body), 400);
      expect(errors[0], label).toMatchObject({ pointer: "", keyword: "json" });
    }
    expect(log.bodies.length).toBe(before);
  });

  it("answers a body over the limit 413 in the same shape, and does not call the handler", async () => {
    const { url, log } = target();
    const before = log.bodies.length;
    const big = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "x".repeat(LIMIT) });
    const errors = await expectErrors(await post(url, big), 413);
    expect({ errors }).toEqual(TOO_LARGE);
    // Exactly at the limit is still read.
    const exact = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "" });
    const padded = exact.replace('""', `"${"y".repeat(LIMIT - Buffer.byteLength(exact))}"`);
    expect(Buffer.byteLength(padded)).toBe(LIMIT);
    expect((await post(url, padded)).status).toBe(202);
    expect(log.bodies.length).toBe(before + 1);
  });
}

/** A valid message several times over `LIMIT`: long enough that a server cannot have read it when it answers. */
const OVERSIZED = JSON.stringify({ to: "a@b.c", type: "text/plain", content: "x".repeat(256 * LIMIT) });

/**
 * POSTs with undici's own `request`, so the headers are exactly those given (fetch adds `text/plain` to a string
 * body); `chunked` sends the body without a content-length.
 */
export async function send(
  url: string,
  body: string,
  options: { contentType?: string | undefined; chunked?: boolean; dispatcher?: Dispatcher } = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const response = await request(url, {
    method: "POST",
    headers: options.contentType === undefined ? {} : { "content-type": options.contentType },
    body: options.chunked === true ? Readable.from([Buffer.from(body)]) : body,
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
  });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

/**
 * A 413 answered before the body was read must leave the client able to send its next request: a keep-alive
 * pool of one connection (undici's Agent, what Node's fetch uses) sends the next request right after the 413, on
 * the same connection unless the server closed it. `Connection: close` on the 413 is what makes that safe.
 */
export function keepAliveAfterTooLargeCases(target: () => { url: string; log: HandlerLog }): void {
  it("answers 413 with the shared wording and Connection: close, and the pooled client's next request succeeds", async () => {
    const { url, log } = target();
    const agent = new Agent({ connections: 1 });
    try {
      for (const chunked of [false, true]) {
        for (let round = 0; round < 3; round++) {
          const label = `${chunked ? "chunked" : "content-length"} round ${round}`;
          const before = log.bodies.length;
          const over = await send(url, OVERSIZED, {
            contentType: "application/json",
            chunked,
            dispatcher: agent,
          }).catch((error: unknown) => error);
          const next = await send(url, VALID_BODIES[0] ?? "", {
            contentType: "application/json",
            dispatcher: agent,
          }).catch((error: unknown) => error);
          // What a client sees first: both requests answered (no ECONNRESET / UND_ERR_SOCKET on the next one).
          expect(next, label).toMatchObject({ status: 202 });
          expect(over, label).toMatchObject({ status: 413, headers: { connection: "close" } });
          expect(JSON.parse((over as { text: string }).text), label).toEqual(TOO_LARGE);
          expect(log.bodies.length).toBe(before + 1);
        }
      }
    } finally {
      await agent.close();
    }
  });
}

/** Content types a JSON body may arrive with (`undefined`: no header at all). */
export const CONTENT_TYPES: (string | undefined)[] = [
  undefined,
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "text/plain",
  "application/octet-stream",
  "application/vnd.example+json",
];

/**
 * What a valid message body gets under each content type: `expected(contentType)` gives the status (and whether the
 * handler is called, for a 2xx); an error answer is in the `{ errors }` shape.
 */
export function contentTypeCases(
  target: () => { url: string; log: HandlerLog },
  expected: (contentType: string | undefined) => Promise<number> | number,
): void {
  it("answers each content type as the framework routes it, errors in the { errors } shape", async () => {
    const { url, log } = target();
    for (const contentType of CONTENT_TYPES) {
      const label = `content-type ${contentType ?? "(none)"}`;
      const status = await expected(contentType);
      const before = log.bodies.length;
      const response = await send(url, VALID_BODIES[0] ?? "", { contentType });
      expect(response.status, label).toBe(status);
      expect(log.bodies.length, label).toBe(status < 300 ? before + 1 : before);
      if (status >= 400) expect(Object.keys(JSON.parse(response.text) as object), label).toEqual(["errors"]);
    }
  });
}
