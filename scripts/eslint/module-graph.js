// The server's module import graph, read from the source: which module's files import which
// other module, and whether only for types. Shared by the `module-boundaries` lint rules and
// their tests; built once per lint run (the sources do not change while ESLint reads them).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SERVER_SRC = path.resolve(import.meta.dirname, '../../apps/server/src');
export const MODULES_DIR = path.join(SERVER_SRC, 'modules');
/**
 * A test, or the fixtures its tests share (`*.fixtures.ts`: set-up that reaches into other
 * modules as a test may): neither is part of the module's code, so neither adds to the graph.
 */
export const TEST_CODE = /\.(test|fixtures)\.tsx?$/;

/**
 * The module a file or resolved import path belongs to, or undefined outside src/modules.
 * @param {string} file
 * @returns {string | undefined}
 */
export function moduleOf(file) {
  const relative = path.relative(MODULES_DIR, path.resolve(file));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [name = '', ...rest] = relative.split(path.sep);
  return rest.length > 0 || !name.endsWith('.ts') ? name : undefined;
}

/**
 * Where a relative import specifier points, or undefined for a package.
 * @param {string} fromFile
 * @param {string} specifier
 * @returns {string | undefined}
 */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  return path.resolve(path.dirname(fromFile), specifier);
}

/** @typedef {{ specifier: string, typeOnly: boolean, line: number }} SourceImport */

/**
 * The imports of one TypeScript source: `{ specifier, typeOnly, line }` for every static
 * import and re-export, and every `import('…')` call (a run-time dependency too).
 * @param {string} fileName
 * @param {string} text
 * @returns {SourceImport[]}
 */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  /** @type {SourceImport[]} */
  const found = [];
  /** @type {(node: ts.Node, specifier: string, typeOnly: boolean) => void} */
  const add = (node, specifier, typeOnly) => {
    found.push({
      specifier,
      typeOnly,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    });
  };
  /** @type {(node: ts.Node) => void} */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allNamedAreTypes =
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        clause?.name === undefined &&
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
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node, node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFilesUnder(dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFilesUnder(full));
    else if (/\.tsx?$/.test(entry.name) && !TEST_CODE.test(entry.name)) files.push(full);
  }
  return files;
}

/**
 * Module → module edges at run time, each with the files and lines that make it:
 * `Map<from, Map<to, Array<{ file, line }>>>`. Type-only imports are left out: TypeScript
 * erases them, so they neither order module loading nor run the other module's code.
 */
/** @typedef {Map<string, Map<string, Array<{ file: string, line: number }>>>} ModuleGraph */

/**
 * @param {string} [modulesDir]
 * @returns {ModuleGraph}
 */
export function runtimeModuleGraph(modulesDir = MODULES_DIR) {
  /** @type {ModuleGraph} */
  const graph = new Map();
  for (const file of sourceFilesUnder(modulesDir)) {
    const [from = ''] = path.relative(modulesDir, file).split(path.sep);
    for (const imported of importsOf(file, fs.readFileSync(file, 'utf8'))) {
      if (imported.typeOnly) continue;
      const target = resolveSpecifier(file, imported.specifier);
      if (target === undefined) continue;
      const relative = path.relative(modulesDir, target);
      if (relative.startsWith('..')) continue;
      const [to = ''] = relative.split(path.sep);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map();
      graph.set(from, edges);
      const lines = edges.get(to) ?? [];
      edges.set(to, lines);
      lines.push({ file: path.relative(modulesDir, file), line: imported.line });
    }
  }
  return graph;
}

/**
 * A shortest module path from `from` to `to` in the graph (both ends included), or undefined.
 * @param {Map<string, Map<string, unknown>>} graph
 * @param {string} from
 * @param {string} to
 * @returns {string[] | undefined}
 */
export function pathBetween(graph, from, to) {
  /** @type {Map<string, string | undefined>} */
  const cameFrom = new Map([[from, undefined]]);
  const queue = [from];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    if (current === to) {
      const steps = [];
      /** @type {string | undefined} */
      let at = to;
      while (at !== undefined) {
        steps.unshift(at);
        at = cameFrom.get(at);
      }
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
