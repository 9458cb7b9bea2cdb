/**
 * The whole events of one issue, as the Event tab opens them: fetched once per event id and kept,
 * so going back to an event, copying it or revealing one of its values costs no request. Pure: the
 * fetcher and the parser are handed in (the API client's getIssueEvent, src/model/event/parse.ts).
 * The secrets of an event stay here: `secret(eventId, n)` is the only way out, for a Reveal.
 */
import type { EventDetails } from '../../model/event/schema';
import { encodeDetail, type EventDetail, type EventRef } from '../../model/event/types';

export interface OpenedEvent {
  readonly raw: EventDetails;
  readonly detail: EventDetail;
  /** The detail as the page receives it (JSON). */
  readonly detailJson: string;
  readonly secrets: readonly string[];
}

export type EventFetcher = (ref: EventRef, environments: readonly string[], signal?: AbortSignal) => Promise<EventDetails>;
export type DetailParser = (raw: unknown, issueId: string) => { detail: EventDetail; secrets: string[] };

/** A full event can be megabytes, so few are kept (the least recently used dropped first). */
export const DEFAULT_MAX_EVENTS = 8;

const isAlias = (ref: string): boolean => ref === 'latest' || ref === 'oldest' || ref === 'recommended';

export class EventDetailCache {
  private readonly events = new Map<string, OpenedEvent>();
  private readonly aliases = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<OpenedEvent>>();
  private generation = 0;

  constructor(
    private readonly issueId: string,
    private readonly fetch: EventFetcher,
    private readonly parse: DetailParser,
    private readonly maxEvents = DEFAULT_MAX_EVENTS,
  ) {}

  /**
   * The event `ref` names, from the cache or from one request: asking again, or while it is on its
   * way, is the same answer. An alias (latest, recommended, oldest) remembers the id it named, per
   * environment set, until forgetAliases().
   */
  get(ref: EventRef, environments: readonly string[] = [], signal?: AbortSignal): Promise<OpenedEvent> {
    const key = isAlias(ref) ? `${ref}\u0000${[...environments].sort().join('\u0000')}` : ref.toLowerCase();
    const id = isAlias(ref) ? this.aliases.get(key) : key;
    const hit = id === undefined ? undefined : this.touch(id);
    if (hit) return Promise.resolve(hit);
    const running = this.inFlight.get(key);
    if (running) return running;
    const p = this.load(ref, key, environments, signal).finally(() => {
      if (this.inFlight.get(key) === p) this.inFlight.delete(key);
    });
    this.inFlight.set(key, p);
    return p;
  }

  /** An event already opened, by its id (copy, raw JSON, reveal); never a request. */
  opened(eventId: string): OpenedEvent | undefined {
    return this.touch(eventId.toLowerCase());
  }

  /** The text of one masked value of an opened event, or undefined when it is not (any longer) known. */
  secret(eventId: string, n: number): string | undefined {
    return this.events.get(eventId.toLowerCase())?.secrets[n];
  }

  /** New events arrived, or the user refreshed: aliases are asked again (ids stay cached). */
  forgetAliases(): void {
    this.aliases.clear();
  }

  /** Another account, or none: forget everything; an answer on its way is handed to its caller but not kept. */
  clear(): void {
    this.generation++;
    this.events.clear();
    this.aliases.clear();
    this.inFlight.clear();
  }

  get size(): number {
    return this.events.size;
  }

  private async load(ref: EventRef, key: string, environments: readonly string[], signal: AbortSignal | undefined): Promise<OpenedEvent> {
    const generation = this.generation;
    const raw = await this.fetch(ref, environments, signal);
    const id = raw.eventID.toLowerCase();
    // The alias named an event already opened: keep the one parsed (its secrets' numbers are the page's).
    const known = this.touch(id);
    const opened = known ?? this.toOpened(raw);
    if (generation !== this.generation) return opened;
    if (isAlias(ref)) this.aliases.set(key, id);
    if (!known) this.keep(id, opened);
    return opened;
  }

  private toOpened(raw: EventDetails): OpenedEvent {
    const { detail, secrets } = this.parse(raw, this.issueId);
    return { raw, detail, detailJson: encodeDetail(detail), secrets };
  }

  private keep(id: string, opened: OpenedEvent): void {
    this.events.set(id, opened);
    while (this.events.size > this.maxEvents) {
      const oldest = this.events.keys().next().value as string;
      this.events.delete(oldest);
    }
  }

  /** The entry, moved to the most recently used end. */
  private touch(id: string): OpenedEvent | undefined {
    const hit = this.events.get(id);
    if (hit) {
      this.events.delete(id);
      this.events.set(id, hit);
    }
    return hit;
  }
}
