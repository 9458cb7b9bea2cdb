import assert from 'node:assert/strict';
import { knownOrganizations, resolveSelection, sameSelection } from '../../../src/selection/resolve';

describe('which organization and projects are shown', () => {
  const none = { org: undefined, projects: [] as string[] };

  it('settings win over the sentry-cli files, which win over the remembered organization', () => {
    assert.deepEqual(resolveSelection({ settings: { org: 'acme', projects: ['web'] }, detected: [{ org: 'globex', project: 'api' }], remembered: 'initech' }), { org: 'acme', projects: ['web'] });
    assert.deepEqual(resolveSelection({ settings: none, detected: [{ org: 'globex', project: 'api' }], remembered: 'initech' }), { org: 'globex', projects: ['api'] });
    assert.deepEqual(resolveSelection({ settings: none, detected: [], remembered: 'initech' }), { org: 'initech', projects: [] });
  });

  it('takes the org and projects separately: a configured org with detected projects, a detected org with configured projects', () => {
    assert.deepEqual(resolveSelection({ settings: { org: 'acme', projects: [] }, detected: [{ project: 'api' }] }), { org: 'acme', projects: ['api'] });
    assert.deepEqual(resolveSelection({ settings: { projects: ['web', ' web ', ''] }, detected: [{ org: 'globex' }] }), { org: 'globex', projects: ['web'] });
  });

  it('prefers a file that names a project; blank settings count as unset', () => {
    assert.deepEqual(resolveSelection({ settings: { org: '  ', projects: [] }, detected: [{ org: 'a' }, { org: 'b', project: 'p' }] }), { org: 'b', projects: ['p'] });
    assert.deepEqual(resolveSelection({ settings: none, detected: [] }), { org: undefined, projects: [] });
  });

  it('lists every organization a source names, the resolved one first', () => {
    assert.deepEqual(knownOrganizations({ settings: none, detected: [{ org: 'b', project: 'p' }, { org: 'a' }], remembered: 'c' }), ['b', 'a', 'c']);
  });

  it('compares selections by org and project order', () => {
    assert.ok(sameSelection({ org: 'a', projects: ['x', 'y'] }, { org: 'a', projects: ['x', 'y'] }));
    assert.ok(!sameSelection({ org: 'a', projects: ['x', 'y'] }, { org: 'a', projects: ['y', 'x'] }));
    assert.ok(!sameSelection({ org: 'a', projects: [] }, { org: 'b', projects: [] }));
  });
});
