// `npm run bench:profile -- <file.cpuprofile>`: where a V8 CPU profile's time went (a server
// started with BENCH_CPU_PROFILE=<dir> writes one when it stops): the functions with the most
// self time, and self time added up by package (or by file of this repository).
import { readFile } from 'node:fs/promises';
import { table } from './support/report';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: npm run bench:profile -- <file.cpuprofile> [rows]');
const rows = Number(process.argv[3] ?? 25);
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

const selfMs = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
});
const totalMs = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);

/** `oidc-provider`, `apps/server/src/…/file.ts`, `node:internal…`, or `(program)`. */
function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope = '', name = ''] = url.slice(modules + '/node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const repo = url.indexOf('/apps/');
  return repo >= 0 ? url.slice(repo + 1) : url.replace(/^file:\/\//, '');
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place = placeOf(url, functionName);
  // tsx hands V8 each file of this repository transpiled onto few lines: no line for those.
  const line =
    url.includes('/node_modules/') || url.startsWith('node:') ? `:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${place}${line}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
}

// Inclusive time of this repository's own functions: a sample counts for every one of them on
// its stack (once each), which shows which use case the library time above belongs to.
const parentOf = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const inclusive = new Map<string, number>();
profile.samples.forEach((leaf, index) => {
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  const seen = new Set<string>();
  for (let id: number | undefined = leaf; id !== undefined; id = parentOf.get(id)) {
    const frame = byId.get(id)?.callFrame;
    if (!frame?.url.includes('/apps/') || frame.url.includes('/node_modules/')) continue;
    const key = `${frame.functionName || '(anonymous)'} ${placeOf(frame.url, '')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
  }
});

const top = (totals: Map<string, number>) =>
  [...totals]
    .sort(([, a], [, b]) => b - a)
    .slice(0, rows)
    .map(([name, ms]) => [name, Math.round(ms), `${((ms / totalMs) * 100).toFixed(1)} %`]);

console.log(`\n${file}: ${Math.round(totalMs)} ms sampled\n`);
console.log(table(['package or file', 'self ms', 'share'], top(byPlace)));
console.log('');
console.log(table(['function', 'self ms', 'share'], top(byFunction)));
console.log('');
console.log(table(['function of this repository', 'inclusive ms', 'share'], top(inclusive)));
