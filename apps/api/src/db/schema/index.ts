export * from './security.ts';
export * from './users.ts';
