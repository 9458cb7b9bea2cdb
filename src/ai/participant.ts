/**
 * The `@sentry` chat participant: `/issues` searches, `/explain` reads one issue, `/file`
 * lists the issues marked in the active editor; a bare prompt is an issue when it names one, else a
 * search. It answers with the tools' own text, and when the chat offers a language model it asks
 * the model to answer the question from that text (quoted as data). Without a model, or when the
 * model fails, the tools' text is the answer: plain, and still useful.
 */
import * as vscode from 'vscode';
import type { IssueRef } from '../contracts/issueRef';
import type { IssueStore } from '../store/issueStore';
import type { ToolContext } from './core/tools/context';
import { chatPrompt } from './core/text/chatPrompt';
import { issueDetails } from './core/tools/issueDetails';
import { activeFileIssues } from './core/tools/issuesAtLocation';
import { parseIssueArg } from './core/tools/issueArg';
import { searchIssues } from './core/tools/searchIssues';
import { seerSection } from './core/tools/seerAnalysis';
import { ToolCancelled } from './core/tools/toolErrors';
import { signalFrom } from '../util/signal';
import type { ParticipantsApi } from './aiApis';

export const PARTICIPANT_ID = 'sentryExplorer.sentry';

export interface ParticipantDeps {
  /** What the tools share; the participant calls their handlers directly (its input is its own, not a model's). */
  tools: ToolContext;
  store: Pick<IssueStore, 'issue'>;
  cursorIssues: () => readonly IssueRef[];
}

/** What the handler reads of a request (a real ChatRequest has it all; the suites pass this much). */
export type ParticipantRequest = Pick<vscode.ChatRequest, 'prompt' | 'command'> & { model?: vscode.LanguageModelChat };
export type ParticipantStream = Pick<vscode.ChatResponseStream, 'markdown' | 'progress'>;

/** A prompt that starts with an issue reference: the reference, and the rest of the prompt (the question). */
function namedIssue(prompt: string): { issue: string; rest: string } | undefined {
  const first = prompt.split(/\s+/)[0] ?? '';
  return first && parseIssueArg(first) ? { issue: first, rest: prompt.slice(first.length).trim() } : undefined;
}

export class SentryParticipant {
  constructor(private readonly deps: ParticipantDeps) {}

  register(participants: ParticipantsApi): vscode.Disposable {
    const participant = participants.createChatParticipant(PARTICIPANT_ID, (request, _context, stream, token) => this.handle(request, stream, token));
    participant.iconPath = new vscode.ThemeIcon('bug');
    return participant;
  }

  async handle(request: ParticipantRequest, stream: ParticipantStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const { signal, dispose } = signalFrom(token);
    try {
      const { text, question } = await this.data(request, stream, signal);
      if (request.model && question) {
        try {
          await this.ask(request.model, question, text, stream, token);
          return { metadata: { command: request.command ?? '', model: true } };
        } catch (e) {
          if (token.isCancellationRequested) return {};
          // No model access (not consented, quota, offline): the data alone still answers.
          stream.markdown(`_${vscode.l10n.t('The language model could not answer ({0}); here is what Sentry says.', e instanceof Error ? e.name : 'error')}_\n\n`);
        }
      }
      stream.markdown(text);
      return { metadata: { command: request.command ?? '', model: false } };
    } catch (e) {
      if (e instanceof ToolCancelled || token.isCancellationRequested) return {};
      throw e;
    } finally {
      dispose();
    }
  }

  /** The issue's details with Seer's analysis after them, when Seer has one (read, never started); a Seer failure leaves the details alone. */
  private async withSeer(details: string, issue: string, signal: AbortSignal): Promise<string> {
    try {
      return details + (await seerSection(this.deps.tools, issue, signal));
    } catch (e) {
      if (e instanceof ToolCancelled || signal.aborted) throw e;
      return details;
    }
  }

  /** The tools' text for the request, and the question to put to a model (none: the text is the answer). */
  private async data(request: ParticipantRequest, stream: ParticipantStream, signal: AbortSignal): Promise<{ text: string; question?: string }> {
    const prompt = request.prompt.trim();
    switch (request.command) {
      case 'issues':
        stream.progress(vscode.l10n.t('Searching Sentry issues…'));
        return { text: await searchIssues.handler({ query: prompt || undefined }, this.deps.tools, signal) };
      case 'file':
        stream.progress(vscode.l10n.t('Reading the issues marked in this file…'));
        return { text: await activeFileIssues(this.deps.tools, signal), question: prompt || undefined };
      case 'explain': {
        const named = namedIssue(prompt);
        const issue = named?.issue ?? this.cursorIssue();
        if (!issue) return { text: vscode.l10n.t('Name the issue to explain: `/explain WEB-FRONTEND-1` (its short ID, id or Sentry address), or put the cursor on a marked line.') + '\n' };
        stream.progress(vscode.l10n.t('Reading the Sentry issue and its latest event…'));
        const question = (named ? named.rest : prompt) || 'Explain this error: what goes wrong, the likely cause, and where in the code to look.';
        return { text: await this.withSeer(await issueDetails.handler({ issue }, this.deps.tools, signal), issue, signal), question };
      }
      default: {
        const named = namedIssue(prompt);
        if (named) {
          stream.progress(vscode.l10n.t('Reading the Sentry issue and its latest event…'));
          return { text: await this.withSeer(await issueDetails.handler({ issue: named.issue }, this.deps.tools, signal), named.issue, signal), question: named.rest || 'Explain this error briefly.' };
        }
        stream.progress(vscode.l10n.t('Searching Sentry issues…'));
        return { text: await searchIssues.handler({ query: prompt || undefined }, this.deps.tools, signal) };
      }
    }
  }

  /** The issue marked on the cursor's line, by short ID when the store has it. */
  private cursorIssue(): string | undefined {
    const ref = this.deps.cursorIssues()[0];
    return ref && (this.deps.store.issue(ref.issueId)?.shortId ?? ref.issueId);
  }

  private async ask(model: vscode.LanguageModelChat, question: string, data: string, stream: ParticipantStream, token: vscode.CancellationToken): Promise<void> {
    const messages = [vscode.LanguageModelChatMessage.User(chatPrompt(data, question))];
    const response = await model.sendRequest(messages, {}, token);
    for await (const fragment of response.text) stream.markdown(fragment);
  }
}
