/**
 * Provider and model capability data, and the resolver that derives what a tool result can carry
 * to a model.
 *
 * @module @crosswire/registry
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
} from './capabilities.js';
export { renderCapabilitiesTable } from './capabilities-table.js';
export {
  type Catalogue,
  type CatalogueCost,
  type CatalogueModel,
  createCatalogue,
} from './catalogue/catalogue.js';
export type { DiscoverOptions } from './catalogue/listing/discover.js';
export type { LearnedEntry } from './catalogue/listing/learned.js';
export { LEARNED_LIMITS, learnedTextProblem } from './catalogue/listing/limits.js';
export {
  KIND_BY_ID,
  kindById,
  LISTING_KINDS,
  LISTING_READERS,
  type ListingKind,
  type ListingPage,
  type ListingReader,
  PROVIDER_LISTINGS,
} from './catalogue/listing/readers.js';
export { learnedSnapshotSchema } from './catalogue/listing/schema.js';
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
} from './catalogue/listing/types.js';
export {
  type CatalogueSnapshot,
  catalogueSnapshotSchema,
  MODEL_KINDS,
  type ModelKind,
} from './catalogue/schema.js';
export { type CreateRegistryOptions, createRegistry, type RegistryEntry } from './create.js';
export {
  capabilityValues,
  defaultCatalogue,
  defaultRegistry,
  explain,
  resolve,
  resolveCapabilities,
  supports,
} from './default-registry.js';
export { compileTemplate, nameCandidates, stripDateSnapshot } from './names/names.js';
export { closestName, closestNames, editDistance } from './names/suggest.js';
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
} from './resolution/delivery.js';
export {
  type Claim,
  type ConditionalClaim,
  claimSchema,
  type LabFile,
  type LabPatch,
  type LifecycleData,
  labFileSchema,
  labPatchSchema,
  lifecycleSchema,
  type ModelData,
  modelSchema,
  type OfferingData,
  offeringSchema,
  type PricingData,
  type ProviderFile,
  type ProviderPatch,
  pricingSchema,
  providerFileSchema,
  providerPatchSchema,
  type RetiredOfferingData,
  retiredOfferingSchema,
} from './schema.js';
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
} from './types.js';
export {
  checkRegistryFiles,
  dataDate,
  formatIssue,
  locatePath,
  parseRegistrySource,
  type RegistryFile,
  type RegistryIssue,
  type RegistrySource,
  validateRegistrySources,
} from './validation/validate.js';
export {
  compareVersions,
  parseVersion,
  parseVersionRange,
  satisfiesRange,
  type Version,
} from './version.js';
