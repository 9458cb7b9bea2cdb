/**
 * "Why are there no marks?" on a file none of the chosen projects has an issue in: the issues may
 * belong to a project that is not chosen (a monorepo's server code beside its web app), which no
 * time window explains. One request asks the organization's issues endpoint across every project
 * (`project=-1`) with the same file search and filters the marks use; the line then names the
 * projects that have issues there and offers to add the busiest. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient } from '../../api/client';
import { Commands } from '../../constants';
import { isSlug } from '../../contracts/issueRef';
import { isoSeconds } from '../../format/time';
import { labelText } from '../../util/untrusted';
import { fileSearchQuery, fileSearchTerm } from './fileQuery';
import type { MarkScope } from './markFinder';
import type { MarksAction, MarksExplanation } from './marksStatus';

/** Issues read: one page; a project with issues in the file shows on it. */
const PAGE = 100;
/** Projects the line names (the busiest first); the actions add at most two. */
const NAMED = 3;

export interface OtherProject {
  /** The project's slug, as the server named it (checked as a slug). */
  readonly slug: string;
  /** Its issues on the page read. */
  readonly issues: number;
}

export interface OtherProjectsFound {
  /** Projects that are not chosen and have issues in the file, the busiest first. */
  readonly projects: readonly OtherProject[];
  /** The page was full: the counts are at least these. */
  readonly cut: boolean;
}

/**
 * The file's search across every project of the organization, as the marks search it (the view's
 * query, environments and window); the projects other than the chosen ones that have issues in it.
 */
export async function searchOtherProjects(client: Pick<SentryClient, 'listOrganizationIssues'>, scope: MarkScope, relativePath: string, now = Date.now()): Promise<OtherProjectsFound> {
  const term = fileSearchTerm(relativePath);
  if (!term) return { projects: [], cut: false };
  const w = scope.window;
  const page = await client.listOrganizationIssues(scope.org, {
    project: ['-1'],
    environment: scope.environments,
    statsPeriod: w && 'period' in w ? w.period : undefined,
    // The endpoint takes start and end only together: an open-ended window ends now.
    start: w && 'start' in w ? w.start : undefined,
    end: w && 'start' in w ? (w.end ?? isoSeconds(now)) : undefined,
    groupStatsPeriod: '',
    query: fileSearchQuery(scope.query, term),
    limit: PAGE,
  });
  const chosen = new Set(scope.projects);
  const counts = new Map<string, number>();
  for (const issue of page.items) {
    const slug = issue.project?.slug;
    if (!isSlug(slug) || chosen.has(slug)) continue;
    counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  const projects = [...counts].map(([slug, issues]) => ({ slug, issues })).sort((a, b) => b.issues - a.issues || a.slug.localeCompare(b.slug));
  return { projects, cut: page.nextCursor !== undefined };
}

/**
 * The line when other projects have issues in the file: it names them (the busiest first) and
 * offers to add the busiest two to the chosen projects. `base` (no issue found) when none has.
 */
export function otherProjectsExplanation(base: MarksExplanation, chosen: readonly string[], found: OtherProjectsFound): MarksExplanation {
  const [top] = found.projects;
  if (!top) return base;
  const name = (p: OtherProject) => labelText(p.slug, 100);
  const count = (p: OtherProject) => (found.cut ? `${p.issues}+` : String(p.issues));
  const mine = labelText(chosen.join(', '), 120);
  let message: string;
  if (found.projects.length === 1) {
    message =
      top.issues === 1 && !found.cut
        ? l10n.t('No issue of {0} has this file in its stack trace, but 1 issue of project {1} does: add {1} to the chosen projects to see it here.', mine, name(top))
        : l10n.t('No issue of {0} has this file in its stack trace, but {1} issues of project {2} do: add {2} to the chosen projects to see them here.', mine, count(top), name(top));
  } else {
    const named = found.projects
      .slice(0, NAMED)
      .map((p) => l10n.t('{0} ({1})', name(p), count(p)))
      .join(', ');
    const others = found.projects.length - NAMED;
    message =
      others > 0
        ? l10n.t('No issue of {0} has this file in its stack trace, but issues of other projects do: {1} and {2} more. Add one to the chosen projects to see its issues here.', mine, named, others)
        : l10n.t('No issue of {0} has this file in its stack trace, but issues of other projects do: {1}. Add one to the chosen projects to see its issues here.', mine, named);
  }
  const actions: MarksAction[] = found.projects.slice(0, 2).map((p) => ({ label: l10n.t('Add {0}', name(p)), command: Commands.chooseProject, addProject: p.slug }));
  return { cause: 'otherProjects', message, severity: 'info', actions };
}
