import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importsOf } from './eslint/module-graph.js';
import { mermaidOf, moduleGraph } from './module-graph.mjs';

/**
 * docs/architecture.md shows the server's module diagram between two markers, drawn from the
 * imports by scripts/module-graph.mjs; this test fails when the doc and the imports differ.
 * `UPDATE_MODULE_GRAPH=1 npx vitest run scripts/module-graph.test.ts` redraws it.
 */
const DOC = new URL('../docs/architecture.md', import.meta.url);
const START = '<!-- module diagram: drawn from the imports by scripts/module-graph.mjs -->';
const END = '<!-- end of module diagram -->';

describe('the module diagram in docs/architecture.md', () => {
  it('is the one the run-time imports between modules draw', () => {
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, `docs/architecture.md has the marker ${START}`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const drawn = mermaidOf(moduleGraph());
    if (process.env.UPDATE_MODULE_GRAPH) {
      writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n\n${drawn}\n\n${doc.slice(end)}`);
      return;
    }
    expect(
      doc.slice(start + START.length, end).trim(),
      'UPDATE_MODULE_GRAPH=1 npx vitest run scripts/module-graph.test.ts redraws it',
    ).toBe(drawn);
  });

  it('counts an import that stays at run time, not one only types use', () => {
    const source = [
      "import type { Audit } from '../audit';",
      "import { type Consent } from '../consents';",
      "import { findUserById, type User } from '../directory';",
      "import '../messaging/side-effect';",
      "export { riskOf } from '../identity';",
      "export type { Branding } from '../branding';",
      "export { type Wallet } from '../wallet';",
      "type Shop = typeof import('../retail-shop');",
      "const admin = () => import('../admin');",
    ].join('\n');
    const runTime = importsOf('example.service.ts', source)
      .filter((imported) => !imported.typeOnly)
      .map((imported) => imported.specifier);
    expect(runTime).toEqual([
      '../directory',
      '../messaging/side-effect',
      '../identity',
      '../admin',
    ]);
  });

  it('draws each module with the modules it imports, in name order', () => {
    const graph = new Map([
      ['audit', new Set<string>()],
      ['banking', new Set(['identity', 'audit'])],
    ]);
    expect(mermaidOf(graph)).toBe(
      ['```mermaid', 'flowchart LR', '  audit', '  banking --> audit & identity', '```'].join('\n'),
    );
  });
});
