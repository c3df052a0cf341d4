/**
 * How many of a validation's errors an answer or a report lists (docs/validating.md#errors-listed): the middleware,
 * the proxy, the webhook handler and `specfirst validate` all list them through `listErrors`.
 *
 * The validators collect every error, in O(errors + depth) (error-messages.ts), but a pointer is as long as the path
 * it names: a Config whose 4,000 nested filter nodes are each invalid (an 84 KB body) has 4,000 errors whose pointers
 * are up to 40 KB each, 80 MB once written out. So an answer lists the first errors in the order the validator found
 * them, at most `maxErrors`, and stops before one whose pointer and message would take the listed errors past
 * `maxErrors × LISTED_CHARACTERS_PER_ERROR` characters (the first error is always listed); `errorCount` says how
 * many were found when some are left out. An answer then holds at most about `maxErrors` KiB plus its first error,
 * whose pointer is no longer than twice the body (each key and index of the path is written in the body).
 */
import type { ValidationError } from "./result.js";

/** Errors listed when no `maxErrors` is given: the first 100, as a page of a list. */
export const DEFAULT_MAX_ERRORS = 100;

/**
 * Characters of pointers and messages listed per error of `maxErrors` (102,400 with the default): far above any error
 * of a shallow payload (a pointer and a message take about 100), far below the pointers of a deep tree.
 */
export const LISTED_CHARACTERS_PER_ERROR = 1024;

/** The errors an answer lists, and, when it leaves some out, how many were found. */
export interface ListedErrors<E = ValidationError> {
  errors: E[];
  /** The number of errors found; present only when `errors` lists fewer. */
  errorCount?: number;
}

/** The first errors of `errors`, in order, that an answer lists (module comment), and their count when some are left out. */
export function listErrors<E extends { pointer: string; message: string }>(
  errors: readonly E[],
  maxErrors: number = DEFAULT_MAX_ERRORS,
): ListedErrors<E> {
  const budget = maxErrors * LISTED_CHARACTERS_PER_ERROR;
  const end = Math.min(errors.length, maxErrors);
  let listed = 0;
  let characters = 0;
  for (; listed < end; listed++) {
    const error = errors[listed] as E;
    characters += error.pointer.length + error.message.length;
    if (listed > 0 && characters > budget) break;
  }
  const list = errors.slice(0, listed);
  return listed === errors.length ? { errors: list } : { errors: list, errorCount: errors.length };
}

/**
 * `maxErrors` as given (`DEFAULT_MAX_ERRORS` when undefined), or a `RangeError` naming the option: a whole number,
 * at least 1, so that an invalid body's answer always names one of its errors.
 */
export function maxErrorsOption(maxErrors: number | undefined, option = "maxErrors"): number {
  if (maxErrors === undefined) return DEFAULT_MAX_ERRORS;
  if (!Number.isSafeInteger(maxErrors) || maxErrors < 1)
    throw new RangeError(
      `${option} is a whole number of errors, at least 1 (default ${DEFAULT_MAX_ERRORS}): an answer lists at least the first error`,
    );
  return maxErrors;
}

/** The words of what `listErrors` left out, for a report that goes on as lines (the CLI's text, the proxy's log). */
export function unlistedErrorsMessage(listed: number, errorCount: number): string {
  return `${errorCount - listed} more errors were found and not listed (${errorCount} in all)`;
}
