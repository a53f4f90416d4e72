/**
 * What `global-setup.ts` provides to the tests (vitest's `inject`). Its own file, imported by
 * every reader, so that a project compiling a reader without the global set-up (bench/) still
 * knows the names.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's seeded database templates (see `test-database.ts`). */
    testRunId: string;
  }
}

export {};
