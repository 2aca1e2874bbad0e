import type { MediaKind, WireFormat } from '@crosswire/core';
import { carriesNative } from '@crosswire/core';
import {
  type CapabilityName,
  defaultRegistry,
  type ImageFallback,
  type MediaDelivery,
  type ProviderQuirks,
  type Registry,
  type Resolution,
  type ToolResultDelivery,
  toolResultDelivery,
} from '@crosswire/registry/lookup';
import { registryProviderOf, routeOf } from './wires.js';

/** The model as the AI SDK names it: `model.provider` and `model.modelId`. */
export interface ModelIdentity {
  readonly provider: string;
  readonly modelId: string;
}

/** Overrides for how a model is looked up. */
export interface ModelLookupOptions {
  /** The registry provider id (default: from `model.provider`, e.g. `openai.chat` → `openai`). */
  readonly provider?: string;
  /** The registry model name (default: `model.modelId`). */
  readonly model?: string;
  /** The wire whose body the AI SDK provider writes (default: from `model.provider`). */
  readonly wire?: WireFormat;
  /** The registry to ask (default: Crosswire's bundled registry). */
  readonly registry?: Registry;
}

/** What Crosswire knows about the wrapped model. */
export interface ModelFacts {
  readonly wire: WireFormat | undefined;
  readonly provider: string | undefined;
  readonly model: string;
  /** False when the registry has no entry for the provider or names no such model. */
  readonly known: boolean;
  readonly flags: Readonly<Record<CapabilityName, boolean>>;
  readonly reasons: Readonly<Partial<Record<CapabilityName, readonly string[]>>>;
  readonly quirks: ProviderQuirks | undefined;
  /** The registry's resolution; undefined when the registry does not know the provider. */
  readonly resolution: Resolution | undefined;
}

function knowsProvider(registry: Registry, provider: string): boolean {
  try {
    registry.provider(provider);
    return true;
  } catch {
    return false;
  }
}

const ASKED = ['image_input', 'pdf_input', 'tool_result_images', 'tool_result_pdf'] as const;

/** The registry's answer for a model, as the AI SDK names it. Never throws for an unknown name. */
export function modelFacts(model: ModelIdentity, options: ModelLookupOptions = {}): ModelFacts {
  const route = routeOf(model.provider);
  const wire = options.wire ?? route?.wire;
  const provider =
    options.provider ??
    (route === undefined ? undefined : registryProviderOf(model.provider, route));
  const name = options.model ?? model.modelId;
  const registry = options.registry ?? defaultRegistry;
  const flags = Object.fromEntries(ASKED.map((capability) => [capability, false])) as Record<
    CapabilityName,
    boolean
  >;
  if (provider === undefined || !knowsProvider(registry, provider)) {
    return {
      wire,
      provider,
      model: name,
      known: false,
      flags,
      reasons: {},
      quirks: undefined,
      resolution: undefined,
    };
  }
  const resolution = registry.resolve({ provider, model: name });
  const reasons: Partial<Record<CapabilityName, readonly string[]>> = {};
  for (const capability of ASKED) {
    const effective = resolution.capabilities[capability];
    flags[capability] = effective.value === true;
    reasons[capability] = effective.reasons;
  }
  return {
    wire,
    provider,
    model: name,
    known: resolution.known,
    flags,
    reasons,
    quirks: resolution.provider?.quirks,
    resolution,
  };
}

/**
 * How a tool's `kind` reaches the model on the wire the AI SDK provider writes: the registry's
 * answer (`toolResultDelivery`), the one `@crosswire/engines` sends by.
 */
export function deliveryOf(
  facts: ModelFacts,
  kind: MediaKind,
  imageFallback: ImageFallback | undefined,
): MediaDelivery {
  if (facts.resolution === undefined) {
    return {
      delivery: 'placeholder',
      reasons: [
        `the registry does not know provider "${facts.provider ?? '?'}": a placeholder line only`,
      ],
    };
  }
  // A provider the registry knows, named by options.provider for an AI SDK id no route maps.
  if (facts.wire === undefined) {
    return {
      delivery: 'placeholder',
      reasons: ['no Crosswire wire to send it on: a placeholder line only'],
    };
  }
  return toolResultDelivery(
    { ...facts.resolution, wire: facts.wire },
    kind,
    imageFallback === undefined ? {} : { imageFallback },
  );
}

/** The registry's answer to "does this model see an image / a PDF inside a tool result?". */
export interface InToolResultsAnswer {
  /** The model sees it: `delivery` is not `placeholder`. */
  readonly supported: boolean;
  /**
   * How it reaches the model: `native` (inside the tool result), `user-message` (in a message
   * after the results, as `crosswireMiddleware` and `@crosswire/engines` send it), `tool-message`
   * or `placeholder` (a text line only). The same answer as `crosswire caps`.
   */
  readonly delivery: ToolResultDelivery;
  /** The wire carries the kind natively inside a tool result at all. */
  readonly wireCarries: boolean;
  readonly wire: WireFormat | undefined;
  readonly provider: string | undefined;
  readonly model: string;
  readonly known: boolean;
  /** Why, in order: the wire's rule, then the registry's chain of reasons. */
  readonly reasons: readonly string[];
}

const CAPABILITY_OF = {
  image: 'tool_result_images',
  pdf: 'tool_result_pdf',
} as const satisfies Record<'image' | 'pdf', CapabilityName>;

/** Options of {@link supportsInToolResults}: the lookup, and the middleware's `imageFallback`. */
export interface InToolResultsOptions extends ModelLookupOptions {
  /** The fallback `crosswireMiddleware` is given (default: the provider's, else `user-message`). */
  readonly imageFallback?: 'none' | 'user-message';
}

/**
 * Whether `model` (an AI SDK language model, or `{ provider, modelId }`) sees `kind` a tool
 * returned, and how (`delivery`), answered from Crosswire's registry with the reasons.
 */
export function supportsInToolResults(
  model: ModelIdentity,
  kind: 'image' | 'pdf',
  options: InToolResultsOptions = {},
): InToolResultsAnswer {
  const facts = modelFacts(model, options);
  const capability = CAPABILITY_OF[kind];
  const wireCarries = facts.wire === undefined ? false : carriesNative(facts.wire, kind);
  const wireReason =
    facts.wire === undefined
      ? `the AI SDK provider "${model.provider}" maps to no Crosswire wire; pass options.wire`
      : `the ${facts.wire} wire ${wireCarries ? 'carries' : 'cannot carry'} ${kind === 'image' ? 'an image' : 'a PDF'} inside a tool result`;
  const registryReasons =
    facts.provider === undefined || !facts.known
      ? [
          `the registry does not know model "${facts.model}" on provider "${facts.provider ?? model.provider}"; treated as not supported`,
        ]
      : (facts.reasons[capability] ?? []);
  const delivered = deliveryOf(facts, kind, options.imageFallback);
  return {
    supported: delivered.delivery !== 'placeholder',
    delivery: delivered.delivery,
    wireCarries,
    wire: facts.wire,
    provider: facts.provider,
    model: facts.model,
    known: facts.known,
    reasons: [wireReason, ...registryReasons, ...delivered.reasons],
  };
}
