import { describe, expect, it } from "vitest";
import { REDACTED, redact } from "../generated/validators.js";

const SECRET = "s3cr3t-value";

describe("redact", () => {
  it("replaces every field marked secret, at any depth and whatever its type, in a copy", () => {
    const config = {
      name: "c",
      input: {
        sql: { uri: `mysql://root:${SECRET}@db/x`, driver: "mysql" },
        kafka: { sasl: { user: "u", password: SECRET }, tls: { client_certs: [{ cert: "C", key: SECRET, password: [SECRET] }] } },
        n8n: { credentials: [{ id: "1", type: "t", data: { token: SECRET } }], firehose_access_token: { nested: SECRET } },
      },
      output: {
        http: { basic_auth: { user_id: "u", password: SECRET }, oauth2: { client_key: "k", client_secret: SECRET } },
        aws_s3: { credential: { id: "AKIA", secret: SECRET, token: SECRET } },
        mongodb: { uri: `mongodb://u:${SECRET}@h`, database: "d" },
      },
      transformer: { steps: [{ http: { oauth: { consumer_key: "ck", consumer_secret: SECRET, access_token: SECRET } } }] },
    };
    const before = JSON.stringify(config);
    const redacted = redact("config", config);
    expect(JSON.stringify(redacted)).not.toContain(SECRET);
    expect(JSON.stringify(config)).toBe(before);
    expect(redacted.input.sql).toEqual({ uri: REDACTED, driver: "mysql" });
    expect(redacted.input.kafka.tls.client_certs[0]).toEqual({ cert: "C", key: REDACTED, password: REDACTED });
    expect(redacted.output.http.oauth2).toEqual({ client_key: "k", client_secret: REDACTED });
    expect(redacted.transformer.steps[0]?.http.oauth.consumer_key).toBe("ck");
    expect(redact("config-lenient", config)).toEqual(redacted);
  });

  it("leaves payloads without secrets equal, and never touches prototypes", () => {
    const message = { to: "a@b.c", type: "text/plain", content: "hi" };
    expect(redact("message", message)).toEqual(message);
    const hostile = JSON.parse(`{"output":{"http":{"basic_auth":{"__proto__":{"password":"${SECRET}"},"password":"${SECRET}"}}}}`) as object;
    const result = redact("config", hostile) as { output: { http: { basic_auth: Record<string, unknown> } } };
    expect(result.output.http.basic_auth.password).toBe(REDACTED);
    expect(Object.getPrototypeOf(result.output.http.basic_auth)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).password).toBeUndefined();
  });

  it("throws on an unknown schema name", () => {
    expect(() => redact("nope" as "config", {})).toThrow(TypeError);
  });
});
