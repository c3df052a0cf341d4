// npm's \`prepare\` script: \`npm run build\`. npm runs it on \`npm pack\` and \`npm publish\`, on \`npm ci\` and \`npm install\`
// in this checkout, and when a project installs the package as a git dependency (after installing its
// devDependencies): docs/package.md#installing. One case needs no build: \`npx specfirst\` in a checkout, where npx
// links the checkout into its cache and prepares it, but bin/specfirst.js runs the sources (generator/launch.mjs), or
// says that \`npm ci\` is missing; building there would only slow every first \`npx\` down, and two at once would write
// dist/ together.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
if (process.env.npm_command === "exec") process.exit(0);
const npm = process.env.npm_execpath;
const build = npm
  ? spawnSync(process.execPath, [npm, "run", "build"], { cwd: root, stdio: "inherit" })
  : spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
process.exit(build.status ?? 1);
