/**
 * The legacy shape (servers before getsentry/sentry#116162, and every self-hosted server built
 * before June 2026): GroupAutofixEndpoint._get_legacy answers `{autofix: get_autofix_state(...).dict()
 * + users + repositories}` (src/sentry/seer/endpoints/group_ai_autofix.py before the change) with
 * upper-case statuses PROCESSING, COMPLETED, ERROR, NEED_MORE_INFORMATION, WAITING_FOR_USER_RESPONSE,
 * CANCELLED, and `steps`: `root_cause_analysis` (`causes: [{description, root_cause_reproduction:
 * [{title, code_snippet_and_analysis, relevant_code_file: {file_path, repo_name}}]}]`), `solution`
 * (`solution: [{title, code_snippet_and_analysis, is_active}]`), `changes` (`changes: [{repo_name,
 * diff: [FilePatch], diff_str}]`), each with `progress: [{message}]`. getsentry/sentry-mcp read this
 * shape until fe934e1b (packages/mcp-core/src/api-client/schema.ts, which also knew PENDING,
 * IN_PROGRESS and FAILED). No `vscode` import.
 */
import { bounded, readFilePatch, readUnifiedDiff } from './hunks';
import { type Obj, list, record, trimmedText } from '../read';
import { LIMITS, type SeerCause, type SeerFileChange, type SeerRunStatus, type SeerRunView, type SeerSolution, type SeerStep } from './runView';

const STATUS: Record<string, SeerRunStatus> = {
  PENDING: 'processing',
  PROCESSING: 'processing',
  IN_PROGRESS: 'processing',
  COMPLETED: 'completed',
  ERROR: 'error',
  FAILED: 'error',
  NEED_MORE_INFORMATION: 'needs-input',
  WAITING_FOR_USER_RESPONSE: 'needs-input',
  CANCELLED: 'cancelled',
};

export function legacyStatus(v: unknown): SeerRunStatus | undefined {
  return typeof v === 'string' ? STATUS[v] : undefined;
}

function timelineStep(item: unknown): SeerStep | undefined {
  const o = record(item);
  const title = trimmedText(o?.title, LIMITS.text);
  if (!o || !title) return undefined;
  const file = record(o.relevant_code_file);
  const path = trimmedText(file?.file_path, LIMITS.short);
  return { title, detail: trimmedText(o.code_snippet_and_analysis), file: path ? { repo: trimmedText(file?.repo_name, LIMITS.short), path } : undefined };
}

function causes(step: Obj | undefined): SeerCause[] {
  return list(step?.causes)
    .map((c) => record(c))
    .map((c): SeerCause | undefined => {
      const summary = trimmedText(c?.description);
      if (!c || !summary) return undefined;
      const reproduction = list(c.root_cause_reproduction)
        .map(timelineStep)
        .filter((s): s is SeerStep => s !== undefined);
      return { summary, whys: [], reproduction, repo: reproduction.find((s) => s.file?.repo)?.file?.repo };
    })
    .filter((c): c is SeerCause => c !== undefined);
}

function solution(step: Obj | undefined): SeerSolution | undefined {
  if (!step) return undefined;
  const steps = list(step.solution)
    .filter((s) => record(s)?.is_active !== false)
    .map(timelineStep)
    .filter((s): s is SeerStep => s !== undefined);
  const summary = trimmedText(step.description) ?? steps[0]?.title;
  return summary ? { summary, steps } : undefined;
}

/** The changed files of every repository, and how many files LIMITS.files left out. */
function changes(step: Obj | undefined): { changes: SeerFileChange[]; filesCut: number } {
  const out: SeerFileChange[] = [];
  let over = 0;
  for (const c of list(step?.changes)) {
    const co = record(c);
    const repo = trimmedText(co?.repo_name, LIMITS.short);
    if (!co || !repo) continue;
    const diff = bounded(Array.isArray(co.diff) ? co.diff : [], LIMITS.files);
    const fromDiff = diff.kept.map((p) => readFilePatch(repo, p)).filter((f): f is SeerFileChange => f !== undefined);
    // `diff_str` holds the same change as text; it fills in files that came without hunks.
    const text = fromDiff.length > 0 && fromDiff.every((f) => f.hunks.length > 0) ? { changes: [], filesCut: 0 } : readUnifiedDiff(repo, co.diff_str);
    const merged = fromDiff.map((f) => (f.hunks.length > 0 ? f : (text.changes.find((t) => t.path === f.path) ?? f)));
    out.push(...(merged.length > 0 ? merged : text.changes));
    over += merged.length > 0 ? diff.left : text.filesCut;
  }
  const all = bounded(out, LIMITS.files);
  return { changes: all.kept, filesCut: over + all.left };
}

function lastProgress(steps: Obj[], count: number): string[] {
  const last = steps[steps.length - 1];
  return list(last?.progress, 500)
    .slice(-count)
    .map((p) => trimmedText(record(p)?.message, LIMITS.short))
    .filter((s): s is string => s !== undefined);
}

/** undefined when `autofix` is not a legacy-shape run. */
export function readLegacyRun(autofix: Obj): SeerRunView | undefined {
  const status = legacyStatus(autofix.status);
  const runId = autofix.run_id;
  if (!status || (typeof runId !== 'number' && typeof runId !== 'string')) return undefined;
  const steps = list(autofix.steps, 100)
    .map((s) => record(s))
    .filter((s): s is Obj => s !== undefined);
  const byType = (t: string) => steps.filter((s) => s.type === t).pop();
  const repos = Array.isArray(autofix.repositories)
    ? list(autofix.repositories)
        .map((r) => trimmedText(record(r)?.name, LIMITS.short))
        .filter((s): s is string => s !== undefined)
    : undefined;
  const code = changes(byType('changes'));
  return {
    shape: 'legacy',
    runId: String(runId).slice(0, 40),
    status,
    updatedAt: trimmedText(autofix.updated_at, 40),
    progress: status === 'processing' ? lastProgress(steps, LIMITS.progress) : [],
    causes: causes(byType('root_cause_analysis')),
    solution: solution(byType('solution')),
    changes: code.changes,
    ...(code.filesCut ? { filesCut: code.filesCut } : {}),
    pullRequests: list(byType('changes')?.changes)
      .map((c) => record(c))
      .map((c) => ({ repo: trimmedText(c?.repo_name, LIMITS.short) ?? '', url: trimmedText(record(c?.pull_request)?.pr_url, LIMITS.short) }))
      .filter((p) => p.repo && p.url),
    question: status === 'needs-input' ? lastProgress(steps, 1)[0] : undefined,
    error: status === 'error' ? lastProgress(steps, 1)[0] : undefined,
    repositories: repos,
  };
}
