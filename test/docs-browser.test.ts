import { mkdirSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { findBrowser, launchBrowser, screenshot } from "./helpers/browser.js";
import { ROOT } from "./helpers/fixtures.js";

// Where the built docs are, as <api>.html (the one line to change when they move).
const DOCS_DIR = path.join(ROOT, "generated", "docs");

// The published docs, opened in a real headless Chromium: CHROMIUM_PATH, else the headless shell shipped in the
// @sparticuz/chromium dev dependency (see helpers/browser.ts), the kind of build Playwright's own headless mode runs.
// Not a system Chromium: Debian's full browser (its new headless mode) took twice the CPU to render the same pages,
// 18.7 s against 9.2 s for this file on the 2-core machine. Never skipped: a browser that cannot be found or
// launched fails the test.
const ARTIFACTS = path.join(ROOT, "test-artifacts");

let browser: Browser;
beforeAll(async () => {
  const found = await findBrowser({ systemCandidates: [] });
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
        if (typeof op.summary === "string")
          operations.push({ tag: String((op.tags as string[] | undefined)?.[0] ?? ""), summary: op.summary });
      }
    }
  }
  // The main schemas, recognised by their fields as Redoc renders them in the request and response bodies.
  const schemas =
    api === "messaging"
      ? ["content", "metadata", "event", "reason", "method", "uri", "resource", "status"]
      : ["sharing_groups", "index", "filter", "input", "transformer", "processor", "output"];
  return { operations, schemas };
}

/**
 * Each API's page, opened once and shared by the tests that read it (a Redoc page takes seconds of CPU to load),
 * with every request that would leave the machine aborted and recorded in `external`.
 */
const opened = new Map<string, Promise<{ page: Page; external: string[] }>>();
function docsPage(api: string): Promise<{ page: Page; external: string[] }> {
  let entry = opened.get(api);
  if (entry === undefined) {
    entry = openOffline(`${api}.html`);
    opened.set(api, entry);
  }
  return entry;
}

/** A page of the docs folder in a new browser context where every request that would leave the machine is aborted and recorded. */
async function openOffline(file: string): Promise<{ page: Page; external: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const external: string[] = [];
  await page.route("**/*", async (route) => {
    const url = route.request().url();
    if (url.startsWith("file:") || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    external.push(url);
    return route.abort();
  });
  // `file` may carry a fragment (a Redoc link, `#/schemas/select`).
  const [name = file, hash = ""] = file.split("#");
  await page.goto(`${pathToFileURL(path.join(DOCS_DIR, name)).href}${hash === "" ? "" : `#${hash}`}`, {
    waitUntil: "load",
  });
  return { page, external };
}

describe.each(["messaging", "configs"])("docs of %s", (api) => {
  it("renders every operation and the main schemas with no request leaving the machine", async () => {
    const { page, external } = await docsPage(api);
    const { operations, schemas } = expectedContent(api);
    expect(operations.length).toBeGreaterThan(0);
    const summariesByTag = new Map<string, string[]>();
    for (const { tag, summary } of operations) summariesByTag.set(tag, [...(summariesByTag.get(tag) ?? []), summary]);
    // Redoc 3's sidebar shows one tag's operations at a time: open each tag, as a reader would, look for its
    // operations, and read the page it shows.
    const readTags = async () => {
      let seen = "";
      for (const [tag, summaries] of summariesByTag) {
        await page.getByText(tag, { exact: true }).first().click();
        for (const summary of summaries) {
          await expect
            .poll(() => page.getByText(summary, { exact: false }).first().isVisible(), {
              message: summary,
              timeout: 15_000,
            })
            .toBe(true);
        }
        seen += await page.locator("body").innerText();
      }
      return schemas.filter((field) => !seen.includes(field));
    };
    // Bodies render after their operation: read every tag's page again until each main field has shown up.
    await expect.poll(readTags, { timeout: 30_000 }).toEqual([]);
    await screenshot(page, { path: path.join(ARTIFACTS, `docs-${api}.png`), fullPage: false });
    expect(external).toEqual([]);
    expect(statSync(path.join(DOCS_DIR, `${api}.html`)).size).toBeGreaterThan(10_000);
  });
});

/** The named schemas of a built document (`components.schemas`). */
function schemaNames(api: string): string[] {
  const document = parse(readFileSync(path.join(ROOT, "generated", "openapi", `${api}.yaml`), "utf8")) as {
    components: { schemas: Node };
  };
  return Object.keys(document.components.schemas);
}

describe.each([
  ["messaging", "Select", "options"],
  ["configs", "Config", "Closed object"],
])("docs of %s: navigation", (api, schema, shown) => {
  it("lists Authentication, Errors and every named schema; a schema's link opens it; the badge's image loads", async () => {
    const { page, external } = await docsPage(api);
    const menu = page.locator(".menu-content").first();
    await expect.poll(() => menu.innerText(), { timeout: 15_000 }).toContain("Authentication");
    expect(await menu.innerText()).toContain("Errors");
    await page.getByText("Schemas", { exact: true }).first().click();
    const names = schemaNames(api);
    // Redoc's sidebar shows a schema by its title (every component's title is its name) under "Schemas".
    const missing = async () => {
      const labels = new Set((await menu.innerText()).split("\n").map((line) => line.trim()));
      return names.filter((name) => !labels.has(name));
    };
    await expect.poll(missing, { timeout: 15_000 }).toEqual([]);
    await menu.getByText(schema, { exact: true }).first().click();
    await page.waitForURL((url) => url.hash === `#/schemas/${schema.toLowerCase()}`);
    // The link opens that schema on a fresh page (a reader following it from elsewhere).
    const fresh = await openOffline(`${api}.html${new URL(page.url()).hash}`);
    // Redoc's schemas page holds every schema; the link scrolls to the one it names.
    const heading = fresh.page.locator("main h2", { hasText: new RegExp(`^${schema}$`) }).first();
    const height = fresh.page.viewportSize()?.height ?? 0;
    await expect
      .poll(
        () =>
          heading
            .evaluate((element) => element.getBoundingClientRect().top)
            .then(
              (top) => top >= 0 && top < height,
              () => false,
            ),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await fresh.page.locator("main").first().innerText()).toContain(shown);
    // The "API docs by" badge: its image is inline and loads (the CDN logo showed broken offline).
    const images = await page.locator("img").evaluateAll((all) =>
      all.map((img) => ({
        src: img.getAttribute("src") ?? "",
        width: (img as unknown as { naturalWidth: number }).naturalWidth,
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image.width, image.src.slice(0, 40)).toBeGreaterThan(0);
    expect([...external, ...fresh.external]).toEqual([]);
    await screenshot(fresh.page, { path: path.join(ARTIFACTS, `docs-${api}-schema.png`), fullPage: false });
    await fresh.page.context().close();
  });
});

/** Media type → title of its document, from the declarations in the schema files (`x-content-type`, `x-resource-type`). */
function declaredDocuments(keyword: "x-content-type" | "x-resource-type"): [string, string][] {
  const dir = path.join(ROOT, "schemas", "messaging");
  return readdirSync(dir)
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Node)
    .filter((schema) => typeof schema[keyword] === "string")
    .map((schema) => [String(schema[keyword]), String(schema.title)]);
}

describe("docs of messaging: the content-by-type rule", () => {
  it("offers the variants of a body, names the document of every media type, and shows no status on a command request", async () => {
    const { page, external } = await docsPage("messaging");
    const requestText = async () => {
      const text = await page.locator("body").innerText();
      const start = text.lastIndexOf("\nRequest\n");
      return text.slice(start, text.indexOf("\nResponses\n", start));
    };
    /**
     * Opens an operation, then picks each media type in its body's discriminator and reads which document it shows:
     * the field's type name, `(Select)`, or for a document that has variants itself (a collection, a container) its
     * nested `One of: KnownCollection ...`.
     */
    const documentsShown = async (tag: string, summary: string, documents: [string, string][]) => {
      await page.getByText(tag, { exact: true }).first().click();
      await page.getByText(summary, { exact: true }).first().click();
      await expect.poll(requestText, { timeout: 15_000 }).toContain("One of:");
      const shown: Record<string, string> = {};
      for (const [mediaType, title] of documents) {
        await page.locator('[data-section-id="switcher"] [data-testid="dropdown"] button').first().click();
        await page.getByRole("menuitem", { name: mediaType, exact: true }).first().click();
        const text = await requestText();
        const chosen = text.slice(text.indexOf(`Value:\n"${mediaType}"`));
        shown[mediaType] =
          chosen.includes(`(${title})\n`) || chosen.includes(`\nKnown${title}\n`)
            ? title
            : (/\(([A-Za-z]+)\)\n/.exec(chosen)?.[1] ?? "");
      }
      return { shown, text: await requestText() };
    };

    const contents = declaredDocuments("x-content-type");
    const messages = await documentsShown("Messages", "Send a message", contents);
    expect(messages.text).toContain("KnownMessage");
    expect(messages.text).toContain("OtherMessage");
    expect(messages.shown).toEqual(Object.fromEntries(contents));

    const resources = declaredDocuments("x-resource-type");
    const commands = await documentsShown("Commands", "Send a command", resources);
    expect(commands.shown).toEqual(Object.fromEntries(resources));
    expect(commands.text).not.toMatch(/\nstatus\n/);
    await screenshot(page, { path: path.join(ARTIFACTS, "docs-messaging-variants.png"), fullPage: false });
    expect(external).toEqual([]);
  });
});

describe("docs index and changelog", () => {
  it("index.html links every API's page (title, version, summary of its document) and the changelog, which links back", async () => {
    const { page, external } = await openOffline("index.html");
    const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
    // One document per API (a known-types document is a form of its API's: docs/published-contract.md#the-known-types-documents).
    const apis = readdirSync(path.join(ROOT, "generated", "openapi"))
      .filter((file) => !file.endsWith(".known.yaml"))
      .map((file) => path.basename(file, ".yaml"));
    expect(apis.sort()).toEqual(["configs", "messaging"]);
    for (const api of apis) {
      const { info } = parse(readFileSync(path.join(ROOT, "generated", "openapi", `${api}.yaml`), "utf8")) as {
        info: { title: string; version: string; summary: string };
      };
      expect(info.version).toBe(version);
      const card = page.locator(`section#${api}`);
      await expect.poll(() => card.innerText()).toContain(info.summary);
      expect(await card.innerText()).toContain(info.version);
      // Follow the link as a reader would: the API's Redoc page opens, titled as its document.
      await card.getByRole("link", { name: info.title, exact: true }).click();
      await page.waitForURL((url) => url.pathname.endsWith(`/${api}.html`));
      expect(await page.title()).toBe(info.title);
      await page.goBack();
      await page.waitForURL((url) => url.pathname.endsWith("/index.html"));
    }
    await page.getByRole("link", { name: "Changelog", exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/changelog.html"));
    // The current version has an entry (CHANGELOG.md, rendered).
    expect((await page.locator("h2").allInnerTexts()).some((heading) => heading.startsWith(`${version} `))).toBe(true);
    await screenshot(page, { path: path.join(ARTIFACTS, "docs-changelog.png"), fullPage: false });
    await page.getByRole("link", { name: "API reference", exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/index.html"));
    expect(external).toEqual([]);
  });
});
