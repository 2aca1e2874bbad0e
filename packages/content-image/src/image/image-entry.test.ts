import { describe, expect, it } from 'vitest';
import * as root from '../index.js';
import * as entry from './index.js';

describe('@crosswire/content-image/image', () => {
  it("exports exactly Image and parseImageUrl, the root entry's own values", () => {
    expect(Object.keys(entry).sort()).toEqual(['Image', 'parseImageUrl']);
    expect(entry.Image).toBe(root.Image);
    expect(entry.parseImageUrl).toBe(root.parseImageUrl);
  });

  it('builds and serialises an image as the root entry does', () => {
    const image = entry.Image.fromBase64('iVBORw0KGgo=', { mediaType: 'image/png' });
    expect(image).toBeInstanceOf(root.Image);
    expect(image.toAnthropic()).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' },
    });
    expect(entry.parseImageUrl('https://example.com/cat.png').href).toBe(
      'https://example.com/cat.png',
    );
  });
});
