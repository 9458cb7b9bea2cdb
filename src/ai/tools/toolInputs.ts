/**
 * What each tool accepts. A model writes these (and through it, whoever wrote the text it read), so
 * they are checked here again whatever VS Code checked against package.json's `inputSchema` (a test
 * keeps the two alike). No `vscode` import.
 */
import * as z from '../../util/z';

export const PERIODS = ['1h', '24h', '7d', '14d', '30d', '90d'] as const;
export const SORTS = ['date', 'new', 'freq', 'user'] as const;
export const EVENT_CHOICES = ['latest', 'recommended', 'oldest'] as const;
export const UPDATE_ACTIONS = ['resolve', 'archive', 'assignToMe'] as const;
export const MAX_LIMIT = 25;
export const MIN_TOKENS = 500;
export const MAX_TOKENS = 16_000;

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
/** An issue as a person names it: a short ID (`WEB-FRONTEND-1`), an id, or the issue's web address. */
const issue = text(2048);

export const SearchInput = z.object({
  query: z.optional(z.string().check(z.maxLength(1000))),
  project: z.optional(text(100)),
  period: z.optional(z.enum(PERIODS)),
  sort: z.optional(z.enum(SORTS)),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_LIMIT))),
});

export const DetailsInput = z.object({
  issue,
  event: z.optional(z.enum(EVENT_CHOICES)),
  maxTokens: z.optional(z.int().check(z.minimum(MIN_TOKENS), z.maximum(MAX_TOKENS))),
});

export const TagInput = z.object({ issue, tag: text(200) });

export const LocationInput = z.object({ file: text(1024), line: z.optional(z.int().check(z.minimum(1), z.maximum(10_000_000))) });

export const UpdateInput = z.object({ issue, action: z.enum(UPDATE_ACTIONS) });

export type SearchInput = z.infer<typeof SearchInput>;
export type DetailsInput = z.infer<typeof DetailsInput>;
export type TagInput = z.infer<typeof TagInput>;
export type LocationInput = z.infer<typeof LocationInput>;
export type UpdateInput = z.infer<typeof UpdateInput>;
export type UpdateAction = (typeof UPDATE_ACTIONS)[number];

/** The input, or a sentence a model can act on (which field, what is wrong). */
export function parseInput<T>(schema: z.Schema<T>, input: unknown): { ok: true; value: T } | { ok: false; text: string } {
  const r = z.safeParse(schema, input);
  if (r.success) return { ok: true, value: r.data };
  const problems = r.error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join('.') : 'input'}: ${i.message}`);
  return { ok: false, text: `Invalid input (${problems.join('; ')}). Fix the arguments and call the tool again.` };
}
