// The server's module import graph, read from the source: which module's files import which
// other module, and whether only for types. Shared by the `module-boundaries` lint rules and
// their tests; built once per lint run (the sources do not change while ESLint reads them).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SERVER_SRC = path.resolve(import.meta.dirname, '../../apps/server/src');
export const MODULES_DIR = path.join(SERVER_SRC, 'modules');

/** The module a file or resolved import path belongs to, or undefined outside src/modules. */
export function moduleOf(file) {
  const relative = path.relative(MODULES_DIR, path.resolve(file));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 || !name.endsWith('.ts') ? name : undefined;
}

/** Where a relative import specifier points, or undefined for a package. */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  return path.resolve(path.dirname(fromFile), specifier);
}

/**
 * The imports of one TypeScript source: `{ specifier, typeOnly, line }` for every static
 * import and re-export, and every `import('…')` call (a run-time dependency too).
 */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const add = (node, specifier, typeOnly) =>
    found.push({
      specifier,
      typeOnly,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    });
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allNamedAreTypes =
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        clause.name === undefined &&
        bindings.elements.every((element) => element.isTypeOnly);
      add(node, node.moduleSpecifier.text, Boolean(clause?.isTypeOnly) || allNamedAreTypes);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const allNamedAreTypes =
        clause !== undefined &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((element) => element.isTypeOnly);
      add(node, node.moduleSpecifier.text, node.isTypeOnly || allNamedAreTypes);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node, node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFilesUnder(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFilesUnder(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

/**
 * Module → module edges at run time, each with the files and lines that make it:
 * `Map<from, Map<to, Array<{ file, line }>>>`. Type-only imports are left out: TypeScript
 * erases them, so they neither order module loading nor run the other module's code.
 */
export function runtimeModuleGraph(modulesDir = MODULES_DIR) {
  const graph = new Map();
  for (const file of sourceFilesUnder(modulesDir)) {
    const from = path.relative(modulesDir, file).split(path.sep)[0];
    for (const imported of importsOf(file, fs.readFileSync(file, 'utf8'))) {
      if (imported.typeOnly) continue;
      const target = resolveSpecifier(file, imported.specifier);
      if (target === undefined) continue;
      const relative = path.relative(modulesDir, target);
      if (relative.startsWith('..')) continue;
      const to = relative.split(path.sep)[0];
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push({ file: path.relative(modulesDir, file), line: imported.line });
    }
  }
  return graph;
}

/** A shortest module path from `from` to `to` in the graph (both ends included), or undefined. */
export function pathBetween(graph, from, to) {
  const cameFrom = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === to) {
      const steps = [];
      for (let at = to; at !== undefined; at = cameFrom.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of graph.get(current)?.keys() ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}
