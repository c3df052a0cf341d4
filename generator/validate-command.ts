import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { JsonSyntaxError, locatePointer, parseJson } from "./json-text.js";
import { projectRoot } from "./project-root.js";

/** The part of generated/validators.js this command uses. */
interface ValidatorsModule {
  schemaNames: readonly string[];
  validate(name: string, data: unknown): { valid: true } | { valid: false; errors: { pointer: string; message: string; keyword: string }[] };
}

export interface FileResult {
  file: string;
  valid: boolean;
  errors: { pointer: string; message: string; line?: number; column?: number }[];
}

/** Exit codes: 0 all valid, 1 some invalid, 2 usage error or unreadable / non-JSON input. */
export const EXIT_VALID = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

export interface ValidateCommandOptions {
  name: string;
  files: string[];
  format: "text" | "json";
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

async function loadValidators(): Promise<ValidatorsModule> {
  const url = pathToFileURL(path.join(projectRoot(), "generated", "validators.js")).href;
  return (await import(url)) as ValidatorsModule;
}

/**
 * `specfirst validate <name> <file>...`: validates each JSON file and reports every error with its JSON pointer and
 * line:column. Messages come from the validators, which never quote payload values, so secrets stay out of the output.
 */
export async function runValidateCommand(options: ValidateCommandOptions): Promise<number> {
  const validators = await loadValidators();
  if (!validators.schemaNames.includes(options.name)) {
    options.stderr(`specfirst validate: unknown schema "${options.name}"; expected one of: ${validators.schemaNames.join(", ")}\n`);
    return EXIT_USAGE;
  }
  if (options.files.length === 0) {
    options.stderr("specfirst validate: no file given\n");
    return EXIT_USAGE;
  }
  const results: FileResult[] = [];
  let unreadable = false;
  for (const file of options.files) {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      unreadable = true;
      results.push({ file, valid: false, errors: [{ pointer: "", message: `cannot read file (${(error as NodeJS.ErrnoException).code ?? "error"})` }] });
      continue;
    }
    let data: unknown;
    try {
      data = parseJson(text);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      unreadable = true;
      results.push({ file, valid: false, errors: [{ pointer: "", message: error.message, ...error.position }] });
      continue;
    }
    const result = validators.validate(options.name, data);
    results.push({
      file,
      valid: result.valid,
      errors: result.valid ? [] : result.errors.map((e) => ({ pointer: e.pointer, message: e.message, ...locatePointer(text, e.pointer) })),
    });
  }

  if (options.format === "json") {
    options.stdout(`${JSON.stringify({ results })}\n`);
  } else {
    for (const result of results) {
      if (result.valid) {
        options.stdout(`${result.file}: valid\n`);
        continue;
      }
      for (const error of result.errors) {
        const position = error.line === undefined ? "" : `:${error.line}:${error.column ?? 1}`;
        options.stdout(`${result.file}${position}: ${error.pointer === "" ? "(root)" : error.pointer} ${error.message}\n`);
      }
    }
  }
  if (unreadable) return EXIT_USAGE;
  return results.every((r) => r.valid) ? EXIT_VALID : EXIT_INVALID;
}
