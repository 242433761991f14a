// Preloaded into the server by the bench (`node --expose-gc --import`): answers the parent's
// 'memory' message with the process's memory use, after a full collection when `gc` is asked
// for, so that idle figures do not depend on when the collector last ran. Plain JavaScript: the
// measured server must not carry a TypeScript loader.
process.on('message', (message) => {
  if (message !== 'memory' && message !== 'memory-after-gc') return;
  if (message === 'memory-after-gc') globalThis.gc?.();
  process.send?.(process.memoryUsage());
});
// The channel must not keep a server that was asked to stop alive.
process.channel?.unref();
