import { ValidationError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asJson, asText, deserializeJson, ToolResult, ToolResultContent } from './index.js';
import { GIF_BASE64, PNG_BASE64 } from './test-support/samples.js';

const pngBytes = new Uint8Array(Buffer.from(PNG_BASE64, 'base64'));

describe('ToolResultContent builders', () => {
  it('builds text and json blocks', () => {
    expect(ToolResultContent.text('hello')).toEqual({ type: 'text', text: 'hello' });
    expect(ToolResultContent.json({ a: [1, 'x'], b: null })).toEqual({
      type: 'json',
      value: { a: [1, 'x'], b: null },
    });
    // Normalized to JSON: a Date becomes its string, undefined keys go.
    expect(ToolResultContent.json({ at: new Date(0), gone: undefined })).toEqual({
      type: 'json',
      value: { at: '1970-01-01T00:00:00.000Z' },
    });
  });

  it('builds images from base64, raw bytes and URLs', () => {
    expect(ToolResultContent.imageBase64(PNG_BASE64)).toEqual({
      type: 'image',
      data: PNG_BASE64,
      mimeType: 'image/png',
    });
    expect(
      ToolResultContent.imageBase64(GIF_BASE64, { mediaType: 'IMAGE/GIF', detail: 'low' }),
    ).toEqual({
      type: 'image',
      data: GIF_BASE64,
      mimeType: 'image/gif',
      detail: 'low',
    });
    expect(ToolResultContent.imageRaw(pngBytes, { detail: 'high' })).toEqual({
      type: 'image',
      data: PNG_BASE64,
      mimeType: 'image/png',
      detail: 'high',
    });
    expect(ToolResultContent.imageUrl('https://example.com/cat.jpg')).toEqual({
      type: 'image',
      source: { type: 'url', url: 'https://example.com/cat.jpg' },
      mimeType: 'image/jpeg',
    });
    expect(
      ToolResultContent.imageUrl('https://example.com/render', {
        mediaType: 'image/webp',
        detail: 'auto',
      }),
    ).toEqual({
      type: 'image',
      source: { type: 'url', url: 'https://example.com/render' },
      mimeType: 'image/webp',
      detail: 'auto',
    });
  });

  it('refuses bad input with typed errors', () => {
    expect(() => ToolResultContent.imageRaw(new Uint8Array([1, 2, 3]))).toThrow(
      new ValidationError(
        'image media type unknown: the bytes are not PNG, JPEG, GIF or WebP; pass mediaType',
        {
          path: 'mediaType',
          code: 'unknown_image_media_type',
        },
      ),
    );
    expect(() =>
      ToolResultContent.imageBase64(PNG_BASE64, { mediaType: 'application/pdf' }),
    ).toThrow("image media type must be image/*, got 'application/pdf'");
    expect(() => ToolResultContent.json(undefined)).toThrow(
      'json value is not JSON-serializable (undefined)',
    );
    expect(() => ToolResultContent.json(1n)).toThrow(ValidationError);
    expect(() => ToolResultContent.imageUrl('')).toThrow(
      'image url must be a non-empty string, got a string',
    );
  });

  it('items are valid ToolResult content', () => {
    const result = new ToolResult({
      name: 'mix',
      id: 'c',
      content: [
        ToolResultContent.text('t'),
        ToolResultContent.json({ n: 1 }),
        ToolResultContent.imageRaw(pngBytes),
        ToolResultContent.imageUrl('https://example.com/a.png'),
      ],
    });
    expect(result.content.map((block) => block.type)).toEqual(['text', 'json', 'image', 'image']);
    expect(result.to('openai').content).toBe(
      't\n{"n":1}\n[image] image/png (70 bytes)\n[image] image/png <https://example.com/a.png>',
    );
  });
});

describe('asText / asJson', () => {
  it('borrow the matching content and nothing else', () => {
    expect(asText(ToolResultContent.text('{"a":1}'))).toBe('{"a":1}');
    expect(asText(ToolResultContent.json({ a: 1 }))).toBeUndefined();
    expect(asJson(ToolResultContent.json({ a: 1 }))).toEqual({ a: 1 });
    expect(asJson(ToolResultContent.json(null))).toBeNull();
    // Text is never read as JSON by asJson.
    expect(asJson(ToolResultContent.text('{"a":1}'))).toBeUndefined();
    expect(asJson(ToolResultContent.imageBase64(PNG_BASE64))).toBeUndefined();
  });
});

describe('deserializeJson', () => {
  const Weather = z.object({ city: z.string(), temperature: z.number() });

  it('decodes a json item, and text only because it was asked to', () => {
    expect(
      deserializeJson(ToolResultContent.json({ city: 'Köln', temperature: 22 }), Weather),
    ).toEqual({
      city: 'Köln',
      temperature: 22,
    });
    expect(
      deserializeJson(ToolResultContent.text('{"city":"Bonn","temperature":19}'), Weather),
    ).toEqual({
      city: 'Bonn',
      temperature: 19,
    });
  });

  it('throws typed errors: not_json_item, invalid_json, schema_mismatch', () => {
    expect(() => deserializeJson(ToolResultContent.imageBase64(PNG_BASE64), Weather)).toThrow(
      new ValidationError(
        "cannot deserialize JSON from a 'image' item (only json and text items hold JSON)",
        {
          code: 'not_json_item',
        },
      ),
    );
    let error: unknown;
    try {
      deserializeJson(ToolResultContent.text('Sunny'), Weather);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).code).toBe('invalid_json');
    expect((error as ValidationError).message).toMatch(/^text item is not JSON: /);
    try {
      deserializeJson(ToolResultContent.json({ city: 'Köln', temperature: 'warm' }), Weather);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      code: 'schema_mismatch',
      path: 'temperature',
      message:
        'JSON does not match the schema: temperature: Invalid input: expected number, received string',
    });
  });

  it('never changes what goes on a wire', () => {
    const item = ToolResultContent.text('{"city":"Bonn","temperature":19}');
    const result = new ToolResult({ name: 'w', id: 'c', content: [item] });
    deserializeJson(result.content[0] as never, Weather);
    expect(result.to('gemini').functionResponse.response).toEqual({
      result: '{"city":"Bonn","temperature":19}',
    });
    expect(result.to('anthropic').content).toEqual([
      { type: 'text', text: '{"city":"Bonn","temperature":19}' },
    ]);
  });
});

describe('rig spellings', () => {
  const Weather = z.object({ city: z.string(), temperature: z.number() });

  it("image helpers take rig's positional (mediaType, detail) and its short type names", () => {
    expect(ToolResultContent.imageBase64(GIF_BASE64, 'image/gif', 'low')).toEqual({
      type: 'image',
      data: GIF_BASE64,
      mimeType: 'image/gif',
      detail: 'low',
    });
    expect(ToolResultContent.imageBase64(PNG_BASE64, 'PNG')).toEqual({
      type: 'image',
      data: PNG_BASE64,
      mimeType: 'image/png',
    });
    expect(ToolResultContent.imageRaw(pngBytes, undefined, 'high')).toEqual({
      type: 'image',
      data: PNG_BASE64,
      mimeType: 'image/png',
      detail: 'high',
    });
    expect(ToolResultContent.imageUrl('https://example.com/render', 'jpeg', 'auto')).toEqual({
      type: 'image',
      source: { type: 'url', url: 'https://example.com/render' },
      mimeType: 'image/jpeg',
      detail: 'auto',
    });
    expect(() => ToolResultContent.imageBase64(PNG_BASE64, 42 as never)).toThrow(
      'image options must be a media type string or an object, got a number',
    );
  });

  it('items carry asText, asJson and deserializeJson as methods, invisible to the wire', () => {
    const text = ToolResultContent.text('{"city":"Bonn","temperature":19}');
    const json = ToolResultContent.json({ city: 'Köln', temperature: 22 });
    const image = ToolResultContent.imageBase64(PNG_BASE64);
    expect(text.asText()).toBe('{"city":"Bonn","temperature":19}');
    expect(text.asJson()).toBeUndefined();
    expect(json.asJson()).toEqual({ city: 'Köln', temperature: 22 });
    expect(json.asText()).toBeUndefined();
    expect(image.asText()).toBeUndefined();
    expect(json.deserializeJson(Weather)).toEqual({ city: 'Köln', temperature: 22 });
    expect(text.deserializeJson(Weather)).toEqual({ city: 'Bonn', temperature: 19 });
    expect(text.deserializeJson()).toEqual({ city: 'Bonn', temperature: 19 });
    expect(deserializeJson(json)).toEqual({ city: 'Köln', temperature: 22 });
    expect(() => image.deserializeJson(Weather)).toThrow(ValidationError);
    // Non-enumerable: the item is still the plain block.
    expect(Object.keys(text)).toEqual(['type', 'text']);
    expect(JSON.stringify(json)).toBe('{"type":"json","value":{"city":"Köln","temperature":22}}');
    expect(text).toStrictEqual({ type: 'text', text: '{"city":"Bonn","temperature":19}' });
  });
});
