import { type CatalogueSnapshot, createCatalogue } from './catalogue/catalogue.js';
import { catalogueText } from './generated/catalogue.js';
import { registryFiles } from './generated/data.js';
import { buildRegistry } from './registry.js';
import type { Registry } from './types.js';

/**
 * The shipped snapshot of the models.dev catalogue, parsed on first use (validated when it was
 * generated, so no schema pass here).
 */
export const defaultCatalogue = createCatalogue(
  () => JSON.parse(catalogueText) as CatalogueSnapshot,
);

/**
 * The registry built from the shipped data files (compiled into `generated/data.ts` at build
 * time and validated then, so loading it needs no file system and no schema pass), with the
 * shipped catalogue snapshot ranked below them.
 */
export const defaultRegistry: Registry = buildRegistry(registryFiles, {
  catalogue: defaultCatalogue,
});

// The registry's methods are closures over it (no `this`), so they can be exported as they are,
// with every calling convention `Registry` declares.

/**
 * The effective capabilities of a model on a provider, from the default registry: a record
 * from each capability name to `{ value, claimed, evidence, source, date, reasons }`.
 * `resolveCapabilities({ provider, model })` or `resolveCapabilities(provider, model)`.
 */
export const resolveCapabilities: Registry['resolveCapabilities'] =
  defaultRegistry.resolveCapabilities;

/** The effective values only (`true`, `false`, `'unknown'`), from the default registry. */
export const capabilityValues: Registry['capabilityValues'] = defaultRegistry.capabilityValues;

/** The full resolution (model, how its name matched, wire, capabilities), default registry. */
export const resolve: Registry['resolve'] = defaultRegistry.resolve;

/**
 * True only when the capability is effectively true; unknown reads as false.
 * `supports({ provider, model }, 'image_input')`, `supports({ provider, model, capability })`
 * or `supports(provider, model, capability)`.
 */
export const supports: Registry['supports'] = defaultRegistry.supports;

/**
 * The chain of reasons behind one capability's effective value (a list of strings), or behind
 * all of them (a record of lists) when no capability is named.
 */
export const explain: Registry['explain'] = defaultRegistry.explain;
