import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { ImageFetchError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { denyPrivateHosts } from './deny-private-hosts.js';
import { Image } from './image.js';
import { PNG_BASE64, PNG_BYTES } from './test-support/images.js';
import { OPEN_NETWORK } from './test-support/servers.js';

/**
 * HTTPS with pinning, on loopback. The certificate (fixtures/tls, made by generate.sh) is for
 * the made-up host `images.test` (and `localhost`), signed by a test CA that only `tls.ca`
 * trusts. Two servers share one port on 127.0.0.2 and 127.0.0.3; the resolver answers
 * 127.0.0.2 first and 127.0.0.3 afterwards, so a second lookup would land on 127.0.0.3.
 */
const TLS_DIR = new URL('../fixtures/tls/', import.meta.url);
const CA = readFileSync(new URL('ca.pem', TLS_DIR));
const KEY = readFileSync(new URL('images.test-key.pem', TLS_DIR));
const CERT = readFileSync(new URL('images.test.pem', TLS_DIR));

interface Hit {
  readonly path: string;
  /** The SNI name the client sent. */
  readonly servername: string | false | null | undefined;
  /** The local address the connection arrived at. */
  readonly address: string | undefined;
  readonly host: string | undefined;
}

interface TlsServer {
  readonly port: number;
  readonly hits: Hit[];
  close(): Promise<void>;
}

async function startTlsServer(host: string, port = 0): Promise<TlsServer> {
  const hits: Hit[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer({ key: KEY, cert: CERT }, (request, response) => {
    const socket = request.socket as TLSSocket;
    hits.push({
      path: request.url ?? '',
      servername: socket.servername,
      address: socket.localAddress,
      host: request.headers.host,
    });
    if (request.url === '/huge.png') {
      response.setHeader('content-type', 'image/png');
      response.setHeader('content-length', String(20 * 1024 * 1024 + 1));
      response.write(PNG_BYTES);
      return; // never finishes: the cap refuses on Content-Length alone
    }
    response.setHeader('content-type', 'image/png');
    response.end(PNG_BYTES);
  });
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => {}); // refused handshakes are what some tests expect
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let trusted: TlsServer;
let rebound: TlsServer;

beforeAll(async () => {
  for (let attempt = 0; attempt < 20; attempt++) {
    trusted = await startTlsServer('127.0.0.2');
    try {
      rebound = await startTlsServer('127.0.0.3', trusted.port);
      return;
    } catch {
      await trusted.close();
    }
  }
  throw new Error('could not bind 127.0.0.2 and 127.0.0.3 on one port');
});

afterAll(async () => {
  await Promise.all([trusted.close(), rebound.close()]);
});

function rebindingResolver() {
  const asked: string[] = [];
  const resolver = (host: string) => {
    asked.push(host);
    return asked.length === 1 ? ['127.0.0.2'] : ['127.0.0.3'];
  };
  return { asked, resolver };
}

async function refusal(promise: Promise<unknown>): Promise<ImageFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageFetchError);
    return error as ImageFetchError;
  }
  throw new Error('expected the fetch to be refused');
}

/** The TLS error code somewhere down the cause chain (undici wraps socket errors). */
function tlsCode(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('image_')) return code;
  }
  return undefined;
}

describe('https with denyPrivateHosts pinning', () => {
  test('TLS verifies images.test (SNI is the name) while the connection goes to the pinned address', async () => {
    const { asked, resolver } = rebindingResolver();
    const filter = denyPrivateHosts({ resolver, allow: ['127.0.0.2/32'] });
    const url = `https://images.test:${trusted.port}/cat.png`;
    const image = Image.fromUrl(url);
    expect(await image.ensureBase64({ urlFilter: filter, tls: { ca: CA } })).toBe(PNG_BASE64);
    expect(asked).toEqual(['images.test']);
    expect(trusted.hits.at(-1)).toEqual({
      path: '/cat.png',
      servername: 'images.test',
      address: '127.0.0.2',
      host: `images.test:${trusted.port}`,
    });
    expect(rebound.hits).toEqual([]);
    expect(image.toJSON()).toEqual({
      bytes: PNG_BYTES.length,
      media_type: 'image/png',
      source: 'url',
      type: 'image',
      url,
    });
  });

  test('tls.ca also takes PEM text and a list', async () => {
    for (const ca of [CA.toString('utf8'), [CA.toString('utf8')], [new Uint8Array(CA)]]) {
      const filter = denyPrivateHosts({ resolver: () => ['127.0.0.2'], allow: ['127.0.0.2/32'] });
      const image = Image.fromUrl(`https://images.test:${trusted.port}/cat.png?ca`);
      expect(await image.ensureBase64({ urlFilter: filter, tls: { ca } })).toBe(PNG_BASE64);
    }
  });

  test('without the test CA the certificate is not trusted: verification stays on', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['127.0.0.2'], allow: ['127.0.0.2/32'] });
    const before = trusted.hits.length;
    const image = Image.fromUrl(`https://images.test:${trusted.port}/cat.png?untrusted`);
    const error = await refusal(image.ensureBase64({ urlFilter: filter }));
    expect(error.code).toBe('image_fetch_failed');
    expect(tlsCode(error)).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect(trusted.hits.length).toBe(before);
    expect(image.base64).toBeUndefined();
  });

  test('the certificate is checked against the host name, not the pinned IP', async () => {
    const before = trusted.hits.length;
    // Same server, same trusted CA, but a name the certificate does not carry.
    const filter = denyPrivateHosts({ resolver: () => ['127.0.0.2'], allow: ['127.0.0.2/32'] });
    const other = await refusal(
      Image.fromUrl(`https://other.test:${trusted.port}/cat.png`).ensureBase64({
        urlFilter: filter,
        tls: { ca: CA },
      }),
    );
    expect(other.code).toBe('image_fetch_failed');
    expect(tlsCode(other)).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    // The pinned IP itself is not a name on the certificate either.
    const literal = await refusal(
      Image.fromUrl(`https://127.0.0.2:${trusted.port}/cat.png`).ensureBase64({
        urlFilter: filter,
        tls: { ca: CA },
      }),
    );
    expect(tlsCode(literal)).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(trusted.hits.length).toBe(before);
  });

  test('the seed sentence for the cap, on https: exceeds inline_image_max_bytes (20971520)', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['127.0.0.2'], allow: ['127.0.0.2/32'] });
    const url = `https://images.test:${trusted.port}/huge.png`;
    const image = Image.fromUrl(url);
    const error = await refusal(image.ensureBase64({ urlFilter: filter, tls: { ca: CA } }));
    expect(error.code).toBe('image_too_large');
    expect(error.message).toBe(`image at ${url} exceeds inline_image_max_bytes (20971520)`);
    expect(error.message).toMatch(
      /^image at https:\/\/.+ exceeds inline_image_max_bytes \(20971520\)$/,
    );
    expect(error.details).toMatchObject({ option: 'maxBytes', maxBytes: 20971520, size: 20971521 });
    expect(image.base64).toBeUndefined();
  });

  test('a bad tls option is refused before any I/O', async () => {
    const image = Image.fromUrl(`https://images.test:${trusted.port}/cat.png?bad`);
    await expect(
      image.ensureBase64({ ...OPEN_NETWORK, tls: { ca: 42 as unknown as string } }),
    ).rejects.toMatchObject({ code: 'invalid_tls_options', path: 'tls.ca' });
  });
});

describe('https without a filter', () => {
  test('tls.ca is honoured on the unpinned agent too (localhost is on the certificate)', async () => {
    const server = await startTlsServer('127.0.0.1');
    try {
      const image = Image.fromUrl(`https://localhost:${server.port}/cat.png`);
      expect(await image.ensureBase64({ ...OPEN_NETWORK, tls: { ca: CA } })).toBe(PNG_BASE64);
      expect(server.hits.at(-1)?.servername).toBe('localhost');
      const untrusted = await refusal(
        Image.fromUrl(`https://localhost:${server.port}/cat.png?again`).ensureBase64(OPEN_NETWORK),
      );
      expect(tlsCode(untrusted)).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    } finally {
      await server.close();
    }
  });
});
