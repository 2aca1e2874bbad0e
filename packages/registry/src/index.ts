/**
 * Provider and model capability data, and the resolver that derives what a tool result can carry
 * to a model.
 *
 * @module @crosswire/registry
 */

export { renderCapabilitiesTable } from './capabilities-table.js';
export { learnedSnapshotSchema } from './catalogue/listing/schema.js';
export {
  type CatalogueSnapshot,
  catalogueSnapshotSchema,
  MODEL_KINDS,
  type ModelKind,
} from './catalogue/schema.js';
export { type CreateRegistryOptions, createRegistry, type RegistryEntry } from './create.js';
// What reads the registry; the rest of this entry builds and validates registry files.
export * from './lookup/index.js';
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
export {
  checkRegistryFiles,
  formatIssue,
  locatePath,
  parseRegistrySource,
  type RegistryFile,
  type RegistryIssue,
  type RegistrySource,
  validateRegistrySources,
} from './validation/validate.js';
