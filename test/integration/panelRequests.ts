// Shared by the suites that play the events page's part: the sandbox reset and a client with its
// read-only token, one request to a panel's host and its one answer, with request ids that no two
// suites (or tests) share.
import { SentryClient } from '../../src/api/client';
import type { HostMessage } from '../../src/eventsPanel/core/protocol/messages';
import type { EventsPanel } from '../../src/eventsPanel/panel';
import { control, SANDBOX_URL } from './authHelpers';

export type PanelResponse = Extract<HostMessage, { type: 'response' }>;

/** Resets the sandbox and returns a client signed in with its default (read-only) token. */
export async function resetSandboxClient(): Promise<SentryClient> {
  await control('reset', {});
  const defaults = await control<{ authToken: string }>('defaults');
  return new SentryClient({ baseUrl: SANDBOX_URL!, credential: async () => ({ kind: 'bearer', token: defaults.authToken }) });
}

let nextId = 10_000;

export function nextRequestId(): number {
  return nextId++;
}

/** Sends one request as the page would and waits for the host's answer to it. */
export async function askPanel(panel: EventsPanel, method: string, params: unknown): Promise<PanelResponse> {
  const id = nextRequestId();
  const answer = new Promise<PanelResponse>((resolve) => {
    const sub = panel.onDidPost((m) => {
      if (m.type === 'response' && m.id === id) {
        sub.dispose();
        resolve(m);
      }
    });
  });
  await panel.handle({ type: 'request', id, method, params });
  return answer;
}

/** One request of the sandbox's log, as the trace and logs suites read it. */
export interface Logged {
  method: string;
  path: string;
  status: number;
  query: [string, string][];
}

/**
 * What a tab reads: one event, a trace, its counts, logs, an organization's features. The Issues view
 * refreshes in the background meanwhile (the issue lists, the regions): those are not the tab's.
 */
export function isTabRequest(r: Logged): boolean {
  return (
    /\/issues\/\d+\/events\/[^/]+\/$/.test(r.path) ||
    /\/(events-)?trace(-meta)?\/[^/]+\/$/.test(r.path) ||
    (/\/organizations\/[^/]+\/events\/$/.test(r.path) && r.query.some(([k, v]) => k === 'dataset' && /logs$/.test(v))) ||
    /^\/api\/0\/organizations\/[^/]+\/$/.test(r.path)
  );
}
