/**
 * The families of cases of a verify run, as data: for each operation, a valid body without a credential and with a
 * wrong one, any valid body, invalid bodies, and one family per variant of the body (runtime/verify/variants.ts),
 * each a fast-check arbitrary of case inputs with its share of the runs.
 */
import fc from "fast-check";
import type { ExchangeKind } from "./checks.js";
import type { VerifiedApi, VerifiedOperation } from "./contract.js";
import { isSchemaObject, sameJson } from "./schema-model.js";

export interface CaseInput {
  readonly body: unknown;
  /** For invalid bodies: which kind of mutation, which one of that kind. */
  readonly mutation?: readonly [number, number];
}

export interface Family {
  readonly operation: VerifiedOperation;
  readonly kind: ExchangeKind;
  /** Coverage label: `type=text/plain`, `any valid body`, `invalid bodies`. */
  readonly label: string;
  readonly arbitrary: fc.Arbitrary<CaseInput>;
  /** Share of the runs beyond the first. */
  readonly weight: number;
}

/** The families of cases of every operation, interleaved so that a small budget still reaches each operation. */
export function familiesOf(api: VerifiedApi): Family[] {
  const perOperation = api.operations.map((operation) => {
    const unanswered = operation.unanswered;
    const isUnanswered = (body: unknown) =>
      unanswered !== undefined && isSchemaObject(body) && sameJson(body[unanswered.property], unanswered.value);
    const any = api.arbitraries.of(operation.request);
    const answerable = any.filter((body) => !isUnanswered(body));
    const input = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((body): CaseInput => ({ body }));
    const list: Family[] = [
      { operation, kind: "no-credential", label: "without a credential", arbitrary: input(answerable), weight: 0 },
      {
        operation,
        kind: "wrong-credential",
        label: "with a wrong credential",
        arbitrary: input(answerable),
        weight: 0,
      },
      { operation, kind: "valid", label: "any valid body", arbitrary: input(answerable), weight: 4 },
      {
        operation,
        kind: "invalid",
        label: "invalid bodies",
        arbitrary: fc
          .tuple(any, fc.nat(), fc.nat())
          .map(([body, kind, site]): CaseInput => ({ body, mutation: [kind, site] })),
        weight: 6,
      },
    ];
    for (const variant of operation.variants) {
      const pinsUnanswered =
        unanswered !== undefined &&
        variant.pinned?.name === unanswered.property &&
        sameJson(variant.pinned.value, unanswered.value);
      const bodies = api.arbitraries.of(operation.request, variant.constraint);
      list.push({
        operation,
        kind: pinsUnanswered ? "unanswered" : "valid",
        label: variant.label,
        arbitrary: input(pinsUnanswered ? bodies : bodies.filter((body) => !isUnanswered(body))),
        weight: 1,
      });
    }
    return list;
  });
  const families: Family[] = [];
  for (let index = 0; perOperation.some((list) => index < list.length); index += 1)
    for (const list of perOperation) {
      const family = list[index];
      if (family !== undefined) families.push(family);
    }
  return families;
}

/** Runs per family beyond the first: `budget` shared by weight, the remainders going to the largest fractions. */
export function allocateRuns(families: readonly Family[], budget: number): number[] {
  const totalWeight = families.reduce((sum, family) => sum + family.weight, 0);
  if (totalWeight === 0) return families.map(() => 0);
  const shares = families.map((family) => (budget * family.weight) / totalWeight);
  const runs = shares.map(Math.floor);
  const byFraction = shares
    .map((share, index) => [share - Math.floor(share), index] as const)
    .sort((a, b) => b[0] - a[0]);
  for (const [, index] of byFraction.slice(0, budget - runs.reduce((sum, count) => sum + count, 0)))
    runs[index] = (runs[index] ?? 0) + 1;
  return runs;
}
