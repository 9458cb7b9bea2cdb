// Certificates for serving the sandbox over HTTPS: a throwaway certificate authority and the server
// certificates it signs (or a self-signed one), made at test time with node:crypto alone, so that
// no machine needs the openssl command and any validity period can be had (an expired or a
// not-yet-valid certificate). The DER is written by hand from RFC 5280's ASN.1 (section 4.1):
// X.509 v3, ECDSA P-256 keys, SHA-256 signatures.
import { createHash, generateKeyPairSync, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';

export interface IssuedCertificate {
  /** PEM, for `https.createServer({ cert, key })`. */
  cert: string;
  key: string;
}

export interface CertificateOptions {
  /** Host names and IP addresses the certificate is for (its subjectAltName); the first is its common name. */
  hosts: string[];
  notBefore?: Date;
  notAfter?: Date;
}

export interface TestAuthority {
  /** The authority's own certificate, PEM: what a client must trust (NODE_EXTRA_CA_CERTS, a trust store). */
  cert: string;
  /** A server certificate signed by this authority. */
  issue(options: CertificateOptions): IssuedCertificate;
}

const DAY = 86_400_000;

/** A new certificate authority, valid from yesterday for a week, whose key lives only in this process. */
export function createTestAuthority(name = 'Sentry Explorer Test CA'): TestAuthority {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const now = Date.now();
  const subject = nameOf(name);
  const cert = certificate({
    issuer: subject,
    subject,
    publicKey,
    signer: privateKey,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 7 * DAY),
    extensions: [extension(OID.basicConstraints, true, seq(bool(true))), extension(OID.keyUsage, true, keyCertSign()), extension(OID.subjectKeyId, false, octets(keyId(publicKey)))],
  });
  return {
    cert,
    issue: (o) => leaf(o, subject, privateKey, publicKey),
  };
}

/** A server certificate signed by its own key: no authority vouches for it. */
export function selfSigned(options: CertificateOptions): IssuedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return leaf(options, nameOf(options.hosts[0]), privateKey, publicKey, { privateKey, publicKey });
}

function leaf(o: CertificateOptions, issuer: Buffer, signer: KeyObject, issuerKey: KeyObject, own = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })): IssuedCertificate {
  const now = Date.now();
  const cert = certificate({
    issuer,
    subject: nameOf(o.hosts[0]),
    publicKey: own.publicKey,
    signer,
    notBefore: o.notBefore ?? new Date(now - DAY),
    notAfter: o.notAfter ?? new Date(now + 2 * DAY),
    extensions: [
      extension(OID.basicConstraints, true, seq()),
      extension(OID.extKeyUsage, false, seq(oid(OID.serverAuth))),
      extension(OID.subjectAltName, false, seq(...o.hosts.map(generalName))),
      extension(OID.authorityKeyId, false, seq(tlv(0x80, keyId(issuerKey)))),
    ],
  });
  // A certificate node:crypto cannot read back, or that its issuer's key does not verify, is a bug here.
  if (!new X509Certificate(cert).verify(issuerKey)) throw new Error('test certificate: bad signature');
  return { cert, key: own.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

interface CertificateFields {
  issuer: Buffer;
  subject: Buffer;
  publicKey: KeyObject;
  signer: KeyObject;
  notBefore: Date;
  notAfter: Date;
  extensions: Buffer[];
}

function certificate(f: CertificateFields): string {
  const ecdsaWithSha256 = seq(oid(OID.ecdsaWithSha256));
  const serial = randomBytes(16);
  serial[0] = (serial[0] & 0x7f) | 0x40; // positive, and no leading zero byte (DER wants the shortest form)
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))), // v3
    integer(serial),
    ecdsaWithSha256,
    f.issuer,
    seq(time(f.notBefore), time(f.notAfter)),
    f.subject,
    f.publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, seq(...f.extensions)),
  );
  const der = seq(tbs, ecdsaWithSha256, bitString(sign('sha256', tbs, f.signer)));
  const b64 = der.toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${b64}${b64.endsWith('\n') ? '' : '\n'}-----END CERTIFICATE-----\n`;
}

const OID = {
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  subjectKeyId: '2.5.29.14',
  authorityKeyId: '2.5.29.35',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
};

// ---------------------------------------------------------------------------------------------
// DER (X.690): tag, length, content

function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, content]);
}
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const octets = (b: Buffer) => tlv(0x04, b);
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const bitString = (b: Buffer, unusedBits = 0) => tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), b]));

function integer(b: Buffer): Buffer {
  return tlv(0x02, b[0] & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >>> 7; v > 0; v >>>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime through 2049, GeneralizedTime after (RFC 5280 section 4.1.2.5). */
function time(d: Date): Buffer {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  const year = d.getUTCFullYear();
  return year >= 1950 && year < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

function nameOf(commonName: string): Buffer {
  return seq(tlv(0x31, seq(oid(OID.commonName), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
}

/** keyUsage with keyCertSign (bit 5) and cRLSign (bit 6): 0b0000_0110, one unused bit. */
function keyCertSign(): Buffer {
  return bitString(Buffer.from([0x06]), 1);
}

function keyId(key: KeyObject): Buffer {
  return createHash('sha1')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest();
}

/** dNSName [2] or iPAddress [7] (IPv4 or IPv6 bytes). */
function generalName(host: string): Buffer {
  const family = isIP(host);
  if (family === 4) return tlv(0x87, Buffer.from(host.split('.').map(Number)));
  if (family === 6) return tlv(0x87, ipv6Bytes(host));
  return tlv(0x82, Buffer.from(host, 'ascii'));
}

function ipv6Bytes(host: string): Buffer {
  const [head, tail = ''] = host.split('::');
  const words = (s: string) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const h = words(head);
  const t = host.includes('::') ? words(tail) : [];
  const all = [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
  const out = Buffer.alloc(16);
  all.forEach((w, i) => out.writeUInt16BE(w, i * 2));
  return out;
}
