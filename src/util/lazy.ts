/**
 * A value made on first use. What a module makes at its top level is paid at every start of VS Code,
 * before activate() and whether or not the feature is ever used (an Intl formatter loads its locale
 * data, a schema builds its whole tree); `lazy(() => make())` pays it the first time it is read.
 * `npm run bench -- activation` times a cold start, and the package check (scripts/checkVsix.ts)
 * counts what runs at load. No `vscode` import.
 */
export function lazy<T>(make: () => T): () => T {
  let state: { value: T } | undefined;
  return () => (state ??= { value: make() }).value;
}
