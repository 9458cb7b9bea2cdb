/**
 * zod, through its tree-shakable `zod/mini` API: schemas are built by functions (`z.optional(x)`,
 * `x.check(z.minLength(1))`) instead of methods, so esbuild keeps only the parts used. The classic
 * API attaches every method to every schema, which kept 101 KiB of zod in the bundle whatever we used.
 * Imported as `import * as z from '../util/z'`. No `vscode` import.
 */
export * from 'zod/mini';
export type { ZodMiniType as Schema } from 'zod/mini';
