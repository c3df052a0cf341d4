/**
 * The types of a contract diff's report (generator/diff/report.ts builds it, format.ts prints it): one home, so the
 * builder and the printer do not import each other.
 */
import type { PackageApiReport } from "../api-report/compare.js";
import type { ChangeLocation, Direction } from "./compare-documents.js";
import type { Breaks, Bump, Family, RuleId } from "./rules.js";

/** Who takes part in a payload's exchange: the caller of the API, the service behind it, the bot its webhooks call. */
export type Party = "caller" | "service" | "bot";

/** One change of the published contract, classified. The JSON report (`--format json`) lists these as they are. */
export interface ContractChange {
  /** The API whose contract changed: `messaging`, `configs`. */
  api: string;
  /** The rule that found it (docs/change-control.md#what-diff-reports), in oasdiff's naming style: `api-path-removed`, `schema-field-removed`. */
  rule: RuleId;
  family: Family;
  /** `breaking` when it breaks anyone (`breaks` is not `none`). */
  severity: "breaking" | "compatible";
  /** Who it breaks, in the terms of the payload: its producers, its consumers, both, or nobody. */
  breaks: Breaks;
  /** The parties it breaks (none when compatible): `breaks` read in the directions the payload travels. */
  who: Party[];
  /** The directions of the payloads it concerns: request (caller → service), response (service → caller), webhook (service → bot), webhook-response (bot → service). */
  direction: Direction[];
  /** The bump this change alone asks for: major when it breaks, minor for an addition, patch otherwise. */
  bump: Bump;
  location: ChangeLocation;
  /** For a change of a schema file: the operations whose payloads use the schema (`POST /messages request`). */
  usedBy?: string[];
  message: string;
  /** One sentence: why it breaks whom it breaks, or why it does not. */
  why: string;
}

/**
 * What `specfirst diff <ref>` reports: the changes from the contract at `ref` to the working tree's, and of the
 * package's TypeScript API (its reports in `api/`) when the project has one.
 */
export interface DiffReport {
  ref: string;
  /**
   * The version bump the changes ask for, the contract's and the package API's: major when any breaks, minor when
   * any adds, patch otherwise (also with no change).
   */
  bump: Bump;
  /** How many changes break someone, of the contract and of the package API. */
  breaking: number;
  /** The changes of the contract. */
  changes: ContractChange[];
  /** The changes of the package's TypeScript API (docs/change-control.md#the-package-api); absent without `api/`. */
  packageApi?: PackageApiReport;
}
