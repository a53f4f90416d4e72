// The server's module diagram, drawn from the imports: which module (a folder under
// apps/server/src/modules) imports which at run time. docs/architecture.md shows it between two
// markers, and scripts/module-graph.test.ts fails when the two differ.
// `node scripts/module-graph.mjs` prints the diagram.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MODULES_DIR = join(ROOT, 'apps/server/src/modules');

/** @param {string} folder @returns {string[]} every non-test TypeScript file below the folder */
function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * A named import or export list that names only types is erased at run time, as
 * `import type` is.
 * @param {ts.NamedImportBindings | ts.NamedExportBindings | undefined} bindings
 */
function onlyTypes(bindings) {
  if (!bindings || !('elements' in bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/**
 * The specifiers a file imports at run time: `import` and `export … from` that are not
 * type-only, and `import()` calls.
 * @param {string} path
 * @returns {string[]}
 */
export function runTimeSpecifiers(path) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  /** @type {string[]} */
  const specifiers = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly || (clause.name === undefined && onlyTypes(clause.namedBindings)));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly && !onlyTypes(node.exportClause)) {
        specifiers.push(node.moduleSpecifier.text);
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** @param {string} path @returns {string | undefined} the module a file belongs to */
function moduleOf(path) {
  const inside = relative(MODULES_DIR, path);
  if (inside.startsWith('..')) return undefined;
  return inside.split(sep)[0];
}

/** @returns {Map<string, Set<string>>} each module and the other modules it imports */
export function moduleGraph() {
  const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  /** @type {Map<string, Set<string>>} */
  const graph = new Map(modules.map((name) => [name, new Set()]));
  for (const name of modules) {
    for (const file of sourceFiles(join(MODULES_DIR, name))) {
      for (const specifier of runTimeSpecifiers(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = moduleOf(resolve(dirname(file), specifier));
        if (target && target !== name) graph.get(name)?.add(target);
      }
    }
  }
  return graph;
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
