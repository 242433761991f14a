export * from './auth.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './user.ts';
