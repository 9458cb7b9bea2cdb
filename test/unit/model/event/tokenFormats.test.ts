import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MASK } from '../../../../src/model/event/types';
import { TOKEN_FORMATS, maskTokens } from '../../../../src/model/event/tokenFormats';

/** Each entry's reason, the comment that ends it in the source (`f(…), // what it grants`), by name. */
function reasons(): Map<string, string> {
  const source = readFileSync(join(__dirname, '../../../../src/model/event/tokenFormats.ts'), 'utf8');
  const table = source.slice(source.indexOf('export const TOKEN_FORMATS'), source.indexOf('\n];', source.indexOf('export const TOKEN_FORMATS')));
  const found = new Map<string, string>();
  // An entry starts at `  f(` and its name is the first string in it; its reason follows its `),`.
  for (const entry of table.split(/\n {2}f\(/).slice(1)) {
    const name = /^\s*'((?:[^'\\]|\\.)*)'/.exec(entry)?.[1];
    const reason = /\),[ \t]*\/\/ (.+)$/m.exec(entry)?.[1];
    if (name) found.set(name.replace(/\\'/g, "'"), reason ?? '');
  }
  return found;
}

describe('model/event/tokenFormats', () => {
  it('every format has a name, a global pattern, a case-sensitive hint and a reason', () => {
    const names = new Set<string>();
    const why = reasons();
    assert.equal(why.size, TOKEN_FORMATS.length, 'the source holds one entry per format');
    for (const f of TOKEN_FORMATS) {
      assert.ok(f.name && !names.has(f.name), `a name once: ${f.name}`);
      names.add(f.name);
      assert.ok(f.pattern.global, `${f.name}: global`);
      assert.ok(!f.hint.global && !f.hint.ignoreCase, `${f.name}: the hint is tested, case-sensitively (TRIGGER is)`);
      assert.ok((why.get(f.name) ?? '').length > 10, `${f.name}: what it grants, in the comment that ends its entry`);
      // A left boundary (or a kept lead) makes a run of the token's characters tried once, not at each of them.
      assert.ok(/^(?:\(\?<!|\()/.test(f.pattern.source), `${f.name}: starts with a lookbehind or a lead group`);
    }
  });

  it('masks a token with a lead after the lead, and counts each token', () => {
    const m = maskTokens('post to https://hooks.slack.com/services/T0ABCDEF1/B0ABCDEFGH2/abcdefghijklmnopqrstuvwx now', MASK);
    assert.deepEqual(m, { text: `post to https://hooks.slack.com/services/${MASK} now`, count: 1 });
    const aws = maskTokens('aws configure set aws_secret_access_key wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY12', MASK);
    assert.equal(aws.text, `aws configure set aws_secret_access_key ${MASK}`);
  });

  it('leaves prose and identifiers that hold a prefix, and public keys', () => {
    for (const text of [
      'sk-learn',
      'pip install sk-learn-extensions',
      'risk_level=high',
      'desk_ghp_drawer',
      'task-sk-0001',
      'pk_live_51H8s9fJ2eZvKYlo2C0123456789abcdef',
      'hf_hub_download(repo_id)',
      'npm_package_version',
      'AKIA is the prefix of an access key id',
      'monkey-us1',
      'key-value',
      'SKU-1234',
      'glc_total',
      'secret_sauce',
      'EAAA',
      'Bearer of bad news',
    ]) {
      assert.deepEqual(maskTokens(text, MASK), { text, count: 0 }, text);
    }
  });

  it('needs the whole token: a prefix inside a longer word is not one', () => {
    const body = 'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zA1bC3d';
    assert.equal(maskTokens(`xghp_${body}`, MASK).count, 0);
    assert.equal(maskTokens(`ghp_${body}`, MASK).count, 1);
    assert.equal(maskTokens(`ghp_${body.slice(0, 20)}`, MASK).count, 0, 'too short');
  });
});
