export * from './constants';
export * from './user-types';
export * from './session-items';
export * from './messages';
export * from './routes';
export * from './outbox';
export * from './public-config';
