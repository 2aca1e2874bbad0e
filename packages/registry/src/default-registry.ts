import type { CapabilityName } from './capabilities.js';
import { registryFiles } from './generated/data.js';
import {
  buildRegistry,
  type CapabilityQuery,
  type EffectiveCapabilities,
  type Registry,
  type Resolution,
} from './registry.js';

/**
 * The registry built from the shipped data files (compiled into `generated/data.ts` at build
 * time and validated then, so loading it needs no file system and no schema pass).
 */
export const defaultRegistry: Registry = buildRegistry(registryFiles);

/** The effective capabilities of a model on a provider, from the default registry. */
export function resolveCapabilities(query: CapabilityQuery): EffectiveCapabilities {
  return defaultRegistry.resolveCapabilities(query);
}

/** The full resolution (model, how its name matched, wire, capabilities), default registry. */
export function resolve(query: CapabilityQuery): Resolution {
  return defaultRegistry.resolve(query);
}

/** True only when the capability is effectively true; unknown reads as false. */
export function supports(query: CapabilityQuery, capability: CapabilityName): boolean {
  return defaultRegistry.supports(query, capability);
}

/** The chain of reasons behind one capability's effective value, or behind all of them. */
export function explain(query: CapabilityQuery, capability: CapabilityName): readonly string[];
export function explain(
  query: CapabilityQuery,
): Readonly<Record<CapabilityName, readonly string[]>>;
export function explain(
  query: CapabilityQuery,
  capability?: CapabilityName,
): readonly string[] | Readonly<Record<CapabilityName, readonly string[]>> {
  return capability === undefined
    ? defaultRegistry.explain(query)
    : defaultRegistry.explain(query, capability);
}
