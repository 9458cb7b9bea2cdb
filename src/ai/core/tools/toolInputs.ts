/**
 * What several tools' inputs share: bounded text, the issue as a person names it, the update
 * actions, and the check every input passes. A model writes the input (and through it, whoever
 * wrote the text it read), so each tool checks it again whatever VS Code checked against
 * package.json. No `vscode` import.
 */
import * as z from '../../../model/z';
import { describeIssue, keyOf } from '../../../model/schemaIssue';

export const UPDATE_ACTIONS = ['resolve', 'archive', 'assignToMe'] as const;
export type UpdateAction = (typeof UPDATE_ACTIONS)[number];

export const text = (max: number) => z.pipe(z.string(), z.minLength(1), z.maxLength(max));

/** An issue as a person names it: a short ID (`WEB-FRONTEND-1`), an id, or the issue's web address. */
export const issueInput = z.lazySchema(() => text(2048));

/** The input, or a sentence a model can act on (which field, what is wrong). */
export function parseInput<T>(schema: z.Schema<T>, input: unknown): { ok: true; value: T } | { ok: false; text: string } {
  const r = z.safeParse(schema, input);
  if (r.success) return { ok: true, value: r.output };
  const problems = r.issues.slice(0, 5).map((i) => `${i.path?.length ? i.path.map(keyOf).join('.') : 'input'}: ${describeIssue(i, schema)}`);
  return { ok: false, text: `Invalid input (${problems.join('; ')}). Fix the arguments and call the tool again.` };
}
