/** Names derived from schema and API names: one home for each rule. */

/** `command-response` → `CommandResponse`, `config-lenient` → `ConfigLenient`, `messaging` → `Messaging`. */
export const pascal = (text: string) => text.replace(/(^|[-_ ./+])(\w)/g, (_m, _sep: string, c: string) => c.toUpperCase());

/** The AJV standalone function exported for a schema: `validateCommandResponse`. */
export const validatorFunctionName = (schemaName: string) => `validate${pascal(schemaName)}`;

/** The type guard of a schema: `isCommandResponse`. */
export const guardName = (schemaName: string) => `is${pascal(schemaName)}`;

/** The map type of a dispatch table, by its dispatched field: `content` → `ContentByType`. */
export const dispatchMapName = (field: string) => `${pascal(field)}ByType`;

/** The client factory of an API: `createMessagingClient`. */
export const clientFactoryName = (api: string) => `create${pascal(api)}Client`;
