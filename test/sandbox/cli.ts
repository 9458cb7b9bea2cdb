// `npm run sandbox -- --port 0 [--profile NAME] [--feature ORG:NAME] [--host 127.0.0.1] [--client-secret S] [--rate-limit N/S] [--link-host H] [--log]`
import { PROFILE_NAMES, PROFILES, profileNamed } from './profiles';
import { startSandbox, SandboxOptions } from './server';

const USAGE = [
  'usage: npm run sandbox -- [--port 0] [--profile NAME] [--feature ORG:NAME]... [--host 127.0.0.1] [--client-secret S] [--rate-limit N/S]',
  '                          [--device-interval S] [--device-expires-in S] [--access-token-lifetime S] [--link-host H] [--regions] [--organization-list KIND] [--log]',
  '',
  'profiles (--profile; test/sandbox/profiles.ts):',
  ...PROFILE_NAMES.map((n) => `  ${n.padEnd(18)} ${PROFILES[n].summary}`),
  "--feature acme:gen-ai-features adds an organization feature to the profile's (repeatable).",
].join('\n');

function parseArgs(argv: string[]): SandboxOptions {
  const opts: SandboxOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      const v = argv[++i];
      if (v === undefined) throw new Error(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--port':
      case '-p':
        opts.port = Number(value());
        break;
      case '--host':
        opts.host = value();
        break;
      case '--profile':
        opts.profile = profileNamed(value()).name;
        break;
      case '--feature': {
        const v = value();
        const colon = v.indexOf(':');
        if (colon <= 0 || colon === v.length - 1) throw new Error(`--feature takes ORG:NAME, not ${v}`);
        const features = (opts.features ??= {});
        features[v.slice(0, colon)] = [...(features[v.slice(0, colon)] ?? []), v.slice(colon + 1)];
        break;
      }
      case '--client-secret':
        opts.clientSecret = value();
        break;
      case '--client-id':
        opts.clientId = value();
        break;
      case '--rate-limit': {
        const [limit, seconds] = value().split('/');
        opts.rateLimit = { limit: Number(limit), windowSeconds: Number(seconds ?? 1) };
        break;
      }
      case '--device-interval':
        opts.deviceInterval = Number(value());
        break;
      case '--device-expires-in':
        opts.deviceExpiresIn = Number(value());
        break;
      case '--access-token-lifetime':
        opts.accessTokenLifetimeSeconds = Number(value());
        break;
      case '--link-host':
        opts.linkHost = value();
        break;
      case '--log':
        opts.log = true;
        break;
      case '--regions':
        opts.regions = true;
        break;
      case '--organization-list': {
        const kind = value();
        if (kind !== 'all-regions' && kind !== 'home-region') throw new Error(`--organization-list is all-regions or home-region, not ${kind}`);
        opts.organizationList = kind;
        break;
      }
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  return opts;
}

async function main(): Promise<void> {
  const started = Date.now();
  const sandbox = await startSandbox(parseArgs(process.argv.slice(2)));
  const s = sandbox.seed.summary();
  console.log(`listening on ${sandbox.url}`);
  console.log(`profile:         ${sandbox.defaults.profile} (${PROFILES[sandbox.defaults.profile].summary})`);
  console.log(`oauth client id: ${sandbox.defaults.clientId}${sandbox.defaults.clientSecret ? ` (confidential, secret ${sandbox.defaults.clientSecret})` : ' (public client, PKCE required)'}`);
  console.log(`auth token:      ${sandbox.defaults.authToken} (scopes org:read project:read event:read)`);
  console.log(`write token:     ${sandbox.defaults.writeToken} (scopes org:read project:read event:read event:write member:read)`);
  console.log(`api key:         ${sandbox.defaults.apiKey} (HTTP Basic, empty password)`);
  console.log(`dsn:             ${sandbox.defaults.dsn}`);
  console.log(`org/projects:    ${sandbox.defaults.org} / ${sandbox.defaults.projects.join(', ')}`);
  console.log(`seed:            ${s.issues} issues, ${s.events} events; XSS issue ${s.xssIssue.id} (${s.xssIssue.shortId}); started in ${Date.now() - started} ms`);
  console.log(`workspace:       ${s.workspaceDir}`);
  console.log(`control:         ${sandbox.url}/_sandbox/`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping sandbox`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
