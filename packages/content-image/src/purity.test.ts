import { WIRE_FORMATS } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { callFrozen } from '../../../test-support/deep-freeze.js';
import { Image } from './image.js';
import { PNG_BASE64, PNG_BYTES } from './test-support/images.js';

// An Image is an immutable value and its serializers are pure (docs/images-and-fetching.md):
// the options and records given are read, never written, and serializing leaves the image
// as it was (its lossless record compared before and after).

const images = () => [
  callFrozen({ mediaType: 'image/png', detail: 'high' }, (options) =>
    Image.fromBase64(PNG_BASE64, options),
  ),
  callFrozen({ detail: 'low' }, (options) => Image.fromUrl('https://example.com/sky.png', options)),
  callFrozen({ mediaType: 'image/png' }, (options) => Image.fromData(PNG_BYTES, options)),
  callFrozen(
    { type: 'image', source: 'data-url', data: PNG_BASE64, mediaType: 'image/png' },
    (record) => Image.fromRecord(record as Parameters<typeof Image.fromRecord>[0]),
  ),
];

describe('pure: Image', () => {
  it('every serializer leaves the image and its options as they were', () => {
    for (const image of images()) {
      const record = image.toRecord();
      // A URL image is sent by URL; the inline forms need bytes it has not fetched.
      const byUrl = record.source === 'url';
      callFrozen({ inline: !byUrl }, (options) => {
        image.toOpenAI(options);
        image.toResponses(options);
        image.toAnthropic(options);
      });
      if (!byUrl) {
        callFrozen({ camelCase: true as const }, (options) => image.toGemini(options));
        image.toBedrock();
        image.toOllama();
        image.toLMStudio();
        image.dataUrl();
        for (const wire of WIRE_FORMATS)
          callFrozen({ inline: true }, (options) => image.to(wire, options));
      }
      expect(image.toRecord()).toEqual(record);
    }
  });
});
