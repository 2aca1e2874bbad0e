// Fetching an image URL from untrusted input without opening the private network.
// Everything runs on loopback. Run: node examples/safe-image-fetch.mjs
import { createServer } from 'node:http';
import { denyPrivateHosts, Image, ImageFetchError } from '@crosswire/content-image';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAG0lEQVR4nGPQzrn5aaUMJsmAVVQ75ybDoNQBAG+RZOGrLT+0AAAAAElFTkSuQmCC',
  'base64',
);

// A local image server standing in for an internal host.
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
  response.end(png);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/chart.png`;

async function attempt(label, run) {
  try {
    const outcome = await run();
    console.log(`${label}: fetched ${JSON.stringify(outcome)}`);
  } catch (error) {
    if (!(error instanceof Error) || !('code' in error)) throw error;
    console.log(`${label}: refused (${error.code}) ${error.message}`);
  }
}

// 1. Schemes other than http, https and data: are refused before any I/O.
await attempt('file: URL', async () => Image.fromUrl('file:///etc/passwd'));

// 2. The guard is on by default: loopback, private, link-local and metadata addresses are refused.
await attempt('loopback, by default', async () => {
  const image = Image.fromUrl(url);
  await image.ensureBase64();
  return image.toJSON();
});

// 3. A made-up public name whose DNS answers a private address is refused too; the address
//    the guard checked is the address the fetch connects to, so DNS rebinding cannot help.
await attempt('rebinding name, guarded', async () => {
  const image = Image.fromUrl(url.replace('127.0.0.1', 'images.example.test'));
  await image.ensureBase64({ urlFilter: denyPrivateHosts({ resolver: () => ['127.0.0.1'] }) });
  return image.toJSON();
});

// 4. An operator can trust a range (an internal image host) with `allow`.
await attempt('loopback, allowed', async () => {
  const image = Image.fromUrl(url);
  await image.ensureBase64({ urlFilter: denyPrivateHosts({ allow: ['127.0.0.1/32'] }) });
  return image.toJSON(); // a compact description, never the payload
});

// 5. The size cap holds on Content-Length, on the body and on decompressed bytes.
await attempt('over maxBytes', async () => {
  const image = Image.fromUrl(url);
  await image.ensureBase64({
    urlFilter: denyPrivateHosts({ allow: ['127.0.0.1/32'] }),
    maxBytes: 16,
  });
  return image.toJSON();
});

// 6. The one opt-out, for an app whose images live on its own network: the guard is off.
await attempt('loopback, allowPrivateNetwork', async () => {
  const image = Image.fromUrl(url);
  await image.ensureBase64({ allowPrivateNetwork: true });
  return image.toJSON();
});

server.close();
if (!(ImageFetchError.prototype instanceof Error)) throw new Error('unexpected error class');
