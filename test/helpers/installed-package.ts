import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT, distBuilt, withRegistryCa } from "./fixtures.js";

/**
 * The package as a consumer gets it (the consumer tier, CONTRIBUTING.md#the-consumer-tier): `npm pack` of the
 * checkout, installed from the tarball into a new project, once per test run for every test file that asks (the
 * first one packs and installs, the others wait for it). The project is `"type": "module"`; a `.cjs` file in it is
 * CommonJS. The tools a consumer brings (Express, Fastify, Hono, @types/node, ...) are linked into its node_modules
 * from the checkout's; `specfirst` is the installed copy, with its own ajv and ajv-formats.
 */
export interface InstalledPackage {
  /** The consumer project. */
  dir: string;
  /** The tarball `npm pack` wrote. */
  tarball: string;
  /** The tarball's files, as `npm pack --json` lists them. */
  files: string[];
  /** node_modules/specfirst in the project. */
  installed: string;
}

/** Set by test/setup/global.ts for the run: the folder the installed package is made in. */
export const CONSUMER_ROOT_VARIABLE = "SPECFIRST_TEST_CONSUMER_ROOT";

/** What a consumer of the documented examples has installed beside the package, linked from the checkout. */
const CONSUMER_TOOLS = [
  "express",
  "@types/express",
  "@types/node",
  "fastify",
  "hono",
  "@hono/node-server",
  "esbuild",
  "undici",
  "redis",
];

const run = promisify(execFile);

/** `npm` with the registry reachable (an install may fetch metadata) and no notices. */
export const npm = (args: string[], cwd: string) =>
  run("npm", args, {
    cwd,
    env: withRegistryCa({
      ...process.env,
      npm_config_update_notifier: "false",
      npm_config_fund: "false",
      npm_config_audit: "false",
    }),
    maxBuffer: 64 * 1024 * 1024,
  });

let installing: Promise<InstalledPackage> | undefined;

/** The run's installed package, packed and installed by whichever test file asks first. */
export function installedPackage(): Promise<InstalledPackage> {
  return (installing ??= sharedInstall());
}

async function sharedInstall(): Promise<InstalledPackage> {
  const root = process.env[CONSUMER_ROOT_VARIABLE] ?? path.join(tmpdir(), `specfirst-consumer-${process.pid}`);
  const done = path.join(root, "installed.json");
  const failed = path.join(root, "failed.txt");
  mkdirSync(root, { recursive: true });
  const owner = claim(path.join(root, "lock"));
  if (owner) {
    try {
      const installed = await packAndInstall(root);
      writeFileSync(done, JSON.stringify(installed));
      return installed;
    } catch (error) {
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
  }
  const deadline = Date.now() + 280_000;
  while (Date.now() < deadline) {
    if (existsSync(done)) return JSON.parse(readFileSync(done, "utf8")) as InstalledPackage;
    if (existsSync(failed))
      throw new Error(`packing or installing failed in another test file:\n${readFileSync(failed, "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no installed package in ${root} after 280 s`);
}

/** True when this process made `lock` (a folder: made by exactly one process), false when another one had. */
function claim(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function packAndInstall(root: string): Promise<InstalledPackage> {
  // The run's type check builds dist/ first (test/setup/global.ts): packing, whose `prepare` builds too, waits for
  // it rather than write the same files at the same time.
  await distBuilt(200_000);
  const { stdout } = await npm(["pack", "--json", "--pack-destination", root], ROOT);
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (packed === undefined) throw new Error(`npm pack printed no package: ${stdout}`);
  const tarball = path.join(root, packed.filename);
  const dir = path.join(root, "project");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  await npm(["install", "--no-save", "--prefer-offline", tarball], dir);
  for (const tool of CONSUMER_TOOLS) {
    const link = path.join(dir, "node_modules", tool);
    mkdirSync(path.dirname(link), { recursive: true });
    if (!existsSync(link)) symlinkSync(path.join(ROOT, "node_modules", tool), link, "dir");
  }
  return {
    dir,
    tarball,
    files: packed.files.map((file) => file.path),
    installed: path.join(dir, "node_modules", "specfirst"),
  };
}
