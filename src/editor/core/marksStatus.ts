/**
 * "Why are there no marks?" in one line, with the action that fixes it: the text of the command
 * sentryExplorer.explainMarks and of the status-bar item the editor shows on a workspace file without
 * marks. Pure (no `vscode` import): the glue (../editorIntegration.ts) gathers the state, the finder
 * (./markFinder.ts) reports what each open file's search found.
 */
import * as l10n from '@vscode/l10n';
import { ApiError } from '../../api/errors';
import { CONFIG_SECTION, Commands } from '../../constants';
import { ERROR_ACTIONS, ERROR_CASES, errorCase, type ErrorCase } from '../../contracts/errorPresentation';
import { errorKind, isCutOffBody, isSignedOut } from '../../contracts/errors';
import { maskBounded } from '../../model/event/maskText';
import type { IssueListView } from '../../store/issueStore';
import { projectsOf } from '../../store/listSpec';
import { labelText } from '../../util/untrusted';

/** What one open file's latest search found, and where the found issues' latest events map. */
export interface FileSearchReport {
  /** Searched for this file (`perFile`), or the listed issues located after a server refused the search (`listed`). */
  readonly mode: 'perFile' | 'listed';
  /** The latest search of this file failed (pages read before a failure count as an answer). */
  readonly error?: unknown;
  /** Issues the file's search found (`listed`: the listed issues). */
  readonly found: number;
  /** Of these, how many have a known location (the latest event's, or a frame's). */
  readonly located: number;
  /** Located in this file. */
  readonly here: number;
  /** Located in another workspace file (or, by their own fields, in a file that is not open). */
  readonly elsewhere: number;
  /** Located at a server path that maps to no workspace file (`listed`: only those named like this file). */
  readonly unmapped: number;
  /** One of those server paths, as the server sent it (untrusted). */
  readonly unmappedExample?: string;
}

export interface MarksState {
  readonly signedIn: boolean;
  /** An organization and at least one project are chosen. */
  readonly hasProject: boolean;
  /** The active editor: none, a file of a workspace folder, or anything else (untitled, outside the folders, output). */
  readonly file: 'none' | 'workspace' | 'other';
  /** What is drawn on the file now. */
  readonly marks?: { readonly issues: number; readonly lines: number };
  /** The file's latest finished search for the current scope; undefined while none has finished. */
  readonly report?: FileSearchReport;
  /** The chosen projects (named in the line). */
  readonly projects?: readonly string[];
  /** The filter's relative window (`24h`, `14d`), when it has one. */
  readonly period?: string;
  /** The failure of the Issues view's list of these projects, if its latest request failed. */
  readonly listError?: unknown;
}

export type MarksCause = 'signedOut' | 'noProject' | 'noEditor' | 'notWorkspaceFile' | 'marked' | 'loading' | 'error' | 'noIssues' | 'pathMappings' | 'otherProjects';

export interface MarksAction {
  readonly label: string;
  readonly command: string;
  readonly args?: readonly unknown[];
  /** Adds this project (a checked slug) to the chosen ones instead; `command` is what runs where that cannot be done. */
  readonly addProject?: string;
}

export interface MarksExplanation {
  readonly cause: MarksCause;
  /** One line; server text in it is plain, bounded and masked. */
  readonly message: string;
  /** `warning` for failures. */
  readonly severity: 'info' | 'warning';
  /** The action that fixes it first; at most two. */
  readonly actions: readonly MarksAction[];
}

/** The longest server path the line quotes. */
export const MAX_EXAMPLE_PATH = 120;
const MAX_PROJECTS_TEXT = 120;

/** The setting the path-mappings action opens. */
export const PATH_MAPPINGS_SETTING = `${CONFIG_SECTION}.pathMappings`;

/** What the line offers for a case of failure, with labels and commands: decided with every other surface's (errorPresentation.ts). */
const lineActions = (c: ErrorCase): MarksAction[] => ERROR_CASES[c].line.map((a) => ({ label: ERROR_ACTIONS[a].label, command: ERROR_ACTIONS[a].command }));

const action = {
  filter: (): MarksAction => ({ label: l10n.t('Filter Issues'), command: Commands.filterIssues }),
  pathMappings: (): MarksAction => ({ label: l10n.t('Open Path Mappings'), command: 'workbench.action.openSettings', args: [PATH_MAPPINGS_SETTING] }),
};

/** Whether the status-bar item shows for this cause: only for a workspace file without marks, signed in with a project, once its search answered. */
export function showsStatus(cause: MarksCause): boolean {
  return cause === 'error' || cause === 'noIssues' || cause === 'pathMappings';
}

/**
 * The first cause that applies, in this order: not signed in; no project chosen; no file open; a file
 * that is not the workspace's (nothing is searched for it); the marks there are; the file's search
 * (or, where the server refuses it, the issue list) failed; the search still running; the issues
 * found match no workspace file; none found here.
 */
export function explainMarks(state: MarksState): MarksExplanation {
  const info = (cause: MarksCause, message: string, ...actions: MarksAction[]): MarksExplanation => ({ cause, message, severity: 'info', actions });
  if (!state.signedIn) return info('signedOut', l10n.t('Not signed in to Sentry: sign in to see where its issues happened in your code.'), ...lineActions('signedOut'));
  if (!state.hasProject) return info('noProject', l10n.t('No Sentry project is chosen: choose one to see where its issues happened in your code.'), ...lineActions('noProject'));
  if (state.file === 'none') return info('noEditor', l10n.t('No file is open: Sentry marks the lines of the workspace files open in the editor.'));
  if (state.file === 'other') return info('notWorkspaceFile', l10n.t('This file is not in a workspace folder: Sentry marks only the files of the workspace.'));
  if (state.marks && state.marks.issues > 0) return info('marked', markedLine(state.marks.issues, state.marks.lines));
  const report = state.report;
  const error = report?.error ?? (report?.mode === 'listed' ? state.listError : undefined);
  if (error !== undefined) {
    if (isSignedOut(error)) return info('signedOut', l10n.t('Not signed in to Sentry: sign in to see where its issues happened in your code.'), ...lineActions('signedOut'));
    return { cause: 'error', message: errorLine(error, report?.error !== undefined && report.mode === 'perFile' ? 'search' : 'list'), severity: 'warning', actions: lineActions(errorCase(error)) };
  }
  if (!report) return info('loading', l10n.t('Looking for the Sentry issues of this file…'));
  if (report.here === 0 && report.unmapped > 0 && report.unmappedExample !== undefined) {
    const example = examplePath(report.unmappedExample);
    return info(
      'pathMappings',
      report.unmapped === 1
        ? l10n.t('1 issue happened at a server path that matches no workspace file ("{0}"): add a path mapping to point it here.', example)
        : l10n.t('{0} issues happened at server paths that match no workspace file, such as "{1}": add a path mapping to point them here.', report.unmapped, example),
      action.pathMappings(),
    );
  }
  return info('noIssues', noIssuesLine(report, projectsText(state.projects), validPeriod(state.period)), action.filter());
}

function markedLine(issues: number, lines: number): string {
  if (issues === 1) return l10n.t('Sentry marks 1 issue on 1 line of this file.');
  if (lines === 1) return l10n.t('Sentry marks {0} issues on 1 line of this file.', issues);
  return l10n.t('Sentry marks {0} issues on {1} lines of this file.', issues, lines);
}

function noIssuesLine(report: FileSearchReport, projects: string, period: string | undefined): string {
  if (report.mode === 'listed') {
    // The server refused the search by file: only the listed issues were located.
    if (report.found === 0) return l10n.t('The Issues view lists no issue of {0}, and this server cannot search by file: change the filter to list some.', projects);
    return report.found === 1
      ? l10n.t('The one listed issue of {0} did not happen in this file (this server cannot search by file): the filter may hide others.', projects)
      : l10n.t('None of the {0} listed issues of {1} happened in this file (this server cannot search by file): the filter may hide others.', report.found, projects);
  }
  if (report.found === 0) {
    return period
      ? l10n.t("No issue of {0} has this file in its stack trace in the last {1}: the filter's time window or environment may hide older ones.", projects, period)
      : l10n.t('No issue of {0} has this file in its stack trace within the filter: its time window or environment may hide some.', projects);
  }
  return report.found === 1
    ? l10n.t('1 issue of {0} has this file in its stack trace, but its latest event happened in another file.', projects)
    : l10n.t('{0} issues of {1} have this file in their stack traces, but their latest events happened in other files.', report.found, projects);
}

/** A short name for a failure: the status a server answered, with what it means. */
function errorLine(error: unknown, where: 'search' | 'list'): string {
  const kind = errorKind(error);
  const status = statusOf(error);
  const search = where === 'search';
  // Answered 200, but cut off on its way: what happened is the cut, not the status.
  if (isCutOffBody(error)) return search ? l10n.t("Sentry's answer to the search for this file's issues was cut off.") : l10n.t("Sentry's answer to the issue list was cut off.");
  if (status !== undefined) {
    const meaning = statusMeaning(kind, status);
    if (meaning) return search ? l10n.t("Sentry answered {0} ({1}) to the search for this file's issues.", status, meaning) : l10n.t('Sentry answered {0} ({1}) to the issue list.', status, meaning);
    return search ? l10n.t("Sentry answered {0} to the search for this file's issues.", status) : l10n.t('Sentry answered {0} to the issue list.', status);
  }
  switch (kind) {
    case 'network':
    case 'foreignRedirect':
      return search ? l10n.t("The Sentry server could not be reached to search this file's issues.") : l10n.t('The Sentry server could not be reached for the issue list.');
    case 'timeout':
      return search ? l10n.t("The Sentry server did not answer the search for this file's issues in time.") : l10n.t('The Sentry server did not answer the issue list in time.');
    case 'badResponse':
      return search ? l10n.t("Sentry's answer to the search for this file's issues was not understood.") : l10n.t("Sentry's answer to the issue list was not understood.");
    case 'rateLimited':
      return search ? l10n.t("Sentry is rate-limiting the search for this file's issues.") : l10n.t('Sentry is rate-limiting the issue list.');
    default:
      return search ? l10n.t("The search for this file's issues failed.") : l10n.t('The issue list failed to load.');
  }
}

/** What an answered status means, in two or three words (undefined: the status says it all). */
function statusMeaning(kind: string | undefined, status: number): string | undefined {
  switch (kind) {
    case 'unauthorized':
      return l10n.t('credentials rejected');
    case 'forbidden':
      return l10n.t('access denied');
    case 'notFound':
      return l10n.t('not found');
    case 'gone':
      return l10n.t('endpoint gone');
    case 'rateLimited':
      return l10n.t('rate-limited');
    case 'badRequest':
      return l10n.t('request refused');
    case 'queryTimeout':
      return l10n.t('search timed out');
    case 'badResponse':
      return l10n.t('answer not understood');
    case 'server':
      return l10n.t('server error');
    default:
      return status >= 500 ? l10n.t('server error') : undefined;
  }
}

/** The HTTP status of a failure the server answered, else undefined. */
function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** A server path quoted in the line: one line, secrets masked, bounded, no link, markup or icon syntax. */
export function examplePath(path: string): string {
  // Masked before it is cut or joined, so that a secret is seen whole.
  const masked = maskBounded(String(path), MAX_EXAMPLE_PATH);
  const text = labelText(masked.text.replace(/\s+/g, ' ').trim(), MAX_EXAMPLE_PATH);
  return masked.cut && !text.endsWith('…') ? `${text}…` : text;
}

function projectsText(projects: readonly string[] | undefined): string {
  return labelText((projects ?? []).join(', '), MAX_PROJECTS_TEXT);
}

/** Only a period the filter offers shapes the line (`24h`, `14d`, `90d`): nothing else is quoted. */
function validPeriod(period: string | undefined): string | undefined {
  return period !== undefined && /^\d{1,4}[mhdw]$/.test(period) ? period : undefined;
}

/**
 * The failure of the Issues view's list of the chosen projects: the latest request of a list of
 * `org` showing any of `projects` (not a hashes search) failed. Undefined when they answered.
 */
export function listErrorOf(lists: readonly IssueListView[], org: string, projects: readonly string[]): unknown {
  for (const list of lists) {
    if (list.org !== org || list.spec.hashes || list.loading || list.error === undefined) continue;
    if (!projectsOf(list.spec).some((p) => projects.includes(p))) continue;
    if (list.loadedAt !== undefined && list.failedAt !== undefined && list.loadedAt > list.failedAt) continue;
    return list.error;
  }
  return undefined;
}
