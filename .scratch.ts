import { loadSchemas } from "./generator/load-schemas.js";
import { checkSchemas } from "./generator/check-schemas.js";
import { buildSchemaGraph } from "./generator/schema-graph.js";
import { emitTypes } from "./generator/emit-types.js";
const files = (await loadSchemas(".")).filter(f => f.api === "messaging");
checkSchemas(files);
const g = buildSchemaGraph(files);
const t = await emitTypes(g);
console.log(t.contents);
