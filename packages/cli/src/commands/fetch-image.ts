import { denyPrivateHosts, Image } from '@crosswire/content-image';
import { base64ToBytes } from '@crosswire/core';
import {
  expectPositionals,
  flag,
  parseByteCount,
  parsePositiveInteger,
  stringListOption,
  stringOption,
} from '../args.js';
import type { Command } from '../command.js';
import { EXIT_OK } from '../errors.js';
import { formatBytes, jsonText, renderPairs, styleFor } from '../format.js';
import { imageDimensions, sha256Hex } from '../image-facts.js';

const help = `Usage: crosswire fetch-image URL [--max-bytes N] [--allow CIDR]... [--timeout MS] [--json]

Fetches an image the way an engine inlines one, with the private-host guard on, and
prints its media type, size and a summary. Never prints the payload.

The guard (denyPrivateHosts) refuses loopback, private, link-local, carrier-grade NAT,
multicast and reserved addresses (IPv4 and IPv6, embedded-IPv4 forms included), cloud
metadata addresses, hosts that do not resolve, and every scheme but http, https and data:.
The address it checked is the address it connects to, on every redirect hop.

Arguments:
  URL                 http, https or data: URL of the image

Options:
  --max-bytes N       size cap, checked on Content-Length, on the body and on the
                      decompressed size (default 20 MiB; 0 = no cap). Accepts k, m, g:
                      512k, 20m
  --allow CIDR        a range you trust despite the guard, e.g. 10.1.2.0/24 or
                      127.0.0.1/32 (repeatable)
  --timeout MS        overall deadline for the whole fetch, redirects included
  --json              print a JSON object instead of the table
  -h, --help          show this help

Examples:
  crosswire fetch-image https://example.com/cat.png
  crosswire fetch-image http://127.0.0.1:8080/chart.png --allow 127.0.0.1/32 --max-bytes 1m
`;

/** `crosswire fetch-image`: a guarded fetch, reported without the payload. */
export const fetchImageCommand: Command = {
  name: 'fetch-image',
  summary: 'fetch an image with the private-host guard on; print type, size, summary',
  help,
  options: {
    'max-bytes': { type: 'string' },
    allow: { type: 'string', multiple: true },
    timeout: { type: 'string' },
    json: { type: 'boolean' },
  },
  run: async (args, io) => {
    const [url = ''] = expectPositionals('fetch-image', args, ['URL']);
    const maxBytesText = stringOption(args, 'max-bytes');
    const timeoutText = stringOption(args, 'timeout');
    const maxBytes =
      maxBytesText === undefined
        ? undefined
        : parseByteCount('fetch-image', '--max-bytes', maxBytesText);
    const timeoutMs =
      timeoutText === undefined
        ? undefined
        : parsePositiveInteger('fetch-image', '--timeout', timeoutText);
    const allow = stringListOption(args, 'allow');

    const image = Image.fromUrl(url);
    const urlFilter = denyPrivateHosts({ allow });
    const base64 = await image.ensureBase64({
      urlFilter,
      ...(maxBytes === undefined ? {} : { maxBytes }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    const bytes = base64ToBytes(base64);
    const mediaType = image.mediaType ?? 'unknown';
    const dimensions = imageDimensions(bytes, image.mediaType);
    const report = {
      url,
      mediaType,
      bytes: bytes.byteLength,
      ...(dimensions === undefined ? {} : { width: dimensions.width, height: dimensions.height }),
      sha256: sha256Hex(bytes),
      summary: image.toJSON(),
    };
    if (flag(args, 'json')) {
      io.stdout(jsonText(report));
      return EXIT_OK;
    }
    const style = styleFor(io);
    const rows: [string, string][] = [
      ['url', url],
      ['media type', mediaType],
      ['size', `${formatBytes(report.bytes)} (${report.bytes} bytes)`],
    ];
    if (dimensions !== undefined)
      rows.push(['dimensions', `${dimensions.width} x ${dimensions.height}`]);
    rows.push(['sha256', report.sha256], ['summary', JSON.stringify(report.summary)]);
    io.stdout(renderPairs(rows, style));
    return EXIT_OK;
  },
};
