import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { EXCEPTIONS } from './boundary-exceptions.js';
import plugin, { checkedModuleGraph } from './module-boundaries.js';
import {
  MODULES_DIR,
  SERVER_SRC,
  importsOf,
  moduleOf,
  pathBetween,
  resolveSpecifier,
  runtimeModuleGraph,
} from './module-graph.js';
import { schemaTables } from './table-owners.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const inSrc = (file: string) => path.join(SERVER_SRC, file);

describe('own-tables: a module names only its own tables', () => {
  ruleTester.run('own-tables', plugin.rules['own-tables'], {
    valid: [
      {
        filename: inSrc('modules/wallet/wallet.store.ts'),
        code: "import { walletPairings } from '../../db/schema';",
      },
      {
        filename: inSrc('modules/banking/ledger.store.ts'),
        code: 'const q = sql`select * from ledger_entries e join transfers t on t.id = e.transfer_id`;',
      },
      {
        // A view is its owner's published read model: any module reads it.
        filename: inSrc('modules/identity/oauth/grant.store.ts'),
        code: "import { directoryPeople } from '../../../db/schema'; const q = sql`select p.user_type from oidc_models g join directory_people p on p.id = g.id`;",
      },
      {
        // Only SQL text is read: an error message naming a table is not a query.
        filename: inSrc('modules/wallet/wallet.store.ts'),
        code: "throw new Error('insert into users returned no row');",
      },
    ],
    invalid: [
      {
        filename: inSrc('modules/wallet/wallet.store.ts'),
        code: "import { users, walletPairings } from '../../db/schema';",
        errors: [{ messageId: 'foreignTable', data: { table: 'users', owner: 'directory' } }],
      },
      {
        filename: inSrc('modules/wallet/wallet.store.ts'),
        code: "import type { users } from '../../db/schema';",
        errors: [{ messageId: 'foreignTable' }],
      },
      {
        filename: inSrc('modules/helpdesk/helpdesk.rules.ts'),
        code: 'const q = sql`update users set locked = true where id = ${id}`;',
        errors: [{ messageId: 'foreignTable', data: { table: 'users', owner: 'directory' } }],
      },
      {
        filename: inSrc('modules/wallet/wallet.store.ts'),
        code: 'const q = sql.raw(`x`) && sql`select 1 from wallet_pairings w JOIN "transfers" t on true`;',
        errors: [{ messageId: 'foreignTable', data: { table: 'transfers', owner: 'banking' } }],
      },
      {
        // ...and only its owner writes through it.
        filename: inSrc('modules/banking/running-total.store.ts'),
        code: 'const q = sql`update directory_people set transfer_decisions = 1 where id = ${id}`;',
        errors: [
          { messageId: 'publishedView', data: { table: 'directory_people', owner: 'directory' } },
        ],
      },
      {
        filename: inSrc('modules/identity/devices/push.store.ts'),
        code: 'db.execute(sql`insert into outbox_messages (id) values (${id})`);',
        errors: [
          { messageId: 'foreignTable', data: { table: 'outbox_messages', owner: 'messaging' } },
        ],
      },
    ],
  });

  it('knows the owner of every table of the schema, and each owner is a module', () => {
    const modules = fs.readdirSync(MODULES_DIR);
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(20);
    for (const table of tables) {
      expect([...modules, 'http'], `owner of ${table.name}`).toContain(table.owner);
    }
  });
});

describe('no-module-cycles: no two modules import each other', () => {
  ruleTester.run('no-module-cycles', plugin.rules['no-module-cycles'], {
    valid: [
      {
        // Identity builds on the directory (docs/architecture.md "Module import rules").
        filename: inSrc('modules/identity/flow/new.steps.ts'),
        code: "import { maskEmail } from '../../directory';",
      },
      {
        // A type is erased at compile: it runs nothing of identity and orders no loading.
        filename: inSrc('modules/directory/new.service.ts'),
        code: "import type { Principal } from '../identity';",
      },
      {
        filename: inSrc('modules/directory/new.service.ts'),
        code: "import { type Principal } from '../identity';",
      },
    ],
    invalid: [
      {
        filename: inSrc('modules/directory/new.service.ts'),
        code: "import { createSessionsService } from '../identity';",
        errors: [{ messageId: 'cycle', data: { cycle: 'directory → identity → directory' } }],
      },
      {
        filename: inSrc('modules/audit/new.ts'),
        code: "export { maskEmail } from '../directory';",
        errors: [{ messageId: 'cycle', data: { cycle: 'audit → directory → audit' } }],
      },
      {
        filename: inSrc('modules/audit/new.ts'),
        code: "const later = () => import('../wallet');",
        errors: [{ messageId: 'cycle', data: { cycle: 'audit → wallet → audit' } }],
      },
    ],
  });

  it('finds a cycle through a third module in a graph read from files', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('a/a.service.ts', "import { b } from '../b';\nimport type { C } from '../c';");
    write('b/index.ts', "export { b } from './b.service';\nexport * from '../c';");
    write('b/b.service.ts', 'export const b = 1;');
    write('c/index.ts', "import { a } from '../a/a.service';");
    write('c/c.test.ts', "import { b } from '../b';");
    const graph = runtimeModuleGraph(root);
    expect([...graph.keys()].sort()).toEqual(['a', 'b', 'c']);
    expect([...graph.get('a')!.keys()]).toEqual(['b']);
    expect(pathBetween(graph, 'b', 'a')).toEqual(['b', 'c', 'a']);
    expect(pathBetween(graph, 'a', 'a')).toEqual(['a']);
    fs.rmSync(root, { recursive: true });
  });

  it('has no cycle between the modules at run time once the excepted imports are left out', () => {
    // The graph the rule checks, read once more here so that `npm test` fails on a cycle too.
    const graph = checkedModuleGraph();
    const cycles: string[] = [];
    for (const [from, edges] of graph) {
      for (const [to, places] of edges) {
        const back = pathBetween(graph, to, from);
        if (back) cycles.push(`${places[0]!.file}: ${[from, ...back].join(' → ')}`);
      }
    }
    expect(cycles).toEqual([]);
  });
});

describe('plumbing-imports-no-module: db/, http/ and config.ts import no module', () => {
  ruleTester.run('plumbing-imports-no-module', plugin.rules['plumbing-imports-no-module'], {
    valid: [
      { filename: inSrc('http/new.ts'), code: "import { DomainError } from '../domain-error';" },
      // Outside the plumbing the rule says nothing: modules import each other's index.
      { filename: inSrc('modules/wallet/new.ts'), code: "import { x } from '../audit';" },
    ],
    invalid: [
      {
        filename: inSrc('http/new.ts'),
        code: "import type { Principal } from '../modules/identity';",
        errors: [{ messageId: 'plumbing', data: { file: 'http/new.ts', module: 'identity' } }],
      },
      {
        filename: inSrc('db/new.ts'),
        code: "export { audit } from '../modules/audit/audit.store';",
        errors: [{ messageId: 'plumbing' }],
      },
      {
        filename: inSrc('config.ts'),
        code: "import { wallet } from './modules/wallet';",
        errors: [{ messageId: 'plumbing', data: { file: 'config.ts', module: 'wallet' } }],
      },
    ],
  });
});

describe('index-publishes-no-store: an index.ts publishes a store’s types only', () => {
  ruleTester.run('index-publishes-no-store', plugin.rules['index-publishes-no-store'], {
    valid: [
      {
        filename: inSrc('modules/wallet/index.ts'),
        code: "export type { WalletRow } from './wallet.store';\nexport { type Other } from './wallet.store';\nexport { createWalletService } from './wallet.service';",
      },
    ],
    invalid: [
      {
        filename: inSrc('modules/wallet/index.ts'),
        code: "export { findPairing, type WalletRow } from './wallet.store';",
        errors: [{ messageId: 'storeFunction', data: { name: 'findPairing' } }],
      },
      {
        filename: inSrc('modules/wallet/index.ts'),
        code: "export * from './wallet.store';",
        errors: [{ messageId: 'storeFunction' }],
      },
    ],
  });
});

describe('the lint configuration', () => {
  const eslint = new ESLint({ cwd: path.resolve(SERVER_SRC, '../../..') });
  const problemsOf = async (file: string, code: string) =>
    (await eslint.lintText(code, { filePath: inSrc(file) }))[0]!.messages.map(
      (message) => message.ruleId,
    );

  it('refuses another module’s store, types included, and reaches it only through its index', async () => {
    expect(
      await problemsOf(
        'modules/wallet/new.service.ts',
        "import { findUserById } from '../directory/directory.store';\nexport const f = findUserById;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await problemsOf(
        'modules/identity/flow/new.steps.ts',
        "import type { UserRow } from '../../directory/directory.store';\nexport type U = UserRow;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('runs the boundary rules on the server’s files', async () => {
    expect(
      await problemsOf(
        'modules/wallet/new.store.ts',
        "import { users } from '../../db/schema';\nexport const t = users;\n",
      ),
    ).toContain('boundaries/own-tables');
    expect(
      await problemsOf(
        'http/new.ts',
        "import type { X } from '../modules/audit';\nexport type Y = X;\n",
      ),
    ).toContain('boundaries/plumbing-imports-no-module');
  });
});

describe('the known exceptions', () => {
  const textOf = (file: string) => fs.readFileSync(inSrc(file), 'utf8');
  const importedModules = (file: string) =>
    importsOf(file, textOf(file)).map((imported) => {
      const target = resolveSpecifier(inSrc(file), imported.specifier);
      return target && moduleOf(path.join(target, 'x.ts'));
    });

  it('each carry a reason and still match the code they excuse', () => {
    const tables = new Map(schemaTables().map((table) => [table.name, table]));
    const stale: string[] = [];
    for (const [rule, entries] of Object.entries(EXCEPTIONS)) {
      for (const { file, what, reason } of entries) {
        expect(reason.length, `${rule} ${file} ${what}`).toBeGreaterThan(10);
        const text = fs.existsSync(inSrc(file)) ? textOf(file) : '';
        const table = tables.get(what);
        const matches =
          rule === 'ownTables'
            ? table !== undefined &&
              (new RegExp(`\\b${table.identifier}\\b`).test(text) ||
                new RegExp(`\\b(from|join|update|into)\\s+"?${what}\\b`, 'i').test(text))
            : rule === 'indexPublishesNoStore'
              ? new RegExp(`\\b${what}\\b`).test(text)
              : text !== '' && importedModules(file).includes(what);
        if (!matches) stale.push(`${rule}: ${file} ${what}`);
      }
    }
    expect(stale).toEqual([]);
  });
});
