import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PNG_BASE64 } from '../demo/fixtures.js';
import { runCli } from '../test-support/run-cli.js';

const png = Buffer.from(DEMO_PNG_BASE64, 'base64');
let server: Server;
let origin = '';
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/chart.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      response.end(png);
    } else if (request.url === '/not-an-image.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end('<html>hello</html>');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('crosswire fetch-image', () => {
  it('fetches from an allowed loopback host and prints type, size and summary, not the payload', async () => {
    const run = await runCli(['fetch-image', `${origin}/chart.png`, '--allow', '127.0.0.1/32']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        `url         ${origin}/chart.png`,
        'media type  image/png',
        'size        84 B (84 bytes)',
        'dimensions  8 x 8',
        'sha256      a14a1d521ee5b3badafae1de2eabbeadb0f5842c24c84034e20185a2b33bfde6',
        `summary     {"type":"image","source":"url","url":"${origin}/chart.png","media_type":"image/png","bytes":84}`,
        '',
      ].join('\n'),
    );
    expect(run.stdout).not.toContain(DEMO_PNG_BASE64.slice(0, 40));
  });

  it('prints JSON with --json', async () => {
    const run = await runCli([
      'fetch-image',
      `${origin}/chart.png`,
      '--allow',
      '127.0.0.1/32',
      '--json',
    ]);
    expect(JSON.parse(run.stdout)).toMatchObject({
      url: `${origin}/chart.png`,
      mediaType: 'image/png',
      bytes: 84,
      width: 8,
      height: 8,
      summary: { type: 'image', source: 'url', media_type: 'image/png', bytes: 84 },
    });
  });

  it('refuses loopback without --allow, before any request, in one line that says why', async () => {
    const before = hits.length;
    const run = await runCli(['fetch-image', `${origin}/chart.png`]);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `crosswire: fetch-image: refuses to fetch image URL ${origin}/chart.png: rejected by the private-host guard (127.0.0.1 is loopback (127.0.0.0/8); pass --allow 127.0.0.1/32 to fetch it anyway)\n`,
    });
    expect(hits.length).toBe(before);
    // A made-up name mapped to loopback is refused for the address it resolves to.
    const named = await runCli([
      'fetch-image',
      `${origin.replace('127.0.0.1', 'images.test')}/chart.png`,
      '--resolve',
      'images.test:127.0.0.1',
    ]);
    expect(named.code).toBe(1);
    expect(named.stderr).toBe(
      `crosswire: fetch-image: refuses to fetch image URL ${origin.replace('127.0.0.1', 'images.test')}/chart.png: rejected by the private-host guard (127.0.0.1 is loopback (127.0.0.0/8); pass --allow 127.0.0.1/32 to fetch it anyway)\n`,
    );
    expect(hits.length).toBe(before);
  });

  it('resolves a made-up name with --resolve and fetches it once --allow trusts the address', async () => {
    const url = `${origin.replace('127.0.0.1', 'images.test')}/chart.png`;
    const run = await runCli([
      'fetch-image',
      url,
      '--resolve',
      'images.test:127.0.0.1',
      '--allow',
      '127.0.0.1',
      '--json',
    ]);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ url, mediaType: 'image/png', bytes: 84 });
  });

  it('prints a data: URL without its payload', async () => {
    const url = `data:image/png;base64,${DEMO_PNG_BASE64}`;
    const run = await runCli(['fetch-image', url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain(DEMO_PNG_BASE64.slice(0, 24));
    expect(run.stdout.split('\n')[0]).toBe('url         data:image/png;base64,[84 bytes]');
    const json = JSON.parse((await runCli(['fetch-image', url, '--json'])).stdout);
    expect(json).toEqual({
      url: 'data:image/png;base64,[84 bytes]',
      mediaType: 'image/png',
      bytes: 84,
      width: 8,
      height: 8,
      sha256: 'a14a1d521ee5b3badafae1de2eabbeadb0f5842c24c84034e20185a2b33bfde6',
      summary: { type: 'image', source: 'base64', media_type: 'image/png', bytes: 84 },
    });
  });

  it('refuses other schemes with the seed wording', async () => {
    const run = await runCli(['fetch-image', 'file:///etc/passwd']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^crosswire: .*scheme 'file'.*\n$/);
  });

  it('enforces --max-bytes', async () => {
    const run = await runCli([
      'fetch-image',
      `${origin}/chart.png`,
      '--allow',
      '127.0.0.1/32',
      '--max-bytes',
      '50',
    ]);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `crosswire: fetch-image: image at ${origin}/chart.png exceeds --max-bytes (50) (raise --max-bytes, or 0 for no cap)\n`,
    });
  });

  it('--max-bytes 0 is no cap, still bound by the deadline, and says so on stderr', async () => {
    const run = await runCli([
      'fetch-image',
      `${origin}/chart.png`,
      '--allow',
      '127.0.0.1/32',
      '--max-bytes',
      '0',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `crosswire: warning: fetching image at ${origin}/chart.png with no size cap (maxBytes: Infinity): only the 30000 ms deadline bounds it\n`,
    );
  });

  it('reports a body that is not the image it claims to be', async () => {
    const run = await runCli([
      'fetch-image',
      `${origin}/not-an-image.png`,
      '--allow',
      '127.0.0.1/32',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n')).toHaveLength(2);
  });

  it('rejects malformed options with status 2', async () => {
    expect(await runCli(['fetch-image', `${origin}/chart.png`, '--max-bytes', 'lots'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: fetch-image: --max-bytes must be a whole number of bytes, optionally with k, m or g (got 'lots') (see crosswire fetch-image --help)\n",
    });
    expect((await runCli(['fetch-image'])).stderr).toBe(
      'crosswire: fetch-image: missing URL (see crosswire fetch-image --help)\n',
    );
    expect(await runCli(['fetch-image', `${origin}/chart.png`, '--allow', 'not-a-cidr'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "crosswire: fetch-image: --allow 'not-a-cidr' is not a CIDR range or an IP address (e.g. 10.1.2.0/24, 127.0.0.1) (see crosswire fetch-image --help)\n",
    });
    expect(
      (await runCli(['fetch-image', `${origin}/chart.png`, '--resolve', 'images.test'])).stderr,
    ).toBe(
      "crosswire: fetch-image: --resolve takes HOST:ADDRESS with an IP address (e.g. images.test:127.0.0.2), got 'images.test' (see crosswire fetch-image --help)\n",
    );
    expect(
      await runCli(['fetch-image', `${origin}/chart.png`, '--ca', '/nonexistent/ca.pem']),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'crosswire: fetch-image: cannot read --ca /nonexistent/ca.pem: no such file (see crosswire fetch-image --help)\n',
    });
  });
});

describe('crosswire fetch-image over https', () => {
  const tlsDirectory = fileURLToPath(new URL('../../fixtures/tls/', import.meta.url));
  const caFile = `${tlsDirectory}ca.pem`;

  it('trusts a private CA with --ca; without it the certificate is refused in one line', async () => {
    const secure = createHttpsServer(
      {
        cert: readFileSync(`${tlsDirectory}images.test.pem`),
        key: readFileSync(`${tlsDirectory}images.test-key.pem`),
      },
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(png);
      },
    );
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    const url = `https://images.test:${(secure.address() as AddressInfo).port}/chart.png`;
    const guard = ['--resolve', 'images.test:127.0.0.1', '--allow', '127.0.0.1/32'];
    try {
      const trusted = await runCli(['fetch-image', url, ...guard, '--ca', caFile, '--json']);
      expect(trusted.stderr).toBe('');
      expect(JSON.parse(trusted.stdout)).toMatchObject({ url, mediaType: 'image/png', bytes: 84 });

      const untrusted = await runCli(['fetch-image', url, ...guard]);
      expect(untrusted.code).toBe(1);
      expect(untrusted.stdout).toBe('');
      expect(untrusted.stderr).toBe(
        `crosswire: fetch-image: fetching image URL ${url} failed: unable to verify the first certificate (a private CA? pass it with --ca FILE)\n`,
      );

      const notPem = await runCli([
        'fetch-image',
        url,
        ...guard,
        '--ca',
        `${tlsDirectory}README.md`,
      ]);
      expect(notPem).toEqual({
        code: 2,
        stdout: '',
        stderr: `crosswire: fetch-image: --ca ${tlsDirectory}README.md holds no PEM certificate (see crosswire fetch-image --help)\n`,
      });
    } finally {
      await new Promise<void>((resolve) => secure.close(() => resolve()));
    }
  });
});
