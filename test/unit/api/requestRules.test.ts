// The scopes each endpoint is declared to need, checked against the sandbox over real HTTP: a 403
// names (and a new sign-in asks for) the scope Sentry's permission class wants, not a guess.
import assert from 'node:assert/strict';
import { ForbiddenError } from '../../../src/api/errors';
import { NEEDED_SCOPES } from '../../../src/api/requestRules';
import { preferredScope } from '../../../src/api/scopes';
import { presentError } from '../../../src/contracts/errorPresentation';
import { clientFor, useSandbox } from './sandbox';

describe('NEEDED_SCOPES', () => {
  const box = useSandbox();
  const withScopes = (scopes: string[]) => {
    const sb = box.get();
    return clientFor(sb, { kind: 'bearer', token: sb.control.credentials.addToken({ scopes }).token });
  };

  it('projects and teams need org:read (OrganizationPermission, OrganizationTeamsPermission), not project:read or team:read', async () => {
    assert.deepEqual(NEEDED_SCOPES.projects, ['org:read', 'org:write', 'org:admin']);
    assert.deepEqual(NEEDED_SCOPES.teams, ['org:read', 'org:write', 'org:admin']);
    const orgOnly = withScopes(['org:read']);
    assert.ok((await orgOnly.listProjects('acme')).items.length > 0, 'org:read alone lists the projects');
    assert.ok((await orgOnly.listTeams('acme')).items.length > 0, 'org:read alone lists the teams');
  });

  for (const [what, call] of [
    ['projects', (c: ReturnType<typeof withScopes>) => c.listProjects('acme')],
    ['teams', (c: ReturnType<typeof withScopes>) => c.listTeams('acme')],
  ] as const) {
    it(`a 403 on the ${what} asks for org:read, whatever project:read or team:read the token has`, async () => {
      const err = await call(withScopes(['project:read', 'team:read', 'event:read'])).then(
        () => assert.fail('refused without org:read'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof ForbiddenError);
      assert.equal(preferredScope(presentError(err).scopesToAsk ?? []), 'org:read');
      assert.match(err.message, /org:read/);
      assert.doesNotMatch(err.message, /project:read|team:read/);
    });
  }
});
