// Which URL filters are `denyPrivateHosts` guards, apart from the guard itself: `Image` tells
// fetch policies apart with it before the first fetch, without loading the address policy
// (and ipaddr.js), which loads with the fetch code. Nothing here imports a module.
import type { DenyPrivateHostsFilter } from './deny-private-hosts.js';

const GENUINE_FILTERS = new WeakSet<object>();

/** Records `filter` as one {@link isDenyPrivateHostsFilter} answers true for. */
export function markGenuineFilter(filter: DenyPrivateHostsFilter): void {
  GENUINE_FILTERS.add(filter);
}

/** True for a filter built by `denyPrivateHosts`, whose vetted addresses a fetch pins. */
export function isDenyPrivateHostsFilter(filter: unknown): filter is DenyPrivateHostsFilter {
  return typeof filter === 'function' && GENUINE_FILTERS.has(filter);
}
