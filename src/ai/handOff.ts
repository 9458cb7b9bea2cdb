/**
 * "Explain with AI" and "Fix with AI": open the editor's chat with a prompt that names the
 * issue and asks the assistant to read it with our tools. Where no chat can answer (no chat command,
 * no language model), say so and offer Copy as Markdown: the issue and its latest event as the
 * details tool gives them (masked, escaped, bounded), to paste into any assistant.
 */
import * as vscode from 'vscode';
import { handOffPrompt } from './core/text/handOffPrompt';
import { Commands } from '../constants';
import { looksLikeShortId, parseIssueRef, type IssueRef } from '../contracts/issueRef';
import type { IssueStore } from '../store/issueStore';
import { signalFrom } from '../util/signal';
import { UiHolder } from '../util/ui';
import { plainText } from '../util/untrusted';
import type { ToolContext } from './core/tools/context';
import { detailsOf, issueDetails } from './core/tools/issueDetails';
import { issuesAtLocation } from './core/tools/issuesAtLocation';
import { searchIssues } from './core/tools/searchIssues';
import { seerAnalysis, seerSection } from './core/tools/seerAnalysis';
import { CHAT_OPEN, chatCanAnswer } from './chatAvailability';
import type { ModelsApi } from './aiApis';

export { CHAT_OPEN };

export interface HandOffDeps {
  tools: ToolContext;
  store: Pick<IssueStore, 'issue'>;
  /** Issues marked on the cursor's line (the palette's default). */
  cursorIssues: () => readonly IssueRef[];
  isSignedIn: () => boolean;
  /** The editor's chat models API, where it has one (aiApis.ts): without it no chat can take an issue. */
  models: ModelsApi | undefined;
}

/** What a hand-off did, for the suites. */
export type HandOffOutcome = { kind: 'chat'; prompt: string } | { kind: 'copied'; text: string } | { kind: 'declined' | 'signedOut' | 'noIssue' | 'failed'; message?: string };

export class HandOff {
  /** Messages and the clipboard, replaceable by the suites. */
  readonly ui = new UiHolder();
  /** Whether a chat that can answer is installed; replaceable by the suites. */
  chatAvailable: () => Promise<boolean> = () => chatCanAnswer(this.deps.models);
  /** Opens the chat with a query; replaceable by the suites. */
  openChat: (args: { query: string; isPartialQuery: boolean }) => Thenable<unknown> = (args) => vscode.commands.executeCommand(CHAT_OPEN, args);

  constructor(private readonly deps: HandOffDeps) {}

  register(): vscode.Disposable[] {
    return [
      vscode.commands.registerCommand(Commands.explainWithAI, (arg?: unknown) => this.run('explain', arg)),
      vscode.commands.registerCommand(Commands.fixWithAI, (arg?: unknown) => this.run('fix', arg)),
    ];
  }

  async run(kind: 'explain' | 'fix', arg?: unknown): Promise<HandOffOutcome> {
    const target = await this.target(arg);
    if (!target) return { kind: 'noIssue' };
    const prompt = handOffPrompt(kind, target, { details: issueDetails.referenceName, search: searchIssues.referenceName, location: issuesAtLocation.referenceName, seer: seerAnalysis.referenceName });
    if (await this.chatAvailable().catch(() => false)) {
      try {
        await this.openChat({ query: prompt, isPartialQuery: false });
        return { kind: 'chat', prompt };
      } catch {
        // A chat that refuses the query is no chat: fall through to the copy.
      }
    }
    return this.offerCopy(target.shortId ?? target.id);
  }

  private async offerCopy(issue: string): Promise<HandOffOutcome> {
    const ui = this.ui.ui;
    if (!this.deps.isSignedIn()) {
      const signIn = vscode.l10n.t('Sign In');
      const pick = await ui.showInformationMessage(vscode.l10n.t('No AI chat is available in this VS Code, and copying the issue needs a Sentry sign-in first.'), {}, signIn);
      if (pick === signIn) void vscode.commands.executeCommand(Commands.signIn);
      return { kind: 'signedOut' };
    }
    const copy = vscode.l10n.t('Copy as Markdown');
    const pick = await ui.showInformationMessage(
      this.deps.models
        ? vscode.l10n.t(
            'No AI chat is available in this VS Code (install and sign in to one, such as GitHub Copilot Chat, to hand issues to it). Copy {0} as Markdown to paste into an assistant instead?',
            plainText(issue, 100),
          )
        : // An editor without VS Code's language model API (aiApis.ts): installing a chat would not help.
          vscode.l10n.t(
            "This editor does not offer extensions VS Code's chat and language model API, so Sentry Explorer cannot hand issues to its AI. Copy {0} as Markdown to paste into the editor's assistant instead?",
            plainText(issue, 100),
          ),
      {},
      copy,
    );
    if (pick !== copy) return { kind: 'declined' };
    const got = await ui.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Sentry: reading the issue…') }, (_p, token) => {
      const { signal, dispose } = signalFrom(token);
      return detailsOf({ issue }, this.deps.tools, signal)
        .then(async (got) => (got.ok ? { ...got, text: got.text + (await seerSection(this.deps.tools, issue, signal).catch(() => '')) } : got))
        .finally(dispose);
    });
    if (!got.ok) {
      void ui.showErrorMessage(vscode.l10n.t('Could not copy {0}: {1}', plainText(issue, 100), got.text), {});
      return { kind: 'failed', message: got.text };
    }
    await ui.writeClipboard(got.text);
    void ui.showInformationMessage(vscode.l10n.t('Copied {0} as Markdown.', plainText(issue, 100)), {});
    return { kind: 'copied', text: got.text };
  }

  /** The issue: the argument (tree row, hover, panel), else the cursor line's, else a short ID typed in. */
  private async target(arg: unknown): Promise<{ id: string; shortId?: string } | undefined> {
    const ref = parseIssueRef(arg) ?? this.deps.cursorIssues()[0];
    if (ref) {
      const issue = this.deps.store.issue(ref.issueId);
      // Not the title: the prompt carries only what we wrote (see handOffPrompt).
      return { id: ref.issueId, shortId: issue?.shortId };
    }
    const typed = await this.ui.ui.showInputBox({
      title: vscode.l10n.t('Hand a Sentry issue to the AI chat'),
      prompt: vscode.l10n.t('The short ID of the issue (like WEB-FRONTEND-1) or its numeric id'),
      validateInput: (v) => (looksLikeShortId(v) || /^\d{1,20}$/.test(v.trim()) ? undefined : vscode.l10n.t('A short ID such as WEB-FRONTEND-1, or a numeric id')),
    });
    const t = typed?.trim();
    if (!t) return undefined;
    return /^\d+$/.test(t) ? { id: t } : { id: t.toUpperCase(), shortId: t.toUpperCase() };
  }
}
