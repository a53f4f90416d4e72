// Known exceptions to the module-boundaries rules (module-boundaries.js), each with why it is
// still there. `file` is relative to apps/server/src; `what` is the table (ownTables), the
// imported module (noModuleCycles, plumbingImportsNoModule) or the exported name
// (indexPublishesNoStore). Delete an entry with the code that needs it: the rules' test
// (module-boundaries.test.ts) fails on an entry that no longer matches anything.

/** `[file, what]` pairs sharing one reason → entries. */
function because(reason, pairs) {
  return pairs.map(([file, what]) => ({ file, what, reason }));
}

const ACCOUNTS_IN_LEDGER =
  'moves balances in the same statement as its ledger entries (one transaction, one statement); whether banking owns accounts, or the directory publishes a ledger port, is still open';
const DATA_API =
  'a store function published as the module’s data API; to be replaced by a service function or read model';

export const EXCEPTIONS = {
  ownTables: [
    ...because(ACCOUNTS_IN_LEDGER, [
      ['modules/banking/activity.store.ts', 'accounts'],
      ['modules/banking/banking.store.ts', 'accounts'],
      ['modules/banking/ledger.store.ts', 'accounts'],
      ['modules/banking/payment-ledger.store.ts', 'accounts'],
      ['modules/identity/pickup/pickup.store.ts', 'accounts'],
    ]),
  ],
  noModuleCycles: [],
  plumbingImportsNoModule: [],
  indexPublishesNoStore: [
    ...because(DATA_API, [
      ['modules/banking/index.ts', 'postOpeningHistory'],
      ['modules/banking/index.ts', 'recentTransferTotalCents'],
      ['modules/identity/index.ts', 'findClientConsent'],
      ['modules/identity/index.ts', 'grantIsLive'],
      ['modules/identity/index.ts', 'saveClientConsent'],
    ]),
    ...because(
      DATA_API,
      [
        'emailBelongsToAnother',
        'findMfaDevice',
        'findMfaDeviceByCredentialId',
        'findUserById',
        'findUserByUid',
        'insertMfaDevice',
        'listAccountsOf',
        'listMfaDevicesOf',
        'lockUserById',
        'recentEmailChanges',
        'recordTotpStep',
        'removeUserPassword',
        'renameMfaDeviceOf',
        'setIdentityVerified',
        'setMfaDevicePublicKey',
        'setUserPassword',
        'updateAdminAttributes',
        'updateMfaDeviceCounter',
      ].map((name) => ['modules/directory/index.ts', name]),
    ),
  ],
};
