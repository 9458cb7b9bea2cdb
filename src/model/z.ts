/**
 * valibot, the one schema library: every schema of src/model (and the tools' inputs) is built from
 * here, imported as `import * as z from './z'`. valibot is modular (one function per schema and per
 * check, `z.pipe(z.string(), z.minLength(1))`), so esbuild keeps only the parts used: about 12 KiB
 * of each bundle, where zod/mini kept 32 KiB for the same schemas.
 *
 * A schema at a module's top level is `z.lazySchema(() => …)`: built the first time it parses, not
 * at every start of VS Code whether or not its feature is used (some 750 schemas, 12,000 calls,
 * before activate()). Its building blocks are built inside that function, or are lazy schemas
 * themselves. No `vscode` import.
 */
import * as v from 'valibot';
import type { GenericSchema, LazySchema } from 'valibot';

export * from 'valibot';

/** Any schema whose output is `T`. */
export type Schema<T = unknown> = GenericSchema<unknown, T>;

/**
 * `z.lazy(make)`, built once: valibot's lazy calls its getter at every parse, which would build the
 * whole tree again for each answer; this one keeps what the first parse built. The cache is inline,
 * not util/lazy's, so that defining a schema at a module's top level makes one call, not two.
 */
export function lazySchema<S extends GenericSchema>(make: () => S): LazySchema<S> {
  let built: S | undefined;
  return v.lazy(() => (built ??= make()));
}

/**
 * valibot reads an array where an object or a record is expected as one (its indices as keys);
 * an answer that sends a list there is not the shape we read, so it is refused, as zod did. A loose
 * object also keeps a field named `constructor` or `prototype`, which valibot leaves out (it guards
 * objects that are merged; ours are read, and kept whole as zod kept them). `__proto__` stays out.
 */
function plain<S extends GenericSchema>(schema: S, loose = false): S {
  const run = schema['~run'];
  return {
    ...schema,
    '~run'(dataset, config) {
      const input: unknown = dataset.value;
      if (Array.isArray(input)) return run.call(this, { ...dataset, value: null }, config);
      const out = run.call(this, dataset, config);
      const value: unknown = out.value;
      if (loose && input && typeof input === 'object' && value && typeof value === 'object') {
        const entries = (this as unknown as { entries: object }).entries;
        for (const key of GUARDED) if (Object.hasOwn(input, key) && !Object.hasOwn(entries, key)) (value as Record<string, unknown>)[key] = (input as Record<string, unknown>)[key];
      }
      return out;
    },
  };
}
const GUARDED = ['constructor', 'prototype'];

export const object = <const E extends v.ObjectEntries>(entries: E) => plain(v.object(entries));
export const looseObject = <const E extends v.ObjectEntries>(entries: E) => plain(v.looseObject(entries), true);
export const record = <K extends Parameters<typeof v.record>[0], V extends GenericSchema>(key: K, value: V) => plain(v.record(key, value));
