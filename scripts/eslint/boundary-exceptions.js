// Known exceptions to the module-boundaries rules (module-boundaries.js), each with why it is
// still there: `{ file, what, reason }`. `file` is relative to apps/server/src; `what` is the
// table (ownTables), the imported module (noModuleCycles, plumbingImportsNoModule) or the
// exported name (indexPublishesNoStore). Delete an entry with the code that needs it: the
// rules' test (module-boundaries.test.ts) fails on an entry that no longer matches anything.
// There are none: every module queries only its own tables and publishes no store function,
// and no two modules import each other (docs/architecture.md "Module import rules").

export const EXCEPTIONS = {
  ownTables: [],
  noModuleCycles: [],
  plumbingImportsNoModule: [],
  indexPublishesNoStore: [],
};
