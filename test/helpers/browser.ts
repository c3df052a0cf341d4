import { spawn } from "node:child_process";
import { constants, createReadStream, createWriteStream, existsSync, readFileSync, statSync } from "node:fs";
import { access, mkdir, mkdtemp, readdir, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";
import { chromium, type Browser, type Page, type PageScreenshotOptions } from "playwright-core";
import { ROOT } from "./fixtures.js";

// Finds a Chromium for the browser tests, in this order:
//   1. "env":    CHROMIUM_PATH, when set (an error when it names no executable file: it is never silently ignored);
//   2. "system": the first of SYSTEM_CANDIDATES that is an executable file (absolute paths as they are, bare names
//                looked up on PATH), such as Debian's chromium that .ci/run installs;
//   3. "npm":    the headless Chromium shipped inside the @sparticuz/chromium dev dependency (brotli-compressed in
//                the package itself, so `npm ci` from the npm registry is enough: nothing is downloaded). Pinned to
//                147.0.0, its last release for Node 20 (147.0.1 and later need Node >= 22.17).
//
// The npm browser is unpacked by this helper, not by the package's own `executablePath()`: that one always writes a
// shared /tmp/chromium (one for every checkout and version on the machine), returns a half-written binary when two
// test files unpack at once (it only checks that the file exists), and unpacks the NSS libraries the binary links
// against and its fonts.conf only on AWS Lambda. Here it goes to node_modules/.cache/specfirst-chromium/<version>,
// made in a private folder and renamed into place, with the binary, its bundled NSS/expat libraries (lib/, put on
// LD_LIBRARY_PATH so a Debian with only Node.js can run it) and its bundled fonts (fonts/, added to the system's
// fontconfig setup when there is one).

export type BrowserSource = "env" | "system" | "npm";

export interface FoundBrowser {
  executablePath: string;
  /** Chromium flags for a root, no-network sandbox (playwright adds a fresh --user-data-dir itself). */
  args: string[];
  /** Variables to add to the browser's environment (the npm browser's libraries and fonts), if any. */
  env: Record<string, string>;
  source: BrowserSource;
}

export interface FindBrowserOptions {
  /** Environment to read CHROMIUM_PATH and PATH from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** System browsers to try, absolute paths or names on PATH (default: SYSTEM_CANDIDATES); [] skips the system. */
  systemCandidates?: readonly string[];
  /** Where to unpack the npm browser (default: node_modules/.cache/specfirst-chromium). */
  cacheDir?: string;
}

export const SYSTEM_CANDIDATES: readonly string[] = [
  "/usr/bin/chromium",
  "chromium",
  "chromium-browser",
  "google-chrome",
];

/** As root, with no network: no sandbox, no GPU, and none of Chromium's own connections to Google's hosts. */
export const LAUNCH_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const NPM_BROWSER_PACKAGE = "@sparticuz/chromium";

export async function findBrowser(options: FindBrowserOptions = {}): Promise<FoundBrowser> {
  const env = options.env ?? process.env;
  const args = [...LAUNCH_ARGS];
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!(await isExecutableFile(fromEnv))) throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file`);
    return { executablePath: fromEnv, args, env: {}, source: "env" };
  }
  for (const candidate of options.systemCandidates ?? SYSTEM_CANDIDATES) {
    const found = await resolveCommand(candidate, env.PATH ?? "");
    if (found) return { executablePath: found, args, env: {}, source: "system" };
  }
  const npm = await unpackNpmBrowser(
    options.cacheDir ?? path.join(ROOT, "node_modules", ".cache", "specfirst-chromium"),
  );
  return { ...npm, args, source: "npm" };
}

/** Launches a found browser headless with playwright-core. */
export function launchBrowser(found: FoundBrowser): Promise<Browser> {
  return chromium.launch({
    executablePath: found.executablePath,
    args: found.args,
    headless: true,
    ...(Object.keys(found.env).length > 0 ? { env: { ...process.env, ...found.env } } : {}),
  });
}

/**
 * `page.screenshot`, taken again (at most 3 attempts, 200 ms apart) when Chromium answers "Unable to capture
 * screenshot": the headless shell says so when no compositor frame is ready in time, which a loaded machine can cause
 * (seen once in a full `npm test` on 2 cores). Any other error, or a page that never renders, still fails.
 */
export async function screenshot(page: Page, options: PageScreenshotOptions = {}): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.screenshot(options);
    } catch (error) {
      if (attempt === 3 || !String(error).includes("Unable to capture screenshot")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

async function resolveCommand(command: string, searchPath: string): Promise<string | undefined> {
  if (command.includes("/")) return (await isExecutableFile(command)) ? command : undefined;
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, command);
    if (await isExecutableFile(file)) return file;
  }
  return undefined;
}

/** The package's folder, found through its entry point (its exports map hides package.json). */
function npmBrowserPackage(): { binDir: string; version: string } {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(NPM_BROWSER_PACKAGE);
  } catch {
    throw new Error(
      `no browser found: CHROMIUM_PATH is not set, no system Chromium, and the dev dependency ${NPM_BROWSER_PACKAGE} is not installed (npm ci)`,
    );
  }
  let dir = path.dirname(entry);
  while (
    !existsSync(path.join(dir, "package.json")) ||
    JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).name !== NPM_BROWSER_PACKAGE
  ) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the folder of ${NPM_BROWSER_PACKAGE} from ${entry}`);
    dir = parent;
  }
  const { version } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string };
  return { binDir: path.join(dir, "bin"), version };
}

async function unpackNpmBrowser(cacheDir: string): Promise<{ executablePath: string; env: Record<string, string> }> {
  const { binDir, version } = npmBrowserPackage();
  const target = path.join(cacheDir, `${process.platform}-${process.arch}-${version}`);
  const result = {
    executablePath: path.join(target, "chromium"),
    env: { LD_LIBRARY_PATH: path.join(target, "lib"), FONTCONFIG_FILE: path.join(target, "fonts.conf") },
  };
  // The folder only ever appears complete (renamed into place), so its presence is enough.
  if (existsSync(result.executablePath)) return result;
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `${NPM_BROWSER_PACKAGE} ships a Linux x64 Chromium only; set CHROMIUM_PATH on ${process.platform}-${process.arch}`,
    );
  }
  await mkdir(cacheDir, { recursive: true });
  await removeStalePartials(cacheDir);
  const staging = await mkdtemp(`${target}.partial-`);
  try {
    await pipeline(
      createReadStream(path.join(binDir, "chromium.br")),
      createBrotliDecompress(),
      createWriteStream(path.join(staging, "chromium"), { mode: 0o755 }),
    );
    await untarBrotli(path.join(binDir, "al2023.tar.br"), staging); // lib/: libnss3, libnspr4, libexpat, ...
    await untarBrotli(path.join(binDir, "fonts.tar.br"), staging); // fonts/ (Open Sans) and a Lambda fonts.conf
    await writeFile(
      path.join(staging, "fonts.conf"),
      [
        `<?xml version="1.0"?>`,
        `<!DOCTYPE fontconfig SYSTEM "fonts.dtd">`,
        `<fontconfig>`,
        `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>`,
        `  <dir>${path.join(target, "fonts")}</dir>`,
        `  <cachedir>${path.join(target, "fonts-cache")}</cachedir>`,
        `</fontconfig>`,
        ``,
      ].join("\n"),
    );
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Another test file unpacked the same version first: use its copy.
    if (existsSync(result.executablePath)) return result;
    throw error;
  }
  return result;
}

/** Partial folders left by a run killed while unpacking (over an hour old: none still being written). */
async function removeStalePartials(cacheDir: string): Promise<void> {
  for (const name of await readdir(cacheDir)) {
    const file = path.join(cacheDir, name);
    if (name.includes(".partial-") && Date.now() - statSync(file).mtimeMs > 3_600_000)
      await rm(file, { recursive: true, force: true });
  }
}

/** Extracts a brotli-compressed tarball with the system's tar (part of every Debian), through a plain .tar file. */
async function untarBrotli(archive: string, into: string): Promise<void> {
  const tarFile = path.join(into, `${path.basename(archive, ".br")}.unpacking`);
  await pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(tarFile));
  const tar = spawn("tar", ["-x", "--no-same-owner", "-f", tarFile, "-C", into], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  tar.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    tar.once("error", reject);
    tar.once("close", resolve);
  });
  await rm(tarFile, { force: true });
  if (code !== 0) throw new Error(`tar -x ${archive} failed (${code}): ${stderr}`);
}
