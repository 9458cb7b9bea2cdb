/**
 * The agent shape (servers since getsentry/sentry#116162, June 2026): `{run_id, status, blocks,
 * updated_at, pending_user_input, repo_pr_states, coding_agents}` as GroupAutofixEndpoint.get
 * answers it (src/sentry/seer/endpoints/group_ai_autofix.py). SeerRunState
 * (src/sentry/seer/agent/client_models.py): status processing|completed|error|awaiting_user_input;
 * the analysis is in block artifacts, the latest per key wins (get_artifacts); the code changes are
 * the latest merged patch per (repo, path) (get_diffs_by_repo). Artifact data as
 * src/sentry/seer/autofix/artifact_schemas.py writes it and getsentry/sentry-mcp reads it since
 * fe934e1b (#1070): root_cause `{one_line_description, five_whys, reproduction_steps,
 * relevant_repo}`, solution `{one_line_summary, steps: [{title, description}]}`. No `vscode` import.
 */
import { bounded, readFilePatch } from './hunks';
import { type Obj, count, list, record, trimmedText, trimmedTexts } from '../read';
import { LIMITS, type SeerCause, type SeerFileChange, type SeerPullRequest, type SeerRunStatus, type SeerRunView, type SeerSolution } from './runView';

const STATUS: Record<string, SeerRunStatus> = {
  processing: 'processing',
  completed: 'completed',
  error: 'error',
  awaiting_user_input: 'needs-input',
};

export function agentStatus(v: unknown): SeerRunStatus | undefined {
  return typeof v === 'string' ? STATUS[v] : undefined;
}

function artifacts(blocks: unknown[]): Map<string, Obj> {
  const latest = new Map<string, Obj>();
  for (const b of blocks) {
    for (const a of list(record(b)?.artifacts)) {
      const ao = record(a);
      const key = typeof ao?.key === 'string' ? ao.key : undefined;
      const data = record(ao?.data);
      if (key && data) latest.set(key, data);
    }
  }
  return latest;
}

function cause(data: Obj | undefined): SeerCause | undefined {
  const summary = trimmedText(data?.one_line_description);
  if (!data || !summary) return undefined;
  return {
    summary,
    whys: trimmedTexts(data.five_whys, LIMITS.text),
    reproduction: trimmedTexts(data.reproduction_steps, LIMITS.text).map((title) => ({ title })),
    repo: trimmedText(data.relevant_repo, LIMITS.short),
  };
}

function solution(data: Obj | undefined): SeerSolution | undefined {
  const summary = trimmedText(data?.one_line_summary);
  if (!data || !summary) return undefined;
  const steps = list(data.steps)
    .map((s) => record(s))
    .map((s) => ({ title: trimmedText(s?.title, LIMITS.short) ?? '', detail: trimmedText(s?.description) }))
    .filter((s) => s.title || s.detail);
  return { summary, steps };
}

/** The latest change of each (repository, path), and how many files LIMITS.files left out. */
function changes(blocks: unknown[]): { changes: SeerFileChange[]; filesCut: number } {
  const byFile = new Map<string, SeerFileChange>();
  let over = 0;
  for (const b of blocks) {
    const patches = record(b)?.merged_file_patches;
    const { kept, left } = bounded(Array.isArray(patches) ? patches : [], LIMITS.files);
    over = Math.max(over, left);
    for (const fp of kept) {
      const o = record(fp);
      const repo = trimmedText(o?.repo_name, LIMITS.short);
      const change = repo ? readFilePatch(repo, o?.patch) : undefined;
      if (change) byFile.set(`${change.repo}\n${change.path}`, change);
    }
  }
  const all = bounded([...byFile.values()], LIMITS.files);
  return { changes: all.kept, filesCut: Math.max(over, all.left) };
}

function pullRequests(states: unknown): SeerPullRequest[] {
  const o = record(states);
  if (!o) return [];
  return Object.entries(o)
    .slice(0, LIMITS.items)
    .map(([repo, s]) => {
      const so = record(s);
      return { repo: repo.slice(0, LIMITS.short), url: trimmedText(so?.pr_url, LIMITS.short), number: count(so?.pr_number), state: trimmedText(so?.pr_creation_status, 40) };
    });
}

function progress(blocks: unknown[]): string[] {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = record(blocks[i]);
    const todos = list(b?.todos);
    const active = todos.map((t) => record(t)).find((t) => t?.status === 'in_progress');
    const text = trimmedText(active?.content, LIMITS.short) ?? (b?.loading === true ? trimmedText(record(b.message)?.content, LIMITS.short) : undefined);
    if (text) return [text];
  }
  return [];
}

function question(pending: unknown): string | undefined {
  const p = record(pending);
  if (!p) return undefined;
  const data = record(p.data);
  // PendingUserInput is `{id, input_type, data: dict}`: the question's key is not fixed, so the usual ones are tried.
  return trimmedText(data?.question) ?? trimmedText(data?.message) ?? trimmedText(data?.text) ?? trimmedText(p.input_type, LIMITS.short);
}

/** undefined when `autofix` is not an agent-shape run. */
export function readAgentRun(autofix: Obj): SeerRunView | undefined {
  const status = agentStatus(autofix.status);
  const runId = count(autofix.run_id);
  if (!status || runId === undefined || !Array.isArray(autofix.blocks)) return undefined;
  const blocks = list(autofix.blocks, 500);
  const found = artifacts(blocks);
  const c = cause(found.get('root_cause'));
  const code = changes(blocks);
  return {
    shape: 'agent',
    runId: String(runId),
    status,
    updatedAt: trimmedText(autofix.updated_at, 40),
    progress: status === 'processing' ? progress(blocks) : [],
    causes: c ? [c] : [],
    solution: solution(found.get('solution')),
    changes: code.changes,
    ...(code.filesCut ? { filesCut: code.filesCut } : {}),
    pullRequests: pullRequests(autofix.repo_pr_states),
    question: status === 'needs-input' ? question(autofix.pending_user_input) : undefined,
    error: status === 'error' ? trimmedText(record(record(blocks[blocks.length - 1])?.message)?.content, LIMITS.short) : undefined,
  };
}
