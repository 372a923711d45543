// A client certificate from a CA the engine makes itself, once per process: no server can have been
// configured to trust it, so a server that lets it in does not check who issued a client certificate.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface ForeignCertificate {
  readonly cert: string;
  readonly key: string;
}

let made: ForeignCertificate | undefined;

export function foreignCertificate(): ForeignCertificate {
  made ??= makeForeign();
  return made;
}

function makeForeign(): ForeignCertificate {
  const ca = keyPair();
  const client = keyPair();
  const caCert = certificate(ca.forgeKey, ca.forgeKey, 'conformance foreign CA', undefined, true);
  const cert = certificate(client.forgeKey, ca.forgeKey, 'conformance foreign client', caCert, false);
  return { cert: forge.pki.certificateToPem(cert), key: client.pem };
}

function keyPair() {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { pem: privateKey, forgeKey: forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey };
}

function certificate(
  subjectKey: forge.pki.rsa.PrivateKey,
  issuerKey: forge.pki.rsa.PrivateKey,
  commonName: string,
  issuer: forge.pki.Certificate | undefined,
  isCa: boolean,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(subjectKey.n, subjectKey.e);
  const serial = randomBytes(16);
  serial.writeUInt8(serial.readUInt8(0) & 0x7f, 0);
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 30 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer(issuer ? issuer.subject.attributes : [{ name: 'commonName', value: commonName }]);
  const usage = isCa
    ? [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true },
      ]
    : [
        { name: 'basicConstraints', cA: false },
        { name: 'extKeyUsage', clientAuth: true },
      ];
  cert.setExtensions(usage);
  cert.sign(issuerKey, forge.md.sha256.create());
  return cert;
}
