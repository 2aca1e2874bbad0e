/**
 * The registry's queries without its data-file schemas: the default registry, capability
 * resolution, tool-result delivery, the provider listings, model-name helpers and versions.
 * Everything here is the same value `@crosswire/registry` exports; this entry only leaves out
 * what validates and builds registry files (the zod schemas, `createRegistry`, the validators),
 * so importing it constructs no schema. Runtimes that only read the registry import this.
 *
 * @module @crosswire/registry/lookup
 */

export {
  CAPABILITY_NAMES,
  type CapabilityName,
  CLAIM_EVIDENCE_KINDS,
  EVIDENCE_KINDS,
  type Evidence,
  isCapabilityName,
  MODEL_FACT_NAMES,
  QUIRK_NAMES,
  type QuirkName,
  REQUEST_FEATURE_NAMES,
  type RequestFeature,
  type RequestFeatureName,
  type RequestFeatures,
  requestFeatures,
  STRUCTURED_OUTPUT_FACTS,
  type StructuredOutputFact,
  type StructuredOutputResolution,
  type StructuredOutputSupport,
  structuredOutputFact,
  type Tristate,
} from '../capabilities.js';
export {
  type Catalogue,
  type CatalogueCost,
  type CatalogueModel,
  createCatalogue,
} from '../catalogue/catalogue.js';
export type { DiscoverOptions } from '../catalogue/listing/discover.js';
export type { LearnedEntry } from '../catalogue/listing/learned.js';
export { LEARNED_LIMITS, learnedTextProblem } from '../catalogue/listing/limits.js';
export {
  KIND_BY_ID,
  kindById,
  LISTING_KINDS,
  LISTING_READERS,
  type ListingKind,
  type ListingPage,
  type ListingReader,
  PROVIDER_LISTINGS,
} from '../catalogue/listing/readers.js';
export {
  LEARNED_FACTS,
  LEARNED_MODALITIES,
  type LearnedFact,
  type LearnedLifecycle,
  type LearnedListing,
  type LearnedModality,
  type LearnedModel,
  type LearnedPricing,
  type LearnedSnapshot,
} from '../catalogue/listing/types.js';
export { dataDate } from '../data-date.js';
export {
  capabilityValues,
  defaultCatalogue,
  defaultRegistry,
  explain,
  resolve,
  resolveCapabilities,
  supports,
} from '../default-registry.js';
export { compileTemplate, nameCandidates, stripDateSnapshot } from '../names/names.js';
export { closestName, closestNames, editDistance } from '../names/suggest.js';
export {
  type ImageFallback,
  type MediaDelivery,
  TOOL_RESULT_DELIVERIES,
  type ToolResultDeliveries,
  type ToolResultDelivery,
  type ToolResultDeliveryOptions,
  toolResultDeliveries,
  toolResultDelivery,
  WIRE_FALLBACK_FORMS,
} from '../resolution/delivery.js';
export type {
  CapabilityCheck,
  CapabilityClaims,
  CapabilityQuery,
  CapabilityValues,
  EffectiveCapabilities,
  EffectiveCapability,
  Lifecycle,
  LifecycleStatus,
  ModelEntry,
  ModelLimits,
  OfferingEntry,
  Pricing,
  ProviderAuth,
  ProviderCloud,
  ProviderCloudParam,
  ProviderEntry,
  ProviderQuirks,
  ProviderRequestBody,
  Registry,
  RegistryOptions,
  RequestFeatureClaims,
  Resolution,
  ResolutionVia,
} from '../types.js';
export {
  compareVersions,
  parseVersion,
  parseVersionRange,
  satisfiesRange,
  type Version,
} from '../version.js';
