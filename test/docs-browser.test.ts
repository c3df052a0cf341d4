import { mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT } from "./helpers/fixtures.js";

// The published docs, opened in Debian's real Chromium (installed by .ci/run). Not skipped when Chromium is
// missing: a missing browser fails the test.
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARTIFACTS = path.join(ROOT, "test-artifacts");

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  mkdirSync(ARTIFACTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

type Node = Record<string, unknown>;

/** Summaries of every operation and webhook of a built document, and its main request schemas. */
function expectedContent(api: string): { operations: string[]; schemas: string[] } {
  const document = parse(readFileSync(path.join(ROOT, "openapi", `${api}.yaml`), "utf8")) as Node;
  const operations: string[] = [];
  for (const group of [document.paths, document.webhooks] as Record<string, Record<string, Node>>[]) {
    for (const item of Object.values(group ?? {})) for (const op of Object.values(item)) if (typeof op.summary === "string") operations.push(op.summary);
  }
  const schemas = api === "messaging" ? ["Message", "Notification", "Command", "CommandResponse"] : ["Config"];
  return { operations, schemas };
}

describe.each(["messaging", "configs"])("openapi/docs/%s.html", (api) => {
  it("renders every operation and the main schemas with no request leaving the machine", async () => {
    const file = path.join(ROOT, "openapi", "docs", `${api}.html`);
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
    for (const summary of operations) {
      await expect.poll(() => page.getByText(summary, { exact: false }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    }
    const text = await page.locator("body").innerText();
    for (const schema of schemas) expect(text).toContain(schema);
    await page.screenshot({ path: path.join(ARTIFACTS, `docs-${api}.png`), fullPage: false });
    expect(external).toEqual([]);
    expect(statSync(file).size).toBeGreaterThan(10_000);
    await context.close();
  });
});
