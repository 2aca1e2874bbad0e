import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it('refuses loopback without --allow, before any request, in one line', async () => {
    const before = hits.length;
    const run = await runCli(['fetch-image', `${origin}/chart.png`]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^crosswire: .*127\.0\.0\.1.*\n$/);
    expect(hits.length).toBe(before);
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
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n')).toHaveLength(2);
    expect(run.stderr).toMatch(/50/);
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
    const badCidr = await runCli(['fetch-image', `${origin}/chart.png`, '--allow', 'not-a-cidr']);
    expect(badCidr.code).toBe(1);
    expect(badCidr.stderr.split('\n')).toHaveLength(2);
  });
});
