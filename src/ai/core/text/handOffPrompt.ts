/**
 * The chat prompt "Explain with AI" and "Fix with AI" send: it names the issue by its short
 * ID and asks the assistant to read it with the details tool (and, to fix it, to find the code with
 * the location tool and propose a change). It holds only what we wrote: our instructions, our tool
 * references and the issue's short ID or numeric id, each checked for its shape. Nothing the server
 * sends is copied in, not even the title: in a chat prompt `#name` and `@name` become tool and
 * participant references, and anyone who can raise an error controls the title. The tools fetch
 * the rest, where it arrives as a tool's result (data), not as the user's words. No `vscode` import.
 */
import { isIssueId, looksLikeShortId } from '../../../contracts/issueRef';

/** The prompt's length at most. */
export const MAX_PROMPT = 2000;

export interface HandOffTools {
  details: string;
  search: string;
  location: string;
  /** Seer's analysis (root cause, solution, diffs), when the server has one: read, never started. */
  seer?: string;
}

/** The issue the prompt names; a title may come along and is never sent. */
export interface HandOffIssue {
  id: string;
  shortId?: string;
  title?: string;
}

/** A short ID or numeric id, when it has that shape (and is short); anything else is left out. */
function ref(text: string | undefined): string | undefined {
  const t = text?.trim();
  if (!t || t.length > 64) return undefined;
  return isIssueId(t) || looksLikeShortId(t) ? t : undefined;
}

/** A tool reference: `#name` (names are ours, still kept to a safe shape). */
const tool = (name: string) => `#${name.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 64)}`;

export function handOffPrompt(kind: 'explain' | 'fix', issue: HandOffIssue, toolNames: HandOffTools): string {
  const id = ref(issue.id);
  const shortId = ref(issue.shortId);
  const named = shortId ?? id;
  const name = !named ? 'a Sentry issue' : shortId && id && shortId !== id ? `Sentry issue ${shortId} (id ${id})` : `Sentry issue ${named}`;
  const lines = [
    kind === 'fix' ? `Fix ${name}.` : `Explain ${name}.`,
    '',
    named
      ? `First call ${tool(toolNames.details)} for issue ${named} to read the issue and its latest event (stack trace, breadcrumbs, request, tags, releases, suspect commits and owners).`
      : `First ask me which issue (its short ID), then call ${tool(toolNames.details)} for it to read the issue and its latest event (stack trace, breadcrumbs, request, tags, releases, suspect commits and owners).`,
  ];
  if (kind === 'fix') {
    lines.push(
      `Then use ${tool(toolNames.location)} and the workspace to find the code where it fails, and propose a concrete change to fix the cause (not only to silence the error).`,
      'If Sentry names a suspect commit or the release it started in, check what that commit changed there.',
      `If similar issues could share the cause, ${tool(toolNames.search)} finds them.`,
    );
    if (toolNames.seer)
      lines.push(`If Sentry's Seer has analysed the issue, ${tool(toolNames.seer)} gives its root cause, solution and proposed diff: check them against the code before relying on them.`);
  } else {
    lines.push(
      `Then explain what goes wrong, the likely cause and where in the code it happens (${tool(toolNames.location)} maps frames to workspace files); ${tool(toolNames.search)} finds related issues.`,
      'Say which release it started in, the suspect commit and the owners, when Sentry names them.',
    );
    if (toolNames.seer) lines.push(`${tool(toolNames.seer)} gives Seer's root cause and solution when Sentry's AI has analysed the issue.`);
  }
  const text = lines.join('\n');
  return text.length > MAX_PROMPT ? text.slice(0, MAX_PROMPT) : text;
}
