// GET /api/0/organizations/{org}/events/ (OpenAPI "Query Explore Events in Table Format"): the events
// table, as Sentry serves it with `dataset=errors`, over the seed's error events. Rows of the fields
// asked for, one per event, or one per group of the other fields when a function (count(),
// last_seen(), latest_event(), count_unique()) is among them; the frame arrays `stack.*` are the
// exception_frames.* columns of Snuba's errors table (src/sentry/snuba/events.py), one element per frame.
//
// What Sentry does here, and where:
// - src/sentry/api/endpoints/organization_events.py: `has_feature` false is `Response(status=404)` with no
//   body (the `eventsTable` endpoint switch); `dataset` picks the query module (get_dataset in
//   src/sentry/snuba/utils.py, DATASET_OPTIONS, "errors" among them since 2023, so a self-hosted server of
//   2025 has it: both profiles serve it); the answer is `{data, meta}` with standard meta.
// - src/sentry/api/bases/organization_events.py: more than MAX_FIELDS (20, src/sentry/utils/snuba.py)
//   fields is 400 "You can view up to 20 fields at a time. …"; several projects without the
//   organization's `global-views` feature is 400 "You cannot view events from multiple projects.";
//   an unknown dataset is 400 "dataset must be one of: …".
// - src/sentry/search/events/builder/base.py: every selected column that is not a function is grouped
//   by when a function is selected (resolve_groupby: arrays too, so a row per issue and stack);
//   without a function `id` and `project.name` are added (auto_fields); a sort that is not a
//   selected field is 400 "Cannot sort by a field that is not selected."; on an array field a
//   wildcard is a LIKE (case-sensitive) on any element, a list `[a,b]` is hasAny (exact values,
//   never wildcards), a negation holds when no element matches.
// - src/sentry/search/events/datasets/discover.py: `issue.id` is group_id, a list an IN and `!issue.id:[…]`
//   a NOT IN; last_seen() is max(timestamp), latest_event() argMax(id, timestamp).
// - src/sentry/search/events/builder/errors.py: `is:unresolved` and the other statuses join group_attributes.
// - The advanced-search rule (a 400 for wildcards and negation without the feature) is the issue
//   search's alone (src/sentry/api/helpers/group_index/validators.py and index.py): the events table
//   takes both on every plan.
// The OpenAPI document requires `dataset`, though Sentry falls back to `discover` without it: this
// strict fake refuses a request without it, with get_dataset's words. It serves `errors` (and
// `discover`, whose error events are the same rows); the other datasets hold nothing here and are
// refused. AND, OR and parentheses are taken as Sentry takes them here (./booleanQuery.ts).
import { fail, json, paginate, pageSize, parseCursor, type Res } from './http';
import {
  authenticate,
  eventPredicate,
  eventTags,
  issuePredicate,
  orgEnvironments,
  pageCtx,
  orgProjects,
  absPathFor,
  requireScope,
  sdkOf,
  resolveOrg,
  eventWindow,
  type Ctx,
  type Principal,
} from './api';
import { type Term } from './search';
import { andTerms, holds, parseBooleanQuery } from './booleanQuery';
import { checkEnvironments } from './sentryAnswers';
import { logsTable } from './logs';
import { GLOBAL_VIEWS } from './profiles';
import { iso, type SeedEvent, type SeedIssue, type SeedOrg, type SeedProject } from './seed';

/** src/sentry/snuba/utils.py, DATASET_OPTIONS, in its order (get_dataset's 400 lists them). */
const DATASETS = [
  'discover',
  'errors',
  'metricsEnhanced',
  'metrics',
  'ourlogs',
  'logs',
  'uptimeChecks',
  'uptime_results',
  'profiles',
  'issuePlatform',
  'profileFunctions',
  'spans',
  'spansIndexed',
  'spansMetrics',
  'transactions',
];
const SERVED = ['errors', 'discover'];
const MAX_FIELDS = 20;
const DAY = 86_400_000;

/** ARRAY_FIELDS of src/sentry/search/events/constants.py that the seed fills. */
const ARRAY_FIELDS = new Set([
  'stack.filename',
  'stack.abs_path',
  'stack.lineno',
  'stack.colno',
  'stack.in_app',
  'stack.function',
  'stack.module',
  'stack.package',
  'stack.stack_level',
  'error.type',
  'error.value',
  'error.handled',
]);

type Value = string | number | null | Array<string | number | null>;

/** One column of the answer: a field of each event, or a function over a group of events. */
interface Column {
  readonly name: string;
  readonly type: string;
  readonly aggregate: boolean;
  value(events: readonly SeedEvent[]): Value;
}

const FUNCTION = /^([a-z_]+)\((.*)\)$/;

/** A field's value for one event (`null` where the event has none). */
function fieldValue(ev: SeedEvent, field: string): Value {
  const issue = ev.issue;
  const frames = issue.frames ?? [];
  switch (field) {
    case 'id':
      return ev.eventID;
    case 'issue.id':
      return Number(issue.id);
    case 'issue':
      return issue.shortId;
    case 'project.id':
      return Number(issue.project.id);
    case 'project':
    case 'project.name':
      return issue.project.slug;
    case 'timestamp':
      return iso(ev.time).replace(/\.\d+Z$|Z$/, '+00:00');
    case 'title':
      return issue.title;
    case 'culprit':
      return issue.culprit;
    case 'location':
      return issue.location;
    case 'platform.name':
      return issue.project.platform;
    case 'sdk.name':
      return sdkOf(issue.project).name;
    case 'stack.filename':
      return frames.map((f) => f.filename);
    case 'stack.abs_path':
      return frames.map((f) => absPathFor(issue, f));
    case 'stack.lineno':
      return frames.map((f) => f.lineNo);
    case 'stack.colno':
      return frames.map((f) => f.colNo);
    case 'stack.in_app':
      return frames.map((f) => (f.inApp ? 1 : 0));
    case 'stack.function':
      return frames.map((f) => f.function);
    case 'stack.module':
      return frames.map((f) => f.module);
    case 'stack.package':
      return frames.map((f) => f.package ?? null);
    case 'stack.stack_level':
      return frames.map(() => 0);
    case 'error.type':
      return issue.exception ? [issue.exception.type] : [];
    case 'error.value':
      return issue.exception ? [issue.exception.value] : [];
    case 'error.handled':
      return issue.exception ? [issue.exception.handled ? 1 : 0] : [];
    case 'message':
      return ev.message;
    default: {
      // Any other name is a tag (resolve_column falls back to `tags[name]`).
      const key = /^tags\[(.+)\]$/.exec(field)?.[1] ?? field;
      return eventTags(ev).find(([k]) => k === key)?.[1] ?? null;
    }
  }
}

function fieldType(field: string): string {
  if (ARRAY_FIELDS.has(field)) return 'array';
  if (field === 'issue.id' || field === 'project.id') return 'integer';
  if (field === 'timestamp') return 'date';
  return 'string';
}

function column(name: string): Column {
  const fn = FUNCTION.exec(name);
  if (!fn) {
    if (!/^[A-Za-z0-9_.:\-[\]]+$/.test(name)) fail(400, `Invalid characters in field ${name}`);
    return { name, type: fieldType(name), aggregate: false, value: (events) => fieldValue(events[0], name) };
  }
  const [, fname, arg] = fn;
  const newest = (events: readonly SeedEvent[]) => events.reduce((a, b) => (b.time > a.time ? b : a));
  switch (fname) {
    case 'count':
      return { name, type: 'integer', aggregate: true, value: (events) => events.length };
    case 'last_seen':
      return { name, type: 'date', aggregate: true, value: (events) => fieldValue(newest(events), 'timestamp') };
    case 'latest_event':
      return { name, type: 'string', aggregate: true, value: (events) => newest(events).eventID };
    case 'count_unique':
      return { name, type: 'integer', aggregate: true, value: (events) => new Set(events.map((e) => JSON.stringify(fieldValue(e, arg.trim())))).size };
    default:
      fail(400, `${fname} is not a valid function`);
  }
}

/** Whether a value of a search term matches `actual` as Snuba compares it: lists exactly, `*` as LIKE (case-sensitive). */
function matches(pattern: string, actual: string | number | null, wildcards: boolean): boolean {
  if (actual === null) return false;
  const text = String(actual);
  if (pattern.startsWith('[') && pattern.endsWith(']')) return listItems(pattern).includes(text);
  if (!wildcards || !pattern.includes('*')) return pattern === text;
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    's',
  );
  return re.test(text);
}

/** The items of `[a, "b c"]`, unquoted. */
function listItems(list: string): string[] {
  const out: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(?:,|$)/gy;
  const body = list.slice(1, -1);
  let m: RegExpExecArray | null;
  while (re.lastIndex < body.length && (m = re.exec(body))) {
    const item = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2].trim();
    if (item !== '') out.push(item);
    if (m[0] === '') break;
  }
  return out;
}

/** One term of the query as a predicate over events. */
function termPredicate(ctx: Ctx, p: Principal, term: Term): (ev: SeedEvent) => boolean {
  const key = term.key;
  if (key === 'issue.id') return (ev) => matches(term.value, ev.issue.id, false);
  if (key !== null && ARRAY_FIELDS.has(key)) {
    // A wildcard is a LIKE on any element; a list hasAny, exact values only.
    return (ev) => (fieldValue(ev, key) as Array<string | number | null>).some((v) => matches(term.value, v, true));
  }
  if (key === 'is') {
    const byProject = new Map<SeedProject, (i: SeedIssue) => boolean>();
    return (ev) => {
      let f = byProject.get(ev.issue.project);
      if (!f) byProject.set(ev.issue.project, (f = issuePredicate(ctx, p, ev.issue.project, { ...term, negated: false })));
      return f(ev.issue);
    };
  }
  if (key === 'environment') return (ev) => matches(term.value, ev.environment, true);
  return eventPredicate({ ...term, negated: false });
}

/**
 * The projects asked for, as get_filter_params reads them through get_projects (membership.ts): ids
 * only on a server of the id-only profile, none the user's member projects, `-1` every accessible one,
 * a named one not accessible 403.
 */
function projectsOf(ctx: Ctx, p: Principal, org: SeedOrg): SeedProject[] {
  const projects = orgProjects(ctx, p, org);
  if (projects.length > 1 && !ctx.state.hasFeature(org, GLOBAL_VIEWS)) fail(400, 'You cannot view events from multiple projects.');
  return projects;
}

/** `a` before `b` for a sort ascending: numbers as numbers, arrays element by element, null first. */
function compare(a: Value, b: Value): number {
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = Array.isArray(a) ? a : [a];
    const y = Array.isArray(b) ? b : [b];
    for (let k = 0; k < Math.min(x.length, y.length); k++) {
      const c = compare(x[k], y[k]);
      if (c) return c;
    }
    return x.length - y.length;
  }
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1;
}

export function eventsTable(ctx: Ctx, m: RegExpExecArray): Res {
  const params = ctx.params;
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  // OrganizationPermission: GET takes any org scope (the document's security).
  requireScope(p, ['org:read', 'org:write', 'org:admin']);
  const raw = params.getAll('field');
  if (raw.length > MAX_FIELDS) fail(400, `You can view up to ${MAX_FIELDS} fields at a time. Please delete some and try again.`);
  const dataset = params.get('dataset');
  // A server of before getsentry/sentry#96884 has no `logs` name (profiles.ts logsDatasets).
  const datasets = DATASETS.filter((d) => d !== 'logs' || ctx.state.profile.logsDatasets.includes('logs'));
  if (dataset === null || !datasets.includes(dataset)) fail(400, `dataset must be one of: ${datasets.join(', ')}`);
  if (dataset === 'logs' || dataset === 'ourlogs') return logsTable(ctx, org, dataset);
  if (!SERVED.includes(dataset)) fail(400, `The sandbox holds no ${dataset} data: it serves dataset=errors.`);
  const names = [...new Set(raw.map((f) => f.trim()).filter(Boolean))];
  if (names.length === 0) fail(400, 'No columns selected');
  const projects = projectsOf(ctx, p, org);
  const { start, end } = eventWindow(ctx, 90 * DAY);
  const envs = checkEnvironments(
    params,
    orgEnvironments(org).map((e) => e.name),
  );
  const limit = pageSize(params, 'per_page', 100, 100);
  const cursor = parseCursor(params.get('cursor'));
  const columns = names.map(column);
  const aggregated = columns.some((c) => c.aggregate);
  if (!aggregated) {
    if (!names.includes('id')) columns.push(column('id'));
    if (!names.includes('project.id') && !names.includes('project.name')) columns.push(column('project.name'));
  }
  const sorts = params.getAll('sort').map((s) => {
    const desc = s.startsWith('-');
    const name = desc ? s.slice(1) : s;
    const at = columns.findIndex((c) => c.name === name);
    if (at < 0) fail(400, 'Cannot sort by a field that is not selected.');
    return { at, desc };
  });
  const tree = parseBooleanQuery(params.get('query') ?? '');
  const preds = new Map<Term, (ev: SeedEvent) => boolean>();
  const test = (t: Term, ev: SeedEvent): boolean => {
    let f = preds.get(t);
    if (!f) {
      const g = termPredicate(ctx, p, t);
      preds.set(t, (f = t.negated ? (e: SeedEvent) => !g(e) : g));
    }
    return f(ev);
  };
  // A positive issue.id term joined by AND names the only issues to look at (Snuba's prewhere on group_id).
  const ids = andTerms(tree).find((t) => t.key === 'issue.id' && !t.negated);
  const only = ids ? new Set(ids.value.startsWith('[') ? listItems(ids.value) : [ids.value]) : undefined;
  const events: SeedEvent[] = [];
  for (const project of projects) {
    for (const issue of project.issues) {
      if (issue.issueCategory !== 'error' || (only && !only.has(issue.id))) continue;
      for (const ev of issue.events) {
        if (ev.time >= start && ev.time <= end && (envs.length === 0 || envs.includes(ev.environment)) && holds(tree, test, ev)) events.push(ev);
      }
    }
  }
  events.sort((a, b) => b.time - a.time || (a.eventID < b.eventID ? -1 : 1));
  let groups: SeedEvent[][];
  if (aggregated) {
    const byKey = new Map<string, SeedEvent[]>();
    const keyed = columns.filter((c) => !c.aggregate);
    for (const ev of events) {
      const key = JSON.stringify(keyed.map((c) => c.value([ev])));
      const group = byKey.get(key);
      if (group) group.push(ev);
      else byKey.set(key, [ev]);
    }
    groups = [...byKey.values()];
  } else groups = events.map((ev) => [ev]);
  let rows = groups.map((g) => columns.map((c) => c.value(g)));
  if (sorts.length) {
    rows = rows
      .map((r, k) => ({ r, k }))
      .sort((x, y) => {
        for (const s of sorts) {
          const c = compare(x.r[s.at], y.r[s.at]);
          if (c) return s.desc ? -c : c;
        }
        return x.k - y.k;
      })
      .map((x) => x.r);
  }
  const { page, link } = paginate(pageCtx(ctx), rows, cursor, limit);
  return json(
    200,
    {
      data: page.map((r) => Object.fromEntries(columns.map((c, k) => [c.name, r[k]]))),
      meta: {
        fields: Object.fromEntries(columns.map((c) => [c.name, c.type])),
        units: Object.fromEntries(columns.map((c) => [c.name, null])),
        isMetricsData: false,
        isMetricsExtractedData: false,
        tips: {},
        datasetReason: 'unchanged',
        dataset,
      },
    },
    { link },
  );
}
