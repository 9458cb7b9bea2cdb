/**
 * zod, through its tree-shakable `zod/mini` API: schemas are built by functions (`z.optional(x)`,
 * `x.check(z.minLength(1))`) instead of methods, so esbuild keeps only the parts used. The classic
 * API attaches every method to every schema, which kept 101 KiB of zod in the bundle whatever we used.
 * Imported as `import * as z from './z'`.
 *
 * A schema at a module's top level is `z.lazy(() => …)`: built the first time it parses, not at
 * every start of VS Code whether or not its feature is used (some 750 schemas, 12,000 calls, before
 * activate()). Its building blocks are built inside that function, or are lazy schemas themselves.
 * No `vscode` import.
 */
export * from 'zod/mini';
export type { ZodMiniType as Schema } from 'zod/mini';
