import { mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { findBrowser, launchBrowser } from "./helpers/browser.js";
import { ROOT } from "./helpers/fixtures.js";

// Where the built docs are, as <api>.html (the one line to change when they move).
const DOCS_DIR = path.join(ROOT, "generated", "docs");

// The published docs, opened in a real headless Chromium: CHROMIUM_PATH, else a system Chromium (Debian's, which
// .ci/run installs), else the one shipped in the @sparticuz/chromium dev dependency (see helpers/browser.ts). Never
// skipped: a browser that cannot be found or launched fails the test.
const ARTIFACTS = path.join(ROOT, "test-artifacts");

let browser: Browser;
beforeAll(async () => {
  const found = await findBrowser();
  console.log(`docs-browser: ${found.source} browser ${found.executablePath}`);
  browser = await launchBrowser(found);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

type Node = Record<string, unknown>;

/** Summaries of every operation and webhook of a built document, grouped by tag, and its main request schemas. */
function expectedContent(api: string): { operations: { tag: string; summary: string }[]; schemas: string[] } {
  const document = parse(readFileSync(path.join(ROOT, "generated", "openapi", `${api}.yaml`), "utf8")) as Node;
  const operations: { tag: string; summary: string }[] = [];
  for (const group of [document.paths, document.webhooks] as Record<string, Record<string, Node>>[]) {
    for (const item of Object.values(group ?? {})) {
      for (const op of Object.values(item)) {
        if (typeof op.summary === "string") operations.push({ tag: String((op.tags as string[] | undefined)?.[0] ?? ""), summary: op.summary });
      }
    }
  }
  // The main schemas, recognised by their fields as Redoc renders them in the request and response bodies.
  const schemas = api === "messaging" ? ["content", "metadata", "event", "reason", "method", "uri", "resource", "status"] : ["sharing_groups", "index", "filter", "input", "transformer", "processor", "output"];
  return { operations, schemas };
}

describe.each(["messaging", "configs"])("docs of %s", (api) => {
  it("renders every operation and the main schemas with no request leaving the machine", async () => {
    const file = path.join(DOCS_DIR, `${api}.html`);
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const external: string[] = [];
    await page.route("**/*", async (route) => {
      const url = route.request().url();
      if (url.startsWith("file:") || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
      external.push(url);
      return route.abort();
    });
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    const { operations, schemas } = expectedContent(api);
    expect(operations.length).toBeGreaterThan(0);
    // Redoc 3's sidebar shows one tag's operations at a time: open each tag, as a reader would, and look for them.
    for (const { tag, summary } of operations) {
      await page.getByText(tag, { exact: true }).first().click();
      await expect.poll(() => page.getByText(summary, { exact: false }).first().isVisible(), { message: summary, timeout: 15_000 }).toBe(true);
    }
    // Bodies render after their operation: read every tag's page until each main field has shown up.
    const tags = [...new Set(operations.map((o) => o.tag))];
    const missingFields = async () => {
      let seen = "";
      for (const tag of tags) {
        await page.getByText(tag, { exact: true }).first().click();
        seen += await page.locator("body").innerText();
      }
      return schemas.filter((field) => !seen.includes(field));
    };
    await expect.poll(missingFields, { timeout: 15_000 }).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, `docs-${api}.png`), fullPage: false });
    expect(external).toEqual([]);
    expect(statSync(file).size).toBeGreaterThan(10_000);
    await context.close();
  });
});
