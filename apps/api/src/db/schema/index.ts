export * from './billing.ts';
export * from './catalog.ts';
export * from './news.ts';
export * from './security.ts';
export * from './services.ts';
export * from './support.ts';
export * from './users.ts';
