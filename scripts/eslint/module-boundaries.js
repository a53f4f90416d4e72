// The server's module boundaries that `no-restricted-imports` cannot say (docs/architecture.md
// "Module import rules"): a module queries only its own tables, no two modules import each
// other, the plumbing (db/, http/, config.ts) imports no module, and a module's index.ts
// publishes no store function. Each known exception is listed, with its reason, in
// boundary-exceptions.js, so that it stays visible and is deleted with the code that needs it.
import path from 'node:path';
import { EXCEPTIONS } from './boundary-exceptions.js';
import {
  MODULES_DIR,
  SERVER_SRC,
  moduleOf,
  pathBetween,
  resolveSpecifier,
  runtimeModuleGraph,
  TEST_CODE,
} from './module-graph.js';
import { schemaTables } from './table-owners.js';

/** A file's path as the exceptions name it: relative to apps/server/src, with `/`. */
function srcPath(file) {
  return path.relative(SERVER_SRC, path.resolve(file)).split(path.sep).join('/');
}

function excepted(rule, file, what, exceptions = EXCEPTIONS) {
  return exceptions[rule].some((entry) => entry.file === srcPath(file) && entry.what === what);
}

let tablesCache;
function tablesByKey() {
  if (!tablesCache) {
    const tables = schemaTables();
    tablesCache = {
      byIdentifier: new Map(tables.map((table) => [table.identifier, table])),
      byName: new Map(tables.map((table) => [table.name, table])),
    };
  }
  return tablesCache;
}

function isSchemaImport(file, specifier) {
  const target = resolveSpecifier(file, specifier);
  if (target === undefined) return false;
  const relative = srcPath(target);
  return relative === 'db/schema' || relative.startsWith('db/schema/');
}

/** The tables a piece of SQL text reads or writes: `from t`, `join t`, `update t`, `into t`. */
const SQL_TABLE = /\b(from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

function isSqlTag(tag) {
  if (tag.type === 'Identifier') return tag.name === 'sql';
  return tag.type === 'MemberExpression' && isSqlTag(tag.object);
}

const ownTables = {
  meta: {
    type: 'problem',
    docs: { description: 'A module names only its own tables, in Drizzle imports and in SQL.' },
    schema: [],
    messages: {
      foreignTable:
        'Table `{{table}}` belongs to the {{owner}} module: use what {{owner}} publishes through its index.ts (a service or a read model), not its table (docs/architecture.md "Module import rules").',
      publishedView:
        'View `{{table}}` is the {{owner}} module’s published read model: read it, but change its rows only through what {{owner}} publishes (docs/architecture.md "Module import rules").',
    },
  },
  create(context) {
    const file = context.filename;
    const module = moduleOf(file);
    if (module === undefined) return {};
    const report = (node, table, writes = false) => {
      if (table.owner === module || excepted('ownTables', file, table.name)) return;
      if (table.published && !writes) return;
      context.report({
        node,
        messageId: table.published ? 'publishedView' : 'foreignTable',
        data: { table: table.name, owner: table.owner },
      });
    };
    return {
      ImportDeclaration(node) {
        if (!isSchemaImport(file, node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier') continue;
          const table = tablesByKey().byIdentifier.get(specifier.imported.name);
          if (table) report(specifier, table);
        }
      },
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return;
        const seen = new Set();
        for (const quasi of node.quasi.quasis) {
          for (const [, verb, name] of quasi.value.cooked.matchAll(SQL_TABLE)) {
            const table = tablesByKey().byName.get(name.toLowerCase());
            const writes = /^(update|into)$/i.test(verb);
            const key = `${table?.name}:${writes}`;
            if (table && !seen.has(key)) {
              seen.add(key);
              report(quasi, table, writes);
            }
          }
        }
      },
    };
  },
};

let graphCache;
/**
 * The run-time module graph without the excepted imports: the rest is checked as if they were
 * gone, so an exception names the one import that closes a cycle, not every import on it.
 */
export function checkedModuleGraph(exceptions = EXCEPTIONS) {
  const graph = runtimeModuleGraph(MODULES_DIR);
  for (const { file, what } of exceptions.noModuleCycles) {
    const from = moduleOf(path.join(SERVER_SRC, file));
    const edges = graph.get(from)?.get(what);
    if (!edges) continue;
    const kept = edges.filter((edge) => `modules/${edge.file.split(path.sep).join('/')}` !== file);
    if (kept.length > 0) graph.get(from).set(what, kept);
    else graph.get(from).delete(what);
  }
  return graph;
}

const noModuleCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No two modules import each other, directly or through others.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle between modules: {{cycle}}. One of them is the lower layer and must not import the other; pass what it needs in instead (docs/architecture.md "Module import rules").',
    },
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file);
    if (from === undefined || TEST_CODE.test(file)) return {};
    graphCache ??= checkedModuleGraph();
    const check = (node) => {
      if (node.importKind === 'type' || node.exportKind === 'type' || !node.source) return;
      if (
        node.specifiers?.length > 0 &&
        node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')
      ) {
        return;
      }
      const target = resolveSpecifier(file, node.source.value);
      const to = target && moduleOf(path.join(target, 'x.ts'));
      if (to === undefined || to === from || excepted('noModuleCycles', file, to)) return;
      const back = pathBetween(graphCache, to, from);
      if (back)
        context.report({ node, messageId: 'cycle', data: { cycle: [from, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node);
      },
    };
  },
};

const PLUMBING = /^(db\/|http\/|config\.ts$)/;
const plumbingImportsNoModule = {
  meta: {
    type: 'problem',
    docs: { description: 'db/, http/ and config.ts import no module, not even its types.' },
    schema: [],
    messages: {
      plumbing:
        '{{file}} is plumbing that modules build on: it imports no module ({{module}}); let the module hand it what it needs through app.ts (docs/architecture.md "Module import rules").',
    },
  },
  create(context) {
    const file = context.filename;
    if (!PLUMBING.test(srcPath(file)) || srcPath(file).startsWith('..')) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveSpecifier(file, node.source.value);
      const module = target && moduleOf(path.join(target, 'x.ts'));
      if (module === undefined || excepted('plumbingImportsNoModule', file, module)) return;
      context.report({ node, messageId: 'plumbing', data: { file: srcPath(file), module } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const indexPublishesNoStore = {
  meta: {
    type: 'problem',
    docs: {
      description: "A module's index.ts re-exports a store's types only, never its functions.",
    },
    schema: [],
    messages: {
      storeFunction:
        '`{{name}}` is a store function: publish a service function or a read model instead, so that only this module runs SQL on its tables (docs/architecture.md "Module import rules").',
    },
  },
  create(context) {
    const file = context.filename;
    if (moduleOf(file) === undefined || path.basename(file) !== 'index.ts') return {};
    return {
      ExportNamedDeclaration(node) {
        if (!node.source || !/\.store$/.test(node.source.value) || node.exportKind === 'type')
          return;
        for (const specifier of node.specifiers) {
          const name = specifier.exported.name ?? specifier.exported.value;
          if (specifier.exportKind === 'type' || excepted('indexPublishesNoStore', file, name))
            continue;
          context.report({ node: specifier, messageId: 'storeFunction', data: { name } });
        }
      },
      ExportAllDeclaration(node) {
        if (/\.store$/.test(node.source.value) && node.exportKind !== 'type') {
          context.report({ node, messageId: 'storeFunction', data: { name: '*' } });
        }
      },
    };
  },
};

export default {
  meta: { name: 'anybank-module-boundaries' },
  rules: {
    'own-tables': ownTables,
    'no-module-cycles': noModuleCycles,
    'plumbing-imports-no-module': plumbingImportsNoModule,
    'index-publishes-no-store': indexPublishesNoStore,
  },
};
