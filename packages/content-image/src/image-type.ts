import {
  canonicalImageType,
  FTYP_BRANDS,
  IMAGE_SIGNATURES,
  ImageFetchError,
  imageBytesMatch,
  imageTypeFromSignature,
} from '@crosswire/core';

export const SVG_MEDIA_TYPE = 'image/svg+xml';

/** The image types whose bytes are checked against their signature; SVG aside, no other is taken. */
export const CHECKED_IMAGE_TYPES: readonly string[] = Object.freeze([
  ...Object.keys(IMAGE_SIGNATURES),
  ...Object.keys(FTYP_BRANDS),
]);

/**
 * Content-Types that say nothing about the bytes (a bucket's default); the bytes decide then.
 * Any other non-image type is an explicit statement that the body is no image.
 */
export const UNTYPED_CONTENT_TYPES: readonly string[] = Object.freeze([
  'application/octet-stream',
  'binary/octet-stream',
]);

/**
 * What an SVG document must not carry, ever: script elements, event-handler attributes,
 * `javascript:`/`vbscript:` links, embedded documents, entity declarations (they hide any of
 * the rest and expand without bound), and `data:` links to anything but a raster image.
 */
const SVG_ACTIVE_CONTENT: readonly {
  readonly pattern: RegExp;
  readonly what: string;
  /** Tested on the text as written, or on the link view (references decoded, blanks dropped). */
  readonly on: 'text' | 'links';
}[] = [
  { pattern: /<(?:[\w.-]+:)?script[\s/>]/i, what: 'a <script> element', on: 'text' },
  {
    pattern: /<(?:[\w.-]+:)?(?:foreignObject|iframe|embed|object|handler|listener)[\s/>]/i,
    what: 'an embedded document or handler element',
    on: 'text',
  },
  { pattern: /[\s"'/]on[a-z]+\s*=/i, what: 'an event-handler attribute (on...=)', on: 'text' },
  { pattern: /<!ENTITY/i, what: 'an entity declaration', on: 'text' },
  { pattern: /(?:java|vb)script:/, what: 'a javascript: or vbscript: link', on: 'links' },
  {
    pattern: /data:(?!image\/(?:png|jpeg|gif|webp)[;,])/,
    what: 'a data: link to something other than a raster image',
    on: 'links',
  },
];

function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** Character references decoded and whitespace and controls dropped, for the link checks. */
function linkView(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000),
    )
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal) % 0x110000))
    .replace(/&colon;/gi, ':')
    .replace(/&(?:tab|newline);/gi, '')
    .replace(/[^!-~\u0080-\uffff]+/g, '')
    .toLowerCase();
}

const SVG_ROOT =
  /^(?:\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*<(?:[\w.-]+:)?svg[\s/>]/i;

/** True when the bytes read as an SVG document (an `<svg>` root after the prolog). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  return SVG_ROOT.test(decodeText(bytes.subarray(0, 4096)).replace(/^\uFEFF/, ''));
}

/** Why an SVG document is refused: undefined for a plain drawing. */
export function svgRefusal(bytes: Uint8Array): string | undefined {
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  if (!SVG_ROOT.test(text)) return 'it is not an SVG document';
  const links = linkView(text);
  const active = SVG_ACTIVE_CONTENT.find(({ pattern, on }) =>
    pattern.test(on === 'text' ? text : links),
  );
  if (active !== undefined) return `it carries ${active.what}`;
  return undefined;
}

/** The refusal of an SVG image nobody asked for. */
export function svgNotAskedFor(where: string): ImageFetchError {
  return new ImageFetchError(
    'image_type_refused',
    `image at ${where} is SVG, which is refused unless asked for (allowSvg: true)`,
    { url: where, details: { claimed: SVG_MEDIA_TYPE, option: 'allowSvg' } },
  );
}

/** What is known about a payload before its type is settled. */
export interface ImageTypeEvidence {
  /** Where the bytes came from, for messages: a URL, or a data: URL's header. */
  readonly where: string;
  /** The whole payload (SVG is checked throughout; the binary types by their head). */
  readonly bytes: Uint8Array;
  /** The type the caller gave (`Image.fromUrl(url, { mediaType })`): a claim the bytes must prove. */
  readonly given?: string | undefined;
  /** The type the source declared: the response's Content-Type, or the type a data: URL writes. */
  readonly declared?: string | undefined;
  /** How `declared` is spoken of in messages. */
  readonly declaredAs: 'Content-Type' | 'data: URL type';
  /** The guess from the URL's extension, the weakest evidence. */
  readonly hint?: string | undefined;
  /** SVG is taken only when asked for (`allowSvg`), and never with active content. */
  readonly allowSvg: boolean;
}

function typeError(
  code: 'image_type_mismatch' | 'image_type_refused',
  where: string,
  message: string,
  details: Record<string, unknown>,
): ImageFetchError {
  return new ImageFetchError(code, message, { url: where, details });
}

/**
 * The media type a payload is stored with, once the bytes prove it. In order of authority: the
 * type the caller gave; else the declared image type; else what the bytes show; else the URL's
 * extension. Refused (`ImageFetchError`): an explicit non-image declared type, whatever the
 * path or bytes say (`image_type_mismatch`); bytes that are not the type (`image_type_mismatch`);
 * an image type whose bytes cannot be checked, and SVG unless `allowSvg` (and SVG with active
 * content always) (`image_type_refused`).
 */
export function verifiedImageType(evidence: ImageTypeEvidence): string {
  const { where, bytes } = evidence;
  const declared =
    evidence.declared === undefined ? undefined : canonicalImageType(evidence.declared);
  const detected = imageTypeFromSignature(bytes);
  if (
    declared !== undefined &&
    declared !== '' &&
    !declared.startsWith('image/') &&
    !UNTYPED_CONTENT_TYPES.includes(declared)
  ) {
    throw typeError(
      'image_type_mismatch',
      where,
      `image at ${where} is not an image (${evidence.declaredAs} ${declared})`,
      { declared, detected },
    );
  }
  const expected =
    (evidence.given === undefined ? undefined : canonicalImageType(evidence.given)) ??
    (declared?.startsWith('image/') ? declared : undefined) ??
    detected ??
    (looksLikeSvg(bytes) ? SVG_MEDIA_TYPE : undefined) ??
    (evidence.hint === undefined ? undefined : canonicalImageType(evidence.hint));
  if (expected === undefined) {
    throw typeError(
      'image_type_mismatch',
      where,
      `image at ${where} is not an image (${evidence.declaredAs} ${declared || 'absent'}, and its bytes match no known image format)`,
      { declared, detected },
    );
  }
  if (!expected.startsWith('image/')) {
    throw typeError(
      'image_type_mismatch',
      where,
      `image at ${where} is claimed as ${expected}, which is not an image type`,
      {
        claimed: expected,
        detected,
      },
    );
  }
  if (expected === SVG_MEDIA_TYPE) {
    if (!evidence.allowSvg) throw svgNotAskedFor(where);
    const refusal = svgRefusal(bytes);
    if (refusal !== undefined) {
      throw typeError(
        'image_type_refused',
        where,
        `image at ${where} is refused as SVG: ${refusal}`,
        {
          claimed: expected,
          reason: refusal,
        },
      );
    }
    return expected;
  }
  const matches = imageBytesMatch(bytes, expected);
  if (matches === undefined) {
    throw typeError(
      'image_type_refused',
      where,
      `image at ${where} is ${expected}, whose bytes cannot be checked; only ${CHECKED_IMAGE_TYPES.join(', ')} (and SVG when asked for) are taken`,
      { claimed: expected, detected },
    );
  }
  if (!matches) {
    throw typeError(
      'image_type_mismatch',
      where,
      `image at ${where} is ${detected ?? 'not an image of any known format'}, not the claimed ${expected}`,
      { claimed: expected, detected, declared },
    );
  }
  return expected;
}
