import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, REPO_ROOT, startNginx, stopProcess, type StackProcess } from '../deploy/stack';

/**
 * The public face (deploy/nginx/linchpin-http.conf and linchpin.conf) run as an owner runs it,
 * for e2e/https-public.spec.ts: inside Debian's own /etc/nginx/nginx.conf (its http-level TLS
 * settings included), certificates from a certificate authority of the test's own made with
 * openssl (a root, an intermediate and the site's certificate, as Let's Encrypt's chain), and the
 * browser trusting that root through its NSS database ($HOME/.pki/nssdb, certutil), so Chromium
 * validates the whole chain as it would a real one. The files change only where the test must:
 * ports, the certificate's paths, the ACME webroot and the upstream's port.
 */
export const HOST = 'linchpin.test';
const DEPLOYED_HOST = 'linchpin.example';
const NGINX_DIR = join(REPO_ROOT, 'deploy', 'nginx');

export interface PublicFace {
  dir: string;
  /** A HOME whose NSS database trusts the test's root certificate authority. */
  home: string;
  httpPort: number;
  httpsPort: number;
  origin: string;
  httpOrigin: string;
  /** The ACME webroot (/var/www/letsencrypt). */
  webroot: string;
  caName: string;
  intermediateName: string;
  nginx: StackProcess;
}

/** Runs openssl in `dir`: the words of `command`, then `extra` (words with spaces). */
function openssl(dir: string, command: string, ...extra: string[]): void {
  execFileSync('openssl', [...command.split(' '), ...extra], { cwd: dir, stdio: 'pipe' });
}

/** A root CA, an intermediate and the site's certificate (ECDSA P-256, as certbot's default). */
export function makeCertificates(
  dir: string,
  caName = 'Linchpin Test Root CA',
  intermediateName = 'Linchpin Test Intermediate',
): void {
  writeFileSync(
    join(dir, 'ext.cnf'),
    `[req]
distinguished_name = dn
[dn]
[ca]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[intermediate]
basicConstraints = critical, CA:true, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[leaf]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:${HOST}
authorityKeyIdentifier = keyid
`,
  );
  const key = 'genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out';
  openssl(dir, `${key} ca.key`);
  openssl(
    dir,
    'req -x509 -new -key ca.key -days 30 -config ext.cnf -extensions ca -out ca.pem',
    '-subj',
    `/CN=${caName}`,
  );
  openssl(dir, `${key} intermediate.key`);
  openssl(
    dir,
    'req -new -key intermediate.key -config ext.cnf -out intermediate.csr',
    '-subj',
    `/CN=${intermediateName}`,
  );
  openssl(
    dir,
    'x509 -req -in intermediate.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 30 -extfile ext.cnf -extensions intermediate -out intermediate.pem',
  );
  openssl(dir, `${key} privkey.pem`);
  openssl(dir, 'req -new -key privkey.pem -config ext.cnf -out leaf.csr', '-subj', `/CN=${HOST}`);
  openssl(
    dir,
    'x509 -req -in leaf.csr -CA intermediate.pem -CAkey intermediate.key -CAcreateserial -days 30 -extfile ext.cnf -extensions leaf -out cert.pem',
  );
  // certbot's fullchain.pem: the certificate, then its intermediate (never the root).
  writeFileSync(
    join(dir, 'fullchain.pem'),
    readFileSync(join(dir, 'cert.pem'), 'utf8') +
      readFileSync(join(dir, 'intermediate.pem'), 'utf8'),
  );
}

/** An NSS database in `home`'s .pki/nssdb, where Chromium on Linux reads trusted roots. */
function trustRoot(home: string, caFile: string, caName: string): void {
  const db = `sql:${join(home, '.pki', 'nssdb')}`;
  mkdirSync(join(home, '.pki', 'nssdb'), { recursive: true });
  execFileSync('certutil', ['-N', '-d', db, '--empty-password'], { stdio: 'pipe' });
  execFileSync('certutil', ['-A', '-d', db, '-n', caName, '-t', 'C,,', '-i', caFile], {
    stdio: 'pipe',
  });
}

/** A site file with only the test's ports and paths changed. */
function templated(
  file: string,
  face: Pick<PublicFace, 'dir' | 'httpPort' | 'httpsPort' | 'webroot'>,
  upstreamPort: number,
): string {
  return readFileSync(join(NGINX_DIR, file), 'utf8')
    .replace(/^\s*listen \[::\]:.*\n/gm, '')
    .replace(/listen 80;/g, `listen 127.0.0.1:${face.httpPort};`)
    .replace(/listen 443 /g, `listen 127.0.0.1:${face.httpsPort} `)
    .replaceAll('https://$host$request_uri', `https://$host:${face.httpsPort}$request_uri`)
    .replaceAll(`/etc/letsencrypt/live/${DEPLOYED_HOST}`, face.dir)
    .replaceAll('/var/www/letsencrypt', face.webroot)
    .replace(/127\.0\.0\.1:808[123]/g, `127.0.0.1:${upstreamPort}`)
    .replaceAll(DEPLOYED_HOST, HOST);
}

/** Debian's nginx.conf with this run's pid, logs and temp paths, including the two site files. */
function mainConfig(dir: string): string {
  const debian = readFileSync('/etc/nginx/nginx.conf', 'utf8');
  const own = `client_body_temp_path ${dir}/tmp/client_body;
	proxy_temp_path ${dir}/tmp/proxy;
	fastcgi_temp_path ${dir}/tmp/fastcgi;
	uwsgi_temp_path ${dir}/tmp/uwsgi;
	scgi_temp_path ${dir}/tmp/scgi;
	include ${dir}/linchpin-http.conf;
	include ${dir}/linchpin.conf;`;
  const text = debian
    .replace(/^\s*pid .*$/m, `pid ${dir}/nginx.pid;`)
    .replace(/^\s*access_log .*$/m, `access_log ${dir}/access.log;`)
    .replace(/^\s*error_log .*$/m, `error_log ${dir}/error.log;`)
    .replace(/^\s*include \/etc\/nginx\/conf\.d\/\*\.conf;\s*$/m, '')
    // Optional modules (relative to nginx's prefix, which is the run folder here): none is used.
    .replace(/^\s*include \/etc\/nginx\/modules-enabled\/\*\.conf;\s*$/m, '')
    .replace(/^\s*include \/etc\/nginx\/sites-enabled\/\*;\s*$/m, own);
  if (!text.includes(own)) throw new Error("Debian's nginx.conf has no sites-enabled include");
  return `daemon off;\n${text}`;
}

export async function startPublicFace(upstreamPort: number): Promise<PublicFace> {
  const dir = mkdtempSync(join(tmpdir(), 'linchpin-public-'));
  // nginx's workers (www-data) read the ACME webroot.
  chmodSync(dir, 0o755);
  const caName = 'Linchpin Test Root CA';
  const intermediateName = 'Linchpin Test Intermediate';
  makeCertificates(dir, caName, intermediateName);
  const home = join(dir, 'home');
  trustRoot(home, join(dir, 'ca.pem'), caName);
  const webroot = join(dir, 'webroot');
  mkdirSync(join(webroot, '.well-known', 'acme-challenge'), { recursive: true });
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const face = { dir, httpPort, httpsPort, webroot };
  writeFileSync(
    join(dir, 'linchpin-http.conf'),
    templated('linchpin-http.conf', face, upstreamPort),
  );
  writeFileSync(join(dir, 'linchpin.conf'), templated('linchpin.conf', face, upstreamPort));
  const nginx = await startNginx(dir, mainConfig(dir), httpPort);
  return {
    ...face,
    home,
    origin: `https://${HOST}:${httpsPort}`,
    httpOrigin: `http://${HOST}:${httpPort}`,
    caName,
    intermediateName,
    nginx,
  };
}

export async function stopPublicFace(face: PublicFace): Promise<void> {
  await stopProcess(face.nginx, 'SIGQUIT');
  rmSync(face.dir, { recursive: true, force: true });
}

/** Chromium's flag that sends the test's host name to this machine (no DNS here). */
export const resolverRule = (host = HOST) => `--host-resolver-rules=MAP ${host} 127.0.0.1`;
