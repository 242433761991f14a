/**
 * zod compiles its object parsers with `new Function` where it may, and learns whether it may by
 * trying once: under the pages' Content-Security-Policy (no 'unsafe-eval') that try is refused and
 * reported as a violation. `jitless` makes zod interpret its schemas without trying. Set on the
 * global object zod takes its settings from, so that this module carries no zod: it only has to
 * run before the first chunk with zod in it, which every page but /login loads after it.
 */
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((zodSettings.__zod_globalConfig ??= {}), { jitless: true });
