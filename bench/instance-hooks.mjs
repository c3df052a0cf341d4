// Module hooks registered by bench/shared.ts (module.register): a module of dist/ imported with `?instance=<key>`
// passes that query on to the relative modules it imports from dist/, so each instance is a fresh copy of the whole
// dist/generated + dist/runtime graph (its own functions, so its own type feedback), as a fresh process would have.
// Packages (ajv, ajv-formats) stay shared.
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const instance = context.parentURL && new URL(context.parentURL).searchParams.get("instance");
  const url = new URL(resolved.url);
  if (
    !instance ||
    !/^\.\.?\//.test(specifier) ||
    url.protocol !== "file:" ||
    !url.pathname.includes("/dist/") ||
    url.search
  )
    return resolved;
  url.searchParams.set("instance", instance);
  return { ...resolved, url: url.href };
}
