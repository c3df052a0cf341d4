import { apis } from "../../generated/client.js";

/** The APIs verify can check: one per generated API descriptor (`configs`, `messaging`). */
export const API_NAMES: readonly string[] = apis.map((api) => api.api);

export class UnknownApiError extends Error {
  constructor(name: string) {
    super(`unknown API "${name}"; expected one of: ${API_NAMES.join(", ")}`);
    this.name = "UnknownApiError";
  }
}
