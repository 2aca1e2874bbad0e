import { ToolResultContent } from '../items.js';
import type { ToolResultInit } from '../tool-result.js';
import type { ToolResultToOptions } from '../wire-blocks.js';
import {
  BMP_BASE64,
  GIF_BASE64,
  JPEG_BASE64,
  PDF_BASE64,
  PNG_BASE64,
  TEXT_BLOB_BASE64,
  WAV_BASE64,
  WEBP_BASE64,
  ZIP_BASE64,
} from './samples.js';

/**
 * The golden cases: each is rendered on every wire under each of its option sets, and the
 * output is compared with `fixtures/wire/<name>.json` (recorded by `pnpm golden:record`).
 */
export interface GoldenCase {
  readonly name: string;
  /** The rule(s) of seed 000 / 004 the case pins. */
  readonly rule: string;
  readonly input: ToolResultInit;
  /** Option sets beyond the two every case gets (`{}` and all native media on). */
  readonly extraOptions?: readonly ToolResultToOptions[];
}

export const BASE_OPTION_SETS: readonly ToolResultToOptions[] = [
  {},
  { imageInput: true, nativePdf: true },
];

const id = 'call_1';

export const GOLDEN_CASES: readonly GoldenCase[] = [
  {
    name: 'text',
    rule: 'text joined with \\n on string wires; anthropic text keeps only text and cache_control',
    input: {
      name: 'get_weather',
      id,
      content: [
        { type: 'text', text: 'Sunny, 22C', annotations: { audience: ['user'] } },
        { type: 'text', text: 'Wind: 3 m/s', cache_control: { type: 'ephemeral' } },
      ],
    },
  },
  {
    name: 'image-png',
    rule: 'an image is a placeholder with its MIME type and size, never the payload; native with imageInput on anthropic, responses (data URL) and gemini (inlineData)',
    input: {
      name: 'screenshot',
      id,
      content: [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }],
    },
    extraOptions: [{ imageInput: true }],
  },
  {
    name: 'image-jpeg-webp',
    rule: 'JPEG and WebP are native on anthropic, responses and gemini',
    input: {
      name: 'photos',
      id,
      content: [
        { type: 'image', data: JPEG_BASE64, mimeType: 'image/jpeg' },
        { type: 'image', data: WEBP_BASE64, mimeType: 'image/webp' },
      ],
    },
  },
  {
    name: 'image-gif',
    rule: 'GIF is native on anthropic and responses, a placeholder on gemini',
    input: {
      name: 'animation',
      id,
      content: [{ type: 'image', data: GIF_BASE64, mimeType: 'image/gif' }],
    },
  },
  {
    name: 'image-bmp',
    rule: 'an image type no wire takes stays a placeholder even with imageInput',
    input: {
      name: 'bitmap',
      id,
      content: [{ type: 'image', data: BMP_BASE64, mimeType: 'image/bmp' }],
    },
  },
  {
    name: 'audio',
    rule: 'audio is a placeholder on every wire',
    input: {
      name: 'record',
      id,
      content: [{ type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav' }],
    },
  },
  {
    name: 'resource-text',
    rule: 'an embedded text resource is its text; on anthropic a text document whatever its MIME type (a text block with sourceBlocks: false)',
    input: {
      name: 'read_file',
      id,
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'file:///notes.md',
            mimeType: 'text/markdown',
            text: '# Notes\nbuy milk',
          },
        },
        {
          type: 'resource',
          resource: { uri: 'file:///data.json', mimeType: 'application/json', text: '{"a":1}' },
        },
      ],
    },
    extraOptions: [{ sourceBlocks: false }],
  },
  {
    name: 'resource-text-blob',
    rule: 'a text/* blob is decoded as UTF-8; on anthropic a text document',
    input: {
      name: 'read_file',
      id,
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'file:///gruss.txt',
            mimeType: 'text/plain; charset=utf-8',
            blob: TEXT_BLOB_BASE64,
          },
        },
      ],
    },
    extraOptions: [{ sourceBlocks: false }],
  },
  {
    name: 'resource-image-blob',
    rule: 'an embedded resource whose blob is an image follows the image rules',
    input: {
      name: 'read_file',
      id,
      content: [
        {
          type: 'resource',
          resource: { uri: 'file:///shots/a.png', mimeType: 'image/png', blob: PNG_BASE64 },
        },
      ],
    },
  },
  {
    name: 'resource-pdf-blob',
    rule: 'a PDF blob: anthropic base64 document unless nativePdf: false or sourceBlocks: false; responses input_file and gemini inlineData with nativePdf; placeholder elsewhere',
    input: {
      name: 'fetch_report',
      id,
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'file:///reports/Q3%20summary',
            mimeType: 'application/pdf',
            blob: PDF_BASE64,
          },
        },
      ],
    },
    extraOptions: [{ nativePdf: false }, { sourceBlocks: false }, { nativePdf: true }],
  },
  {
    name: 'pdf-filenames',
    rule: 'responses filename: percent-decoded last path segment, .pdf appended when missing, document.pdf for opaque URIs or empty paths',
    input: {
      name: 'fetch_reports',
      id,
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'https://example.com/files/Annual%20Report.PDF?v=2',
            mimeType: 'application/pdf',
            blob: PDF_BASE64,
          },
        },
        {
          type: 'resource',
          resource: { uri: 'urn:isbn:0451450523', mimeType: 'application/pdf', blob: PDF_BASE64 },
        },
        {
          type: 'resource',
          resource: {
            uri: 'data:application/pdf;base64,JVBERi0=',
            mimeType: 'application/pdf',
            blob: PDF_BASE64,
          },
        },
        {
          type: 'resource',
          resource: { uri: 'https://example.com', mimeType: 'application/pdf', blob: PDF_BASE64 },
        },
        {
          type: 'resource',
          resource: { uri: 's3://bucket/dir/', mimeType: 'application/pdf', blob: PDF_BASE64 },
        },
      ],
    },
    extraOptions: [{ nativePdf: true }],
  },
  {
    name: 'resource-other-blob',
    rule: 'a blob of another type is a placeholder naming type, MIME type, URI and size',
    input: {
      name: 'archive',
      id,
      content: [
        {
          type: 'resource',
          resource: { uri: 'file:///out/build.zip', mimeType: 'application/zip', blob: ZIP_BASE64 },
        },
      ],
    },
  },
  {
    name: 'office-documents',
    rule: 'a Word or Excel blob is a placeholder on every wire but bedrock with nativePdf, where it is a document block whose name keeps only what Converse accepts (report_2026.docx is named "report 2026")',
    input: {
      name: 'export',
      id,
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'file:///reports/report_2026.docx',
            mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            blob: ZIP_BASE64,
          },
        },
        {
          type: 'resource',
          resource: {
            uri: 'file:///reports/Q3%20(draft).xlsx',
            mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            blob: ZIP_BASE64,
          },
        },
      ],
    },
  },
  {
    name: 'resource-link',
    rule: 'a resource_link is [resource_link] name <uri> on every wire',
    input: {
      name: 'list_files',
      id,
      content: [
        {
          type: 'resource_link',
          uri: 'file:///project/README.md',
          name: 'README.md',
          mimeType: 'text/markdown',
        },
        {
          type: 'resource_link',
          uri: 'https://example.com/big.bin',
          name: 'big.bin',
          size: 1048576,
        },
      ],
    },
  },
  {
    name: 'anthropic-native-image',
    rule: 'Anthropic-native images pass through on anthropic whatever imageInput says; on responses (with imageInput) they are input_image parts, elsewhere placeholders',
    input: {
      name: 'render',
      id,
      content: [
        {
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
          cache_control: { type: 'ephemeral' },
        },
        { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
        { type: 'image', source: { type: 'file', file_id: 'file_011CNha8iCJcU1wXNR6q4V8w' } },
      ],
    },
  },
  {
    name: 'anthropic-native-documents',
    rule: 'Anthropic-native documents pass through on anthropic (nativePdf: false too); on string wires (and with sourceBlocks: false) a text source gives its text, a content source its parts joined with \\n, a PDF a placeholder',
    input: {
      name: 'docs',
      id,
      content: [
        {
          type: 'document',
          source: { type: 'text', media_type: 'text/plain', data: 'Plain text body' },
          title: 'Memo',
          citations: { enabled: true },
        },
        {
          type: 'document',
          source: {
            type: 'content',
            content: [
              { type: 'text', text: 'First part' },
              {
                type: 'image',
                source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
              },
              { type: 'text', text: 'Last part' },
            ],
          },
        },
        {
          type: 'document',
          source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
          title: 'Spec',
        },
        { type: 'document', source: { type: 'url', url: 'https://example.com/spec.pdf' } },
      ],
    },
    extraOptions: [{ sourceBlocks: false }, { nativePdf: false }],
  },
  {
    name: 'search-result',
    rule: 'search_result passes through on anthropic; elsewhere (and with sourceBlocks: false) [search_result] title <source> then its text parts',
    input: {
      name: 'search',
      id,
      content: [
        {
          type: 'search_result',
          source: 'https://example.com/kb/42',
          title: 'Article 42',
          content: [
            { type: 'text', text: 'First paragraph.' },
            { type: 'text', text: 'Second paragraph.' },
          ],
          citations: { enabled: true },
        },
      ],
    },
    extraOptions: [{ sourceBlocks: false }],
  },
  {
    name: 'json-item-alone',
    rule: 'a json item is its compact JSON text on string wires and a text block on anthropic; alone on gemini it is the JSON value in response.result',
    input: {
      name: 'lookup',
      id,
      content: [ToolResultContent.json({ city: 'Köln', temperature: 22, tags: ['sunny'] })],
    },
  },
  {
    name: 'json-item-mixed',
    rule: 'next to other items a json item is its compact JSON text on every wire, gemini too',
    input: {
      name: 'lookup',
      id,
      content: [ToolResultContent.text('Result:'), ToolResultContent.json({ ok: true, count: 3 })],
    },
  },
  {
    name: 'text-looks-like-json',
    rule: 'literal text is never reinterpreted as JSON, on any wire',
    input: { name: 'echo', id, content: [ToolResultContent.text('{"ok": true, "count": 3}')] },
  },
  {
    name: 'typed-images',
    rule: 'typed image items: base64 with detail is an MCP image; a URL image is an Anthropic URL image (passes through on anthropic), input_image with the URL on responses with imageInput, [image] <url> elsewhere',
    input: {
      name: 'gallery',
      id,
      content: [
        ToolResultContent.imageBase64(PNG_BASE64, { detail: 'high' }),
        ToolResultContent.imageUrl('https://example.com/photos/cat.png', { detail: 'low' }),
      ],
    },
  },
  {
    name: 'unknown-blocks',
    rule: 'unknown and malformed blocks are kept and sent as placeholders naming their type, MIME type, URI and size (when the data is base64), never their data',
    input: {
      name: 'odd',
      id,
      content: [
        { type: 'video', mimeType: 'video/mp4', uri: 'file:///clip.mp4', data: 'AAAAIGZ0eXBpc29t' },
        { type: 'image', data: 'not base64 !!!', mimeType: 'image/png' },
        { text: 'no type field' },
        'a bare string',
      ],
    },
  },
  {
    name: 'empty-content',
    rule: "empty content sends '' (gemini { result: '' })",
    input: { name: 'noop', id, content: [] },
  },
  {
    name: 'empty-content-structured',
    rule: 'empty content sends the JSON-encoded structuredContent on string wires and anthropic; gemini sends the object',
    input: {
      name: 'stats',
      id,
      content: [],
      structuredContent: { count: 3, items: ['a', 'b', 'c'] },
    },
  },
  {
    name: 'structured-with-content',
    rule: 'with content, string wires send the content; gemini sends structuredContent as the response whenever present',
    input: {
      name: 'stats',
      id,
      content: [{ type: 'text', text: '{"count":3}' }],
      structuredContent: { count: 3 },
    },
  },
  {
    name: 'is-error',
    rule: 'isError is carried as is_error: true on anthropic and as response.error on gemini; a success sends neither',
    input: {
      name: 'divide',
      id,
      isError: true,
      content: [{ type: 'text', text: 'division by zero' }],
    },
  },
  {
    name: 'empty-error',
    rule: "an error with no content: anthropic sends a short text (it refuses an empty error content), gemini { error: '' }, the others ''",
    input: { name: 'fail', id, isError: true, content: [] },
  },
  {
    name: 'blank-text',
    rule: 'anthropic leaves out empty and whitespace-only text blocks (it refuses them); string wires keep the text as it is',
    input: {
      name: 'echo',
      id,
      content: [
        { type: 'text', text: '' },
        { type: 'text', text: 'kept' },
        { type: 'text', text: ' \n' },
      ],
    },
  },
  {
    name: 'empty-id',
    rule: 'an empty id: gemini and ollama send no id at all',
    input: { name: 'get_time', id: '', content: [{ type: 'text', text: '12:00' }] },
  },
  {
    name: 'hermes-response-tag',
    rule: 'hermes wraps {"name","content"} in <tool_response>; responseTag renames the tag',
    input: { name: 'get_weather', id, content: [{ type: 'text', text: 'Sunny' }] },
    extraOptions: [{ responseTag: 'fn_response' }],
  },
  {
    name: 'mixed',
    rule: 'content order is kept; every block follows its own rule in one result',
    input: {
      name: 'inspect_page',
      id,
      content: [
        { type: 'text', text: 'Page loaded.' },
        { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: { uri: 'file:///page.html', mimeType: 'text/html', text: '<h1>Hi</h1>' },
        },
        {
          type: 'resource',
          resource: { uri: 'file:///page.pdf', mimeType: 'application/pdf', blob: PDF_BASE64 },
        },
        { type: 'resource_link', uri: 'file:///trace.zip', name: 'trace.zip' },
        { type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav' },
      ],
    },
    extraOptions: [{ imageInput: true }, { sourceBlocks: false, imageInput: true }],
  },
];
