/**
 * Provider and model capability data, and the resolver that derives what a tool result can carry
 * to a model.
 *
 * @module @crosswire/registry
 */

export {
  CAPABILITY_NAMES,
  type CapabilityName,
  EVIDENCE_KINDS,
  type Evidence,
  isCapabilityName,
  MODEL_FACT_NAMES,
  QUIRK_NAMES,
  type QuirkName,
  type Tristate,
} from './capabilities.js';
export { renderCapabilitiesTable } from './capabilities-table.js';
export { type CreateRegistryOptions, createRegistry, type RegistryEntry } from './create.js';
export {
  capabilityValues,
  defaultRegistry,
  explain,
  resolve,
  resolveCapabilities,
  supports,
} from './default-registry.js';
export { compileTemplate, nameCandidates, stripDateSnapshot } from './names.js';
export type {
  CapabilityCheck,
  CapabilityClaims,
  CapabilityQuery,
  CapabilityValues,
  EffectiveCapabilities,
  EffectiveCapability,
  ModelEntry,
  ModelLimits,
  OfferingEntry,
  ProviderAuth,
  ProviderEntry,
  ProviderQuirks,
  Registry,
  RegistryOptions,
  Resolution,
  ResolutionVia,
} from './registry.js';
export {
  type Claim,
  type ConditionalClaim,
  claimSchema,
  type LabFile,
  type LabPatch,
  labFileSchema,
  labPatchSchema,
  type ModelData,
  modelSchema,
  type OfferingData,
  offeringSchema,
  type ProviderFile,
  type ProviderPatch,
  providerFileSchema,
  providerPatchSchema,
} from './schema.js';
export {
  checkRegistryFiles,
  formatIssue,
  parseRegistrySource,
  type RegistryFile,
  type RegistryIssue,
  type RegistrySource,
  validateRegistrySources,
} from './validate.js';
export {
  compareVersions,
  parseVersion,
  parseVersionRange,
  satisfiesRange,
  type Version,
} from './version.js';
