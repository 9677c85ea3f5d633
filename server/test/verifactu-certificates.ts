import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A certificate authority made for one test run, the agency's stand-in server certificate for
 * localhost and the firm's client certificate, both signed by it; the firm's also as the
 * PKCS#12 file VERIFACTU_CERT_PATH names, opened by `password`.
 */
export type VerifactuCertificates = { dir: string; ca: Buffer; serverKey: Buffer; serverCert: Buffer; firmP12Path: string; password: string; remove: () => void };

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

export function createVerifactuCertificates(): VerifactuCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verifactu-certs-'));
  const password = 'clave del certificado';
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test CA']);
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost']);
  fs.writeFileSync(path.join(dir, 'server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(dir, ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'server.ext']);
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'firm.key', '-out', 'firm.csr', '-subj', '/CN=B12345678 DESPACHO/serialNumber=IDCES-B12345678']);
  openssl(dir, ['x509', '-req', '-in', 'firm.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'firm.pem', '-days', '2']);
  openssl(dir, ['pkcs12', '-export', '-inkey', 'firm.key', '-in', 'firm.pem', '-out', 'firm.p12', '-passout', `pass:${password}`]);
  const read = (name: string) => fs.readFileSync(path.join(dir, name));
  return {
    dir,
    ca: read('ca.pem'),
    serverKey: read('server.key'),
    serverCert: read('server.pem'),
    firmP12Path: path.join(dir, 'firm.p12'),
    password,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
