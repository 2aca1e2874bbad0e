import { describe, expect, it } from 'vitest';
import { Image } from '../image.js';
import { PNG_BASE64 } from '../test-support/images.js';
import { bedrockImageFormat } from './bedrock.js';

describe('toBedrock (Converse image block)', () => {
  it('sends the payload as source.bytes with the Converse format name', () => {
    expect(Image.fromBase64(PNG_BASE64, { mediaType: 'image/png' }).toBedrock()).toEqual({
      image: { format: 'png', source: { bytes: PNG_BASE64 } },
    });
    expect(Image.fromBase64(PNG_BASE64, { mediaType: 'image/png' }).to('bedrock')).toEqual({
      image: { format: 'png', source: { bytes: PNG_BASE64 } },
    });
  });

  it('names the four formats Converse takes, and no other', () => {
    expect(
      ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/svg+xml'].map(
        bedrockImageFormat,
      ),
    ).toEqual(['png', 'jpeg', 'gif', 'webp', undefined, undefined]);
  });

  it('sniffs the format from the bytes when the image has no media type', () => {
    expect(Image.fromUrl(`data:;base64,${PNG_BASE64}`).toBedrock().image.format).toBe('png');
  });

  it('needs the bytes of a URL image: Converse fetches no URL', () => {
    expect(() => Image.fromUrl('https://example.com/cat.png').toBedrock()).toThrow(
      'toBedrock() needs the bytes of image https://example.com/cat.png, which have not been fetched: call await image.ensureBase64() first',
    );
  });

  it('refuses a type Converse does not take, naming the four it does', () => {
    const bmp = Image.fromBase64('Qk0eAAAAAAAAABoAAAAMAAAAAQABAAEAGAAAAP8A', {
      mediaType: 'image/bmp',
    });
    expect(() => bmp.toBedrock()).toThrow(
      expect.objectContaining({
        code: 'image_format_unsupported',
        message:
          'toBedrock() cannot send an image/bmp image: Converse takes only png, jpeg, gif and webp',
      }),
    );
  });
});
