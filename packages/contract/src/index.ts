export * from './call.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './calls/index.ts';
