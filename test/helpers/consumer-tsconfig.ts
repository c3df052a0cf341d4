/**
 * The tsconfig of a consumer project the package tests type-check: strict, the package's own declaration files
 * checked (`skipLibCheck: false`), TypeScript's lib files not (`skipDefaultLibCheck`: checking lib.dom.d.ts took
 * most of each tsc run).
 */
export function consumerTsconfig(
  moduleResolution: "node10" | "bundler" | "nodenext",
  include: string[],
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: moduleResolution === "nodenext" ? "NodeNext" : "ESNext",
      moduleResolution,
      strict: true,
      lib: ["ES2023", "DOM"],
      types: [],
      noEmit: true,
      skipLibCheck: false,
      skipDefaultLibCheck: true,
      ...extra,
    },
    include,
  });
}
