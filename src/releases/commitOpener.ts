/**
 * Opens a commit Sentry named (a suspect commit, a release's commit): in the workspace's own source
 * control when one of its repositories has it (the git extension's commit view), else its page on the
 * repository host, only when Sentry's repository data gave a safe https commit URL
 * (src/contracts/provenance.ts's commitWebUrl) and only after the user confirms; else it says why it
 * cannot. Never a URL a page, a link or an event made up: CommitTarget.webUrl comes from the store.
 */
import * as vscode from 'vscode';
import type { CommitTarget } from '../store/commitOpener';
import { plainText } from '../util/untrusted';
import type { AuthUi } from '../util/ui';
import { findCommit } from './gitRepos';

export interface CommitOpenerDeps {
  ui: () => AuthUi;
  log: vscode.LogOutputChannel;
}

export async function openCommit(commit: CommitTarget, deps: CommitOpenerDeps): Promise<void> {
  const found = await findCommit(commit.id);
  if (found) {
    deps.log.info(`[releases] opening commit ${commit.shortId} in the workspace's source control`);
    await vscode.commands.executeCommand('git.viewCommit', found.repo.rootUri, found.commit.hash);
    return;
  }
  const ui = deps.ui();
  if (!commit.webUrl) {
    const copy = vscode.l10n.t('Copy Commit ID');
    const choice = await ui.showInformationMessage(
      vscode.l10n.t("Commit {0} is not in this workspace's repositories, and Sentry has no link to it (the organization may lack the source code integration).", commit.shortId),
      {},
      copy,
    );
    if (choice === copy) await ui.writeClipboard(commit.id);
    return;
  }
  const url = vscode.Uri.parse(commit.webUrl, true);
  const open = vscode.l10n.t('Open on {0}', url.authority);
  const choice = await ui.showInformationMessage(
    vscode.l10n.t("Commit {0} is not in this workspace's repositories. Open it on {1}?", commit.shortId, url.authority),
    { modal: true, detail: plainText(`${commit.message ?? ''}\n${commit.webUrl}`) },
    open,
  );
  if (choice === open) await ui.openExternal(url);
}
