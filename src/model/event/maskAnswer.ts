/**
 * The one masking step every answer of Sentry's data passes where it enters the extension: the API
 * client calls these on issues, events, one whole event, tag values and user feedback before any
 * caller sees them, so the tree, hovers, the panel, the clipboard, raw JSON and the AI tools all read
 * masked data and none of them can forget to mask. The rules are maskDeep's (secret names at any
 * depth, Sentry's `{key, value}` tags, secrets inside every string). What was masked whole because of
 * its name stays in a SecretVault beside the answer, found by where it was, for a Reveal only.
 * No `vscode` import.
 */
import { DEFAULT_MAX_DEPTH } from '../../util/boundedJson';
import { maskDeep } from './maskJson';
import { isSecretName } from './secretNames';
import { MASK } from './types';

/**
 * The work of masking one answer is bounded by its text, and the client reads at most 16 MiB of a
 * body: the bound is never reached by an answer the client accepted.
 */
const MAX_ANSWER_CHARS = 32 * 1024 * 1024;

/** The originals of what an answer's masking replaced whole, by the masked copy that holds each one. */
export interface SecretVault {
  /** The original of the value now at `container[key]`, if it was masked whole. */
  original(container: object, key: string | number): unknown;
  /** Every secret masked in the answer, whole or inside a string. */
  readonly count: number;
}

const EMPTY_VAULT: SecretVault = { original: () => undefined, count: 0 };

/** `value` (an answer's parsed JSON) with every secret in it masked; what has none comes back as it is. */
export function maskAnswer<T>(value: T): T {
  return maskDeep(value, DEFAULT_MAX_DEPTH, MAX_ANSWER_CHARS).value as T;
}

/** maskAnswer of a list, item by item (an item with nothing secret is not copied). */
export function maskAnswers<T>(items: readonly T[]): T[] {
  return items.map((item) => maskAnswer(item));
}

/** The vaults of the answers maskAnswerKeeping returned, for as long as the answer is held. */
const vaults = new WeakMap<object, SecretVault>();

/** The originals kept when `answer` was masked (an empty vault for any other value). */
export function vaultOf(answer: unknown): SecretVault {
  return (typeof answer === 'object' && answer !== null && vaults.get(answer)) || EMPTY_VAULT;
}

/**
 * maskAnswer that also keeps, host-side, the originals of what it masked whole; vaultOf(the masked
 * answer) finds them again.
 */
export function maskAnswerKeeping<T>(value: T): { value: T; vault: SecretVault } {
  const places = new WeakMap<object, Map<string | number, unknown>>();
  const m = maskDeep(value, DEFAULT_MAX_DEPTH, MAX_ANSWER_CHARS, (container, key, original) => {
    let at = places.get(container);
    if (!at) places.set(container, (at = new Map()));
    at.set(key, original);
  });
  if (!m.count) return { value: m.value as T, vault: EMPTY_VAULT };
  const vault: SecretVault = { original: (container, key) => places.get(container)?.get(key), count: m.count };
  if (typeof m.value === 'object' && m.value !== null) vaults.set(m.value, vault);
  return { value: m.value as T, vault };
}

interface TagAnswer {
  key: string;
  topValues: readonly { value: string | null; name?: string | null }[];
}

/**
 * One tag's values: every value of a tag whose key is a secret name (`auth_token`) is masked, and the
 * rest pass maskAnswer like any answer.
 */
export function maskTagAnswer<T extends TagAnswer>(tag: T): T {
  const masked = maskAnswer(tag);
  if (!isSecretName(tag.key)) return masked;
  const hide = (v: string | null | undefined) => (typeof v === 'string' && v !== '' ? MASK : v);
  return { ...masked, topValues: masked.topValues.map((v) => ({ ...v, value: hide(v.value), name: hide(v.name) })) };
}
