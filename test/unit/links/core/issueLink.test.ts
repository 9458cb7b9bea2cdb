// Links from the web into VS Code (src/links/core/issueLink.ts): what a link may name, how each malformed
// or hostile one is refused (and that the message never carries more than a short, safe excerpt of
// it), and that every link Copy VS Code Link builds reads back as the same issue.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EXTENSION_ID } from '../../../../src/constants';
import { ISSUE_LINK_PATH, MAX_QUERY, excerpt, isLinkShortId, isOrgSlug, issueLinkUrl, parseIssueLink, parseWebLinkQuery, targetLabel, type IssueLinkParse } from '../../../../src/links/core/issueLink';

function ok(query: string): IssueLinkParse & { ok: true } {
  const r = parseIssueLink(query);
  assert.ok(r.ok, `expected ${JSON.stringify(query)} to parse, got: ${r.ok ? '' : r.error}`);
  return r;
}

function refused(query: string, pattern: RegExp): string {
  const r = parseIssueLink(query);
  assert.ok(!r.ok, `expected ${JSON.stringify(query.slice(0, 200))} to be refused, got ${JSON.stringify(r)}`);
  assert.match(r.error, pattern);
  return r.error;
}

/** The query of a link as VS Code hands it to the UriHandler (vscode.Uri's `query`, decoded). */
function queryOf(link: string): string {
  return decodeURIComponent(new URL(link).search);
}

describe('Issue links (links/issueLink)', () => {
  describe('reading a link', () => {
    it('reads org and a numeric id', () => {
      assert.deepEqual(ok('org=acme&id=4800000007').target, { org: 'acme', id: '4800000007' });
      assert.deepEqual(ok('?org=acme&id=1').target, { org: 'acme', id: '1' }, 'with its leading "?"');
      assert.deepEqual(ok('id=42&org=my_org-2').target, { org: 'my_org-2', id: '42' }, 'in any order');
    });

    it('reads org and a short ID, upper-cased', () => {
      assert.deepEqual(ok('org=acme&shortId=WEB-FRONTEND-4').target, { org: 'acme', shortId: 'WEB-FRONTEND-4' });
      assert.deepEqual(ok('org=acme&shortId=web-frontend-1a').target, { org: 'acme', shortId: 'WEB-FRONTEND-1A' });
      assert.deepEqual(ok('org=acme&shortId=PROJ_2-17').target, { org: 'acme', shortId: 'PROJ_2-17' });
    });

    it('ignores unknown and extra parameters', () => {
      assert.deepEqual(ok('org=acme&id=7&utm_source=mail&environment=prod&x=%3Cscript%3E').target, { org: 'acme', id: '7' });
      assert.deepEqual(ok('org=acme&shortId=PROJ-1&project=evil/../x&query=is:resolved').target, { org: 'acme', shortId: 'PROJ-1' });
      assert.deepEqual(ok('org=acme&id=7&ID=8&Org=other').target, { org: 'acme', id: '7' }, 'names are case-sensitive: ID and Org are other parameters');
    });

    it('refuses a link without an organization, or with an empty one', () => {
      refused('id=1', /no organization/);
      refused('org=&id=1', /no organization/);
      refused('', /no organization/);
    });

    it('refuses an organization that is not a slug, hostile ones included', () => {
      for (const org of ['../x', '..', '.acme', 'ac/me', 'acme%2F..', 'ac me', 'acme?x', '-acme', '_acme', 'a'.repeat(65), '<b>acme</b>', 'acme\u202e', '[x](command:evil)', 'ünïcode']) {
        refused(`org=${encodeURIComponent(org)}&id=1`, /is not a Sentry organization slug/);
      }
      assert.ok(isOrgSlug('a'.repeat(64)) && isOrgSlug('Acme') && isOrgSlug('0rg'));
    });

    it('refuses neither id nor shortId, and both', () => {
      refused('org=acme', /names no issue/);
      refused('org=acme&issue=4', /names no issue/);
      refused('org=acme&id=1&shortId=PROJ-1', /either id or shortId, not both/);
      refused('org=acme&id=&shortId=PROJ-1', /not both/);
    });

    it('refuses an id that is not a bounded number, hostile ones included', () => {
      for (const id of ['1;rm', '1;rm -rf /', '-1', '1.5', '0x10', '1e5', ' 1', '1 ', '', '１２', '1'.repeat(31), '12a', '$(alert)1']) {
        refused(`org=acme&id=${encodeURIComponent(id)}`, /is not a Sentry issue ID/);
      }
      assert.deepEqual(ok(`org=acme&id=${'9'.repeat(30)}`).target, { org: 'acme', id: '9'.repeat(30) });
    });

    it('refuses a short ID that is not one', () => {
      for (const shortId of ['PROJ', 'PROJ-', '-1', 'PROJ-ABC', '1-2', 'PROJ 1', ' PROJ-1', 'PROJ-1 ', 'PROJ/../1-2', 'PROJ-1;rm', '<b>P-1</b>', `${'P'.repeat(100)}-1`, '']) {
        refused(`org=acme&shortId=${encodeURIComponent(shortId)}`, /is not a Sentry short ID/);
      }
      assert.ok(isLinkShortId(`${'P'.repeat(97)}-12`) && !isLinkShortId(`${'P'.repeat(98)}-12`));
    });

    it('refuses a parameter it needs given twice', () => {
      refused('org=acme&org=other&id=1', /"org" more than once/);
      refused('org=acme&id=1&id=2', /"id" more than once/);
      refused('org=acme&shortId=A-1&shortId=B-2', /"shortId" more than once/);
    });

    it('refuses a very long link before reading it', () => {
      refused(`org=acme&id=1&pad=${'x'.repeat(MAX_QUERY)}`, /too long/);
      assert.ok(parseIssueLink(`org=acme&id=1&pad=${'x'.repeat(MAX_QUERY - 100)}`).ok, 'a long but bounded link with an unknown parameter is fine');
    });

    it('shows at most a short, sanitized excerpt of a bad value', () => {
      const hostile = `[click](command:workbench.action.terminal.new)<img src=x onerror=alert(1)>\u202e\u0000$(alert)${'A'.repeat(500)}`;
      for (const query of [`org=${encodeURIComponent(hostile)}&id=1`, `org=acme&id=${encodeURIComponent(hostile)}`, `org=acme&shortId=${encodeURIComponent(hostile)}`]) {
        const error = refused(query, /not a Sentry/);
        assert.ok(error.length < 200, `a bounded message: ${error.length} characters`);
        const shown = /^"([^"]*)"/.exec(error)?.[1];
        assert.ok(shown !== undefined, `the message starts with the quoted excerpt: ${error}`);
        assert.match(shown, /^[A-Za-z0-9_.,:;=+/?-]{1,40}…$/, 'at most 40 characters, no markup, link, icon, control or bidi character of the input');
        assert.doesNotMatch(error, /[<>$\u0000\u202e]|\]\(/, 'nor anywhere in the message');
      }
      assert.equal(excerpt('../x'), '../x');
      assert.equal(excerpt('1;rm -rf /'), '1;rm?-rf?/');
      assert.equal(excerpt('x'.repeat(41)), `${'x'.repeat(40)}…`);
      assert.equal(excerpt('👍'.repeat(41)), `${'?'.repeat(40)}…`, 'counted in characters, not UTF-16 units');
    });
  });

  describe('building a link', () => {
    it('builds <scheme>://<extension id>/issue?org=…&id=…', () => {
      assert.equal(issueLinkUrl('vscode', { org: 'acme', issueId: '4800000007' }), `vscode://${EXTENSION_ID}${ISSUE_LINK_PATH}?org=acme&id=4800000007`);
      assert.equal(issueLinkUrl('vscode-insiders', { org: 'my_org-2', issueId: '1' }), 'vscode-insiders://sentry-explorer.sentry-explorer/issue?org=my_org-2&id=1');
    });

    it('refuses what no link could carry', () => {
      assert.throws(() => issueLinkUrl('vscode', { org: 'old.org', issueId: '1' }), RangeError);
      assert.throws(() => issueLinkUrl('vscode', { org: '../x', issueId: '1' }), RangeError);
      assert.throws(() => issueLinkUrl('vscode', { org: 'acme', issueId: '1;rm' }), RangeError);
      assert.throws(() => issueLinkUrl('javascript:alert(1)//', { org: 'acme', issueId: '1' }), RangeError);
      assert.throws(() => issueLinkUrl('', { org: 'acme', issueId: '1' }), RangeError);
    });

    it('round trip: every link built reads back as the same issue', () => {
      const slug = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,63}$/);
      const id = fc.stringMatching(/^\d{1,30}$/);
      const scheme = fc.constantFrom('vscode', 'vscode-insiders', 'code-oss', 'vscodium', 'cursor');
      fc.assert(
        fc.property(scheme, slug, id, (s, org, issueId) => {
          const link = issueLinkUrl(s, { org, issueId });
          const url = new URL(link);
          assert.equal(url.protocol, `${s}:`);
          assert.equal(url.host, EXTENSION_ID);
          assert.equal(url.pathname, ISSUE_LINK_PATH);
          assert.deepEqual(ok(queryOf(link)).target, { org, id: issueId });
          assert.deepEqual(ok(url.search).target, { org, id: issueId });
        }),
      );
    });

    it('names the issue of a link for messages', () => {
      assert.equal(targetLabel({ org: 'acme', id: '12' }), '#12');
      assert.equal(targetLabel({ org: 'acme', shortId: 'PROJ-1' }), 'PROJ-1');
    });
  });
});

describe('issue links: a Sentry web link in url=', () => {
  it('takes a Sentry web link alone, and says nothing of a query without url', () => {
    assert.deepEqual(parseWebLinkQuery(`url=${encodeURIComponent('https://acme.sentry.io/issues/12/')}`), { ok: true, url: 'https://acme.sentry.io/issues/12/' });
    assert.equal(parseWebLinkQuery('org=acme&id=1'), undefined);
  });

  it('refuses a link that is no Sentry page, a url given twice or beside org and id, with a safe excerpt', () => {
    const bad = parseWebLinkQuery(`url=${encodeURIComponent('javascript:alert(1)//<b>')}`);
    assert.ok(bad && !bad.ok);
    assert.doesNotMatch(bad.error, /[<>()]/);
    assert.ok(!parseWebLinkQuery('url=https%3A%2F%2Facme.sentry.io%2Fissues%2F1%2F&url=https%3A%2F%2Facme.sentry.io%2Fissues%2F2%2F')!.ok);
    assert.ok(!parseWebLinkQuery('url=https%3A%2F%2Facme.sentry.io%2Fissues%2F1%2F&org=acme&id=1')!.ok);
  });
});
