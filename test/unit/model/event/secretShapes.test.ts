import assert from 'node:assert/strict';
import { MASK } from '../../../../src/model/event/types';
import { isCardNumber, luhn, maskCards, maskPem, maskUrlUser } from '../../../../src/model/event/secretShapes';

const BEGIN = '-----BEGIN RSA PRIVATE ' + 'KEY-----';
const END = '-----END RSA PRIVATE ' + 'KEY-----';
const BODY = ['MIIEpAIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun', 'VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK'];

describe('model/event/secretShapes: private key blocks', () => {
  it('masks a block from its BEGIN line through its END line, nothing around it', () => {
    const m = maskPem(`key: ${[BEGIN, ...BODY, END].join('\n')}\nnext line`);
    assert.deepEqual(m, { text: `key: ${MASK}\nnext line`, count: 1 });
  });
  it('masks a block escaped in a JSON string, and one with CRLF line ends', () => {
    assert.equal(maskPem(`{"k":"${[BEGIN, ...BODY, END].join('\\n')}\\n","n":1}`).text, `{"k":"${MASK}\\n","n":1}`);
    assert.equal(maskPem([BEGIN, ...BODY, END].join('\r\n')).text, MASK);
  });
  it('masks to the end of the text a block cut before its END line', () => {
    assert.deepEqual(maskPem(`see ${BEGIN}\n${BODY[0]}\n${BODY[1].slice(0, 20)}`), { text: `see ${MASK}`, count: 1 });
  });
  it('masks every block of a text, each of its kinds', () => {
    const kinds = ['PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'DSA PRIVATE KEY', 'PGP PRIVATE KEY BLOCK'];
    const text = kinds.map((k) => `-----BEGIN ${k}-----\n${BODY[0]}\n-----END ${k}-----`).join('\n--\n');
    assert.deepEqual(maskPem(text), { text: kinds.map(() => MASK).join('\n--\n'), count: kinds.length });
  });
  it('leaves public keys, certificates and a lone END line', () => {
    for (const text of [`-----BEGIN PUBLIC KEY-----\n${BODY[0]}\n-----END PUBLIC KEY-----`, `-----BEGIN CERTIFICATE-----\n${BODY[0]}\n-----END CERTIFICATE-----`, END]) {
      assert.deepEqual(maskPem(text), { text, count: 0 });
    }
  });
});

describe('model/event/secretShapes: card numbers', () => {
  it('checks the Luhn sum, the issuer and the length', () => {
    assert.equal(luhn('4111111111111111'), true);
    assert.equal(luhn('4111111111111112'), false);
    assert.equal(isCardNumber('4111111111111111'), true); // Visa
    assert.equal(isCardNumber('5555555555554444'), true); // Mastercard
    assert.equal(isCardNumber('2223003122003222'), true); // Mastercard 2-series
    assert.equal(isCardNumber('378282246310005'), true); // American Express
    assert.equal(isCardNumber('6011111111111117'), true); // Discover
    assert.equal(isCardNumber('3530111333300000'), true); // JCB
    assert.equal(isCardNumber('36259600000004'), true); // Diners Club
    assert.equal(isCardNumber('6200000000000005'), true); // UnionPay
    assert.equal(isCardNumber('1234567812345670'), false, 'Luhn-valid, but no issuer starts with 1');
    assert.equal(isCardNumber('3782822463100050'), false, 'an American Express prefix with 16 digits');
    assert.equal(isCardNumber('411111111111'), false, 'too short');
  });
  it('masks card numbers plain, spaced or dashed, in the groups cards are printed in', () => {
    const cases: [string, string][] = [
      ['pay 4111111111111111 now', `pay ${MASK} now`],
      ['pay 4111 1111 1111 1111 now', `pay ${MASK} now`],
      ['pay 4111-1111-1111-1111.', `pay ${MASK}.`],
      ['amex 3782 822463 10005 ok', `amex ${MASK} ok`],
      ['card 4111-1111-1111-1111 2024-05-01', `card ${MASK} 2024-05-01`],
      ['qty 2 4111111111111111', `qty 2 ${MASK}`],
      ['"pan":"5555555555554444"', `"pan":"${MASK}"`],
    ];
    for (const [input, expected] of cases) assert.equal(maskCards(input).text, expected, input);
  });
  it('leaves numbers that fail a check, and numbers inside words, decimals and longer runs', () => {
    for (const text of [
      '4111111111111112',
      'ts 1700000000000',
      '0.4111111111111111',
      '4111111111111111.5',
      'id4111111111111111',
      '4111111111111111abc',
      '41111111111111111111',
      '41111111-1111-4111-8111-111111111111',
      '4111 1111 1111 1111 4111 1111 1111 1111 4111 1111 1111',
    ]) {
      assert.deepEqual(maskCards(text), { text, count: 0 }, text);
    }
  });
});

describe('model/event/secretShapes: a credential as a URL user name', () => {
  it('masks a token or a key standing alone before the @', () => {
    assert.equal(maskUrlUser('git clone https://0123456789abcdef0123456789abcdef01234567@github.com/acme/app.git').text, `git clone https://${MASK}@github.com/acme/app.git`);
    assert.equal(maskUrlUser('dsn https://8f1e5a0c2b7d4e3f9a6b1c0d2e3f4a5b@o1.ingest.sentry.io/5').text, `dsn https://${MASK}@o1.ingest.sentry.io/5`);
    assert.equal(maskUrlUser('https://Xk9fQ2mLp7Rt4vWz8bNc3@api.acme.test/').text, `https://${MASK}@api.acme.test/`);
  });
  it('leaves user names that are names', () => {
    for (const text of [
      'ssh://git@github.com/acme/app.git',
      'https://user@host.example/',
      'https://john.doe@example.com/',
      'https://build-agent-2024-worker@ci.acme.test/',
      'ftp://anonymous@ftp.acme.test/',
      `https://${MASK}@h/`,
    ]) {
      assert.deepEqual(maskUrlUser(text), { text, count: 0 }, text);
    }
  });
});
