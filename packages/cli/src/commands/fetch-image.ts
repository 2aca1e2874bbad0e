import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { denyPrivateHosts, type HostResolver, Image } from '@crosswire/content-image';
import { base64ToBytes, ImageFetchError } from '@crosswire/core';
import {
  expectPositionals,
  flag,
  parseByteCount,
  parsePositiveInteger,
  stringListOption,
  stringOption,
} from '../args.js';
import type { Command } from '../command.js';
import { EXIT_OK, UsageError } from '../errors.js';
import { formatBytes, jsonText, renderPairs, styleFor } from '../format.js';
import { imageDimensions, sha256Hex } from '../image-facts.js';
import { type CliIo, readTextFile } from '../io.js';
import { warningPrinter } from '../warnings.js';

const help = `Usage: crosswire fetch-image URL [--max-bytes N] [--allow CIDR]... [--timeout MS]
                            [--ca FILE]... [--resolve HOST:ADDRESS]... [--json]

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
                      decompressed size (default 20 MiB; 0 = no cap, still bound by
                      --timeout, with a warning). Accepts k, m, g: 512k, 20m
  --allow CIDR        a range you trust despite the guard, e.g. 10.1.2.0/24 or
                      127.0.0.1/32 (repeatable)
  --timeout MS        overall deadline for the whole fetch, redirects included
  --ca FILE           trust the PEM certificate(s) in FILE instead of Node's roots for
                      https (a private CA of an internal image host; repeatable)
  --resolve HOST:ADDRESS
                      answer HOST with ADDRESS instead of asking DNS (repeatable); the
                      guard still checks ADDRESS, and the fetch connects to it
  --json              print a JSON object instead of the table
  -h, --help          show this help

A refused URL exits with status 1 and one line naming the reason and the --allow that
would trust it. A data: URL is decoded locally and printed without its payload.

Examples:
  crosswire fetch-image https://example.com/cat.png
  crosswire fetch-image http://127.0.0.1:8080/chart.png --allow 127.0.0.1/32 --max-bytes 1m
  crosswire fetch-image https://images.test:8443/cat.png --resolve images.test:10.1.2.3 \\
    --allow 10.1.2.3 --ca ./internal-ca.pem
`;

const COMMAND = 'fetch-image';

/** The URL as printed: a data: URL without its payload (`data:image/png;base64,[84 bytes]`). */
export function displayUrl(url: string, bytes?: number): string {
  if (!url.trim().toLowerCase().startsWith('data:')) return url;
  const comma = url.indexOf(',');
  const header = comma < 0 ? url : url.slice(0, comma + 1);
  return bytes === undefined ? `${header}[payload]` : `${header}[${bytes} bytes]`;
}

/** The guard, with the operator's `--allow` ranges checked as command-line input. */
function buildFilter(
  allow: readonly string[],
  resolver: HostResolver | undefined,
): ReturnType<typeof denyPrivateHosts> {
  allow.forEach((entry, index) => {
    try {
      denyPrivateHosts({ allow: [entry] });
    } catch {
      throw new UsageError(
        `${COMMAND}: --allow '${allow[index]}' is not a CIDR range or an IP address (e.g. 10.1.2.0/24, 127.0.0.1)`,
        COMMAND,
      );
    }
  });
  return denyPrivateHosts({ allow, ...(resolver === undefined ? {} : { resolver }) });
}

/** `--resolve HOST:ADDRESS` entries as a resolver; other hosts go to the system resolver. */
function buildResolver(entries: readonly string[]): HostResolver | undefined {
  if (entries.length === 0) return undefined;
  const table = new Map<string, string[]>();
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    const host = colon < 0 ? '' : entry.slice(0, colon).trim().toLowerCase();
    const address =
      colon < 0
        ? ''
        : entry
            .slice(colon + 1)
            .trim()
            .replace(/^\[(.*)\]$/, '$1');
    if (host === '' || isIP(address) === 0) {
      throw new UsageError(
        `${COMMAND}: --resolve takes HOST:ADDRESS with an IP address (e.g. images.test:127.0.0.2), got '${entry}'`,
        COMMAND,
      );
    }
    table.set(host, [...(table.get(host) ?? []), address]);
  }
  return async (host) => {
    const mapped = table.get(host.toLowerCase());
    if (mapped !== undefined) return mapped;
    const answers = await lookup(host, { all: true, verbatim: true });
    return answers.map((answer) => answer.address);
  };
}

async function readCertificates(files: readonly string[], io: CliIo): Promise<string[]> {
  return Promise.all(
    files.map(async (file) => {
      const text = await readTextFile(io, file, `--ca ${file}`, COMMAND);
      if (!text.includes('-----BEGIN CERTIFICATE-----')) {
        throw new UsageError(`${COMMAND}: --ca ${file} holds no PEM certificate`, COMMAND);
      }
      return text;
    }),
  );
}

/**
 * The library's refusal, kept word for word (the seed's sentence), with what a command-line
 * user needs after it: the guard's reason and the --allow that would trust the address.
 */
function explained(error: unknown): unknown {
  if (!(error instanceof ImageFetchError)) return error;
  const hint = hintFor(error);
  const message = inFlagWords(error.message);
  if (hint === undefined && message === error.message) return error;
  return new ImageFetchError(error.code, hint === undefined ? message : `${message} (${hint})`, {
    url: error.url,
    cause: error,
    details: { ...error.details },
  });
}

/**
 * The library names its settings as an engine's options do (`inline_image_max_bytes`); on the
 * command line the user set them with flags, so the message names the flag instead.
 */
const FLAG_WORDS: readonly (readonly [string, string])[] = [
  ['inline_image_url_filter', 'the private-host guard'],
  ['inline_image_max_bytes', '--max-bytes'],
  ['inline_image_fetch_timeout', '--timeout'],
];

function inFlagWords(message: string): string {
  return FLAG_WORDS.reduce((text, [option, words]) => text.replaceAll(option, words), message);
}

function hintFor(error: ImageFetchError): string | undefined {
  if (error.code === 'image_too_large') return 'raise --max-bytes, or 0 for no cap';
  if (error.code === 'image_fetch_failed' && /certificate|self.signed/i.test(error.message))
    return 'a private CA? pass it with --ca FILE';
  if (error.code !== 'image_url_refused') return undefined;
  const reason = typeof error.details.reason === 'string' ? error.details.reason : undefined;
  if (reason === undefined) return undefined;
  const address = /^(\S+) is /.exec(reason)?.[1];
  const family = address === undefined ? 0 : isIP(address);
  if (address === undefined || family === 0) return reason;
  return `${reason}; pass --allow ${address}/${family === 4 ? 32 : 128} to fetch it anyway`;
}

/** `crosswire fetch-image`: a guarded fetch, reported without the payload. */
export const fetchImageCommand: Command = {
  name: COMMAND,
  summary: 'fetch an image with the private-host guard on; print type, size, summary',
  help,
  options: {
    'max-bytes': { type: 'string' },
    allow: { type: 'string', multiple: true },
    timeout: { type: 'string' },
    ca: { type: 'string', multiple: true },
    resolve: { type: 'string', multiple: true },
    json: { type: 'boolean' },
  },
  run: async (args, io) => {
    const [url = ''] = expectPositionals(COMMAND, args, ['URL']);
    const maxBytesText = stringOption(args, 'max-bytes');
    const timeoutText = stringOption(args, 'timeout');
    const maxBytes =
      maxBytesText === undefined ? undefined : parseByteCount(COMMAND, '--max-bytes', maxBytesText);
    const timeoutMs =
      timeoutText === undefined
        ? undefined
        : parsePositiveInteger(COMMAND, '--timeout', timeoutText);
    const resolver = buildResolver(stringListOption(args, 'resolve'));
    const urlFilter = buildFilter(stringListOption(args, 'allow'), resolver);
    const certificates = await readCertificates(stringListOption(args, 'ca'), io);

    const image = Image.fromUrl(url);
    let base64: string;
    try {
      base64 = await image.ensureBase64({
        urlFilter,
        // 0 on the command line is the explicit "no cap" (the library spells it Infinity).
        ...(maxBytes === undefined ? {} : { maxBytes: maxBytes === 0 ? Infinity : maxBytes }),
        onWarning: warningPrinter(io),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(certificates.length === 0 ? {} : { tls: { ca: certificates } }),
      });
    } catch (error) {
      throw explained(error);
    }
    const bytes = base64ToBytes(base64);
    const mediaType = image.mediaType ?? 'unknown';
    const dimensions = imageDimensions(bytes, image.mediaType);
    const shownUrl = displayUrl(url, bytes.byteLength);
    const report = {
      url: shownUrl,
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
      ['url', shownUrl],
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
