// The server's module diagram, drawn from the imports: which module (a folder under
// apps/server/src/modules) imports which at run time, read by the same parser as the
// module-boundaries lint rules (scripts/eslint/module-graph.js). docs/architecture.md shows it
// between two markers, and scripts/module-graph.test.ts fails when the two differ.
// `node scripts/module-graph.mjs` prints the diagram.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MODULES_DIR, runtimeModuleGraph } from './eslint/module-graph.js';

/** @returns {Map<string, Set<string>>} each module, in name order, and the modules it imports */
export function moduleGraph() {
  const edges = runtimeModuleGraph(MODULES_DIR);
  return new Map(
    readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map((name) => [name, new Set(edges.get(name)?.keys() ?? [])]),
  );
}

/**
 * The diagram as mermaid: one line per module that imports others, its imports in name order.
 * @param {Map<string, Set<string>>} graph
 */
export function mermaidOf(graph) {
  const lines = ['```mermaid', 'flowchart LR'];
  for (const [name, imports] of graph) {
    if (imports.size === 0) lines.push(`  ${name}`);
    else lines.push(`  ${name} --> ${[...imports].sort().join(' & ')}`);
  }
  lines.push('```');
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(mermaidOf(moduleGraph()));
}
