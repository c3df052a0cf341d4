/** A file a stage produces: its path relative to the project root and its full text. */
export interface OutputFile {
  path: string;
  contents: string;
}
