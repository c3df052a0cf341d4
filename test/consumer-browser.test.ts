import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findBrowser, launchBrowser } from "./helpers/browser.js";
import { installedPackage } from "./helpers/installed-package.js";
import { listenOnLoopback } from "./helpers/loopback.js";

// `specfirst/validators` and `specfirst/client` bundled for the browser with esbuild, from a project that installed
// the packed package, and run in headless Chromium (the consumer tier, CONTRIBUTING.md#the-consumer-tier). The page
// validates a message and sends one through a client with `validate: true`, whose validators load on first use
// (the import that, kept as a relative specifier in a chunk, esbuild could not resolve: issue 52).
const PAGE_SOURCE = `
import { validate } from "specfirst/validators";
import { createMessagingClient, RequestValidationError } from "specfirst/client";

try {
const client = createMessagingClient({ baseUrl: location.origin, accessKey: "browser-access-key", validate: true });
const results = {
  valid: validate("message", { to: "bot@example.net", type: "text/plain", content: "Hi" }),
  invalid: validate("message", { to: "bot@example.net", type: "text/plain", content: 1 }),
};
await client.sendMessage({ id: "b-1", to: "bot@example.net", type: "text/plain", content: "Hi" });
results.sent = "202";
const refused = await client.sendMessage({ to: "bot@example.net", type: "text/plain", content: 1 }).catch((error) => error);
results.refused = [refused instanceof RequestValidationError, refused.constructor.name];
window.results = results;
} catch (error) {
  window.failure = String(error && error.stack || error);
  document.title = "failed";
}
`;

let browser: Browser | undefined;
let page = "";
let script = "";
const received: string[] = [];

beforeAll(async () => {
  const installed = await installedPackage();
  const dir = path.join(installed.dir, "browser");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "page.js"), PAGE_SOURCE);
  await build({
    entryPoints: [path.join(dir, "page.js")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    splitting: true,
    outdir: path.join(dir, "out"),
    absWorkingDir: installed.dir,
    logLevel: "silent",
  });
  script = readFileSync(path.join(dir, "out", "page.js"), "utf8");
  page = `<!doctype html><script type="module" src="/out/page.js"></script>`;
  browser = await launchBrowser(await findBrowser());
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe("the package in a browser, bundled by esbuild", () => {
  it("validates, and a client with validate: true sends a valid message and refuses an invalid one", async () => {
    const dir = path.join((await installedPackage()).dir, "browser");
    const server = await listenOnLoopback(
      createServer((request, response) => {
        const url = request.url ?? "/";
        if (request.method === "POST" && url === "/messages") {
          let body = "";
          request.on("data", (chunk: Buffer) => (body += chunk.toString()));
          request.on("end", () => {
            received.push(body);
            response.writeHead(202).end();
          });
          return;
        }
        if (url === "/") return void response.writeHead(200, { "content-type": "text/html" }).end(page);
        if (url === "/out/page.js")
          return void response.writeHead(200, { "content-type": "text/javascript" }).end(script);
        // the chunks esbuild split off (the validators, loaded on the client's first validation)
        try {
          const file = readFileSync(path.join(dir, url.replace(/^\//, "")));
          response.writeHead(200, { "content-type": "text/javascript" }).end(file);
        } catch {
          response.writeHead(404).end();
        }
      }),
    );
    try {
      const tab = await browser!.newPage();
      const errors: string[] = [];
      tab.on("pageerror", (error) => errors.push(error.message));
      await tab.goto(server.url);
      // (run in the page: its globals are the browser's)
      type Page = { results?: unknown; failure?: string; document: { title: string } };
      await tab.waitForFunction(
        () => "results" in globalThis || (globalThis as unknown as Page).document.title === "failed",
        undefined,
        {
          timeout: 30_000,
        },
      );
      expect(errors).toEqual([]);
      expect(await tab.evaluate(() => (globalThis as unknown as Page).failure)).toBeUndefined();
      expect(await tab.evaluate(() => (globalThis as unknown as Page).results)).toEqual({
        valid: { valid: true },
        invalid: {
          valid: false,
          errors: [
            { pointer: "/content", message: "must be a string (checked as the text/plain document)", keyword: "type" },
          ],
        },
        sent: "202",
        refused: [true, "RequestValidationError"],
      });
      expect(received.map((body) => (JSON.parse(body) as { id: string }).id)).toEqual(["b-1"]);
    } finally {
      await server.close();
    }
  });
});
