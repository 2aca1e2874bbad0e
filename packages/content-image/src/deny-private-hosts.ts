import { ValidationError } from '@crosswire/core';
import { checkParsedAddress, isIpLiteral, parseAllowList } from './address-policy.js';
import { markGenuineFilter } from './guard-brand.js';

/**
 * Decides whether a URL may be fetched: true allows it. Runs on the image URL before any
 * I/O and on every redirect hop before that hop is requested.
 */
export type UrlFilter = (url: URL) => boolean | Promise<boolean>;

/** One resolver answer: an address string, or a `{ address }` record as `dns.lookup` gives. */
export type HostAnswer = string | { readonly address: string };

/**
 * Answers a host name with its addresses: a list of {@link HostAnswer}s, a single one, or a
 * promise of either.
 */
export type HostResolver = (
  host: string,
) => Promise<readonly HostAnswer[] | HostAnswer> | readonly HostAnswer[] | HostAnswer;

export interface DenyPrivateHostsOptions {
  /** Replaces the system resolver (`dns.promises.lookup(host, { all: true })`); IP literals are never looked up. */
  readonly resolver?: HostResolver;
  /** CIDR ranges (or single addresses) the operator trusts, e.g. an internal image host; they win over every refusal. One string is one entry. */
  readonly allow?: readonly string[] | string;
}

/** An address a host was vetted at; the fetch dials exactly these. */
export interface VettedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** What `denyPrivateHosts` decided about one URL. */
export interface HostDecision {
  readonly allowed: boolean;
  /** The URL's host without IPv6 brackets ('' when it has none). */
  readonly host: string;
  /** The checked addresses (all of them allowed when `allowed`). */
  readonly addresses: readonly VettedAddress[];
  /** Why the URL is refused. */
  readonly reason?: string;
}

/** The filter `denyPrivateHosts` returns: a {@link UrlFilter} that also tells what it checked. */
export interface DenyPrivateHostsFilter {
  (url: URL | string): Promise<boolean>;
  /** The decision with its reason and the vetted addresses, which `ensureBase64` connects to. */
  check(url: URL | string): Promise<HostDecision>;
}

let defaultGuard: DenyPrivateHostsFilter | undefined;

/** The guard a fetch uses when the caller configures none: `denyPrivateHosts()`, shared. */
export function defaultPrivateHostsGuard(): DenyPrivateHostsFilter {
  defaultGuard ??= denyPrivateHosts();
  return defaultGuard;
}

// node:dns loads on the first lookup, not at import (the package loads no node: module then).
const systemResolver: HostResolver = async (host) => {
  const { lookup } = await import('node:dns/promises');
  return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
};

function refused(
  host: string,
  reason: string,
  addresses: readonly VettedAddress[] = [],
): HostDecision {
  return { allowed: false, host, addresses, reason };
}

/**
 * A URL filter for `ensureBase64` against server-side request forgery: it resolves the
 * URL's host and refuses it when any address is internal (loopback, private, link-local,
 * CGNAT, multicast, the IPv6 local ranges, IPv6 forms carrying such an IPv4, Teredo, the
 * NAT64 local-use prefix, cloud metadata), when the host does not resolve, and when the URL
 * has no host. Given to `ensureBase64` as `urlFilter`, the addresses it checked are the ones
 * connected to, so DNS rebinding cannot swap them.
 */
export function denyPrivateHosts(options: DenyPrivateHostsOptions = {}): DenyPrivateHostsFilter {
  const resolver = options.resolver ?? systemResolver;
  if (typeof resolver !== 'function') {
    throw new ValidationError('denyPrivateHosts: resolver must be a function', {
      path: 'resolver',
      code: 'invalid_resolver',
    });
  }
  const allowEntries = typeof options.allow === 'string' ? [options.allow] : (options.allow ?? []);
  const allow = allowEntries.map((entry, index) => {
    try {
      return parseAllowList([entry])[0] as ReturnType<typeof parseAllowList>[number];
    } catch (cause) {
      throw new ValidationError(
        `denyPrivateHosts: allow[${index}] is not a CIDR range or an IP address: ${JSON.stringify(entry)}`,
        { path: `allow[${index}]`, code: 'invalid_cidr', cause },
      );
    }
  });

  const check = async (input: URL | string): Promise<HostDecision> => {
    let url: URL;
    try {
      url = typeof input === 'string' ? new URL(input) : input;
    } catch {
      return refused('', `${JSON.stringify(input)} is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return refused(url.hostname, `scheme '${url.protocol.slice(0, -1)}' is not http or https`);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (host === '') return refused(host, 'the URL has no host');
    let answers: readonly HostAnswer[];
    if (isIpLiteral(host)) {
      answers = [host];
    } else {
      let answer: readonly HostAnswer[] | HostAnswer | undefined | null;
      try {
        answer = await resolver(host);
      } catch (cause) {
        const why = cause instanceof Error ? cause.message : String(cause);
        return refused(host, `${host} does not resolve (${why})`);
      }
      answers =
        answer === undefined || answer === null || answer === ''
          ? []
          : Array.isArray(answer)
            ? answer
            : [answer as HostAnswer];
      if (answers.length === 0) {
        return refused(host, `${host} does not resolve to any address`);
      }
    }
    const verdicts = answers.map((answer) =>
      checkParsedAddress(typeof answer === 'string' ? answer : String(answer?.address), allow),
    );
    const addresses = verdicts.map(({ address, family }) => ({ address, family }));
    const bad = verdicts.find((verdict) => verdict.refusal !== undefined);
    if (bad !== undefined) return refused(host, bad.refusal as string, addresses);
    return { allowed: true, host, addresses };
  };

  const filter = (async (url: URL | string) =>
    (await check(url)).allowed) as DenyPrivateHostsFilter;
  filter.check = check;
  markGenuineFilter(filter);
  return Object.freeze(filter);
}
