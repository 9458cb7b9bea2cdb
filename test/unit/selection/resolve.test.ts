import assert from 'node:assert/strict';
import { ignoredInRestrictedMode, knownOrganizations, resolveSelection, sameSelection } from '../../../src/selection/resolve';

describe('which organization and projects are shown', () => {
  const none = { org: undefined, projects: [] as string[] };

  it('settings win over the sentry-cli files, which win over the remembered organization', () => {
    assert.deepEqual(resolveSelection({ settings: { org: 'acme', projects: ['web'] }, detected: [{ org: 'globex', project: 'api' }], remembered: 'initech', trusted: true }), {
      org: 'acme',
      projects: ['web'],
    });
    assert.deepEqual(resolveSelection({ settings: none, detected: [{ org: 'globex', project: 'api' }], remembered: 'initech', trusted: true }), { org: 'globex', projects: ['api'] });
    assert.deepEqual(resolveSelection({ settings: none, detected: [], remembered: 'initech', trusted: true }), { org: 'initech', projects: [] });
  });

  it('takes the org and projects separately: a configured org with detected projects, a detected org with configured projects', () => {
    assert.deepEqual(resolveSelection({ settings: { org: 'acme', projects: [] }, detected: [{ project: 'api' }], trusted: true }), { org: 'acme', projects: ['api'] });
    assert.deepEqual(resolveSelection({ settings: { projects: ['web', ' web ', ''] }, detected: [{ org: 'globex' }], trusted: true }), { org: 'globex', projects: ['web'] });
  });

  it('prefers a file that names a project; blank settings count as unset', () => {
    assert.deepEqual(resolveSelection({ settings: { org: '  ', projects: [] }, detected: [{ org: 'a' }, { org: 'b', project: 'p' }], trusted: true }), { org: 'b', projects: ['p'] });
    assert.deepEqual(resolveSelection({ settings: none, detected: [], trusted: true }), { org: undefined, projects: [] });
  });

  it('lists every organization a source names, the resolved one first', () => {
    assert.deepEqual(knownOrganizations({ settings: none, detected: [{ org: 'b', project: 'p' }, { org: 'a' }], remembered: 'c', trusted: true }), ['b', 'a', 'c']);
  });

  it('in an untrusted workspace the sentry-cli files choose nothing: settings, then the remembered organization', () => {
    const detected = [{ org: 'globex', project: 'api' }, { org: 'evil' }];
    assert.deepEqual(resolveSelection({ settings: none, detected, remembered: 'initech', trusted: false }), { org: 'initech', projects: [] });
    assert.deepEqual(resolveSelection({ settings: none, detected, trusted: false }), { org: undefined, projects: [] });
    assert.deepEqual(resolveSelection({ settings: { org: 'acme', projects: [] }, detected, trusted: false }), { org: 'acme', projects: [] });
    assert.deepEqual(resolveSelection({ settings: { projects: ['web'] }, detected, trusted: false }), { org: undefined, projects: ['web'] });
    assert.deepEqual(knownOrganizations({ settings: none, detected, remembered: 'initech', trusted: false }), ['initech']);
  });

  it('says when Restricted Mode is what keeps the files from choosing (not when the settings win anyway)', () => {
    const detected = [{ org: 'globex', project: 'api' }];
    assert.equal(ignoredInRestrictedMode({ settings: none, detected, trusted: false }), true);
    assert.equal(ignoredInRestrictedMode({ settings: { org: 'acme', projects: [] }, detected, trusted: false }), true, 'the project would come from the file');
    assert.equal(ignoredInRestrictedMode({ settings: { org: 'acme', projects: ['web'] }, detected, trusted: false }), false);
    assert.equal(ignoredInRestrictedMode({ settings: none, detected: [], trusted: false }), false);
    assert.equal(ignoredInRestrictedMode({ settings: none, detected, trusted: true }), false);
  });

  it('compares selections by org and project order', () => {
    assert.ok(sameSelection({ org: 'a', projects: ['x', 'y'] }, { org: 'a', projects: ['x', 'y'] }));
    assert.ok(!sameSelection({ org: 'a', projects: ['x', 'y'] }, { org: 'a', projects: ['y', 'x'] }));
    assert.ok(!sameSelection({ org: 'a', projects: [] }, { org: 'b', projects: [] }));
  });
});
