import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import Handlebars from "handlebars";
import { GenerationFailed } from "../problems.js";

/** The handlebars templates of `templates/`, compiled once per run. */
export interface Templates {
  /** Template file names with their text, for the cache key of the outputs they render. */
  sources: ReadonlyMap<string, string>;
  render(name: string, view: object): string;
}

/** Every `.hbs` file under `templates/`, at any depth, named by its path there (`client/api.js.hbs`). */
export async function loadTemplates(root: string): Promise<Templates> {
  const dir = path.join(root, "templates");
  const names = (await readdir(dir, { recursive: true }))
    .map((name) => name.split(path.sep).join("/"))
    .filter((name) => name.endsWith(".hbs"))
    .sort();
  const sources = new Map<string, string>();
  for (const name of names) sources.set(name, await readFile(path.join(dir, name), "utf8"));
  return compileTemplates(sources);
}

/** Templates from their texts, by name (what `loadTemplates` read): a worker thread gets the texts. */
export function compileTemplates(sources: ReadonlyMap<string, string>): Templates {
  const handlebars = Handlebars.create();
  handlebars.registerHelper("json", (value: unknown) => JSON.stringify(value));
  const compiled = new Map(
    [...sources].map(([name, text]) => [name, handlebars.compile(text, { noEscape: true, strict: true })]),
  );
  return {
    sources,
    render(name, view) {
      const file = `templates/${name}`;
      const template = compiled.get(name);
      if (template === undefined)
        throw new GenerationFailed([{ file, pointer: "", message: "template does not exist" }]);
      try {
        return template(view);
      } catch (error) {
        throw new GenerationFailed([
          { file, pointer: "", message: (error as Error).message.split("\n")[0] ?? "template error" },
        ]);
      }
    },
  };
}
