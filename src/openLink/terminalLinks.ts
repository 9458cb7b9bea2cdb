/**
 * Sentry links and the signed-in organization's short IDs in terminal output, clickable: a terminal
 * link provider whose links open the panel through "Open Link, ID or Stack Trace…" (./openTargets.ts).
 * The organization's project slugs (which short IDs are its) are read once per organization and kept.
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import { Disposable } from '../util/disposable';
import { terminalHits, type TerminalHit } from './core/terminalText';
import type { OpenRequest } from './openTargets';

interface SentryTerminalLink extends vscode.TerminalLink {
  readonly hit: TerminalHit;
}

export interface TerminalLinkDeps {
  readonly getClient: () => Promise<SentryClient | undefined>;
  readonly org: () => string | undefined;
  readonly open: (req: OpenRequest) => Promise<boolean>;
  readonly log: vscode.LogOutputChannel;
}

/** The most projects read for their slugs. */
const MAX_PROJECTS = 1000;

export class SentryTerminalLinks extends Disposable implements vscode.TerminalLinkProvider<SentryTerminalLink> {
  private slugs: { key: string; value: Promise<ReadonlySet<string>> } | undefined;

  constructor(private readonly deps: TerminalLinkDeps) {
    super();
    this._register(vscode.window.registerTerminalLinkProvider(this));
  }

  async provideTerminalLinks(context: vscode.TerminalLinkContext): Promise<SentryTerminalLink[]> {
    const client = await this.deps.getClient();
    const line = context.line;
    // Cheap tests first: most terminal lines hold neither a URL nor a capitalised ID.
    if (!client || !(line.includes('://') || /[A-Z]-\d/.test(line))) return [];
    const slugs = /[A-Z]-\d|[A-Z]-[0-9A-Z]/.test(line) ? await this.projectSlugs(client) : new Set<string>();
    return terminalHits(line, [client.baseUrl], slugs).map((hit) => ({
      startIndex: hit.start,
      length: hit.length,
      tooltip: hit.kind === 'link' ? vscode.l10n.t('Open in Sentry Explorer') : vscode.l10n.t('Open {0} in Sentry Explorer', hit.shortId),
      hit,
    }));
  }

  handleTerminalLink(link: SentryTerminalLink): void {
    void this.deps.open(link.hit.kind === 'link' ? { kind: 'link', link: link.hit.link } : { kind: 'shortId', shortId: link.hit.shortId });
  }

  /** The signed-in organization's project slugs, read once per server and organization. */
  private projectSlugs(client: SentryClient): Promise<ReadonlySet<string>> {
    const org = this.deps.org();
    if (!org) return Promise.resolve(new Set());
    const key = `${client.baseUrl} ${org}`;
    if (this.slugs?.key !== key) {
      const value = (async () => {
        const out = new Set<string>();
        try {
          for await (const page of client.projectPages(org)) {
            for (const p of page.items) out.add(p.slug.toLowerCase());
            if (out.size >= MAX_PROJECTS) break;
          }
        } catch (err) {
          this.deps.log.warn(`[openLink] could not read the projects of "${org}" for terminal links: ${(err as Error)?.message ?? err}`);
          this.slugs = undefined;
        }
        return out;
      })();
      this.slugs = { key, value };
    }
    return this.slugs.value;
  }
}
