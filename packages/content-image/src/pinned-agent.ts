import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { ImageFetchError } from '@crosswire/core';
import { Agent, buildConnector } from 'undici';
import { canonicalAddress } from './address-policy.js';
import type { VettedAddress } from './deny-private-hosts.js';

function pinError(host: string, detail: string): ImageFetchError {
  return new ImageFetchError(
    'image_url_refused',
    `refuses to connect to ${host}: ${detail} (only the addresses inline_image_url_filter vetted are dialled)`,
    { url: host, details: { host } },
  );
}

/** TLS settings of a fetch (`ensureBase64({ tls })`). */
export interface FetchTlsOptions {
  /**
   * The certificate authorities to trust instead of Node's roots, PEM text or Buffers.
   * Certificates are still checked against the URL's host name (SNI is the host name too).
   */
  readonly ca?: string | Uint8Array | readonly (string | Uint8Array)[];
}

/** The `tls.connect` options for `tls`; nothing else is passed, so verification stays on. */
function tlsConnectOptions(tls: FetchTlsOptions | undefined): {
  ca?: string | Buffer | (string | Buffer)[];
} {
  if (tls?.ca === undefined) return {};
  const asBuffer = (entry: string | Uint8Array) =>
    typeof entry === 'string'
      ? entry
      : Buffer.from(entry.buffer, entry.byteOffset, entry.byteLength);
  const ca = tls.ca;
  return {
    ca: typeof ca === 'string' || ca instanceof Uint8Array ? asBuffer(ca) : ca.map(asBuffer),
  };
}

/**
 * The dispatcher of one fetch. With `pins` (the filter is `denyPrivateHosts`) it never looks
 * a name up: the connection dials exactly the addresses the filter checked for that host, IP
 * literals must be the literal that was checked (Node skips `lookup` for literals), and the
 * peer actually reached is compared with them once more. That closes DNS rebinding: there is
 * no second lookup whose answer could differ.
 */
export function createFetchAgent(
  pins?: ReadonlyMap<string, readonly VettedAddress[]>,
  tls?: FetchTlsOptions,
): Agent {
  const tlsOptions = tlsConnectOptions(tls);
  if (pins === undefined) return new Agent({ connect: { ...tlsOptions, allowH2: false } });
  const lookup: LookupFunction = (hostname, options, callback) => {
    const vetted = pins.get(hostname);
    if (vetted === undefined || vetted.length === 0) {
      callback(pinError(hostname, 'it was not vetted'), '', 0);
      return;
    }
    if (options.all === true) {
      const all: LookupAddress[] = vetted.map(({ address, family }) => ({ address, family }));
      (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, all);
      return;
    }
    const first = vetted[0] as VettedAddress;
    callback(null, first.address, first.family);
  };
  // `lookup` last: no TLS setting can replace the pinned lookup.
  const connector = buildConnector({ ...tlsOptions, lookup, allowH2: false });
  return new Agent({
    connect(options, callback) {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      const vetted = pins.get(host);
      if (vetted === undefined) {
        callback(pinError(host, 'it was not vetted'), null);
        return;
      }
      if (isIP(host) !== 0 && !vetted.some((entry) => entry.address === canonicalAddress(host))) {
        callback(pinError(host, 'the literal address was not the one vetted'), null);
        return;
      }
      connector(options, (error, socket) => {
        if (error !== null) {
          callback(error, null);
          return;
        }
        const peer = canonicalAddress(socket.remoteAddress ?? '');
        if (!vetted.some((entry) => entry.address === peer)) {
          socket.destroy();
          callback(pinError(host, `the connection reached ${peer}, which was not vetted`), null);
          return;
        }
        callback(null, socket);
      });
    },
  });
}
