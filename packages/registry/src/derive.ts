import { carriesNative, type MediaKind, nativeNeedsVision, type WireFormat } from '@crosswire/core';
import type { Index, ProviderRecord } from './build-index.js';
import {
  CAPABILITY_NAMES,
  type CapabilityName,
  MODEL_FACT_NAMES,
  type Tristate,
} from './capabilities.js';
import { findModel } from './find-model.js';
import type { Claim, Condition, ConditionalClaim } from './schema.js';
import type { EffectiveCapability, ModelEntry, OfferingEntry, Resolution } from './types.js';
import { parseVersion, parseVersionRange, satisfiesRange } from './version.js';

function describeClaim(claim: Claim): string {
  const parts = [claim.evidence, claim.source, claim.date ? `checked ${claim.date}` : undefined]
    .filter((part) => part !== undefined)
    .join(', ');
  const note = claim.note ? `; ${claim.note}` : '';
  return parts === '' ? note : ` (${parts}${note})`;
}

function describeCondition(when: Condition | undefined): string {
  if (!when) return '';
  const parts = [
    when.family && `family ${when.family}`,
    when.variant && `variant ${when.variant}`,
    when.version && `version ${when.version}`,
    when.model && `model ${when.model}`,
  ].filter(Boolean);
  return ` for ${parts.join(', ')}`;
}

const MEDIA_OF = { tool_result_images: 'image', tool_result_pdf: 'pdf' } as const satisfies Record<
  string,
  MediaKind
>;

function conditionHolds(when: Condition | undefined, model: ModelEntry): boolean {
  if (!when) return true;
  if (when.family !== undefined && when.family !== model.family) return false;
  if (when.variant !== undefined && when.variant !== model.variant) return false;
  if (when.model !== undefined && when.model !== model.key) return false;
  if (when.version !== undefined) {
    const version = model.version === undefined ? undefined : parseVersion(model.version);
    const range = parseVersionRange(when.version);
    if (!version || !range || !satisfiesRange(version, range)) return false;
  }
  return true;
}

interface PickedClaim {
  readonly claim: Claim;
  readonly by: string;
}

function pickClaim(
  capability: CapabilityName,
  provider: ProviderRecord | undefined,
  offering: OfferingEntry | undefined,
  model: ModelEntry,
): PickedClaim | undefined {
  const offered = offering?.capabilities[capability];
  if (offered) {
    return { claim: offered, by: `offering "${offering?.id}" of provider "${provider?.entry.id}"` };
  }
  const given = provider?.data.capabilities?.[capability];
  if (given !== undefined) {
    const list: readonly ConditionalClaim[] = Array.isArray(given) ? given : [given];
    const matched = list.find((claim) => conditionHolds(claim.when, model));
    if (matched) {
      return {
        claim: matched,
        by: `provider "${provider?.entry.id}"${describeCondition(matched.when)}`,
      };
    }
  }
  const own = model.capabilities[capability];
  if (own) {
    return { claim: own, by: model.fromFamily ? `family ${model.family}` : `model ${model.key}` };
  }
  return undefined;
}

function effective(
  value: Tristate,
  claimed: Tristate,
  picked: PickedClaim | undefined,
  reasons: string[],
): EffectiveCapability {
  return Object.freeze({
    value,
    claimed,
    evidence: picked?.claim.evidence,
    source: picked?.claim.source,
    date: picked?.claim.date,
    reasons: Object.freeze(reasons),
  });
}

function factCapability(
  capability: CapabilityName,
  provider: ProviderRecord | undefined,
  offering: OfferingEntry | undefined,
  model: ModelEntry,
  preamble: readonly string[],
): EffectiveCapability {
  const picked = pickClaim(capability, provider, offering, model);
  if (!picked) {
    return effective('unknown', 'unknown', undefined, [
      ...preamble,
      `no claim for ${capability}: unknown (never read as true)`,
    ]);
  }
  const { claim, by } = picked;
  return effective(claim.value, claim.value, picked, [
    ...preamble,
    `${by} claims ${capability} = ${String(claim.value)}${describeClaim(claim)}`,
  ]);
}

/**
 * The rule of seed 000 (ADR 0039): a tool-result media capability holds only where the wire
 * carries the kind natively and, where that native form needs vision, the model sees images.
 */
function toolResultCapability(
  capability: 'tool_result_images' | 'tool_result_pdf',
  provider: ProviderRecord | undefined,
  offering: OfferingEntry | undefined,
  model: ModelEntry,
  wire: WireFormat | undefined,
  imageInput: EffectiveCapability,
  preamble: readonly string[],
): EffectiveCapability {
  const kind = MEDIA_OF[capability];
  const reasons = [...preamble];
  if (wire === undefined) {
    reasons.push(`no provider given: the wire decides ${capability}, so it is unknown`);
    return effective('unknown', 'unknown', undefined, reasons);
  }
  if (!carriesNative(wire, kind)) {
    reasons.push(
      `wire ${wire} has no native ${kind} form in a tool result (carriesNative("${wire}", "${kind}") is false): the ${kind} goes out as a text placeholder`,
    );
    return effective(false, false, undefined, reasons);
  }
  reasons.push(
    `wire ${wire} carries ${kind === 'image' ? 'an image' : 'a PDF'} natively in a tool result`,
  );
  const quirks = provider?.entry.quirks;
  const quirkSources = provider?.data.quirk_sources;
  if (quirks?.[capability] === 'never') {
    const provenance = quirkSources?.[capability];
    reasons.push(
      `provider "${provider?.entry.id}" quirk ${capability}: never${provenance ? describeClaim({ value: false, ...provenance }) : ''}: the ${kind} does not reach the model here`,
    );
    return effective(false, false, undefined, reasons);
  }
  if (kind === 'pdf' && wire === 'anthropic' && quirks?.source_blocks === false) {
    const provenance = quirkSources?.source_blocks;
    reasons.push(
      `provider "${provider?.entry.id}" quirk source_blocks: false${provenance ? describeClaim({ value: false, ...provenance }) : ''}: no document block in a tool_result, the PDF goes out as a placeholder`,
    );
    return effective(false, false, undefined, reasons);
  }
  const picked = pickClaim(capability, provider, offering, model);
  if (!picked) {
    reasons.push(`no claim for ${capability} on this endpoint: unknown (never read as true)`);
    return effective('unknown', 'unknown', undefined, reasons);
  }
  const { claim, by } = picked;
  reasons.push(`${by} claims ${capability} = ${String(claim.value)}${describeClaim(claim)}`);
  if (claim.value !== true) return effective(claim.value, claim.value, picked, reasons);
  if (!nativeNeedsVision(wire, kind)) {
    reasons.push(
      `kept: the native ${kind} form on ${wire} does not need vision (nativeNeedsVision("${wire}", "${kind}") is false); a text-only model reads it as extracted text`,
    );
    return effective(true, true, picked, reasons);
  }
  const seen = imageInput.value;
  if (seen === true) {
    reasons.push(
      `kept: the native ${kind} form on ${wire} needs vision and the model has image_input`,
    );
    return effective(true, true, picked, reasons);
  }
  reasons.push(
    seen === false
      ? `cleared: the native ${kind} form on ${wire} needs vision (nativeNeedsVision("${wire}", "${kind}")) and the model has no image_input`
      : `cleared to unknown: the native ${kind} form on ${wire} needs vision and the model's image_input is unknown`,
  );
  return effective(seen === false ? false : 'unknown', true, picked, reasons);
}

export function resolveUncached(
  index: Index,
  provider: ProviderRecord | undefined,
  requested: string,
): Resolution {
  const found = findModel(index, provider, requested);
  const providerLine = provider
    ? `provider "${provider.entry.id}" speaks the ${provider.entry.wire} wire`
    : 'no provider given';
  if (!found) {
    const reasons = Object.freeze([
      providerLine,
      `model "${requested}" is not in the registry: the default model, every capability unknown`,
    ]);
    const unknown = Object.freeze({
      value: 'unknown' as const,
      claimed: 'unknown' as const,
      evidence: undefined,
      source: undefined,
      date: undefined,
      reasons,
    });
    return Object.freeze({
      requested,
      provider: provider?.entry,
      model: undefined,
      offering: undefined,
      via: 'default',
      known: false,
      wire: provider?.entry.wire,
      limits: Object.freeze({}),
      steps: Object.freeze([`"${requested}" matches no offering, model, alias or family`]),
      capabilities: Object.freeze(
        Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, unknown])) as Record<
          CapabilityName,
          EffectiveCapability
        >,
      ),
    });
  }
  const { model, via, steps } = found;
  const offering = found.offering?.offering;
  const wire = offering?.wire ?? provider?.entry.wire;
  const wireLine =
    offering?.wire && provider
      ? `offering "${offering.id}" speaks the ${offering.wire} wire (provider "${provider.entry.id}" default: ${provider.entry.wire})`
      : providerLine;
  const preamble = [wireLine, `"${requested}" resolved to ${model.key}: ${steps.join('; ')}`];
  const capabilities = {} as Record<CapabilityName, EffectiveCapability>;
  for (const name of MODEL_FACT_NAMES) {
    capabilities[name] = factCapability(name, provider, offering, model, preamble);
  }
  for (const name of ['tool_result_images', 'tool_result_pdf'] as const) {
    capabilities[name] = toolResultCapability(
      name,
      provider,
      offering,
      model,
      wire,
      capabilities.image_input,
      preamble,
    );
  }
  return Object.freeze({
    requested,
    provider: provider?.entry,
    model,
    offering,
    via,
    known: true,
    wire,
    limits: Object.freeze({
      context: offering?.limits.context ?? model.limits.context,
      output: offering?.limits.output ?? model.limits.output,
    }),
    steps: Object.freeze([...steps]),
    capabilities: Object.freeze(capabilities),
  });
}
