import { config } from 'zod/v4/core';

/**
 * zod as the browser build sees it: vite.config.ts resolves every `import … from 'zod'` (the
 * contracts' schemas included) to this module. zod decides, as each object schema is built,
 * whether to compile a fast parser with `new Function`, probing once whether it may; our
 * Content-Security-Policy forbids eval, so the probe throws (zod falls back) and the browser
 * reports a CSP violation on the console. jitless skips the probe. It must hold before the
 * first schema is built, and only an import that every schema module goes through guarantees
 * that whatever the chunks: ES modules run their imports' bodies first.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
