import { spawn, execFile, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { consumerTsconfig } from "./helpers/consumer-tsconfig.js";
import { docFiles } from "./helpers/doc-files.js";
import { ROOT, TSC_5, readJson } from "./helpers/fixtures.js";
import { installedPackage } from "./helpers/installed-package.js";

// Every code example of README.md and docs/*.md, taken from its fenced block and compiled (and, where
// test/fixtures/doc-examples.json says so, run) in a project that installed the packed package: what a reader
// copies is what works for them.
const run = promisify(execFile);

interface ExampleEntry {
  file: string;
  starts: string;
  check: "run" | "typecheck";
  why?: string;
  prelude?: string;
  append?: string;
  replace?: Record<string, string>;
  scenario?: string;
  serve?: boolean;
}

interface CodeBlock {
  file: string;
  line: number;
  code: string;
}

const { blocks: entries } = readJson<{ blocks: ExampleEntry[] }>(
  path.join(ROOT, "test", "fixtures", "doc-examples.json"),
);

/** The ```ts and ```js blocks of the documentation, indented ones (under a list item) unindented. */
function codeBlocks(): CodeBlock[] {
  const found: CodeBlock[] = [];
  for (const file of docFiles()) {
    const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
    for (let index = 0; index < lines.length; index++) {
      const fence = /^(\s*)```(ts|js|typescript|javascript|mjs|cjs)\s*$/.exec(lines[index]!);
      if (fence === null) continue;
      const indent = fence[1]!.length;
      const body: string[] = [];
      let end = index + 1;
      for (; end < lines.length && !/^\s*```\s*$/.test(lines[end]!); end++) body.push(lines[end]!.slice(indent));
      found.push({ file, line: index + 1, code: `${body.join("\n")}\n` });
      index = end;
    }
  }
  return found;
}

const firstLine = (block: CodeBlock) => block.code.split("\n")[0]!;
const matching = (entry: ExampleEntry, blocks: CodeBlock[]) =>
  blocks.filter((block) => block.file === entry.file && block.code.startsWith(entry.starts));
/** The one block an entry names (undefined when it names none, or several: the listing test says which). */
const blockOf = (entry: ExampleEntry, blocks: CodeBlock[]) => {
  const found = matching(entry, blocks);
  return found.length === 1 ? found[0] : undefined;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const blocks = codeBlocks();
let consumer = "";
let compiled: Promise<string> | undefined;
/** The example files, `examples/<index>.ts`, each entry's source: prelude, block with its replacements, append. */
const exampleFile = (index: number) => path.join("examples", `example-${index}.ts`);
const ports = new Map<string, { sandboxPort: number; botPort: number }>();

function source(entry: ExampleEntry, block: CodeBlock, portsOf: { sandboxPort: number; botPort: number }): string {
  const fill = (text: string) =>
    text.replaceAll("{sandboxPort}", String(portsOf.sandboxPort)).replaceAll("{botPort}", String(portsOf.botPort));
  let code = block.code;
  for (const [from, to] of Object.entries(entry.replace ?? {})) {
    if (!code.includes(from))
      throw new Error(
        `${entry.file}:${block.line}: the block no longer holds ${JSON.stringify(from)} (test/fixtures/doc-examples.json)`,
      );
    code = code.replaceAll(from, fill(to));
  }
  // every example is a module of its own (top-level await, no clash of names between examples)
  return `// ${entry.file}:${block.line}\n${entry.prelude ?? ""}${code}${entry.append ?? ""}\nexport {};\n`;
}

beforeAll(async () => {
  const installed = await installedPackage();
  consumer = path.join(installed.dir, "..", "doc-examples");
  mkdirSync(path.join(consumer, "examples"), { recursive: true });
  writeFileSync(
    path.join(consumer, "package.json"),
    JSON.stringify({ name: "doc-examples", private: true, type: "module" }),
  );
  // the examples resolve the package and the tools from the installed project's node_modules (one level up is not
  // searched from a sibling folder: link it)
  symlinkSync(path.join(installed.dir, "node_modules"), path.join(consumer, "node_modules"), "dir");
  for (const scenario of new Set(entries.map((entry) => entry.scenario ?? ""))) {
    ports.set(scenario, { sandboxPort: await freePort(), botPort: await freePort() });
  }
  entries.forEach((entry, index) => {
    const block = blockOf(entry, blocks);
    if (block !== undefined)
      writeFileSync(path.join(consumer, exampleFile(index)), source(entry, block, ports.get(entry.scenario ?? "")!));
  });
  writeFileSync(
    path.join(consumer, "tsconfig.json"),
    consumerTsconfig("nodenext", ["examples"], {
      target: "ES2023",
      noEmit: false,
      outDir: "out",
      types: ["node"],
      noUnusedLocals: false,
    }),
  );
}, 300_000);

/** tsc's diagnostics for every example (empty when they all compile); the JavaScript goes to out/. */
const compileExamples = () =>
  (compiled ??= run(process.execPath, [TSC_5, "-p", "tsconfig.json", "--pretty", "false"], { cwd: consumer }).then(
    () => "",
    (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
  ));

const outputOf = (index: number) => path.join(consumer, "out", `example-${index}.js`);

/** Runs a compiled example to its end: its exit code and output. */
async function runExample(index: number, timeoutMs = 60_000) {
  return run(process.execPath, [outputOf(index)], { cwd: consumer, timeout: timeoutMs }).then(
    ({ stdout, stderr }) => ({ code: 0, output: `${stdout}${stderr}` }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: `${error.stdout}${error.stderr}`,
    }),
  );
}

/** Resolves once something accepts connections on the port (a started server), or rejects after `timeoutMs`. */
async function listening(port: number, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const { connect } = await import("node:net");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode} before listening on ${port}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
}

function start(command: string, args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { cwd: consumer, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

describe("the documentation's code examples", () => {
  it("are each listed in test/fixtures/doc-examples.json, as run or type-checked, with why when not run", () => {
    const unlisted = blocks.filter((block) => !entries.some((entry) => blockOf(entry, [block]) !== undefined));
    expect(
      unlisted.map((block) => `${block.file}:${block.line} ${firstLine(block)}`),
      "add each to test/fixtures/doc-examples.json",
    ).toEqual([]);
    const stale = entries.filter((entry) => matching(entry, blocks).length === 0);
    expect(
      stale.map((entry) => `${entry.file}: ${entry.starts}`),
      "no block starts so any more",
    ).toEqual([]);
    const ambiguous = entries.filter((entry) => matching(entry, blocks).length > 1);
    expect(
      ambiguous.map((entry) => `${entry.file}: ${entry.starts}`),
      "several blocks start so: give more of the block's lines in `starts`",
    ).toEqual([]);
    expect(entries.filter((entry) => entry.check === "typecheck" && !entry.why)).toEqual([]);
  });

  it("compile against the installed package's declarations", async () => {
    expect(await compileExamples()).toBe("");
  });

  const single = entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.check === "run" && entry.scenario === undefined);
  it.each(single.map(({ entry, index }) => [`${entry.file}: ${entry.starts}`, index] as const))(
    "run: %s",
    async (_name, index) => {
      await compileExamples();
      const result = await runExample(index);
      expect({ code: result.code, output: result.code === 0 ? "" : result.output }).toEqual({ code: 0, output: "" });
    },
  );

  it("run: the README's bot against the sandbox as a library (README.md, Bot author), answered and confirmed", async () => {
    await compileExamples();
    const scenario = "readme-bot-and-library-sandbox";
    const indexes = entries.flatMap((entry, index) => (entry.scenario === scenario ? [index] : []));
    const served: ReturnType<typeof start>[] = [];
    try {
      for (const index of indexes) {
        if (entries[index]!.serve) {
          const bot = start(process.execPath, [outputOf(index)]);
          served.push(bot);
          await listening(ports.get(scenario)!.botPort, bot.child).catch((error: Error) => {
            throw new Error(`${error.message}\n${bot.output()}`);
          });
          continue;
        }
        const result = await runExample(index);
        const output =
          result.code === 0 ? "" : `${result.output}\nbot: ${served.map((bot) => bot.output()).join("\n")}`;
        expect({ code: result.code, output }).toEqual({ code: 0, output: "" });
      }
    } finally {
      for (const { child } of served) child.kill();
    }
  });

  it("run: the README's bot against `npx specfirst sandbox` as the README starts it, answered and confirmed", async () => {
    await compileExamples();
    const scenario = "readme-bot-and-cli-sandbox";
    const { sandboxPort, botPort } = ports.get(scenario)!;
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const command = /^(npx specfirst sandbox [\s\S]*?[^\\])$/m.exec(readme)?.[1];
    expect(command, "README.md's sandbox command").toBeDefined();
    const args = command!
      .replace(/\\\n\s*/g, "")
      .replaceAll("--port 8080", `--port ${sandboxPort}`)
      .replaceAll("127.0.0.1:3000", `127.0.0.1:${botPort}`)
      .split(/\s+/)
      .slice(1);
    const sandbox = start("npx", args);
    const [botIndex] = entries.flatMap((entry, index) => (entry.scenario === scenario ? [index] : []));
    const bot = start(process.execPath, [outputOf(botIndex!)]);
    try {
      await listening(sandboxPort, sandbox.child);
      await listening(botPort, bot.child);
      const base = `http://127.0.0.1:${sandboxPort}`;
      const inbound = await fetch(`${base}/_sandbox/inbound`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ from: "5531988887777@sms.example.net", type: "text/plain", content: "Hi" }),
      });
      expect(inbound.status, await inbound.clone().text()).toBe(200);
      type State = {
        sent: { messages: { message: { content: unknown } }[]; notifications: { notification: { event: string } }[] };
        violations: unknown[];
      };
      let state: State | undefined;
      for (let attempt = 0; attempt < 100; attempt++) {
        state = (await (await fetch(`${base}/_sandbox/state`)).json()) as State;
        if (state.sent.notifications.some((sent) => sent.notification.event === "consumed")) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(state?.violations, `sandbox: ${sandbox.output()}\nbot: ${bot.output()}`).toEqual([]);
      expect(state?.sent.messages.map((sent) => sent.message.content)).toEqual(["You said: Hi"]);
      expect(state?.sent.notifications.map((sent) => sent.notification.event)).toEqual(["consumed"]);
    } finally {
      bot.child.kill();
      sandbox.child.kill();
    }
  });
});
