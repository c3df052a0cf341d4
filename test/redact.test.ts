import { describe, expect, it } from "vitest";
import { REDACTED, redact } from "../generated/validators.js";

const SECRET = "s3cr3t-value";

describe("redact", () => {
  it("replaces every field marked secret, at any depth and whatever its type, in a copy", () => {
    const config = {
      name: "c",
      input: {
        sql: { uri: `mysql://root:${SECRET}@db/x`, driver: "mysql" },
        kafka: {
          sasl: { user: "u", password: SECRET },
          tls: { client_certs: [{ cert: "C", key: SECRET, password: [SECRET] }] },
        },
        n8n: {
          credentials: [{ id: "1", type: "t", data: { token: SECRET } }],
          firehose_access_token: { nested: SECRET },
        },
      },
      output: {
        http: { basic_auth: { user_id: "u", password: SECRET }, oauth2: { client_key: "k", client_secret: SECRET } },
        aws_s3: { credential: { id: "AKIA", secret: SECRET, token: SECRET } },
        mongodb: { uri: `mongodb://u:${SECRET}@h`, database: "d" },
      },
      transformer: {
        steps: [{ http: { oauth: { consumer_key: "ck", consumer_secret: SECRET, access_token: SECRET } } }],
      },
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
    const hostile = JSON.parse(
      `{"output":{"http":{"basic_auth":{"__proto__":{"password":"${SECRET}"},"password":"${SECRET}"}}}}`,
    ) as object;
    const result = redact("config", hostile) as { output: { http: { basic_auth: Record<string, unknown> } } };
    expect(result.output.http.basic_auth.password).toBe(REDACTED);
    expect(Object.getPrototypeOf(result.output.http.basic_auth)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).password).toBeUndefined();
  });

  it("replaces header values and free-form credential maps, which routinely carry tokens", () => {
    const header = { Authorization: `Bearer ${SECRET}` };
    const config = {
      input: {
        http_client: {
          url: "https://api.example.net",
          headers: header,
          headers_list: [{ key: "X-Api-Key", value: SECRET }],
        },
        delta_sharing: { config: `{"bearerToken":"${SECRET}"}`, share: "s" },
        n8n: {
          workflow: {
            nodes: [{ name: "n", parameters: { apiKey: SECRET }, credentials: { httpAuth: { id: SECRET } } }],
          },
        },
      },
      output: { http: { oauth2: { endpoint_params: { client_assertion: [SECRET] } } } },
    };
    const redacted = redact("config", config);
    expect(JSON.stringify(redacted)).not.toContain(SECRET);
    expect(redacted.input.http_client).toEqual({
      url: "https://api.example.net",
      headers: { Authorization: REDACTED },
      headers_list: [{ key: "X-Api-Key", value: REDACTED }],
    });
    expect(redacted.input.n8n.workflow.nodes[0]).toEqual({ name: "n", parameters: REDACTED, credentials: REDACTED });
  });

  it("copies and redacts a payload of any depth (structuredClone overflows a few thousand levels down)", () => {
    const depth = 20_000;
    const text = `{"output":{"http":{"headers":{"Authorization":"${SECRET}"}}},"filter":{"filter":${'{"filters":['.repeat(depth)}{"op":"AND"}${"]}".repeat(depth)}}}`;
    const config = JSON.parse(text) as { output: { http: { headers: Record<string, string> } }; filter: unknown };
    const redacted = redact("config", config);
    expect(redacted.output.http.headers.Authorization).toBe(REDACTED);
    expect(redacted.filter === config.filter).toBe(false); // a copy (toBe would compare deeply on failure and overflow)
    expect(config.output.http.headers.Authorization).toBe(SECRET);
    let node = (redacted.filter as { filter: unknown }).filter as { filters?: unknown[]; op?: string };
    for (let level = 0; level < depth; level++) node = node.filters![0] as typeof node;
    expect(node).toEqual({ op: "AND" });
  });

  it("throws on an unknown schema name", () => {
    expect(() => redact("nope" as "config", {})).toThrow(TypeError);
  });
});
