// Shared sandbox fixture for the API client suites: one server per suite, on port 0, and suites run
// once per server version the sandbox speaks as (its profiles, test/sandbox/profiles.ts).
import { startSandbox, type Sandbox } from '../../sandbox';
import { PROFILE_NAMES, type ProfileName } from '../../sandbox/profiles';
import { HttpClient, type HttpClientOptions } from '../../../src/api/http';
import { SentryClient } from '../../../src/api/client';
import type { Credential } from '../../../src/api/credentials';
import { withSandbox } from '../withSandbox';

/** The suite's sandbox, reset before each test (../withSandbox.ts). */
export function useSandbox(options?: Parameters<typeof startSandbox>[0]): { get: () => Sandbox } {
  return withSandbox(options);
}

export function clientFor(sb: Sandbox, credential: Credential | undefined = { kind: 'bearer', token: sb.defaults.authToken }, more: Partial<HttpClientOptions> = {}): SentryClient {
  return new SentryClient(new HttpClient({ baseUrl: sb.url, credential: async () => credential, retryBaseDelayMs: 5, ...more }));
}

/** The query of the last logged request to a path, as [key, value] pairs in order. */
export function lastQuery(sb: Sandbox, path: RegExp | string): [string, string][] {
  const all = sb.control.requests.list().filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));
  if (all.length === 0) throw new Error(`no request to ${path}`);
  return all[all.length - 1].query;
}

/**
 * `suite` once per sandbox profile, as `<title> [<profile>]`: the suites of the issue lists and
 * searches run against every server version, each asserting what its server does.
 */
export function describeEachProfile(title: string, suite: (this: Mocha.Suite, profile: ProfileName) => void): void {
  for (const profile of PROFILE_NAMES) {
    describe(`${title} [${profile}]`, function () {
      suite.call(this, profile);
    });
  }
}
