/**
 * "Show Issues on This Line": every issue marked on one line as a quick pick, the one picked opened
 * in its events panel. A hover shows a busy line's first few issues and links its "+N more" here with
 * the ref of one of them (the line is where that issue is marked); from the palette it is the
 * cursor's line.
 */
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { commandArgs, parseIssueRef, PREVIEW, refOfIssue, type IssueRef } from '../contracts/issueRef';
import { eventCount, userCount } from '../format/numbers';
import { relativeTime } from '../format/time';
import type { UiHolder } from '../util/ui';
import { labelText } from '../util/untrusted';
import type { DecorationController } from './decorations';
import { levelIcon, statusWord } from './core/hoverMarkdown';
import type { Mark } from './core/marks';

interface LineIssueItem extends vscode.QuickPickItem {
  readonly ref: IssueRef;
}

/** The line an issue is marked on, in the active editor or else a visible one; the cursor's line without an issue. */
function lineOf(decorations: DecorationController, ref: IssueRef | undefined): { uri: vscode.Uri; line: number } | undefined {
  const active = vscode.window.activeTextEditor;
  if (!ref) return active && { uri: active.document.uri, line: active.selection.active.line };
  const editors = [...(active ? [active] : []), ...vscode.window.visibleTextEditors.filter((e) => e !== active)];
  for (const editor of editors) {
    const mark = decorations.marksFor(editor.document.uri).find((m) => m.issue.id === ref.issueId);
    if (mark) return { uri: editor.document.uri, line: mark.line };
  }
  return undefined;
}

/** One row of the pick: level icon and short ID, the title, then status, counts and age; server text shown as typed. */
function itemOf(mark: Mark, ref: IssueRef, now: number): LineIssueItem {
  const { issue } = mark;
  const status = statusWord(issue);
  return {
    label: `$(${levelIcon(issue.level)}) ${labelText(issue.shortId, 100)}`,
    description: labelText(issue.title, 200),
    detail: [status, labelText(issue.level, 20), eventCount(issue.count), userCount(issue.userCount), vscode.l10n.t('last seen {0}', relativeTime(issue.lastSeen, now))]
      .filter((p): p is string => !!p)
      .join(' · '),
    ref,
  };
}

/** The command: the line's issues to pick from; the one picked shows its events. */
export async function showLineIssues(arg: unknown, decorations: DecorationController, ui: UiHolder): Promise<IssueRef | undefined> {
  const at = lineOf(decorations, parseIssueRef(arg));
  const marks = at ? decorations.marksAt(at.uri, at.line) : [];
  const now = Date.now();
  const items = marks.flatMap((m) => {
    const ref = refOfIssue(m.org, m.issue);
    return ref ? [itemOf(m, ref, now)] : [];
  });
  if (!at || items.length === 0) {
    void ui.ui.showInformationMessage(vscode.l10n.t('No Sentry issue is marked on this line.'), {});
    return undefined;
  }
  const file = labelText(vscode.workspace.asRelativePath(at.uri, false), 200);
  const pick = await ui.ui.showQuickPick(items, {
    title: vscode.l10n.t('Sentry issues on line {0} of {1}', at.line + 1, file),
    placeHolder: vscode.l10n.t('Pick an issue to show its events'),
    matchOnDescription: true,
  });
  if (!pick) return undefined;
  await vscode.commands.executeCommand(Commands.showIssueEvents, ...commandArgs(pick.ref), PREVIEW);
  return pick.ref;
}
