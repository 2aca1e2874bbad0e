import { randomBytes } from 'node:crypto';
import { Image } from '@crosswire/content-image';
import { type CrosswireWarning, createToolCall } from '@crosswire/core';
import { preflight } from '@crosswire/dialects';
import { startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createEngine } from './engine.js';
import type { ImageLimitsMode } from './image-limits.js';

/** A solid image of `width` x `height`, made by sharp (no fixture file). */
async function solid(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } },
  })
    .toFormat(format)
    .toBuffer();
  return bytes.toString('base64');
}

/** A PNG of random pixels: incompressible, so `bytes` of pixels are about as many in the file. */
async function noise(width: number, height: number) {
  const pixels = randomBytes(width * height * 3);
  const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return bytes.toString('base64');
}

function engine(imageLimits?: ImageLimitsMode, unavailable = false) {
  const warnings: CrosswireWarning[] = [];
  const created = createEngine({
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    apiKey: 'k',
    baseUrl: 'http://127.0.0.1:9',
    onWarning: (warning) => warnings.push(warning),
    ...(imageLimits === undefined ? {} : { imageLimits }),
    ...(unavailable ? { imageLibrary: async () => undefined } : {}),
  });
  return { engine: created, warnings };
}

type Block = { type: string; text?: string; source?: { media_type: string; data: string } };

function userBlocks(body: Record<string, unknown>): Block[] {
  return (body.messages as { content: Block[] }[])[0]?.content ?? [];
}

async function sizeOf(base64: string) {
  const meta = await sharp(Buffer.from(base64, 'base64')).metadata();
  return [meta.format, meta.width, meta.height];
}

const wire = 'anthropic' as const;
const codes = (warnings: CrosswireWarning[]) => warnings.map((warning) => warning.code);

describe('imageLimits: over-limit images never go out as they are', () => {
  it("default with sharp installed is 'resize': a 9000 px side is scaled to 8000, aspect ratio and format kept", async () => {
    const { engine: e, warnings } = engine();
    const image = Image.fromBase64(await solid(9000, 90), { mediaType: 'image/png' });
    const body = await e.buildRequest([{ role: 'user', content: ['look', image] }]);
    const [, block] = userBlocks(body);
    expect(block?.source?.media_type).toBe('image/png');
    expect(await sizeOf(block?.source?.data ?? '')).toEqual(['png', 8000, 80]);
    expect(preflight(body, { wire }).violations).toEqual([]);
    expect(codes(warnings)).toEqual(['image_resized']);
    expect(warnings[0]?.message).toBe(
      'the image at messages[0].content[1] breaks the anthropic limit "no side of an image exceeds 8000 pixels" (anthropic-image-side); it was resized to fit',
    );
    // The next turn builds the same body: the resize is cached and not warned again.
    await e.buildRequest([{ role: 'user', content: ['look', image] }]);
    expect(codes(warnings)).toEqual(['image_resized']);
    await e.close();
  });

  it("default without sharp is 'placeholder': the image becomes the wire's placeholder, with a warning naming the limit", async () => {
    const { engine: e, warnings } = engine(undefined, true);
    const data = await solid(9000, 90);
    const body = await e.buildRequest([
      { role: 'user', content: ['look', Image.fromBase64(data, { mediaType: 'image/png' })] },
    ]);
    const size = Math.floor((data.length * 3) / 4);
    expect(userBlocks(body)).toEqual([
      { type: 'text', text: 'look' },
      { type: 'text', text: `[image] image/png (${size} bytes)` },
    ]);
    expect(preflight(body, { wire }).violations).toEqual([]);
    expect(warnings.map((warning) => [warning.code, warning.details?.rule])).toEqual([
      ['image_over_limit', 'anthropic-image-side'],
    ]);
    expect(warnings[0]?.message).toContain('"no side of an image exceeds 8000 pixels"');
    await e.close();
  });

  it("'resize' without sharp says so, then sends placeholders", async () => {
    const { engine: e, warnings } = engine('resize', true);
    const image = Image.fromBase64(await solid(8001, 10), { mediaType: 'image/png' });
    const body = await e.buildRequest([{ role: 'user', content: [image] }]);
    expect(userBlocks(body)[0]?.type).toBe('text');
    expect(codes(warnings)).toEqual(['image_resize_unavailable', 'image_over_limit']);
    await e.close();
  });

  it("'placeholder' does not resize even with sharp installed", async () => {
    const { engine: e, warnings } = engine('placeholder');
    const image = Image.fromBase64(await solid(8001, 10), { mediaType: 'image/png' });
    const body = await e.buildRequest([{ role: 'user', content: [image] }]);
    expect(userBlocks(body)[0]?.text).toMatch(/^\[image\] image\/png \(\d+ bytes\)$/);
    expect(codes(warnings)).toEqual(['image_over_limit']);
    await e.close();
  });

  it("'error' refuses with request_refused_preflight before any byte is sent", async () => {
    const simulator = await startSimulator();
    const warnings: CrosswireWarning[] = [];
    const e = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('anthropic', 'refuse'),
      imageLimits: 'error',
      onWarning: (warning) => warnings.push(warning),
    });
    const image = Image.fromBase64(await solid(8001, 10), { mediaType: 'image/png' });
    await expect(e.chat([{ role: 'user', content: [image] }])).rejects.toMatchObject({
      code: 'request_refused_preflight',
      rule: 'anthropic-image-side',
      path: 'messages[0].content[0].source.data',
    });
    expect(simulator.received('refuse')).toEqual([]);
    expect(warnings).toEqual([]);
    await e.close();
    await simulator.close();
  });

  it('an image over 5 MB of base64 is scaled until it fits, in a tool result too', async () => {
    const { engine: e, warnings } = engine();
    const data = await noise(1400, 1000); // about 4.2 MB of PNG, 5.6 MB of base64
    expect(data.length).toBeGreaterThan(5 * 1024 * 1024);
    const result = new ToolResult({
      name: 'screenshot',
      id: 'toolu_1',
      content: [{ type: 'image', data, mimeType: 'image/png' }],
    });
    const body = await e.buildRequest([
      { role: 'user', content: ['shoot'] },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          createToolCall({ id: 'toolu_1', name: 'screenshot', arguments: '{}', raw: {}, wire }),
        ],
      },
      { role: 'tool', results: [result] },
    ]);
    const message = (body.messages as { content: { content: Block[] }[] }[])[2];
    const image = message?.content[0]?.content.find((block) => block.type === 'image');
    const resized = image?.source?.data ?? '';
    expect(resized.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const [format, width, height] = await sizeOf(resized);
    expect(format).toBe('png');
    // Aspect ratio 1.4 kept (to a pixel).
    expect(Math.abs((width as number) / (height as number) - 1.4)).toBeLessThan(0.01);
    expect(preflight(body, { wire }).violations).toEqual([]);
    expect(warnings.map((warning) => warning.details?.rule)).toEqual(['anthropic-image-bytes']);
    await e.close();
    // Encoding megabytes of noise is slow on a loaded machine; a limit, not an assertion.
  }, 120_000);

  it('101 images: the oldest becomes a placeholder (resizing cannot help), the rest go out', async () => {
    const { engine: e, warnings } = engine();
    const small = await solid(10, 10);
    const images = Array.from({ length: 101 }, () =>
      Image.fromBase64(small, { mediaType: 'image/png' }),
    );
    const body = await e.buildRequest([{ role: 'user', content: images }]);
    const blocks = userBlocks(body);
    expect(blocks[0]).toEqual({ type: 'text', text: '[image] image/png (99 bytes)' });
    expect(blocks.slice(1).every((block) => block.type === 'image')).toBe(true);
    expect(preflight(body, { wire }).violations).toEqual([]);
    expect(warnings.map((warning) => warning.details?.rule)).toEqual(['anthropic-media-count']);
    await e.close();
  });

  it('21 images with a side over 2000 px: each is scaled to 2000 (the many-image limit)', async () => {
    const { engine: e, warnings } = engine();
    const wide = await solid(2400, 600, 'jpeg');
    const images = Array.from({ length: 21 }, () =>
      Image.fromBase64(wide, { mediaType: 'image/jpeg' }),
    );
    const body = await e.buildRequest([{ role: 'user', content: images }]);
    const blocks = userBlocks(body);
    expect(blocks).toHaveLength(21);
    for (const block of blocks) {
      expect(await sizeOf(block.source?.data ?? '')).toEqual(['jpeg', 2000, 500]);
    }
    expect(preflight(body, { wire }).violations).toEqual([]);
    // Warned once: the 21 images are one payload.
    expect(warnings.map((warning) => warning.details?.rule)).toEqual(['anthropic-many-image-side']);
    await e.close();
  });

  it('20 images with a side over 2000 px are within the limits and go out unchanged', async () => {
    const { engine: e, warnings } = engine();
    const wide = await solid(2400, 600, 'jpeg');
    const images = Array.from({ length: 20 }, () =>
      Image.fromBase64(wide, { mediaType: 'image/jpeg' }),
    );
    const body = await e.buildRequest([{ role: 'user', content: images }]);
    expect(userBlocks(body).map((block) => block.source?.data === wide)).toEqual(
      Array(20).fill(true),
    );
    expect(warnings).toEqual([]);
    await e.close();
  });
});
