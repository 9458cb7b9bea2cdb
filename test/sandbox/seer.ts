// Seer in the sandbox: the autofix run of an issue, its legacy continuation and the issue summary,
// spoken in the shape of the sandbox's server profile (profiles.ts `seer`):
// - sentry-io answers the agent shape of getsentry/sentry#116162
//   (src/sentry/seer/endpoints/group_ai_autofix.py: POST {step, stopping_point, run_id, ...} -> 202
//   {run_id}; GET {autofix: null | {run_id, status, blocks, updated_at, pending_user_input,
//   repo_pr_states, coding_agents}}, statuses processing|completed|error|awaiting_user_input as
//   SeerRunState has them in src/sentry/seer/agent/client_models.py);
// - self-hosted-2025 answers the legacy shape (the same file before #116162: POST {event_id,
//   instruction, stopping_point} through trigger_autofix in src/sentry/seer/autofix/autofix.py; GET
//   {autofix: state.dict() + repositories}, `steps`, upper-case statuses), and only when an admin set
//   Seer up: without `organizations:gen-ai-features` (the self-hosted default) POST is 403 "AI
//   Autofix is not enabled for this project." and GET is a 500, because the legacy GET asks the Seer
//   service at SEER_AUTOFIX_URL and raises on the failed request (get_autofix_state,
//   src/sentry/seer/autofix/utils.py).
// Cases every profile serves: no budget (402 "No budget for Seer Autofix.": quotas.check_seer_quota,
// trigger_autofix / NoSeerQuotaException in src/sentry/seer/autofix/autofix_agent.py, a plain string
// body in the agent endpoint), a run that fails, one that needs more information, one with a secret in
// its text, no repository, and the limits the endpoint declares (POST 25 a minute per user, 100 an hour
// per organization; GET 1024 a minute per user), enforced where the profile has a rate limiter.
// Permission GroupAiPermission (src/sentry/issues/endpoints/bases/group.py): GET event:read|write|admin,
// POST event:write|admin. A run moves on with the sandbox clock: a stage a second.
// Why Seer is refused (checkAccess): the agent endpoint's SeerAgentClient checks
// has_seer_agent_access_with_detail (src/sentry/seer/agent/client_utils.py at 022c1d9a; its cases and
// texts as tests/sentry/seer/agent/test_client_utils.py at f43bc600 asserts them), whose text the
// GET answers as it is (PermissionDenied(str(e))) and the POST replaces with SEER_PERMISSION_DENIED
// (group_ai_autofix.py at 02cec2d47efc430d635acd23a7c4485e437d3d18); the legacy trigger_autofix checks
// the feature, then hide_ai_features, each with its own text.
import { authenticate, findIssue, matchRoute, methodNotAllowed, requireScope, resolveOrg, type Ctx, type Principal, type Route } from './api';
import { fail, HttpError, json, type Res } from './http';
import type { SeedIssue, SeedOrg } from './seed';
import type { SandboxState } from './state';
import { isOpenMembership, setOpenMembership } from './membership';
import { SEER_EXPLORER } from './profiles';
import { BIDI_TEXT, codePatches, unifiedDiff, type ChangeScenario } from './seerChanges';

export type SeerScenario = 'root-cause' | 'fails' | 'needs-info' | 'with-secret' | ChangeScenario;
const SCENARIOS: SeerScenario[] = ['root-cause', 'fails', 'needs-info', 'with-secret', 'hostile', 'bidi', 'cut'];
type Step = 'root_cause' | 'solution' | 'code_changes';

interface Run {
  id: number;
  issueId: string;
  scenario: SeerScenario;
  /** Each step asked for, with when it began. */
  steps: { step: Step; at: number }[];
  eventId?: string;
  /** Bumped by control.reviseRun: the same run, its code change since rewritten (seerChanges.ts). */
  revision: number;
}

interface SeerState {
  runs: Map<string, Run>;
  nextRunId: number;
  scenarios: Map<string, SeerScenario>;
  noBudget: Set<string>;
  /** Projects (slug) whose Seer preferences name no repository. */
  noRepo: Set<string>;
  /** Organizations (id) with the `sentry:hide_ai_features` option set. */
  aiHidden: Set<string>;
  posts: { at: number; userKey: string; orgId: string }[];
  gets: { at: number; userKey: string }[];
}

const STAGE_MS = 1000;
const GEN_AI = 'gen-ai-features';
export const SEER_DENIED = 'You are not authorized to perform this action';
export const NOT_ENABLED = 'AI Autofix is not enabled for this project.';
/** has_seer_agent_access_with_detail's texts. */
export const FLAG_OFF = 'Feature flag not enabled';
export const AI_HIDDEN = 'AI features are disabled for this organization.';
export const CLOSED_MEMBERSHIP = 'Organization does not have open team membership enabled. Seer requires this to aggregate context across all projects and allow members to ask questions freely.';
export const NO_BUDGET = 'No budget for Seer Autofix.';
/** A token-shaped secret (sntryu_ + 64 hex), for the masking checks. */
export const LEAKED_TOKEN = `sntryu_${'5e'.repeat(32)}`;

function seerOf(state: SandboxState): SeerState {
  if (!state.seer) {
    state.seer = {
      runs: new Map(),
      nextRunId: 9001,
      scenarios: new Map(),
      noBudget: new Set(),
      noRepo: new Set(),
      aiHidden: new Set(),
      posts: [],
      gets: [],
    } satisfies SeerState;
  }
  return state.seer as SeerState;
}

// ---------------------------------------------------------------------------------------------
// Control

export interface SeerControl {
  /** What a run of this issue (id or short ID) will do. */
  setScenario(issue: string, scenario: SeerScenario): void;
  /** Organization (slug) out of Seer budget, or back in. */
  setBudget(org: string, has: boolean): void;
  /** A project (slug) whose Seer preferences name no repository, or back to its repository. */
  setRepository(project: string, connected: boolean): void;
  /** An organization's (slug) settings Seer checks: AI features hidden, open team membership. */
  setAccess(org: string, access: { hideAiFeatures?: boolean; openMembership?: boolean }): void;
  /**
   * A run begun elsewhere (Sentry's web UI) `agoMs` ago, stopping at the root cause, or taken on
   * there through `through` (each step 10 s after the one before).
   */
  startRun(issue: string, agoMs?: number, through?: Step): { runId: number };
  /** The issue's run moved on: the same run id, its code change rewritten (a Refresh then reads other text). */
  reviseRun(issue: string): { runId: number; revision: number };
  /** The run ids started so far, by issue id. */
  runs(): Record<string, number>;
}

export function seerControl(state: SandboxState): SeerControl {
  const issueOf = (key: string): SeedIssue => {
    const i = state.seed.issue(key) ?? state.seed.issues.find((x) => x.shortId === key);
    if (!i) throw new Error(`unknown issue ${key}`);
    return i;
  };
  return {
    setScenario(issue, scenario) {
      if (!SCENARIOS.includes(scenario)) throw new Error(`unknown scenario ${scenario}`);
      seerOf(state).scenarios.set(issueOf(issue).id, scenario);
    },
    setBudget(org, has) {
      const o = state.seed.org(org);
      if (!o) throw new Error(`unknown org ${org}`);
      if (has) seerOf(state).noBudget.delete(o.id);
      else seerOf(state).noBudget.add(o.id);
    },
    setRepository(project, connected) {
      if (connected) seerOf(state).noRepo.delete(project);
      else seerOf(state).noRepo.add(project);
    },
    setAccess(org, access) {
      const o = state.seed.org(org);
      if (!o) throw new Error(`unknown org ${org}`);
      const s = seerOf(state);
      if (access.hideAiFeatures !== undefined) s.aiHidden[access.hideAiFeatures ? 'add' : 'delete'](o.id);
      // The organization's own flag (membership.ts): what the issue lists and code mappings read too.
      if (access.openMembership !== undefined) setOpenMembership(state, org, access.openMembership);
    },
    startRun(issue, agoMs = 0, through) {
      const i = issueOf(issue);
      const at = state.now() - agoMs;
      const run = newRun(state, i, at);
      const order: Step[] = ['root_cause', 'solution', 'code_changes'];
      for (let k = 1; through && k <= order.indexOf(through); k++) run.steps.push({ step: order[k], at: at + k * 10_000 });
      return { runId: run.id };
    },
    reviseRun(issue) {
      const run = seerOf(state).runs.get(issueOf(issue).id);
      if (!run) throw new Error(`issue ${issue} has no run`);
      run.revision++;
      return { runId: run.id, revision: run.revision };
    },
    runs: () => Object.fromEntries([...seerOf(state).runs].map(([k, r]) => [k, r.id])),
  };
}

function runUuid(id: number): string {
  return `00000000-0000-4000-8000-${id.toString(16).padStart(12, '0')}`;
}

function newRun(state: SandboxState, issue: SeedIssue, at: number, eventId?: string): Run {
  const s = seerOf(state);
  const run: Run = { id: s.nextRunId++, issueId: issue.id, scenario: s.scenarios.get(issue.id) ?? 'root-cause', steps: [{ step: 'root_cause', at }], eventId, revision: 0 };
  s.runs.set(issue.id, run);
  return run;
}

// ---------------------------------------------------------------------------------------------
// Limits (group_ai_autofix.py's rate_limits; only where the profile has a limiter)

function limited(detail: string, resetAt: number): never {
  throw new HttpError(429, { detail }, { 'x-sentry-rate-limit-limit': '25', 'x-sentry-rate-limit-remaining': '0', 'x-sentry-rate-limit-reset': String(Math.ceil(resetAt / 1000)) });
}

function checkLimits(ctx: Ctx, org: SeedOrg): void {
  if (!ctx.state.options.profile.rateLimiter) return;
  const s = seerOf(ctx.state);
  const now = ctx.state.now();
  const userKey = ctx.headers['authorization'] ?? 'anonymous';
  if (ctx.method === 'POST') {
    s.posts = s.posts.filter((p) => p.at > now - 3_600_000);
    const mine = s.posts.filter((p) => p.userKey === userKey && p.at > now - 60_000);
    if (mine.length >= 25) limited('You are attempting to use this endpoint too frequently. Limit is 25 requests in 60 seconds', mine[0].at + 60_000);
    const org1h = s.posts.filter((p) => p.orgId === org.id);
    if (org1h.length >= 100) limited('You are attempting to use this endpoint too frequently. Limit is 100 requests in 3600 seconds', org1h[0].at + 3_600_000);
    s.posts.push({ at: now, userKey, orgId: org.id });
  } else {
    s.gets = s.gets.filter((g) => g.at > now - 60_000);
    const mine = s.gets.filter((g) => g.userKey === userKey);
    if (mine.length >= 1024) limited('You are attempting to use this endpoint too frequently. Limit is 1024 requests in 60 seconds', mine[0].at + 60_000);
    s.gets.push({ at: now, userKey });
  }
}

// ---------------------------------------------------------------------------------------------
// What a run says, stage by stage

interface Crash {
  repo: string;
  path: string | null;
  line: number | null;
  fn: string;
  type: string;
  value: string;
}

function crashOf(state: SandboxState, issue: SeedIssue): Crash {
  const inApp = (issue.frames ?? []).filter((f) => f.inApp);
  const top = inApp[inApp.length - 1];
  return {
    repo: seerOf(state).noRepo.has(issue.project.slug) ? '' : `acme/${issue.project.slug}`,
    path: issue.workspaceFile,
    line: issue.workspaceLine,
    fn: top?.function ?? issue.culprit,
    type: issue.exception?.type ?? 'Error',
    value: issue.exception?.value ?? issue.title,
  };
}

function rootCause(c: Crash, scenario: SeerScenario) {
  const reproduction = [
    `A request reaches ${c.fn} with a value that is missing.`,
    `${c.fn} reads it without a check${c.path ? ` (${c.path}${c.line ? `:${c.line}` : ''})` : ''} and raises ${c.type}: ${c.value}`,
  ];
  if (scenario === 'with-secret') reproduction.push(`The failing request carried Authorization: Bearer ${LEAKED_TOKEN}`);
  if (scenario === 'bidi') reproduction.push(`The value is checked only for admins:${BIDI_TEXT}`);
  return { summary: `${c.fn} uses a value that can be missing, so it raises ${c.type}.`, whys: [`${c.type}: ${c.value}`, `${c.fn} does not check the value before using it.`], reproduction };
}

const SOLUTION = {
  summary: 'Check the value before using it and fail with a clear message.',
  steps: [{ title: 'Guard the missing value', description: 'Return early, or raise an error that names what is missing, before the value is used.' }],
};

/** The run's code change, in its scenario and revision (seerChanges.ts). */
function patchesOf(run: Run, c: Crash) {
  return c.repo ? codePatches(c, run.scenario, run.revision) : [];
}

type Stage = { status: 'processing'; doing: string } | { status: 'completed' } | { status: 'error'; why: string } | { status: 'needs-input'; question: string };

const DOING: Record<Step, string[]> = {
  root_cause: ['Reading the event and its stack trace', 'Reading the code around the crash', 'Working out the root cause'],
  solution: ['Planning a fix', 'Checking the plan against the code'],
  code_changes: ['Writing the change', 'Reviewing the change'],
};

/** Where the run's latest step is now. */
function stageOf(run: Run, crash: Crash, now: number): Stage {
  const last = run.steps[run.steps.length - 1];
  const elapsed = Math.max(0, now - last.at);
  const n = Math.floor(elapsed / STAGE_MS);
  if (last.step === 'root_cause' && run.scenario === 'fails' && n >= 2) return { status: 'error', why: 'Seer could not read the repository.' };
  if (last.step === 'root_cause' && run.scenario === 'needs-info' && n >= 2) return { status: 'needs-input', question: 'Which environment does this happen in, and since which release?' };
  if (last.step === 'code_changes' && !crash.repo && n >= 1) return { status: 'error', why: 'No repository is connected for this project.' };
  const doing = DOING[last.step];
  return n < doing.length ? { status: 'processing', doing: doing[n] } : { status: 'completed' };
}

function done(run: Run, step: Step, now: number, crash: Crash): boolean {
  const i = run.steps.findIndex((s) => s.step === step);
  if (i < 0) return false;
  if (i < run.steps.length - 1) return true;
  return stageOf(run, crash, now).status === 'completed';
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function agentAnswer(state: SandboxState, run: Run, issue: SeedIssue): Record<string, unknown> {
  const now = state.now();
  const crash = crashOf(state, issue);
  const stage = stageOf(run, crash, now);
  const blocks: Record<string, unknown>[] = [];
  const block = (id: string, content: string, extra: Record<string, unknown> = {}) =>
    blocks.push({
      id,
      message: { role: 'assistant', content },
      timestamp: iso(now),
      loading: false,
      artifacts: [],
      file_patches: null,
      merged_file_patches: null,
      pr_commit_shas: null,
      todos: null,
      ...extra,
    });
  const rc = rootCause(crash, run.scenario);
  if (done(run, 'root_cause', now, crash)) {
    block('rc', rc.summary, {
      artifacts: [
        {
          key: 'root_cause',
          reason: 'Root cause analysis completed',
          data: { one_line_description: rc.summary, five_whys: rc.whys, reproduction_steps: rc.reproduction, relevant_repo: crash.repo || null },
        },
      ],
    });
  }
  if (done(run, 'solution', now, crash)) {
    block('sol', SOLUTION.summary, { artifacts: [{ key: 'solution', reason: 'Solution plan completed', data: { one_line_summary: SOLUTION.summary, steps: SOLUTION.steps } }] });
  }
  const patches = done(run, 'code_changes', now, crash) ? patchesOf(run, crash) : [];
  if (patches.length) {
    const fps = patches.map((patch) => ({ repo_name: crash.repo, patch }));
    block('code', 'Here is the change.', { file_patches: fps, merged_file_patches: fps });
  }
  if (stage.status === 'processing') {
    const steps = DOING[run.steps[run.steps.length - 1].step];
    const i = steps.indexOf(stage.doing);
    block('now', stage.doing, { loading: true, todos: steps.map((content, k) => ({ content, status: k < i ? 'completed' : k === i ? 'in_progress' : 'pending' })) });
  }
  if (stage.status === 'error') block('err', stage.why);
  const status = stage.status === 'needs-input' ? 'awaiting_user_input' : stage.status;
  return {
    autofix: {
      run_id: run.id,
      status,
      blocks,
      updated_at: iso(now),
      pending_user_input: stage.status === 'needs-input' ? { id: `input-${run.id}`, input_type: 'question', data: { question: stage.question } } : null,
      repo_pr_states: {},
      coding_agents: {},
    },
  };
}

function legacyAnswer(state: SandboxState, run: Run, issue: SeedIssue): Record<string, unknown> {
  const now = state.now();
  const crash = crashOf(state, issue);
  const stage = stageOf(run, crash, now);
  const upper = { processing: 'PROCESSING', completed: 'COMPLETED', error: 'ERROR', 'needs-input': 'NEED_MORE_INFORMATION' }[stage.status];
  const rc = rootCause(crash, run.scenario);
  const steps: Record<string, unknown>[] = [];
  const progress = (messages: string[]) => messages.map((message) => ({ message, timestamp: iso(now), type: 'INFO', data: null }));
  const base = (key: string, type: string, title: string, status: string, messages: string[]) => ({
    id: `${key}-${run.id}`,
    key,
    type,
    title,
    status,
    index: steps.length,
    progress: progress(messages),
    output_stream: null,
  });
  const last = run.steps[run.steps.length - 1].step;
  const doingOf = (s: Step) => (last === s && stage.status === 'processing' ? DOING[s].slice(0, DOING[s].indexOf(stage.doing) + 1) : DOING[s]);
  steps.push(
    base(
      'root_cause_analysis_processing',
      'default',
      'Analyzing the Issue',
      done(run, 'root_cause', now, crash) ? 'COMPLETED' : upper,
      stage.status === 'needs-input' ? [...doingOf('root_cause'), stage.question] : doingOf('root_cause'),
    ),
  );
  if (done(run, 'root_cause', now, crash)) {
    steps.push({
      ...base('root_cause_analysis', 'root_cause_analysis', 'Root Cause Analysis', 'COMPLETED', []),
      causes: [
        {
          id: 0,
          description: rc.summary,
          root_cause_reproduction: rc.reproduction.map((title, k) => ({
            title,
            code_snippet_and_analysis: k === 0 ? rc.whys[0] : rc.whys[1],
            timeline_item_type: k === 0 ? 'human_action' : 'internal_code',
            is_most_important_event: k === 1,
            relevant_code_file: k === 1 && crash.path ? { file_path: crash.path, repo_name: crash.repo } : null,
          })),
        },
      ],
      selection: null,
    });
  }
  if (run.steps.some((s) => s.step === 'solution')) {
    const ok = done(run, 'solution', now, crash);
    steps.push({
      ...base('solution', 'solution', 'Solution', ok ? 'COMPLETED' : upper, doingOf('solution')),
      description: ok ? SOLUTION.summary : null,
      solution: ok
        ? SOLUTION.steps.map((s) => ({
            title: s.title,
            code_snippet_and_analysis: s.description,
            is_active: true,
            is_most_important_event: true,
            relevant_code_file: null,
            timeline_item_type: 'internal_code',
          }))
        : [],
    });
  }
  if (run.steps.some((s) => s.step === 'code_changes')) {
    const ok = done(run, 'code_changes', now, crash);
    const fps = ok ? patchesOf(run, crash) : [];
    steps.push({
      ...base(
        'changes',
        'changes',
        'Code Changes',
        stage.status === 'error' && last === 'code_changes' ? 'ERROR' : ok ? 'COMPLETED' : upper,
        stage.status === 'error' && last === 'code_changes' ? [stage.why] : doingOf('code_changes'),
      ),
      changes: fps.length ? [{ repo_name: crash.repo, repo_external_id: '1', title: SOLUTION.steps[0].title, description: SOLUTION.summary, diff: fps, diff_str: fps.map(unifiedDiff).join('') }] : [],
    });
  }
  if (stage.status === 'error' && last === 'root_cause') (steps[0] as { progress: unknown[] }).progress.push(...progress([stage.why]));
  return {
    autofix: {
      run_id: run.id,
      status: upper,
      updated_at: iso(now),
      request: { organization_id: 1, project_id: Number(issue.project.id), issue: { id: Number(issue.id), title: issue.title } },
      steps,
      repositories: crash.repo
        ? [
            {
              integration_id: '7',
              url: `https://github.com/${crash.repo}`,
              external_id: '1',
              name: crash.repo,
              provider: 'integrations:github',
              default_branch: 'main',
              is_readable: true,
              is_writeable: true,
            },
          ]
        : [],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Handlers

function parse(ctx: Ctx): Record<string, unknown> {
  if (!ctx.body.trim()) return {};
  let data: unknown;
  try {
    data = JSON.parse(ctx.body);
  } catch {
    fail(400, 'JSON parse error');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) fail(400, 'Invalid data. Expected a dictionary.');
  return data as Record<string, unknown>;
}

function choice(body: Record<string, unknown>, key: string, choices: string[]): void {
  const v = body[key];
  if (v !== undefined && (typeof v !== 'string' || !choices.includes(v))) throw new HttpError(400, { [key]: [`"${String(v)}" is not a valid choice.`] });
}

function context(ctx: Ctx, m: RegExpExecArray, scopes: string[]): { p: Principal; org: SeedOrg; issue: SeedIssue } {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, scopes);
  const issue = findIssue(ctx, org, m[2]);
  return { p, org, issue };
}

const READ = ['event:read', 'event:write', 'event:admin'];
const WRITE = ['event:write', 'event:admin'];

function agentShape(ctx: Ctx): boolean {
  return ctx.state.options.profile.seer === 'agent';
}

/** Seer not set up for the summary: the agent endpoint's SeerPermissionError (403), the legacy server's missing feature. */
function checkEnabled(ctx: Ctx, org: SeedOrg): void {
  if (ctx.state.hasFeature(org, GEN_AI)) return;
  if (agentShape(ctx)) fail(403, SEER_DENIED);
  if (ctx.method === 'GET') fail(500, 'Internal Error');
  fail(403, NOT_ENABLED);
}

/**
 * Why the autofix endpoint refuses an organization (see the file's head): the agent's checks in
 * has_seer_agent_access_with_detail's order, its text on GET, the generic one on POST; the legacy
 * trigger_autofix's feature (a GET without it asks the absent Seer service: 500) and hidden AI features.
 */
function checkAccess(ctx: Ctx, org: SeedOrg): void {
  const s = seerOf(ctx.state);
  const has = (feature: string) => ctx.state.hasFeature(org, feature);
  if (agentShape(ctx)) {
    const cause = !has(GEN_AI) ? FLAG_OFF : s.aiHidden.has(org.id) ? AI_HIDDEN : !has(SEER_EXPLORER) ? FLAG_OFF : !isOpenMembership(ctx.state, org) ? CLOSED_MEMBERSHIP : undefined;
    if (cause) fail(403, ctx.method === 'GET' ? cause : SEER_DENIED);
    return;
  }
  checkEnabled(ctx, org);
  if (ctx.method === 'POST' && s.aiHidden.has(org.id)) fail(403, AI_HIDDEN);
}

function getAutofix(ctx: Ctx, m: RegExpExecArray): Res {
  const { org, issue } = context(ctx, m, READ);
  checkLimits(ctx, org);
  checkAccess(ctx, org);
  const run = seerOf(ctx.state).runs.get(issue.id);
  if (!run) return json(200, { autofix: null });
  return json(200, agentShape(ctx) ? agentAnswer(ctx.state, run, issue) : legacyAnswer(ctx.state, run, issue));
}

function postAutofix(ctx: Ctx, m: RegExpExecArray): Res {
  const { org, issue } = context(ctx, m, WRITE);
  checkLimits(ctx, org);
  checkAccess(ctx, org);
  const body = parse(ctx);
  const s = seerOf(ctx.state);
  const now = ctx.state.now();
  if (agentShape(ctx)) {
    choice(body, 'step', ['root_cause', 'solution', 'code_changes', 'open_pr', 'coding_agent_handoff']);
    choice(body, 'stopping_point', ['root_cause', 'solution', 'code_changes', 'open_pr']);
    if (body.run_id !== undefined && !Number.isInteger(body.run_id)) throw new HttpError(400, { run_id: ['A valid integer is required.'] });
    const step = body.stopping_point ? 'root_cause' : ((body.step as string | undefined) ?? 'root_cause');
    if (step === 'open_pr' || step === 'coding_agent_handoff') fail(400, 'The sandbox does not open pull requests.');
    const runId = body.run_id as number | undefined;
    // AutofixPostResponse in the OpenAPI document: run_id and the newer sentry_run_id (a UUID, nullable).
    if (runId === undefined) {
      if (s.noBudget.has(org.id)) return json(402, NO_BUDGET);
      const run = newRun(ctx.state, issue, now);
      return json(202, { run_id: run.id, sentry_run_id: runUuid(run.id) });
    }
    const run = s.runs.get(issue.id);
    if (!run || run.id !== runId) return { status: 404, headers: {}, body: '' };
    run.steps.push({ step: step as Step, at: now });
    return json(202, { run_id: run.id, sentry_run_id: runUuid(run.id) });
  }
  choice(body, 'stopping_point', ['root_cause', 'solution', 'code_changes', 'open_pr']);
  if (body.event_id !== undefined && typeof body.event_id !== 'string') throw new HttpError(400, { event_id: ['Not a valid string.'] });
  if (s.noBudget.has(org.id)) fail(402, NO_BUDGET);
  return json(202, { run_id: newRun(ctx.state, issue, now, body.event_id as string | undefined).id });
}

/** The legacy continuation (group_autofix_update.py): {run_id, payload: {type: select_root_cause | select_solution}}. */
function postUpdate(ctx: Ctx, m: RegExpExecArray): Res {
  const { org, issue } = context(ctx, m, WRITE);
  checkLimits(ctx, org);
  checkAccess(ctx, org);
  const body = parse(ctx);
  if (Object.keys(body).length === 0) return json(400, { error: 'Need a body with a run_id and payload' });
  const run = seerOf(ctx.state).runs.get(issue.id);
  const type = (body.payload as Record<string, unknown> | undefined)?.type;
  // The update is passed on to Seer, which fails for a run it does not know: SeerApiError, a 500 here.
  if (!run || run.id !== body.run_id || (type !== 'select_root_cause' && type !== 'select_solution')) fail(500, 'Internal Error');
  run.steps.push({ step: type === 'select_root_cause' ? 'solution' : 'code_changes', at: ctx.state.now() });
  return json(202, { run_id: run.id });
}

/** The summary (group_ai_summary.py, SummarizeIssueResponse): snake_case keys. */
function postSummary(ctx: Ctx, m: RegExpExecArray): Res {
  const { org, issue } = context(ctx, m, WRITE);
  checkEnabled(ctx, org);
  const c = crashOf(ctx.state, issue);
  return json(200, {
    group_id: issue.id,
    headline: `${c.type} in ${c.fn}`,
    whats_wrong: `${c.fn} raises ${c.type}: ${c.value}`,
    trace: null,
    possible_cause: `A value ${c.fn} relies on can be missing.`,
    scores: { possible_cause_confidence: 0.7, possible_cause_novelty: 0.4 },
  });
}

const ROUTES: Route[] = [
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/autofix\/$/, methods: { GET: getAutofix, POST: postAutofix } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/autofix\/update\/$/, methods: { POST: postUpdate } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/summarize\/$/, methods: { POST: postSummary } },
];

export function handleSeer(ctx: Ctx): Res | undefined {
  const hit = matchRoute(ROUTES, ctx);
  if (!hit) return undefined;
  if (!hit.handler) methodNotAllowed(ctx, Object.keys(hit.route.methods));
  return hit.handler(ctx, hit.m);
}
