import { mergeValidatorTables, type ValidatorSet } from "./validator-set.js";

/**
 * One validation API over several APIs' validator sets (the aggregate `specfirst/validators`): each call is answered
 * by the set of the API that declares the schema or the media type, so its errors are the ones that API's own entry
 * point (`specfirst/<api>/validators`) gives. The aggregate holds no validation state of its own: the sets keep
 * theirs, one copy each however many entry points a process loads (docs/package.md#what-ships).
 */
export function combineValidatorSets<Name extends string>(sets: readonly ValidatorSet[]): ValidatorSet<Name> {
  const owners = new Map<string, ValidatorSet>();
  for (const set of sets)
    for (const name of set.schemaNames) {
      if (owners.has(name)) throw new Error(`schema name ${name} is used by two APIs`);
      owners.set(name, set);
    }
  const schemaNames = Object.freeze([...owners.keys()] as Name[]);
  const ownerOf = (name: string): ValidatorSet => {
    const owner = owners.get(name);
    if (owner === undefined) throw new TypeError(`Unknown schema name; expected one of: ${schemaNames.join(", ")}`);
    return owner;
  };
  const table = mergeValidatorTables<Name>(sets.map((set) => set.table));
  // Media types are case-insensitive (RFC 2045), as in each set's own `validateDocument`.
  const documentOwners = new Map<string, ValidatorSet>();
  for (const set of sets)
    for (const mediaType of Object.keys(set.documentSchemas)) documentOwners.set(mediaType.toLowerCase(), set);
  // A media type no API declares is checked as an open document, the same in every set.
  const [fallback] = sets;
  if (fallback === undefined) throw new Error("combineValidatorSets needs at least one validator set");

  return Object.freeze({
    table,
    schemaNames,
    documentSchemas: table.documentSchemas,
    validate: (name: Name, data: unknown) => ownerOf(name).validate(name, data),
    validateDocument: (mediaType: string, data: unknown) =>
      (documentOwners.get(mediaType.toLowerCase()) ?? fallback).validateDocument(mediaType, data),
    redact: <T>(name: Name, data: T): T => ownerOf(name).redact(name, data),
    is: (name: Name, data: unknown) => ownerOf(name).is(name, data),
  });
}
