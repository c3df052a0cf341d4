import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { loadSchemas } from "../load/schemas.js";
import { parseOpenApiSources, readOpenApiFiles } from "../load/openapi-sources.js";
import { buildContract, readPackageVersion, type BuiltContract, type ContractInputs } from "../model/contract.js";
import { formatProblem, GenerationFailed } from "../problems.js";

const git = promisify(execFile);

/** A usage or input error of `diff` (exit 2): an unknown ref, an unreadable or broken input at the ref or in the tree. */
export class DiffInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DiffInputError";
  }
}

/** One side of a comparison: the generator's inputs and the contract built from them. */
export interface Side {
  inputs: ContractInputs;
  contract: BuiltContract;
}

/** The generator's inputs the contract is built from, as files under `schemas/`, `openapi/` and `package.json`. */
const CONTRACT_INPUTS = ["schemas", "openapi", "package.json"];

/** Where a side's inputs are said to come from, in messages. */
const sideName = (ref: string | undefined) => (ref === undefined ? "in the working tree" : `at ${ref}`);

async function readInputs(root: string): Promise<ContractInputs> {
  const [files, openApiFiles, version] = await Promise.all([
    loadSchemas(root),
    readOpenApiFiles(root),
    readPackageVersion(root),
  ]);
  return { files, sources: await parseOpenApiSources(openApiFiles), version };
}

async function resolveCommit(root: string, ref: string): Promise<string> {
  try {
    return (await git("git", ["-C", root, "rev-parse", "--verify", "--quiet", `${ref}^{commit}`])).stdout.trim();
  } catch {
    throw new DiffInputError(`unknown git ref "${ref}" in ${root} (a branch, tag or commit: see \`git log\`)`);
  }
}

/** Writes the contract's inputs as they are at `ref` into a new temporary folder (`git archive`), which the caller removes. */
async function materialise(root: string, ref: string, commit: string): Promise<string> {
  const { stdout } = await git("git", ["-C", root, "ls-tree", "--name-only", commit, "--", ...CONTRACT_INPUTS]);
  const present = stdout.split("\n").filter((name) => name !== "");
  if (!present.includes("schemas"))
    throw new DiffInputError(`${ref} has no schemas/ folder: there is no contract to compare with`);
  const dir = await mkdtemp(path.join(tmpdir(), "specfirst-diff-"));
  try {
    const archive = path.join(dir, "inputs.tar");
    await git("git", ["-C", root, "archive", "--format=tar", "-o", archive, commit, "--", ...present]);
    await git("tar", ["-xf", archive, "-C", dir]);
    await rm(archive);
    return dir;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The sides built from commits, by repository and commit: a commit's inputs never change, so a process that compares
 * with the same commit again (the release command, the tests) builds it once. The last few are kept.
 */
const builtCommits = new Map<string, Promise<Side>>();
const KEPT_COMMITS = 4;

/** The contract at `ref` (or in the working tree of `root` when `ref` is undefined), built by the current generator. */
export async function buildSide(root: string, ref: string | undefined): Promise<Side> {
  if (ref === undefined) return build(root, undefined);
  const commit = await resolveCommit(root, ref);
  const key = `${path.resolve(root)}\u0000${commit}`;
  let side = builtCommits.get(key);
  if (side === undefined) {
    side = (async () => {
      const dir = await materialise(root, ref, commit);
      try {
        return await build(dir, ref);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    })();
    builtCommits.set(key, side);
    side.catch(() => builtCommits.delete(key));
    for (const old of [...builtCommits.keys()].slice(0, -KEPT_COMMITS)) builtCommits.delete(old);
  }
  return side;
}

/** The side whose inputs are in `dir`: the working tree, or the inputs of `ref` written out. */
async function build(dir: string, ref: string | undefined): Promise<Side> {
  try {
    const inputs = await readInputs(dir);
    return { inputs, contract: await buildContract(inputs) };
  } catch (error) {
    if (error instanceof GenerationFailed) {
      throw new DiffInputError(
        `the contract's inputs ${sideName(ref)} are broken:\n${error.problems.map((problem) => `  ${formatProblem(problem)}\n`).join("")}`.trimEnd(),
      );
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES" || error instanceof SyntaxError)
      throw new DiffInputError(`cannot read the contract's inputs ${sideName(ref)}: ${(error as Error).message}`);
    throw error;
  }
}
