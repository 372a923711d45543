// Certificates for the mock's dev PKI and for tests. RSA keys come from node:crypto (native, fast);
// node-forge signs the X.509 certificates and writes PKCS#12, which node:crypto cannot.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import forge from 'node-forge';

/** A PEM private key and its PEM certificate. */
export interface KeyPair {
  key: string;
  cert: string;
}

export interface Validity {
  notBefore?: Date;
  notAfter?: Date;
}

const DAY = 86_400_000;

function newKey() {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { pem: privateKey, forgeKey: forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey };
}

function sign(
  subjectCn: string,
  issuer: { cert: forge.pki.Certificate; key: forge.pki.PrivateKey } | undefined,
  extensions: object[],
  validity: Validity,
): KeyPair {
  const { pem, forgeKey } = newKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  // Positive 16-byte serial: clearing the top bit keeps it non-negative in DER.
  const serial = randomBytes(16);
  serial.writeUInt8(serial.readUInt8(0) & 0x7f, 0);
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = validity.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notAfter = validity.notAfter ?? new Date(Date.now() + 825 * DAY);
  const subject = [{ name: 'commonName', value: subjectCn }];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions([{ name: 'subjectKeyIdentifier' }, ...extensions]);
  cert.sign((issuer?.key ?? forgeKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { key: pem, cert: forge.pki.certificateToPem(cert) };
}

function parse(ca: KeyPair) {
  return { cert: forge.pki.certificateFromPem(ca.cert), key: forge.pki.privateKeyFromPem(ca.key) };
}

/** A self-signed certificate authority. */
export function makeCa(commonName: string, validity: Validity = {}): KeyPair {
  return sign(
    commonName,
    undefined,
    [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
    validity,
  );
}

/** A TLS server certificate for the given DNS names and IP addresses. */
export function makeServerCert(ca: KeyPair, hosts: string[], validity: Validity = {}): KeyPair {
  const altNames = hosts.map((host) => (isIP(host) ? { type: 7, ip: host } : { type: 2, value: host }));
  return sign(
    hosts[0] ?? 'localhost',
    parse(ca),
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
    validity,
  );
}

/** A TLS client certificate; pass a past `notAfter` to make an expired one. */
export function makeClientCert(ca: KeyPair, commonName: string, validity: Validity = {}): KeyPair {
  return sign(
    commonName,
    parse(ca),
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
    validity,
  );
}

/** PKCS#12 (.p12) of a key pair and its chain, encrypted with `passphrase` (3DES: what most tools read). */
export function toPkcs12(pair: KeyPair, chain: string[], passphrase: string): Buffer {
  const p12 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(pair.key),
    [pair.cert, ...chain].map((pem) => forge.pki.certificateFromPem(pem)),
    passphrase,
    { algorithm: '3des' },
  );
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
