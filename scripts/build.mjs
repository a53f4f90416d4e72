// `npm run build`: compiles what changed since the last build here, and nothing else.
//
//   node scripts/build.mjs                 every part (server, web) whose inputs changed
//   node scripts/build.mjs server          only the server (what the command-line tools need)
//   node scripts/build.mjs --force         every part, changed or not
//
// The server goes to apps/server/dist/ (`node apps/server/dist/main.mjs`), the web app to
// apps/web/dist/ (or WEB_DIST_DIR); parts are described in scripts/build/parts.mjs.
import { buildParts, PARTS } from './build/parts.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const named = args.filter((arg) => arg !== '--force');
const unknown = named.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  console.error(`usage: node scripts/build.mjs [--force] [${Object.keys(PARTS).join('|')} …]`);
  process.exit(2);
}
const parts = /** @type {Array<keyof typeof PARTS>} */ (
  named.length > 0 ? named : Object.keys(PARTS)
);

try {
  await buildParts(parts, { force, log: (line) => console.log(line) });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
