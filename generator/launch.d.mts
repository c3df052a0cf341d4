/** The project folder (holding package.json). */
export const ROOT: string;
/** Builds the TypeScript of `folders` (default generator/ and runtime/) to JavaScript once per change; returns the build's folder. */
export function build(folders?: string[]): Promise<string>;
/** The commands of the development CLI (generator/commands/cli.ts). */
export const DEVELOPMENT_COMMANDS: readonly string[];
/** Runs `specfirst <argv>` in the repository (bin/specfirst.js): a development command by the development CLI, any other by the shipped one. */
export function specfirst(argv: string[]): Promise<void>;
