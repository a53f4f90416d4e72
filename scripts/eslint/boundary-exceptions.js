// Known exceptions to the module-boundaries rules (module-boundaries.js), each with why it is
// still there. `file` is relative to apps/server/src; `what` is the table (ownTables), the
// imported module (noModuleCycles, plumbingImportsNoModule) or the exported name
// (indexPublishesNoStore). Delete an entry with the code that needs it: the rules' test
// (module-boundaries.test.ts) fails on an entry that no longer matches anything.

/** `[file, what]` pairs sharing one reason → entries. */
function because(reason, pairs) {
  return pairs.map(([file, what]) => ({ file, what, reason }));
}

const DATA_API =
  'a store function published as the module’s data API; to be replaced by a service function or read model';

export const EXCEPTIONS = {
  ownTables: [],
  noModuleCycles: [],
  plumbingImportsNoModule: [],
  indexPublishesNoStore: [
    ...because(
      DATA_API,
      [
        'emailBelongsToAnother',
        'findMfaDevice',
        'findMfaDeviceByCredentialId',
        'findUserById',
        'findUserByUid',
        'insertMfaDevice',
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
