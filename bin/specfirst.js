#!/usr/bin/env node
// `specfirst`. In the repository (the generator's launcher is next to this folder) it runs the current sources
// through generator/launch.mjs, development commands included, with no `npm run build` needed. In the published
// package, which holds no generator, it runs the shipped CLI compiled into dist/ by `npm run build` (run before
// `npm pack` and `npm publish`).
import { existsSync } from "node:fs";

const launcher = new URL("../generator/launch.mjs", import.meta.url);
if (existsSync(launcher)) await (await import(launcher.href)).specfirst(process.argv.slice(2));
else await import("../dist/runtime/cli/main.js");
