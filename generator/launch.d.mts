/** The project folder (holding package.json). */
export const ROOT: string;
/** Builds the TypeScript of `folders` (default generator/ and runtime/) to JavaScript once per change; returns the build's folder. */
export function build(folders?: string[]): Promise<string>;
