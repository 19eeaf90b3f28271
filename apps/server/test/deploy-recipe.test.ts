import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFile(path.join(root, file), 'utf8');

/** nginx's version as [major, minor, patch], or null when there is no nginx on PATH. */
function nginxVersion(): number[] | null {
  const answer = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  const match = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(`${answer.stderr ?? ''}${answer.stdout ?? ''}`);
  return match ? match.slice(1).map(Number) : null;
}
const installedNginx = nginxVersion();
/** `resolve` on an upstream server (nginx 1.27.3 and later), which the recipe's config uses. */
const nginxResolvesUpstreams =
  installedNginx !== null &&
  (installedNginx[0]! > 1 ||
    (installedNginx[0] === 1 && (installedNginx[1]! > 27 || (installedNginx[1] === 27 && installedNginx[2]! >= 3))));

describe('the deployment recipe', () => {
  let compose: string;
  let dockerfile: string;
  beforeAll(async () => {
    [compose, dockerfile] = await Promise.all([read('deploy/compose.yaml'), read('Dockerfile')]);
  });

  it('keeps secrets out of the compose file and pins every image', () => {
    for (const secret of ['POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD', 'AWS_SECRET_ACCESS_KEY', 'METRICS_TOKEN', 'PORTAL_S3_SECRET_KEY']) {
      const values = [...compose.matchAll(new RegExp(`^\\s+${secret}: (.*)$`, 'gm'))].map((match) => match[1]);
      expect(values.length, secret).toBeGreaterThan(0);
      // Each one a required variable (`${NAME:?…}`), never a value written here nor a default.
      for (const value of values) expect(value, secret).toMatch(/^\$\{[A-Z0-9_]+:\?[^}]*\}$/);
    }
    expect(compose).toMatch(/postgres:\/\/portal:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres/);
    // A release, not a moving tag (`latest`, `stable`, a major version alone).
    const images = [...compose.matchAll(/^\s+image: (\S+)$/gm)].map((match) => match[1]!);
    expect(images.length).toBeGreaterThan(4);
    for (const image of images) expect(image, image).toMatch(/:(v?\d+\.\d+(\.\d+)?|RELEASE\.[\dTZ-]+)(-[a-z]+)?$/);
  });

  it('gives the portal a storage user of its own, keeps the demo mail sink private, and trusts only the proxy', () => {
    expect(compose).toMatch(/AWS_ACCESS_KEY_ID: \$\{PORTAL_S3_ACCESS_KEY:\?/);
    expect(compose).toContain('mc admin user add local "$$PORTAL_S3_ACCESS_KEY"');
    const mailPorts = /\n {2}mail:\n(?:(?! {2}\S).*\n)*/.exec(compose)?.[0] ?? '';
    expect(mailPorts).toContain("'127.0.0.1:8025:8025'");
    const proxyAddress = /ipv4_address: \$\{PROXY_ADDRESS:-([\d.]+)\}/.exec(compose)?.[1];
    expect(proxyAddress).toBeDefined();
    expect(compose).toContain(`TRUSTED_PROXIES: \${PROXY_ADDRESS:-${proxyAddress}}`);
    // Health checks for the store and the proxy, which the instances and the proxy wait on.
    expect(compose).toContain("test: ['CMD', 'mc', 'ready', 'local']");
    expect(compose).toContain('http://127.0.0.1/proxy-health');
  });

  it('builds an image that installs from the lock file and runs compiled JavaScript, without tests, as a non-root user', () => {
    const [, runStage = ''] = dockerfile.split(/^FROM .* AS build$/m)[1]?.split(/^FROM /m) ?? [];
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).not.toMatch(/npm install/);
    for (const from of dockerfile.match(/^FROM \S+/gm) ?? []) expect(from).toMatch(/^FROM node:(22|24)\.\d+\.\d+-bookworm-slim$/);
    expect(runStage).toMatch(/^CMD \["node", "apps\/server\/dist\/main\.js"\]$/m);
    expect(runStage).not.toMatch(/tsx|COPY --from=build \S+ \/app\/apps\/server apps|\btest\b|COPY \. \./);
    expect(runStage).toMatch(/^VOLUME \/var\/lib\/portal$/m);
    expect(runStage).toMatch(/^USER node$/m);
  });

  describe('nginx configuration', () => {
    let place: string;
    beforeAll(async () => {
      place = await mkdtemp(path.join(os.tmpdir(), 'portal-nginx-'));
    });
    afterAll(() => rm(place, { recursive: true, force: true }));

    // Only with nginx on PATH (Debian's `nginx` package); the suite installs nothing.
    it.skipIf(installedNginx === null)('passes nginx -t with a test certificate', async () => {
      const tls = path.join(place, 'tls');
      await mkdir(tls);
      await mkdir(path.join(place, 'logs'));
      const certificate = spawnSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=portal.test',
        '-keyout',
        path.join(tls, 'privkey.pem'),
        '-out',
        path.join(tls, 'fullchain.pem'),
      ]);
      expect(certificate.status).toBe(0);
      let site = (await read('deploy/nginx.conf')).replaceAll('/etc/nginx/tls/', `${tls}/`);
      if (!nginxResolvesUpstreams) {
        // An nginx older than the image's cannot look upstreams up while running, and would look
        // the instances' names up now: everything else is checked with a fixed address instead.
        site = site.replace(/server portal-\d:8080 resolve;/g, 'server 127.0.0.1:8080;');
      }
      await writeFile(path.join(place, 'site.conf'), site);
      await writeFile(
        path.join(place, 'nginx.conf'),
        `pid ${place}/nginx.pid;\nevents {}\nhttp {\n  access_log ${place}/logs/access.log;\n  include ${place}/site.conf;\n}\n`,
      );
      const checked = spawnSync('nginx', ['-t', '-e', 'stderr', '-p', place, '-c', path.join(place, 'nginx.conf')], { encoding: 'utf8' });
      expect(checked.stderr).toContain('test is successful');
      expect(checked.status).toBe(0);
    });

    it('answers on TLS, redirects plain HTTP, hides its version and keeps upstream connections', async () => {
      const site = await read('deploy/nginx.conf');
      expect(site).toMatch(/listen 443 ssl;/);
      expect(site).toMatch(/return 301 https:\/\/\$host\$request_uri;/);
      expect(site).toMatch(/server_tokens off;/);
      expect(site).toMatch(/keepalive \d+;/);
      expect(site).toMatch(/proxy_http_version 1\.1;\s+proxy_set_header Connection "";/);
      expect(site).toMatch(/resolver 127\.0\.0\.11 valid=10s/);
      expect(site).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    });

    it('logs requests by their path, never their query, where a secret may travel', async () => {
      const site = await read('deploy/nginx.conf');
      const format = /log_format (\w+) ([^;]+);/.exec(site);
      expect(format).not.toBeNull();
      expect(format![2]).toContain('$uri');
      expect(format![2]).not.toMatch(/\$(request|request_uri|args|query_string)\b/);
      expect(site).toMatch(new RegExp(`access_log \\S+ ${format![1]};`));
    });
  });
});
