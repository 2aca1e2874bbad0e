import { UnknownMediaKindError } from './errors.js';

/** The seven tool wire dialects. */
export const WIRE_FORMATS = [
  'openai',
  'anthropic',
  'gemini',
  'ollama',
  'responses',
  'hermes',
  'bedrock',
] as const;

/** One tool wire dialect: the tag that drives every per-wire rendering and parsing. */
export type WireFormat = (typeof WIRE_FORMATS)[number];

/** Media kinds a tool may return that some wires carry natively in a tool result. */
export const MEDIA_KINDS = ['image', 'pdf'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** What a wire's tool-result block can carry natively, per media kind. */
export interface NativeMediaFact {
  /** The result block has a native form for this kind (else the text placeholder). */
  readonly carries: boolean;
  /** The native form reaches only a model with `image_input` (the provider reads it by vision). */
  readonly needsVision: boolean;
}

const none: NativeMediaFact = { carries: false, needsVision: false };
const byVision: NativeMediaFact = { carries: true, needsVision: true };

/**
 * The one table of native tool-result media per wire: what each wire's tool-result block carries
 * natively, and whether a model needs vision to read it. A PDF on anthropic is read as extracted
 * text by a text-only model, so it does not need vision; on responses and gemini the provider reads
 * PDFs by vision.
 */
export const WIRE_NATIVE_MEDIA: Readonly<
  Record<WireFormat, Readonly<Record<MediaKind, NativeMediaFact>>>
> = {
  anthropic: { image: byVision, pdf: { carries: true, needsVision: false } },
  responses: { image: byVision, pdf: byVision },
  gemini: { image: byVision, pdf: byVision },
  openai: { image: none, pdf: none },
  ollama: { image: none, pdf: none },
  hermes: { image: none, pdf: none },
  // Converse: `image` and `document` members inside `toolResult.content`. Bedrock reads a
  // document for any model (as text where the model has no vision), like Anthropic's PDF.
  bedrock: { image: byVision, pdf: { carries: true, needsVision: false } },
};

/** True when `value` names one of the wire formats. */
export function isWireFormat(value: unknown): value is WireFormat {
  return typeof value === 'string' && (WIRE_FORMATS as readonly string[]).includes(value);
}

function mediaFact(wire: unknown, kind: unknown): NativeMediaFact {
  if (!(MEDIA_KINDS as readonly unknown[]).includes(kind)) throw new UnknownMediaKindError(kind);
  if (!isWireFormat(wire)) return none;
  return WIRE_NATIVE_MEDIA[wire][kind as MediaKind];
}

/**
 * True when the tool-result block of `wire` has a native form for `kind`: anthropic,
 * responses, gemini and bedrock for both kinds. False on every other wire, and on an unknown or
 * undefined one. Throws {@link UnknownMediaKindError} on an unknown kind.
 */
export function carriesNative(wire: WireFormat | string | undefined, kind: MediaKind): boolean {
  return mediaFact(wire, kind).carries;
}

/**
 * True when the native form of `kind` on `wire` reaches only a model that sees images: an
 * image on every wire that has a form, a PDF on responses and gemini. False for a PDF on
 * anthropic and bedrock and on a wire without a native form. Throws on an unknown kind.
 */
export function nativeNeedsVision(wire: WireFormat | string | undefined, kind: MediaKind): boolean {
  return mediaFact(wire, kind).needsVision;
}
