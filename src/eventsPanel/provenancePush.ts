/**
 * The header's releases, suspect commits and owners for the event on screen: when the page has been
 * sent the latest event (a first page of the Events tab) or one whole event (the Event tab), the host
 * reads that event's provenance from the shared store (src/store/provenance.ts: once per event, never
 * per event of a list) and posts it. A click on a commit names only the event and the commit id: the
 * host opens the commit it sent for that event, never a URL or an id the page makes up. No request
 * when the store is missing (a panel without it shows none of this).
 */
import type { ProvenanceStore } from '../store/provenance';
import type { CommitTarget } from '../store/commitOpener';
import type { CommitView, ProvenanceView } from '../contracts/provenance';
import type { IssueRef } from '../contracts/issueRef';
import type { HostMessage, RequestMessage, ResponseMessage } from './core/protocol/messages';
import type { EventsModel } from './core/eventsModel';

export interface ProvenanceDeps {
  provenance?: ProvenanceStore;
  /** Opens a commit in the workspace's source control or on its host (asked first); the releases feature sets it. */
  openCommit?: (commit: CommitTarget) => Promise<void>;
  log: { info(message: string): void; warn(message: string): void };
}

/** At most this many events' provenance is kept for clicks (the ones shown lately). */
const MAX_SHOWN = 20;

export class ProvenancePush {
  private current: string | undefined;
  private readonly shown = new Map<string, ProvenanceView>();

  constructor(
    private readonly deps: ProvenanceDeps,
    private readonly panel: { readonly model: EventsModel; ref(): IssueRef | undefined; post(message: HostMessage): void },
  ) {}

  /** After the page was answered: the event it shows now, if the answer names one. */
  afterResponse(msg: RequestMessage, response: ResponseMessage): void {
    if (!response.ok) return;
    if (msg.method === 'events' && !msg.params.cursor) {
      const first = this.panel.model.cache?.events[0];
      if (first) this.eventShown(first.eventID, first.tags.find((t) => t.key === 'release')?.value);
    } else if (response.method === 'event' && 'detailJson' in response.result) {
      try {
        const d = JSON.parse(response.result.detailJson) as { eventID?: unknown; release?: unknown };
        if (typeof d.eventID === 'string') this.eventShown(d.eventID, typeof d.release === 'string' ? d.release : undefined);
      } catch {
        // Not an event: nothing to show about it.
      }
    }
  }

  /** Reads (or takes from the store) the event's provenance and posts it, unless another event was shown since. */
  eventShown(eventId: string, release: string | undefined): void {
    const store = this.deps.provenance;
    const ref = this.panel.ref();
    if (!store || !ref || eventId === this.current || !/^[0-9a-f]{32}$/i.test(eventId)) return;
    this.current = eventId;
    const target = { org: ref.org, project: ref.project, issueId: ref.issueId, eventId, release: release || undefined };
    store
      .forEvent(target, undefined, (part, e) => this.deps.log.info(`[events] ${part} of event ${eventId}: ${(e as Error)?.message ?? String(e)}`))
      .then(
        (view) => {
          if (this.current !== eventId) return;
          if (this.shown.size >= MAX_SHOWN) this.shown.delete(this.shown.keys().next().value as string);
          this.shown.set(eventId, view);
          this.panel.post({ type: 'provenance', eventId, view });
        },
        (e: unknown) => {
          if (this.current === eventId) this.current = undefined;
          this.deps.log.warn(`[events] releases and suspect commits of event ${eventId}: ${(e as Error)?.message ?? String(e)}`);
        },
      );
  }

  /** The page asked to open a commit of an event it was sent: only one the host sent for that event. */
  async openCommit(eventId: string, commitId: string): Promise<void> {
    const view = this.shown.get(eventId);
    const all: (CommitView | undefined)[] = view ? [...view.suspects, view.eventRelease?.commit, view.lastRelease?.commit, view.firstRelease?.commit] : [];
    const commit = all.find((c) => c?.id === commitId);
    if (!commit) {
      this.deps.log.warn(`[events] ignored a request to open a commit the panel did not show`);
      return;
    }
    await this.deps.openCommit?.({ id: commit.id, shortId: commit.shortId, message: commit.message, webUrl: commit.webUrl });
  }

  /** The page (re)loaded and shows nothing yet: the next event shown is posted again (from the store, no request). */
  pageLoaded(): void {
    this.current = undefined;
  }

  /** A preview panel took over another issue: nothing of the last one is shown any more. */
  reset(): void {
    this.current = undefined;
    this.shown.clear();
  }
}
