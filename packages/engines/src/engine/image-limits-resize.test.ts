// applyImageLimits on its own, with a recording image library: what reaches the library (the
// sizes asked for, the format, sharp's bounds), how each try's size follows from the last, when
// the library is never called, and the warnings and the cache. The library is the module's
// injection point (sharp's API); the engine-level tests (image-limits.test.ts,
// image-bounds.test.ts) run the real sharp. Image headers are laid out byte by byte here, and
// every expected size is worked out by hand in its comment.
import { getEventListeners } from 'node:events';
import { AbortedError, type CrosswireWarning } from '@crosswire/core';
import { preflight } from '@crosswire/dialects';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { pngHeaderOfSize } from '../../../../test-support/png-header.js';
import {
  applyImageLimits,
  type ImageLibrary,
  type ImageLimitsOptions,
  ImageResizeError,
  imageLimitsCache,
  loadSharp,
  resizeConcurrency,
} from './image-limits.js';

const MB5 = 5 * 1024 * 1024;

/** A PNG signature and IHDR of `width` x `height` (32 base64 characters), zero bytes after. */
const png = pngHeaderOfSize;

/**
 * SOI and a JFIF APP0 segment, no frame header: a JPEG whose size the header does not tell
 * (21 bytes, 28 base64 characters without padding).
 */
const JPEG_HEAD = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  0x00, 0x01, 0x00, 0x00, 0x00,
]).toString('base64');

interface Recorder {
  readonly library: ImageLibrary;
  /** Every call, in order: `new <limitInputPixels>`, `metadata`, `resize WxH`, ... */
  readonly log: string[];
}

/**
 * A library answering `metadata` with `meta` and each `toBuffer` with the next of `outputs`
 * (a byte count: that many zero bytes; the last repeats). `fail` makes one step fail.
 */
function recorder(
  meta: { width?: number; height?: number },
  outputs: number[] = [3],
  fail?: 'construct' | 'metadata' | 'toBuffer',
  withTimeout = true,
): Recorder {
  const log: string[] = [];
  let made = 0;
  const library: ImageLibrary = (_input, options) => {
    log.push(`new ${options?.limitInputPixels}`);
    if (fail === 'construct') throw new Error('unsupported image');
    const pipeline = {
      metadata: async () => {
        log.push('metadata');
        if (fail === 'metadata') throw new Error('corrupt header');
        return { ...meta, format: 'png' };
      },
      resize: (target: { width: number; height: number; fit: string }) => {
        log.push(`resize ${target.width}x${target.height} ${target.fit}`);
        return pipeline;
      },
      toFormat: (format: string) => {
        log.push(`toFormat ${format}`);
        return pipeline;
      },
      ...(withTimeout
        ? {
            timeout: (options: { seconds: number }) => {
              log.push(`timeout ${options.seconds}`);
              return pipeline;
            },
          }
        : {}),
      toBuffer: async () => {
        log.push('toBuffer');
        if (fail === 'toBuffer') throw new Error('out of memory');
        const count = outputs[Math.min(made++, outputs.length - 1)] ?? 3;
        return new Uint8Array(count);
      },
    };
    return pipeline;
  };
  return { library, log };
}

const image = (data: string, mediaType = 'image/png') => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data },
});
const anthropic = (...content: unknown[]) => ({
  model: 'claude-sonnet-5-5',
  max_tokens: 64,
  messages: [{ role: 'user', content }],
});
const blocks = (body: Record<string, unknown>) =>
  (body.messages as { content: unknown[] }[])[0]?.content;

async function apply(
  body: Record<string, unknown>,
  library: Recorder | undefined,
  options: Partial<ImageLimitsOptions> = {},
) {
  const warnings: CrosswireWarning[] = [];
  let loads = 0;
  const out = await applyImageLimits(body, 'anthropic', {
    mode: 'resize',
    loader: async () => {
      loads++;
      return library?.library;
    },
    cache: imageLimitsCache(),
    onWarning: (warning) => warnings.push(warning),
    ...options,
  });
  return { out, warnings, loads };
}

/** Asserts the warning codes a call gave (every call that provokes one says which). */
async function warned(call: ReturnType<typeof apply>, codes: string[]) {
  expect((await call).warnings.map((warning) => warning.code)).toEqual(codes);
}

const SIDE = 'no side of an image exceeds 8000 pixels';
const BYTES = 'an image is at most 5242880 bytes of base64';
const NOT_RASTER =
  'its bytes are no PNG, JPEG, WebP or GIF of the type it is labelled, which alone are resized';

describe('resize: what the library is asked for', () => {
  it('a side over 8000: metadata, then one resize to 8000 on the longest side, format kept, with sharp’s bounds', async () => {
    const library = recorder({ width: 16_000, height: 160 });
    const { out, warnings } = await apply(anthropic(image(png(16_000, 160))), library);
    // 8000 / 16000 = 0.5: 8000 x 80. The default bounds: 100 000 000 pixels, 10 s.
    expect(library.log).toEqual([
      'new 100000000',
      'metadata',
      'new 100000000',
      'resize 8000x80 inside',
      'toFormat png',
      'timeout 10',
      'toBuffer',
    ]);
    // Three zero bytes are 'AAAA' in base64.
    expect(blocks(out)).toEqual([image('AAAA')]);
    expect(warnings).toEqual([
      {
        code: 'image_resized',
        message: `the image at messages[0].content[0] breaks the anthropic limit "${SIDE}" (anthropic-image-side); it was resized to fit`,
        details: {
          wire: 'anthropic',
          path: 'messages[0].content[0]',
          rule: 'anthropic-image-side',
          bytes: 44,
        },
      },
    ]);
  });

  it('the size the library reads wins over the header’s, and a label alias keeps its format', async () => {
    const library = recorder({ width: 32_000, height: 320 });
    const jpeg = `${JPEG_HEAD}${'A'.repeat(MB5 + 4 - JPEG_HEAD.length)}`;
    await warned(apply(anthropic(image(png(16_000, 160))), library), ['image_resized']);
    // 8000 / 32000 = 0.25: 8000 x 80.
    expect(library.log).toContain('resize 8000x80 inside');
    // A JPEG labelled image/jpg, too large in bytes, its size unknown to the header: the
    // library's 1000 x 500; the byte scale sqrt(5242880 / 5242884) x 0.95 = 0.9499996: 949 x 474.
    const second = recorder({ width: 1000, height: 500 });
    const { out } = await apply(anthropic(image(jpeg, 'image/jpg')), second);
    expect(second.log.slice(3, 5)).toEqual(['resize 949x474 inside', 'toFormat jpeg']);
    expect(blocks(out)).toEqual([image('AAAA', 'image/jpg')]);
  });

  it('too many bytes: the first try scales by the payload’s length (x 0.95), each next by what is still too much (x 0.9)', async () => {
    // 20 971 520 characters, four times the limit: sqrt(1/4) x 0.95 = 0.475, 1001 x 401 ->
    // 475 x 190. A first output of 4 000 000 bytes is 5 333 336 characters, still too many:
    // 0.475 x sqrt(5242880 / 5333336) x 0.9 = 0.42386 -> 424 x 169. The second fits.
    const data = png(1001, 401, 4 * MB5);
    const library = recorder({ width: 1001, height: 401 }, [4_000_000, 3]);
    const { out, warnings } = await apply(anthropic(image(data)), library);
    expect(library.log.filter((entry) => entry.startsWith('resize'))).toEqual([
      'resize 475x190 inside',
      'resize 424x169 inside',
    ]);
    expect(blocks(out)).toEqual([image('AAAA')]);
    expect(warnings.map((warning) => warning.details)).toEqual([
      {
        wire: 'anthropic',
        path: 'messages[0].content[0]',
        rule: 'anthropic-image-bytes',
        bytes: 4 * MB5,
      },
    ]);
  });

  it('six tries still too large: the placeholder, saying why', async () => {
    // Each further try x sqrt(5242880 / 5333336) x 0.9 = x 0.89233: 0.37822, 0.33750,
    // 0.30117, 0.26874 of 1001 x 401.
    const data = png(1001, 401, 4 * MB5);
    const library = recorder({ width: 1001, height: 401 }, [4_000_000]);
    const { out, warnings } = await apply(anthropic(image(data)), library);
    expect(library.log.filter((entry) => entry.startsWith('resize'))).toEqual([
      'resize 475x190 inside',
      'resize 424x169 inside',
      'resize 378x151 inside',
      'resize 337x135 inside',
      'resize 301x120 inside',
      'resize 269x107 inside',
    ]);
    // 20 971 520 characters of base64 are 15 728 640 bytes.
    const text = '[image] image/png (15728640 bytes)';
    expect(blocks(out)).toEqual([{ type: 'text', text }]);
    expect(warnings).toEqual([
      {
        code: 'image_over_limit',
        message: `the image at messages[0].content[0] breaks the anthropic limit "${BYTES}" (anthropic-image-bytes); it is sent as the placeholder ${text} (not resized: six smaller sizes still broke the limit)`,
        details: {
          wire: 'anthropic',
          path: 'messages[0].content[0]',
          rule: 'anthropic-image-bytes',
          bytes: 4 * MB5,
        },
      },
    ]);
  });

  it('the byte scale applies only above the limit in bytes; an output of exactly the limit is kept', async () => {
    // A side over 8000 (8200 x 100), 5 000 000 characters: under the limit, so only the side
    // counts: 8000 / 8200 -> 8000 x 97 (not sqrt(5242880 / 5000000) x 0.95 = 0.9728 -> 7976).
    const under = recorder({ width: 8200, height: 100 });
    await warned(apply(anthropic(image(png(8200, 100, 5_000_000))), under), ['image_resized']);
    expect(under.log).toContain('resize 8000x97 inside');
    // Exactly the limit: still not over (0.95 would give 7790 x 95).
    const exact = recorder({ width: 8200, height: 100 });
    await warned(apply(anthropic(image(png(8200, 100, MB5))), exact), ['image_resized']);
    expect(exact.log).toContain('resize 8000x97 inside');
    // An output of 3 932 160 bytes is 5 242 880 characters: it fits, one try.
    const fits = recorder({ width: 1001, height: 401 }, [3_932_160, 3]);
    const { out } = await apply(anthropic(image(png(1001, 401, 4 * MB5))), fits);
    expect(fits.log.filter((entry) => entry === 'toBuffer')).toHaveLength(1);
    expect(((blocks(out) ?? [])[0] as { source: { data: string } }).source.data.length).toBe(MB5);
  });

  it('a tiny image is never asked for less than 1 x 1', async () => {
    // 1 x 40000: 8000 / 40000 = 0.2 -> 0.2 x 1 = 0.2, at least 1.
    const library = recorder({ width: 1, height: 40_000 });
    await warned(apply(anthropic(image(png(1, 40_000))), library), ['image_resized']);
    expect(library.log).toContain('resize 1x8000 inside');
  });

  it('sharp’s timeout is the time left, in whole seconds, at least one; a library without one is fine', async () => {
    const library = recorder({ width: 16_000, height: 160 });
    await warned(
      apply(anthropic(image(png(16_000, 160))), library, { resize: { timeoutMs: 2_500 } }),
      ['image_resized'],
    );
    expect(library.log).toContain('timeout 3');
    const short = recorder({ width: 16_000, height: 160 });
    await warned(apply(anthropic(image(png(16_000, 160))), short, { resize: { timeoutMs: 900 } }), [
      'image_resized',
    ]);
    expect(short.log).toContain('timeout 1');
    const without = recorder({ width: 16_000, height: 160 }, [3], undefined, false);
    const { out } = await apply(anthropic(image(png(16_000, 160))), without);
    expect(blocks(out)).toEqual([image('AAAA')]);
  });
});

describe('resize: when the library is never asked, or fails', () => {
  it('more pixels than imageResize.maxPixels, by the header: a placeholder, never decoded; exactly as many: resized', async () => {
    // 16000 x 160 = 2 560 000 pixels.
    const over = recorder({ width: 16_000, height: 160 });
    const { warnings } = await apply(anthropic(image(png(16_000, 160))), over, {
      resize: { maxPixels: 2_559_999 },
    });
    expect(over.log).toEqual([]);
    expect(warnings[0]?.message).toMatch(
      /\(not resized: it has 2560000 pixels, more than imageResize\.maxPixels \(2559999\)\)$/,
    );
    const exact = recorder({ width: 16_000, height: 160 });
    await warned(
      apply(anthropic(image(png(16_000, 160))), exact, { resize: { maxPixels: 2_560_000 } }),
      ['image_resized'],
    );
    expect(exact.log).toEqual([
      'new 2560000',
      'metadata',
      'new 2560000',
      'resize 8000x80 inside',
      'toFormat png',
      'timeout 10',
      'toBuffer',
    ]);
  });

  it('more pixels by the library’s reading than the header said: refused after metadata', async () => {
    const library = recorder({ width: 32_000, height: 320 });
    const { warnings } = await apply(anthropic(image(png(16_000, 160))), library, {
      resize: { maxPixels: 5_000_000 },
    });
    expect(library.log).toEqual(['new 5000000', 'metadata']);
    expect(warnings[0]?.message).toMatch(
      /\(not resized: it has 10240000 pixels, more than imageResize\.maxPixels \(5000000\)\)$/,
    );
  });

  it('no size from the header or the library: the placeholder, saying so; the header’s size when the library has none', async () => {
    const jpeg = `${JPEG_HEAD}${'A'.repeat(MB5 + 4 - JPEG_HEAD.length)}`;
    const library = recorder({});
    const { warnings } = await apply(anthropic(image(jpeg, 'image/jpeg')), library);
    expect(library.log).toEqual(['new 100000000', 'metadata']);
    expect(warnings[0]?.message).toMatch(/\(not resized: its size cannot be read\)$/);
    // A width without a height is no size either.
    const widthOnly = recorder({ width: 1000 });
    await warned(apply(anthropic(image(jpeg, 'image/jpeg')), widthOnly), ['image_over_limit']);
    expect(widthOnly.log).toEqual(['new 100000000', 'metadata']);
    const headerOnly = recorder({});
    await warned(apply(anthropic(image(png(16_000, 160))), headerOnly), ['image_resized']);
    expect(headerOnly.log).toContain('resize 8000x80 inside');
  });

  it('a library that throws or rejects at any step: the placeholder, "could not resize it"', async () => {
    for (const [fail, log] of [
      ['construct', ['new 100000000']],
      ['metadata', ['new 100000000', 'metadata']],
      [
        'toBuffer',
        [
          'new 100000000',
          'metadata',
          'new 100000000',
          'resize 8000x80 inside',
          'toFormat png',
          'timeout 10',
          'toBuffer',
        ],
      ],
    ] as const) {
      const library = recorder({ width: 16_000, height: 160 }, [3], fail);
      const { out, warnings } = await apply(anthropic(image(png(16_000, 160))), library);
      expect(library.log).toEqual(log);
      expect(blocks(out)).toEqual([{ type: 'text', text: '[image] image/png (33 bytes)' }]);
      expect(warnings[0]?.message).toMatch(
        /\(not resized: the image library could not resize it\)$/,
      );
    }
  });

  it('only a PNG, JPEG, WebP or GIF whose bytes are of its label reaches the library', async () => {
    const gif = Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x50, 0x46, 0x0a, 0x00]).toString(
      'base64',
    );
    for (const [data, mediaType] of [
      [png(16_000, 160), 'image/svg+xml'],
      [png(16_000, 160), 'image/bmp'],
      [png(16_000, 160), 'image/jpeg'],
      // A GIF header (18000 x 10) labelled image/png.
      [`${gif}${'A'.repeat(16)}`, 'image/png'],
      // Not base64 past the header.
      [`${png(16_000, 160)}!!!!`, 'image/png'],
      // A real BMP signature ('BM') labelled image/bmp, too large in bytes: no format to write.
      [`Qk0A${'A'.repeat(MB5)}`, 'image/bmp'],
    ] as const) {
      const library = recorder({ width: 16_000, height: 160 });
      const { warnings } = await apply(anthropic(image(data, mediaType)), library);
      expect(library.log).toEqual([]);
      expect(
        warnings.map((warning) => warning.message.endsWith(`(not resized: ${NOT_RASTER})`)),
      ).toEqual([true]);
    }
  });
});

describe('modes, warnings and the cache', () => {
  it("'error', or nothing over a limit: the body itself, the library never loaded", async () => {
    const over = anthropic(image(png(16_000, 160)));
    const error = await apply(over, recorder({}), { mode: 'error' });
    expect(error.out).toBe(over);
    expect([error.loads, error.warnings]).toEqual([0, []]);
    const fine = anthropic(image(png(8000, 8000)));
    const within = await apply(fine, recorder({}));
    expect(within.out).toBe(fine);
    expect([within.loads, within.warnings]).toEqual([0, []]);
  });

  it("'placeholder' never loads the library; its warning gives no reason", async () => {
    const { out, warnings, loads } = await apply(
      anthropic(image(png(16_000, 160), 'IMAGE/PNG')),
      recorder({}),
      {
        mode: 'placeholder',
      },
    );
    expect(loads).toBe(0);
    expect(blocks(out)).toEqual([{ type: 'text', text: '[image] image/png (33 bytes)' }]);
    expect(warnings.map((warning) => warning.message)).toEqual([
      `the image at messages[0].content[0] breaks the anthropic limit "${SIDE}" (anthropic-image-side); it is sent as the placeholder [image] image/png (33 bytes)`,
    ]);
  });

  it("no library: 'resize' says so first; the default ('resize' when it loads) says nothing more", async () => {
    const body = anthropic(image(png(16_000, 160)));
    const asked = await apply(body, undefined);
    expect(asked.warnings.map((warning) => [warning.code, warning.details])).toEqual([
      ['image_resize_unavailable', { wire: 'anthropic' }],
      [
        'image_over_limit',
        {
          wire: 'anthropic',
          path: 'messages[0].content[0]',
          rule: 'anthropic-image-side',
          bytes: 44,
        },
      ],
    ]);
    expect(asked.warnings[0]?.message).toBe(
      "imageLimits 'resize' needs the optional dependency sharp, which is not installed; over-limit images are sent as placeholders",
    );
    const byDefault = await apply(body, undefined, { mode: undefined });
    expect(byDefault.loads).toBe(1);
    expect(byDefault.warnings.map((warning) => warning.code)).toEqual(['image_over_limit']);
  });

  it('only too many images (nothing a resize can fix): the library is not loaded', async () => {
    const small = png(10, 10);
    const { out, loads, warnings } = await apply(
      anthropic(...Array.from({ length: 101 }, () => image(small))),
      recorder({}),
    );
    expect(loads).toBe(0);
    expect(blocks(out)?.[0]).toEqual({ type: 'text', text: '[image] image/png (33 bytes)' });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'the image at messages[0].content[0] breaks the anthropic limit "a request holds at most 100 images and documents" (anthropic-media-count); it is sent as the placeholder [image] image/png (33 bytes)',
    ]);
  });

  it('too many images and one too large: the oldest is a placeholder, the large one resized', async () => {
    const small = png(10, 10);
    const large = png(16_000, 160);
    const library = recorder({ width: 16_000, height: 160 });
    const { out, loads } = await apply(
      anthropic(...Array.from({ length: 100 }, () => image(small)), image(large)),
      library,
    );
    expect(loads).toBe(1);
    const content = blocks(out) ?? [];
    expect(content[0]).toEqual({ type: 'text', text: '[image] image/png (33 bytes)' });
    expect(content[100]).toEqual(image('AAAA'));
    expect(library.log.filter((entry) => entry === 'metadata')).toHaveLength(1);
  });

  it('a placeholder is warned about once per payload and rule with one cache', async () => {
    const cache = imageLimitsCache();
    const body = anthropic(image(png(16_000, 160)));
    const first = await apply(body, undefined, { mode: 'placeholder', cache });
    const second = await apply(body, undefined, { mode: 'placeholder', cache });
    expect([first.warnings.length, second.warnings.length]).toEqual([1, 0]);
  });

  it('one payload twice in a body: resized once, warned once; the next call with the cache asks nothing', async () => {
    const data = png(16_000, 160);
    const library = recorder({ width: 16_000, height: 160 });
    const cache = imageLimitsCache();
    const first = await apply(anthropic(image(data), image(data)), library, { cache });
    expect(blocks(first.out)).toEqual([image('AAAA'), image('AAAA')]);
    expect(library.log.filter((entry) => entry === 'metadata')).toHaveLength(1);
    expect(first.warnings).toHaveLength(1);
    const again = await apply(anthropic(image(data)), library, { cache });
    expect(blocks(again.out)).toEqual([image('AAAA')]);
    expect(library.log.filter((entry) => entry === 'metadata')).toHaveLength(1);
    expect(again.warnings).toEqual([]);
    // A new cache: resized and warned again.
    const fresh = await apply(anthropic(image(data)), library, { cache: imageLimitsCache() });
    expect(library.log.filter((entry) => entry === 'metadata')).toHaveLength(2);
    expect(fresh.warnings).toHaveLength(1);
  });

  it('the cache keeps the last 32 outcomes and remembers the last 256 warnings', async () => {
    const cache = imageLimitsCache();
    const payload = (index: number) => png(16_000 + index, 160);
    const run = async (index: number) => {
      const library = recorder({ width: 16_000, height: 160 });
      const { warnings } = await apply(anthropic(image(payload(index))), library, { cache });
      return [library.log.length > 0, warnings.length];
    };
    for (let index = 1; index <= 33; index++) await run(index);
    // The 33rd pushed the 1st out: resized again (its warning is still remembered).
    expect(await run(33)).toEqual([false, 0]);
    expect(await run(2)).toEqual([false, 0]);
    expect(await run(1)).toEqual([true, 0]);
    for (let index = 34; index <= 256; index++) await run(index);
    // 256 warnings remembered: the next pushes out the 1st.
    expect(await run(257)).toEqual([true, 1]);
    expect(await run(256)).toEqual([false, 0]);
    expect(await run(1)).toEqual([true, 1]);
  });
});

describe('resizeConcurrency: half of libuv’s pool', () => {
  const saved = process.env.UV_THREADPOOL_SIZE;
  afterEach(() => {
    if (saved === undefined) delete process.env.UV_THREADPOOL_SIZE;
    else process.env.UV_THREADPOOL_SIZE = saved;
  });

  it('of UV_THREADPOOL_SIZE (4 when unset or not a positive integer, at most 1024), at least one', () => {
    const table: [string | undefined, number][] = [
      [undefined, 2],
      ['8', 4],
      ['5', 2],
      ['1', 1],
      ['2', 1],
      ['0', 2],
      ['-6', 2],
      ['many', 2],
      ['1024', 512],
      ['4096', 512],
    ];
    const got = table.map(([size]) => {
      if (size === undefined) delete process.env.UV_THREADPOOL_SIZE;
      else process.env.UV_THREADPOOL_SIZE = size;
      return [size, resizeConcurrency()];
    });
    expect(got).toEqual(table);
  });
});

// Converse: `{ image: { format, source: { bytes } } }`; the placeholder is its `{ text }`.
const converse = (bytes: string, format?: string) => ({
  messages: [
    {
      role: 'user',
      content: [
        { text: 'look' },
        { image: { ...(format === undefined ? {} : { format }), source: { bytes } } },
      ],
    },
  ],
});

describe('imageLimits on the bedrock wire', () => {
  it("'placeholder': a { text } block, with a warning naming the Converse limit", async () => {
    const warnings: CrosswireWarning[] = [];
    const data = png(8001, 10);
    const out = await applyImageLimits(converse(data, 'png'), 'bedrock', {
      mode: 'placeholder',
      loader: async () => undefined,
      cache: imageLimitsCache(),
      onWarning: (warning) => warnings.push(warning),
    });
    expect(out.messages).toEqual([
      { role: 'user', content: [{ text: 'look' }, { text: '[image] image/png (33 bytes)' }] },
    ]);
    expect(preflight(out, { wire: 'bedrock' }).violations).toEqual([]);
    expect(warnings.map((warning) => [warning.code, warning.message])).toEqual([
      [
        'image_over_limit',
        'the image at messages[0].content[1].image breaks the bedrock limit "no side of an image exceeds 8000 pixels" (bedrock-image-side); it is sent as the placeholder [image] image/png (33 bytes)',
      ],
    ]);
    // No format: the placeholder names no type.
    const untypedWarnings: CrosswireWarning[] = [];
    const untyped = await applyImageLimits(converse(data), 'bedrock', {
      mode: 'placeholder',
      loader: async () => undefined,
      cache: imageLimitsCache(),
      onWarning: (warning) => untypedWarnings.push(warning),
    });
    expect(blocks(untyped)?.[1]).toEqual({ text: '[image] (33 bytes)' });
    expect(untypedWarnings.map((warning) => warning.code)).toEqual(['image_over_limit']);
  });

  it("'resize' with the real sharp: the image block keeps its format, with the resized bytes", async () => {
    const solid = await sharp({
      create: { width: 9000, height: 90, channels: 3, background: { r: 20, g: 130, b: 60 } },
    })
      .png()
      .toBuffer();
    const warnings: CrosswireWarning[] = [];
    const out = await applyImageLimits(converse(solid.toString('base64'), 'png'), 'bedrock', {
      mode: 'resize',
      loader: async () => sharp as unknown as ImageLibrary,
      cache: imageLimitsCache(),
      onWarning: (warning) => warnings.push(warning),
    });
    const content = blocks(out) as Record<string, unknown>[];
    expect(content[0]).toEqual({ text: 'look' });
    const block = content[1] as { image: { format: string; source: { bytes: string } } };
    expect(Object.keys(block)).toEqual(['image']);
    expect(block.image.format).toBe('png');
    const meta = await sharp(Buffer.from(block.image.source.bytes, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 8000, 80]);
    expect(preflight(out, { wire: 'bedrock' }).violations).toEqual([]);
    expect(warnings.map((warning) => warning.code)).toEqual(['image_resized']);
  });
});

describe('the library loader, the timeout error and the resize queue', () => {
  it('loadSharp loads the installed sharp', async () => {
    expect(await loadSharp()).toBe(sharp);
  });

  it('ImageResizeError says where and how long, with both in its details', () => {
    const error = new ImageResizeError('messages[0].content[2]', 50);
    expect([error.code, error.message, error.details]).toEqual([
      'image_resize_timeout',
      'resizing the image at messages[0].content[2] took longer than 50 ms (imageResize.timeoutMs); the request was not sent',
      { path: 'messages[0].content[2]', timeoutMs: 50 },
    ]);
  });

  /** A library whose calls wait for `open()`, counting the most running at once. */
  function gated() {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const state = { running: 0, most: 0, calls: 0 };
    const call = async <T>(value: T) => {
      state.calls++;
      state.running++;
      state.most = Math.max(state.most, state.running);
      await gate;
      state.running--;
      return value;
    };
    const library: ImageLibrary = () => {
      const pipeline = {
        metadata: () => call({ width: 16_000, height: 160 }),
        resize: () => pipeline,
        toFormat: () => pipeline,
        toBuffer: () => call(new Uint8Array(3)),
      };
      return pipeline;
    };
    return { library, state, open };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const distinct = (count: number, from: number) =>
    anthropic(...Array.from({ length: count }, (_, index) => image(png(from + index, 160))));

  it('a library that throws, or a waiter aborted in the queue, gives its slot back: two still run at once', async () => {
    expect(resizeConcurrency()).toBe(2);
    // A library that throws at construction: its slot is given back.
    const thrown = await apply(anthropic(image(png(16_000, 160))), recorder({}, [3], 'construct'));
    expect(thrown.warnings.map((warning) => warning.code)).toEqual(['image_over_limit']);
    // Two resizes hold both slots; a third waits in the queue and is aborted there.
    const held = gated();
    const holding = apply(distinct(2, 20_000), { library: held.library, log: [] });
    await settle();
    expect(held.state.running).toBe(2);
    const controller = new AbortController();
    const waiting = apply(
      distinct(1, 30_000),
      { library: held.library, log: [] },
      {
        signal: controller.signal,
      },
    );
    await settle();
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedError);
    held.open();
    await warned(holding, ['image_resized', 'image_resized']);
    // Both slots are free again: two resizes start at once.
    const next = gated();
    const both = apply(distinct(2, 40_000), { library: next.library, log: [] });
    await settle();
    expect(next.state.most).toBe(2);
    next.open();
    await warned(both, ['image_resized', 'image_resized']);
    // The caller's signal keeps no listener once the call is over.
    expect(getEventListeners(controller.signal, 'abort')).toEqual([]);
    const kept = new AbortController();
    await warned(
      apply(distinct(1, 50_000), recorder({ width: 16_000, height: 160 }), {
        signal: kept.signal,
      }),
      ['image_resized'],
    );
    expect(getEventListeners(kept.signal, 'abort')).toEqual([]);
  });

  it('a resize past imageResize.timeoutMs stops the resizes still queued: they never start', async () => {
    const held = gated();
    // Three images: two take the slots and hang, the third waits for one.
    const failing = apply(
      distinct(3, 60_000),
      { library: held.library, log: [] },
      {
        resize: { timeoutMs: 50 },
      },
    );
    await expect(failing).rejects.toBeInstanceOf(ImageResizeError);
    expect(held.state.calls).toBe(2);
    // The hanging calls end; the queued one was dropped, so nothing more is asked.
    held.open();
    await settle();
    await settle();
    expect(held.state.calls).toBe(2);
  });
});
