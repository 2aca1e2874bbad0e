import { carriesNative, emitWarning, type WarningHandler, type WireFormat } from '@crosswire/core';
import {
  type CapabilityName,
  defaultRegistry,
  type ProviderQuirks,
  type Registry,
} from '@crosswire/registry/lookup';
import type { ToolResultToOptions } from '@crosswire/tool-result';
import { type CallOptions, chatModelRoute, type LangChainChatModel } from './chat-model.js';
import { WIRES } from './wires/index.js';

/** Overrides for how a model is looked up. */
export interface ModelLookupOptions {
  /** The registry provider id (default: from the chat model's class and LangChain provider name). */
  readonly provider?: string;
  /** The registry model name (default: the chat model's model name). */
  readonly model?: string;
  /** The wire whose body the LangChain integration writes (default: from the chat model's class). */
  readonly wire?: WireFormat;
  /** The registry to ask (default: Crosswire's bundled registry). */
  readonly registry?: Registry;
}

/** How a tool's images and PDFs reach a model that sees them but whose tool message cannot carry them. */
export interface FallbackOptions {
  /**
   * `user-message` (default, or the registry provider's `tool_result_image_fallback` quirk): in
   * one human message right after the tool messages, as `@crosswire/engines` sends them; `none`:
   * the tool message's text placeholder only.
   */
  readonly imageFallback?: 'none' | 'user-message';
}

/** The model a rendering is for: its wire and its registry names. */
export interface Target {
  readonly wire: WireFormat | undefined;
  readonly provider: string | undefined;
  readonly model: string;
}

/** How an image or a PDF a tool returned reaches the model. */
export type Delivery = 'native' | 'user-message' | 'placeholder';

/** What one rendering needs, worked out once per model. */
export interface Plan extends Target {
  readonly wire: WireFormat;
  /** False when the registry has no entry for the provider or names no such model. */
  readonly known: boolean;
  readonly toOptions: ToolResultToOptions;
  /** How each kind reaches the model. */
  readonly delivery: Readonly<Record<'image' | 'pdf', Delivery>>;
  readonly reasons: Readonly<Record<'image' | 'pdf', readonly string[]>>;
}

const ASKED = ['image_input', 'pdf_input', 'tool_result_images', 'tool_result_pdf'] as const;
type Asked = (typeof ASKED)[number];

/** What the registry says about a model: the four flags and their reasons. Never throws for unknown names. */
function registryFacts(registry: Registry, provider: string | undefined, model: string) {
  const flags: Record<Asked, boolean> = {
    image_input: false,
    pdf_input: false,
    tool_result_images: false,
    tool_result_pdf: false,
  };
  const reasons: Partial<Record<Asked, readonly string[]>> = {};
  if (provider === undefined || !registry.hasProvider(provider)) {
    return { known: false, flags, reasons, quirks: undefined as ProviderQuirks | undefined };
  }
  const resolution = registry.resolve({ provider, model });
  for (const capability of ASKED) {
    const effective = resolution.capabilities[capability as CapabilityName];
    flags[capability] = effective.value === true;
    reasons[capability] = effective.reasons;
  }
  return { known: resolution.known, flags, reasons, quirks: resolution.provider?.quirks };
}

/** The target of a LangChain chat model, with the options' overrides. */
export function chatModelTarget(
  chatModel: LangChainChatModel,
  options: ModelLookupOptions,
  callOptions?: CallOptions,
): Target & { readonly className: string } {
  const registry = options.registry ?? defaultRegistry;
  const route = chatModelRoute(chatModel, {
    ...(callOptions === undefined ? {} : { callOptions }),
    knowsProvider: (id) => registry.hasProvider(id),
  });
  return {
    wire: options.wire ?? route.wire,
    provider: options.provider ?? route.provider,
    model: options.model ?? route.model,
    className: route.className,
  };
}

/** The target named by options alone: the wire is the registry provider's unless `wire` says otherwise. */
export function namedTarget(options: ModelLookupOptions): Target {
  const registry = options.registry ?? defaultRegistry;
  const { provider } = options;
  const known = provider !== undefined && registry.hasProvider(provider);
  return {
    wire: options.wire ?? (known ? registry.provider(provider).wire : undefined),
    provider,
    model: options.model ?? '',
  };
}

const KIND_CAPABILITY = {
  image: { inToolResult: 'tool_result_images', seen: 'image_input', noun: 'an image' },
  pdf: { inToolResult: 'tool_result_pdf', seen: 'pdf_input', noun: 'a PDF' },
} as const satisfies Record<'image' | 'pdf', { inToolResult: Asked; seen: Asked; noun: string }>;

/**
 * How a model gets the images and PDFs a tool returned, from the wire's rule, what its LangChain
 * integration can put in a tool message, and the registry: native where both carry it and the
 * model sees it there, else in the human message after the results where that wire follows with
 * it and the model sees it at all, else the placeholder. Warns `unknown_model` (through
 * `onWarning`, when given) for a model the registry does not know.
 */
export function planFor(
  target: Target & { readonly wire: WireFormat },
  options: ModelLookupOptions &
    FallbackOptions & { readonly onWarning?: WarningHandler | undefined },
  warn = true,
): Plan {
  const registry = options.registry ?? defaultRegistry;
  const facts = registryFacts(registry, target.provider, target.model);
  if (!facts.known && warn) {
    emitWarning(options.onWarning, {
      code: 'unknown_model',
      message: `the registry does not know model "${target.model}" on provider "${target.provider ?? '(none)'}"; tool-result images and PDFs go as text placeholders`,
      details: { provider: target.provider, model: target.model },
    });
  }
  const wire = WIRES[target.wire];
  const fallback =
    (options.imageFallback ?? facts.quirks?.tool_result_image_fallback ?? 'user-message') !==
    'none';
  const plan = (kind: 'image' | 'pdf') => {
    const { inToolResult, seen, noun } = KIND_CAPABILITY[kind];
    const wireCarries = carriesNative(target.wire, kind);
    const native = wireCarries && wire.carries[kind] && facts.flags[inToolResult];
    const follows = kind === 'image' ? wire.follow?.images : wire.follow?.pdfs;
    const delivery: Delivery = native
      ? 'native'
      : fallback && follows === true && facts.flags[seen]
        ? 'user-message'
        : 'placeholder';
    const reasons = [
      `the ${target.wire} wire ${wireCarries ? 'carries' : 'cannot carry'} ${noun} inside a tool result`,
      ...(wireCarries && !wire.carries[kind]
        ? [`its LangChain integration cannot put ${noun} inside a tool message`]
        : []),
      ...(facts.known
        ? (facts.reasons[inToolResult] ?? [])
        : [
            `the registry does not know model "${target.model}" on provider "${target.provider ?? '(none)'}"; treated as not seeing it`,
          ]),
      ...(delivery === 'user-message'
        ? [
            `the model sees ${noun} (${seen}), so it goes in a user message right after the tool results`,
          ]
        : []),
    ];
    return { delivery, reasons };
  };
  const image = plan('image');
  const pdf = plan('pdf');
  return {
    ...target,
    known: facts.known,
    toOptions: {
      imageInput: image.delivery === 'native',
      nativePdf: pdf.delivery === 'native',
      sourceBlocks: facts.quirks?.source_blocks ?? true,
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    },
    delivery: { image: image.delivery, pdf: pdf.delivery },
    reasons: { image: image.reasons, pdf: pdf.reasons },
  };
}

/** The registry's answer to "does this model see an image / a PDF inside a tool result?", through LangChain. */
export interface InToolResultsAnswer {
  /** The model sees it inside the tool result as its LangChain integration sends it. */
  readonly supported: boolean;
  /**
   * How it reaches the model with `crosswireMiddleware`: `native` (inside the tool result),
   * `user-message` (in a user message right after the results) or `placeholder` (a text line).
   */
  readonly delivery: Delivery;
  /** The wire carries the kind natively inside a tool result at all. */
  readonly wireCarries: boolean;
  readonly wire: WireFormat | undefined;
  readonly provider: string | undefined;
  readonly model: string;
  readonly known: boolean;
  /** Why, in order: the wire's rule, the integration's, the registry's chain of reasons, the fallback. */
  readonly reasons: readonly string[];
}

/**
 * Whether a LangChain chat model (`ChatOpenAI`, `ChatAnthropic`, `ChatGoogleGenerativeAI`,
 * `ChatOllama`, a subclass of one, or `initChatModel`'s model) sees `kind` (default `'image'`)
 * inside a tool result, and how it reaches the model with `crosswireMiddleware`, answered from
 * Crosswire's registry with the reasons. `ChatOpenAI` with `useResponsesApi` is asked as the
 * Responses API. Never throws for a model or class Crosswire does not know.
 */
export function supportsInToolResults(
  chatModel: LangChainChatModel,
  kind: 'image' | 'pdf' = 'image',
  options: ModelLookupOptions & FallbackOptions = {},
): InToolResultsAnswer {
  const target = chatModelTarget(chatModel, options);
  const { wire, provider, model } = target;
  if (wire === undefined) {
    return {
      supported: false,
      delivery: 'placeholder',
      wireCarries: false,
      wire,
      provider,
      model,
      known: false,
      reasons: [
        `Crosswire does not know the LangChain class ${target.className}; pass options.wire and options.provider`,
      ],
    };
  }
  const plan = planFor({ wire, provider, model }, options, false);
  return {
    supported: plan.delivery[kind] === 'native',
    delivery: plan.delivery[kind],
    wireCarries: carriesNative(wire, kind),
    wire,
    provider,
    model,
    known: plan.known,
    reasons: plan.reasons[kind],
  };
}
