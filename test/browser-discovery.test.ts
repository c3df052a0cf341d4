import { execFileSync } from "node:child_process";
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findBrowser, launchBrowser, screenshot, type FoundBrowser } from "./helpers/browser.js";
import { ROOT } from "./helpers/fixtures.js";

// Each way helpers/browser.ts finds a Chromium, each one launched for real to render a page. The system browser is
// hidden by passing no system candidates (nothing is uninstalled). The machine's own Chromium, when it has one, is
// launched by the default-candidates case; the ordered-candidates and "env" cases point at a launcher script for the
// npm browser (lighter to start than a full Chromium), so every case runs on every machine.

/** Launches the browser, renders a small page and returns what it showed. */
async function render(found: FoundBrowser): Promise<{ version: string; title: string; width: number; png: number }> {
  const browser = await launchBrowser(found);
  try {
    const page = await browser.newPage();
    await page.setContent(
      `<!doctype html><title>t</title><h1 id="title" style="font-family: sans-serif">Rendered by ${found.source}</h1>`,
    );
    const title = await page.locator("#title").innerText();
    const width = (await page.locator("#title").boundingBox())?.width ?? 0;
    const png = (await screenshot(page)).length;
    return { version: browser.version(), title, width, png };
  } finally {
    await browser.close();
  }
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function expectRendered(result: Awaited<ReturnType<typeof render>>, source: string): void {
  expect(result.title).toBe(`Rendered by ${source}`);
  expect(result.width).toBeGreaterThan(50);
  expect(result.png).toBeGreaterThan(1_000);
  expect(result.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
}

let tmp: string;
let npm: FoundBrowser;
/** The machine's own Chromium by the default candidates (Debian's in CI), if it has one. */
let machine: FoundBrowser | undefined;
/** An executable that starts a real browser: a launcher script for the npm one. */
let realBrowser: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "specfirst-browser-"));
  npm = await findBrowser({ env: {}, systemCandidates: [] });
  const byDefault = await findBrowser({ env: { PATH: process.env.PATH } });
  machine = byDefault.source === "system" ? byDefault : undefined;
  const launcher = path.join(tmp, "npm-chromium");
  const exports = Object.entries(npm.env).map(([name, value]) => `export ${name}='${value}'`);
  writeFileSync(launcher, ["#!/bin/sh", ...exports, `exec '${npm.executablePath}' "$@"`, ""].join("\n"), {
    mode: 0o755,
  });
  realBrowser = launcher;
}, 120_000);
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("findBrowser", () => {
  it("npm: with no CHROMIUM_PATH and no system browser, unpacks @sparticuz/chromium and renders a page", async () => {
    expect(npm.source).toBe("npm");
    expect(path.relative(ROOT, npm.executablePath)).toMatch(
      /^node_modules\/\.cache\/specfirst-chromium\/linux-x64-\d+\.\d+\.\d+\/chromium$/,
    );
    expect(npm.args).toEqual(
      expect.arrayContaining(["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]),
    );
    // Every library the binary links against resolves, NSS from the package's own copy (so a Debian with only
    // Node.js, without libnss3, runs it too).
    const ldd = execFileSync("ldd", [npm.executablePath], { env: { ...process.env, ...npm.env }, encoding: "utf8" });
    expect(ldd).not.toContain("not found");
    expect(ldd).toContain(`libnss3.so => ${path.join(path.dirname(npm.executablePath), "lib", "libnss3.so")}`);
    // A second lookup uses the unpacked copy.
    expect(await findBrowser({ env: {}, systemCandidates: [] })).toEqual(npm);
    expectRendered(await render(npm), "npm");
  });

  it("system: the default candidates find the machine's Chromium when it has one, else fall through to npm", async () => {
    const found = await findBrowser({ env: { PATH: process.env.PATH } });
    if (isExecutableFile("/usr/bin/chromium"))
      expect(found).toMatchObject({ source: "system", executablePath: "/usr/bin/chromium" });
    expect(found.source).toBe(machine ? "system" : "npm");
    expectRendered(await render(found), found.source);
  });

  it("system: candidates are tried in order, absolute paths as they are and names on PATH, skipping non-executables", async () => {
    const empty = path.join(tmp, "empty-bin");
    const bin = path.join(tmp, "bin");
    mkdirSync(empty, { recursive: true });
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, "chromium"), "not a program", { mode: 0o644 });
    writeFileSync(path.join(bin, "chromium-browser"), `#!/bin/sh\nexec '${realBrowser}' "$@"\n`, { mode: 0o755 });
    const found = await findBrowser({
      env: { PATH: `${empty}${path.delimiter}${bin}` },
      systemCandidates: [path.join(tmp, "missing", "chromium"), "chromium", "chromium-browser", "google-chrome"],
    });
    expect(found).toMatchObject({ source: "system", executablePath: path.join(bin, "chromium-browser"), env: {} });
    expectRendered(await render(found), "system");
  });

  it("env: CHROMIUM_PATH wins over the system candidates", async () => {
    const found = await findBrowser({ env: { CHROMIUM_PATH: realBrowser, PATH: process.env.PATH } });
    expect(found).toMatchObject({ source: "env", executablePath: realBrowser, env: {} });
    expectRendered(await render(found), "env");
  });

  it("env: a CHROMIUM_PATH that names no executable fails instead of falling back", async () => {
    await expect(findBrowser({ env: { CHROMIUM_PATH: path.join(tmp, "no-such-chromium") } })).rejects.toThrow(
      /CHROMIUM_PATH=.*no-such-chromium is not an executable file/,
    );
  });
});

describe("screenshot", () => {
  /** A page whose screenshot fails with each of `failures` in turn, then returns 2,000 bytes. */
  const pageFailing = (...failures: string[]) => {
    let calls = 0;
    const page = {
      screenshot: async () => {
        const failure = failures[calls++];
        if (failure !== undefined)
          throw new Error(`page.screenshot: Protocol error (Page.captureScreenshot): ${failure}`);
        return Buffer.alloc(2_000);
      },
    };
    return { page: page as unknown as Parameters<typeof screenshot>[0], calls: () => calls };
  };

  it("takes the screenshot again when Chromium had no frame ready, at most 3 times", async () => {
    const twice = pageFailing("Unable to capture screenshot", "Unable to capture screenshot");
    expect((await screenshot(twice.page)).length).toBe(2_000);
    expect(twice.calls()).toBe(3);
    const always = pageFailing(...Array<string>(3).fill("Unable to capture screenshot"));
    await expect(screenshot(always.page)).rejects.toThrow(/Unable to capture screenshot/);
    expect(always.calls()).toBe(3);
  });

  it("fails at once on any other error", async () => {
    const other = pageFailing("Target closed");
    await expect(screenshot(other.page)).rejects.toThrow(/Target closed/);
    expect(other.calls()).toBe(1);
  });
});
