// The browser page of a trace or a replay (src/openLink/core/webPage.ts): always on the signed-in
// server's own web address (sentry.io whichever of its hosts the API uses; a self-hosted server with
// its path prefix), built from the checked ids, and none for anything else.
import assert from 'node:assert/strict';
import { webPageOf } from '../../../../src/openLink/core/webPage';

const ID = 'a7d67cf796774551a95be6543cacd459';

describe('openLink: the browser page of a trace or a replay', () => {
  it("is on sentry.io's web address, from any of its API hosts", () => {
    for (const base of ['https://sentry.io', 'https://us.sentry.io/', 'https://acme.sentry.io']) {
      assert.equal(webPageOf(base, 'acme', { kind: 'trace', traceId: ID }), `https://sentry.io/organizations/acme/traces/trace/${ID}/`, base);
    }
    assert.equal(webPageOf('https://de.sentry.io', 'euro', { kind: 'replay', replayId: ID }), `https://sentry.io/organizations/euro/replays/${ID}/`);
  });

  it("carries a trace link's dates, in the form the page reads, and only those", () => {
    const page = (when: unknown) => webPageOf('https://sentry.io', 'acme', { kind: 'trace', traceId: ID, when } as never);
    assert.equal(page({ at: 1_718_000_000_250 }), `https://sentry.io/organizations/acme/traces/trace/${ID}/?timestamp=1718000000`);
    assert.equal(page({ statsPeriod: '90d' }), `https://sentry.io/organizations/acme/traces/trace/${ID}/?statsPeriod=90d`);
    assert.equal(
      page({ start: '2024-06-01T00:00:00.000Z', end: '2024-06-03T00:00:00.000Z' }),
      `https://sentry.io/organizations/acme/traces/trace/${ID}/?start=2024-06-01T00%3A00%3A00.000Z&end=2024-06-03T00%3A00%3A00.000Z`,
    );
    for (const bad of [{ statsPeriod: '14d&x=1' }, { start: 'javascript:1', end: '2024-06-03T00:00:00.000Z' }, { at: Number.NaN }, { at: -5 }]) {
      assert.equal(page(bad), `https://sentry.io/organizations/acme/traces/trace/${ID}/`, JSON.stringify(bad));
    }
  });

  it("is on a self-hosted server's own origin and path prefix", () => {
    assert.equal(webPageOf('https://sentry.acme.test/sentry/', 'acme', { kind: 'trace', traceId: ID }), `https://sentry.acme.test/sentry/organizations/acme/traces/trace/${ID}/`);
    assert.equal(webPageOf('http://127.0.0.1:9000', 'acme', { kind: 'replay', replayId: ID }), `http://127.0.0.1:9000/organizations/acme/replays/${ID}/`);
  });

  it('is none for an issue or an event, a bad id, an organization that is no slug, or a base URL that is no web address', () => {
    assert.equal(webPageOf('https://sentry.io', 'acme', { kind: 'issue', issueId: '1' }), undefined);
    assert.equal(webPageOf('https://sentry.io', 'acme', { kind: 'event', project: 'web', eventId: ID }), undefined);
    assert.equal(webPageOf('https://sentry.io', 'acme', { kind: 'trace', traceId: '../../settings' }), undefined);
    assert.equal(webPageOf('https://sentry.io', 'ac/me', { kind: 'trace', traceId: ID }), undefined);
    assert.equal(webPageOf('javascript:alert(1)', 'acme', { kind: 'trace', traceId: ID }), undefined);
    assert.equal(webPageOf('not a url', 'acme', { kind: 'replay', replayId: ID }), undefined);
  });
});
