import fc from 'fast-check';
import type { ToolResultToOptions } from '../wire-blocks.js';
import { GIF_BASE64, JPEG_BASE64, PNG_BASE64, WEBP_BASE64 } from './samples.js';

/*
 * fast-check generators of schema-valid content. Binary payloads are random bytes of at least
 * 48, so their base64 (64+ characters) is recognisable if it ever leaks into a string.
 */

const base64Payload = fc
  .uint8Array({ minLength: 48, maxLength: 240 })
  .map((bytes) => Buffer.from(bytes).toString('base64'));

const imageType = fc.constantFrom(
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/svg+xml',
);
const blobType = fc.constantFrom(
  'application/pdf',
  'image/png',
  'image/webp',
  'application/zip',
  'audio/mpeg',
  'application/octet-stream',
);
const uri = fc.constantFrom(
  'file:///tmp/out.bin',
  'file:///reports/Q3%20summary',
  'https://example.com/files/a.pdf',
  'urn:uuid:1234',
  's3://bucket/dir/',
  'mem://x',
);
const text = fc.string({ maxLength: 40 });

export const textBlock = fc.record({ type: fc.constant('text'), text });
export const imageBlock = fc.record({
  type: fc.constant('image'),
  data: base64Payload,
  mimeType: imageType,
});
export const audioBlock = fc.record({
  type: fc.constant('audio'),
  data: base64Payload,
  mimeType: fc.constantFrom('audio/wav', 'audio/mpeg'),
});
export const textResourceBlock = fc.record({
  type: fc.constant('resource'),
  resource: fc.record({
    uri,
    mimeType: fc.constantFrom('text/plain', 'application/json', 'text/html'),
    text,
  }),
});
export const textBlobBlock = fc.record({
  type: fc.constant('resource'),
  resource: fc.record({
    uri,
    mimeType: fc.constantFrom('text/plain', 'text/csv; charset=utf-8'),
    blob: text.map((value) => Buffer.from(value).toString('base64')),
  }),
});
export const blobBlock = fc.record({
  type: fc.constant('resource'),
  resource: fc.record({ uri, mimeType: blobType, blob: base64Payload }),
});
export const resourceLinkBlock = fc.record({
  type: fc.constant('resource_link'),
  uri,
  name: fc.string({ minLength: 1, maxLength: 20 }),
});
/** A real image payload of its type (so it may go natively), with random bytes after the signature. */
const provenImageSource = fc
  .tuple(
    fc.constantFrom(
      ['image/png', PNG_BASE64],
      ['image/jpeg', JPEG_BASE64],
      ['image/gif', GIF_BASE64],
      ['image/webp', WEBP_BASE64],
    ),
    fc.uint8Array({ minLength: 48, maxLength: 240 }),
  )
  .map(([[mediaType, head], tail]) => ({
    type: 'base64',
    media_type: mediaType,
    data: Buffer.concat([Buffer.from(head, 'base64'), tail]).toString('base64'),
  }));

export const nativeImageBlock = fc.oneof(
  fc.record({
    type: fc.constant('image'),
    source: fc.record({ type: fc.constant('base64'), media_type: imageType, data: base64Payload }),
  }),
  fc.record({ type: fc.constant('image'), source: provenImageSource }),
  fc.record({
    type: fc.constant('image'),
    source: fc.record({
      type: fc.constant('url'),
      url: fc.constant('https://example.com/cat.png'),
    }),
  }),
  fc.record({
    type: fc.constant('image'),
    source: fc.record({ type: fc.constant('file'), file_id: fc.constant('file_abc') }),
  }),
);
export const documentBlock = fc.oneof(
  fc.record(
    {
      type: fc.constant('document'),
      source: fc.record({
        type: fc.constant('text'),
        media_type: fc.constant('text/plain'),
        data: text,
      }),
      title: fc.option(text, { nil: undefined }),
    },
    { requiredKeys: ['type', 'source'] },
  ),
  fc.record({
    type: fc.constant('document'),
    source: fc.record({
      type: fc.constant('content'),
      content: fc.array(fc.oneof(textBlock, nativeImageBlock), { maxLength: 3 }),
    }),
  }),
  fc.record({
    type: fc.constant('document'),
    source: fc.record({
      type: fc.constant('base64'),
      media_type: fc.constant('application/pdf'),
      data: base64Payload,
    }),
  }),
  fc.record({
    type: fc.constant('document'),
    source: fc.record({ type: fc.constant('url'), url: fc.constant('https://example.com/a.pdf') }),
  }),
);
export const searchResultBlock = fc.record({
  type: fc.constant('search_result'),
  source: fc.webUrl(),
  title: text,
  content: fc.array(textBlock, { maxLength: 3 }),
});
export const jsonBlock = fc.record({ type: fc.constant('json'), value: fc.jsonValue() });

/** One schema-valid content block of any kind. */
export const blockArbitrary = fc.oneof(
  textBlock,
  imageBlock,
  audioBlock,
  textResourceBlock,
  textBlobBlock,
  blobBlock,
  resourceLinkBlock,
  nativeImageBlock,
  documentBlock,
  searchResultBlock,
  jsonBlock,
);

export const contentArbitrary = fc.array(blockArbitrary, { maxLength: 6 });

/**
 * Content a tool returns over MCP (plus typed json items and search results): no block a
 * caller built as an Anthropic image, nor a document that may hold one.
 */
export const mcpContentArbitrary = fc.array(
  fc.oneof(
    textBlock,
    imageBlock,
    audioBlock,
    textResourceBlock,
    textBlobBlock,
    blobBlock,
    resourceLinkBlock,
    searchResultBlock,
    jsonBlock,
  ),
  { maxLength: 6 },
);

export const optionsArbitrary: fc.Arbitrary<ToolResultToOptions> = fc.record(
  {
    imageInput: fc.boolean(),
    nativePdf: fc.boolean(),
    sourceBlocks: fc.boolean(),
    responseTag: fc.constantFrom('tool_response', 'fn_response'),
  },
  { requiredKeys: [] },
);

/** The base64 payloads in a content array (what must never reach a string wire as text). */
export function payloadsOf(content: readonly unknown[]): string[] {
  const payloads: string[] = [];
  const visit = (node: unknown, key?: string) => {
    if (typeof node === 'string') {
      if ((key === 'data' || key === 'blob') && node.length >= 64) payloads.push(node);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [childKey, child] of Object.entries(node))
      visit(child, Array.isArray(node) ? key : childKey);
  };
  visit(content);
  return payloads;
}
