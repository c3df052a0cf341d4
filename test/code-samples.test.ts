import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../runtime/sandbox/server.js";
import { distBuilt, ROOT } from "./helpers/fixtures.js";

// The code samples of each operation (`x-codeSamples` in generated/openapi/<api>.yaml, shown by Redoc on our docs
// pages): curl, the specfirst client and plain fetch, each run as written against the sandbox, with only the base
// URL and the key filled in (docs/published-contract.md#code-samples).

const run = promisify(execFile);
const APIS = ["messaging", "configs"] as const;
type Api = (typeof APIS)[number];
const ACCESS_KEY = "samples-access-key";
const CONFIGS_KEY = "samples-configs-key";

interface Sample {
  lang: string;
  label: string;
  source: string;
}
interface Operation {
  route: string;
  success: number;
  samples: Sample[];
}

const documentText = (api: Api) => readFileSync(path.join(ROOT, "generated", "openapi", `${api}.yaml`), "utf8");

function operationsOf(api: Api): { baseUrl: string; operations: Operation[] } {
  const document = parse(documentText(api)) as {
    servers: { url: string; variables: Record<string, { default: string }> }[];
    paths: Record<string, { post: { responses: Record<string, unknown>; "x-codeSamples"?: Sample[] } }>;
  };
  const [server] = document.servers;
  const baseUrl = (server?.url ?? "").replace(/\{([^}]+)\}/g, (_all, name: string) => {
    return server?.variables[name]?.default ?? "";
  });
  const operations = Object.entries(document.paths).map(([route, item]) => {
    // Every operation declares its success (configs: 201, the sandbox's answer; docs/decisions.md#openapi-documents).
    const success = Object.keys(item.post.responses).find((status) => /^2\d\d$/.test(status));
    if (success === undefined) throw new Error(`${route}: no declared success`);
    return { route, success: Number(success), samples: item.post["x-codeSamples"] ?? [] };
  });
  return { baseUrl, operations };
}

const CASES = APIS.flatMap((api) => {
  const { baseUrl, operations } = operationsOf(api);
  return operations.flatMap((operation) =>
    operation.samples.map((sample) => ({
      name: `${api} ${operation.route} ${sample.label}`,
      api,
      baseUrl,
      operation,
      sample,
    })),
  );
});

describe("x-codeSamples of the published documents", () => {
  it.each(APIS)("%s: every operation has curl, the specfirst client and fetch", (api) => {
    const { operations } = operationsOf(api);
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations)
      expect(
        operation.samples.map((sample) => sample.label),
        operation.route,
      ).toEqual(["curl", "specfirst client", "fetch"]);
  });

  it("send the credential as each security scheme spells it (`Key ` before the messaging key)", () => {
    for (const c of CASES.filter((c) => c.sample.label === "curl"))
      expect(c.sample.source, c.name).toContain(
        c.api === "messaging" ? "-H 'Authorization: Key <ACCESS_KEY>'" : "-H 'Authorization: <API_KEY>'",
      );
    for (const c of CASES.filter((c) => c.sample.label === "fetch"))
      expect(c.sample.source, c.name).toContain(
        c.api === "messaging"
          ? '"Authorization": `Key ${process.env.ACCESS_KEY}`'
          : '"Authorization": `${process.env.API_KEY}`',
      );
  });

  it("are in the docs pages Redoc renders (generated/docs/<api>.html)", () => {
    for (const api of APIS) {
      const page = readFileSync(path.join(ROOT, "generated", "docs", `${api}.html`), "utf8");
      for (const c of CASES.filter((c) => c.api === api))
        expect(page, c.name).toContain(JSON.stringify(c.sample.source).slice(1, 60));
    }
  });
});

describe("each code sample, run against the sandbox", () => {
  let sandbox: Sandbox;
  const folder = path.join(ROOT, "test-artifacts", `code-samples-${String(process.pid)}`);
  beforeAll(async () => {
    sandbox = createSandbox({ accessKey: ACCESS_KEY, configsKey: CONFIGS_KEY });
    await sandbox.start();
    mkdirSync(folder, { recursive: true });
    // The client sample imports "specfirst/client": the package's own name, resolved to dist/ (built by the set-up).
    await distBuilt();
  }, 300_000);
  afterAll(async () => {
    await sandbox.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const env = { ...process.env, ACCESS_KEY, API_KEY: CONFIGS_KEY };

  it.each(CASES.map((c) => [c.name, c] as const))("%s gets the declared success", async (_name, c) => {
    const source = c.sample.source.split(c.baseUrl).join(sandbox.url);
    expect(source).not.toBe(c.sample.source);
    let status: string;
    if (c.sample.label === "curl") {
      const command = `${source.replace("<ACCESS_KEY>", ACCESS_KEY).replace("<API_KEY>", CONFIGS_KEY)} -s -o /dev/null -w '%{http_code}'`;
      ({ stdout: status } = await run("sh", ["-c", command]));
    } else if (c.sample.label === "fetch") {
      const script = `${source}\nconsole.log(response.status);\n`;
      ({ stdout: status } = await run(process.execPath, ["--input-type=module", "-e", script], { env }));
    } else {
      // Resolves on the declared success, rejects (an HttpError naming the status) otherwise.
      const file = path.join(folder, `${c.api}-${c.operation.route.replace(/\W/g, "")}.mts`);
      writeFileSync(file, `${source}\nvoid result;\nconsole.log(${String(c.operation.success)});\n`);
      const tsx = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
      ({ stdout: status } = await run(process.execPath, [tsx, file], { env, cwd: ROOT }));
    }
    expect(Number(status.trim())).toBe(c.operation.success);
  });
});
