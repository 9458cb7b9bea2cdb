/**
 * Releases, suspect commits and owners as the events panel, the hover and the AI tools share them: one
 * cache per window, so what one of them read the others show without asking again. The requests stay
 * bounded: an issue's first/last release is one request, shared by everyone who asks at once
 * (coalesced) and kept; an event's provenance (its release, the release's deploys, its committers and
 * owners) is read only for the event on screen in a panel or asked about by the AI, never for the
 * issues of a list, and kept per event. Answers are bounded text (src/contracts/provenance.ts).
 * No `vscode` import.
 */
import type { SentryClient } from '../api/client';
import { ForbiddenError } from '../api/errors';
import { getEventCommitters, getEventOwners, getFirstLastRelease, getRelease, listReleaseDeploys } from '../api/releaseEndpoints';
import { deployViews, issueProvenance, oneLine, ownerNames, releaseView, suspectViews, type ProvenanceView } from '../contracts/provenance';
import { Emitter } from '../util/emitter';

/** Entries kept per kind; the oldest goes first. */
const MAX_ENTRIES = 200;

export interface EventTarget {
  org: string;
  project: string;
  issueId: string;
  eventId: string;
  /** The event's release (its `release` tag); none: no release part. */
  release?: string;
}

/** The longest refusal said in the header (the 403's message, with the server's detail in it). */
const MAX_REFUSAL = 400;

/** A part refused for a scope the token lacks: its message, which names the scope this server checks. */
function scopeRefusal(e: unknown): string | undefined {
  return e instanceof ForbiddenError && e.missingScopes.length > 0 ? oneLine(e.message, MAX_REFUSAL) : undefined;
}

/** A map that forgets its oldest entry past MAX_ENTRIES. */
class Bounded<V> extends Map<string, V> {
  override set(key: string, value: V): this {
    if (!this.has(key) && this.size >= MAX_ENTRIES) this.delete(this.keys().next().value as string);
    return super.set(key, value);
  }
}

export class ProvenanceStore {
  private readonly issues = new Bounded<Promise<ProvenanceView>>();
  private readonly issueDone = new Bounded<ProvenanceView>();
  private readonly events = new Bounded<Promise<ProvenanceView>>();
  private readonly eventDone = new Bounded<ProvenanceView>();
  /** The latest event read of each issue, for the hover and the AI's hand-off. */
  private readonly latestEvent = new Bounded<string>();
  private readonly changed = new Emitter<string>();
  /** Fires with the issue id whose provenance was read. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly getClient: () => Promise<SentryClient | undefined>) {}

  /** What is known of the issue without a request: its latest event's provenance, else the first/last release. */
  cached(org: string, issueId: string): ProvenanceView | undefined {
    const ev = this.latestEvent.get(`${org}\n${issueId}`);
    return (ev !== undefined ? this.eventDone.get(ev) : undefined) ?? this.issueDone.get(`${org}\n${issueId}`);
  }

  /** The issue's first and last release: one request, coalesced with any under way, then kept. */
  forIssue(org: string, issueId: string, signal?: AbortSignal): Promise<ProvenanceView> {
    const key = `${org}\n${issueId}`;
    let p = this.issues.get(key);
    if (!p) {
      p = this.client().then(async (client) => {
        const view = issueProvenance(await getFirstLastRelease(client.http, org, issueId, signal));
        this.issueDone.set(key, view);
        this.changed.fire(issueId);
        return view;
      });
      // A failure is not kept: the next hover may ask again.
      p.catch(() => this.issues.delete(key));
      this.issues.set(key, p);
    }
    return p;
  }

  /**
   * The event's provenance: the issue's first/last release (shared with forIssue), the event's release
   * and its deploys, its committers and owners, read in parallel once per event. A part that fails is
   * left out (its reader said why in the log); only the whole failing rejects. Committers or owners
   * refused for a missing scope are said (`refused`): the scope differs by server version.
   */
  forEvent(t: EventTarget, signal?: AbortSignal, onPartFailed?: (part: string, e: unknown) => void): Promise<ProvenanceView> {
    const key = `${t.org}\n${t.eventId}`;
    let p = this.events.get(key);
    if (!p) {
      p = this.client().then(async (client) => {
        const failed = new Map<string, unknown>();
        const part = <T>(name: string, run: () => Promise<T>): Promise<T | undefined> =>
          run().catch((e: unknown) => {
            failed.set(name, e);
            onPartFailed?.(name, e);
            return undefined;
          });
        const [issue, release, deploys, committers, owners] = await Promise.all([
          part('first and last release', () => this.forIssue(t.org, t.issueId, signal)),
          t.release ? part('release', () => getRelease(client.http, t.org, t.release!, signal)) : undefined,
          t.release ? part('deploys', () => listReleaseDeploys(client.http, t.org, t.release!, signal)) : undefined,
          part('suspect commits', () => getEventCommitters(client.http, t.org, t.project, t.eventId, signal)),
          part('owners', () => getEventOwners(client.http, t.org, t.project, t.eventId, signal)),
        ]);
        if (!issue && !release && !committers && !owners) throw new Error(`Sentry did not answer about event ${t.eventId}.`);
        const view: ProvenanceView = {
          ...(issue ?? issueProvenance(undefined)),
          eventRelease: releaseView(release),
          deploys: deployViews(deploys ?? []),
          suspects: suspectViews(committers ?? []),
          owners: ownerNames(owners?.owners ?? []),
        };
        const refused = scopeRefusal(failed.get('suspect commits')) ?? scopeRefusal(failed.get('owners'));
        if (refused) view.refused = refused;
        this.eventDone.set(key, view);
        this.latestEvent.set(`${t.org}\n${t.issueId}`, key);
        this.changed.fire(t.issueId);
        return view;
      });
      p.catch(() => this.events.delete(key));
      this.events.set(key, p);
    }
    return p;
  }

  /** Forgets everything (another session: what it read is not this one's to show). */
  clear(): void {
    this.issues.clear();
    this.issueDone.clear();
    this.events.clear();
    this.eventDone.clear();
    this.latestEvent.clear();
  }

  private async client(): Promise<SentryClient> {
    const client = await this.getClient();
    if (!client) throw new Error('Not signed in to Sentry.');
    return client;
  }
}
