/**
 * The one schema of AnyBank, for PGlite and PostgreSQL alike (migrations in ../../../drizzle),
 * one file per module that owns the tables. Money is integer cents (`bigint` read as a JS
 * number: cents of any real balance fit). Written for PostgreSQL 15: nothing newer (the CI
 * server is 15, PGlite is newer).
 */
export * from './directory';
export * from './identity';
export * from './consents';
export * from './banking';
export * from './payments';
export * from './messaging';
export * from './audit';
export * from './wallet';
export * from './helpdesk';
export * from './branding';
export * from './rate-limit';
export * from './retail-shop';
export * from './verifiable-credentials';
