import { describe, expect, test } from 'vitest';
import { mediaContent } from './provider-reading.js';

// Issue 27: a media type is case-insensitive (RFC 9110 §8.3.1), so `IMAGE/PNG` is an image.

describe('mediaContent', () => {
  test('an upper-case image media type is read as an image, lower-cased', () => {
    expect(mediaContent('IMAGE/PNG', 'iVBORw0KGgo=')).toEqual({
      type: 'image',
      data: 'iVBORw0KGgo=',
      mimeType: 'image/png',
    });
  });

  test('a PDF in any case is a base64 document, with its title', () => {
    expect(mediaContent('Application/PDF', 'JVBERi0=', 'report.pdf')).toEqual({
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
      title: 'report.pdf',
    });
    expect(mediaContent('application/pdf', 'JVBERi0=')).toEqual({
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
    });
  });

  test('anything else is a resource blob named by its title', () => {
    expect(mediaContent('TEXT/CSV', 'YSxi', 'table.csv')).toEqual({
      type: 'resource',
      resource: { uri: 'table.csv', mimeType: 'text/csv', blob: 'YSxi' },
    });
    expect(mediaContent('audio/wav', 'UklG')).toEqual({
      type: 'resource',
      resource: { uri: '', mimeType: 'audio/wav', blob: 'UklG' },
    });
  });
});
