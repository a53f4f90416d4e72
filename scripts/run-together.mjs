// Runs npm scripts at the same time and fails when any of them fails: `npm test` type-checks and
// lints together, and each of those runs its two halves together (package.json: typecheck:server
// and typecheck:web, lint:code and lint:format), four single-threaded processes sharing the CI
// machine's two cores. The six `tsc -p` one after another took ~95 s of CPU against ESLint and
// Prettier's ~72 s, so lint ended long before typecheck and a core stood idle; split in halves of
// 55, 41, 42 and 30 s, all four end near the middle (~84 s). Each script's output is printed whole
// once it ends, so they never interleave line by line.
//
//   node scripts/run-together.mjs typecheck lint
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`;
      process.stdout.write(`\n> npm run ${script}: ${outcome} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
