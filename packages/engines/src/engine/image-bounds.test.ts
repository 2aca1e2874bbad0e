// The rasteriser is bounded (issue 39, item 1): bytes that are not a PNG, JPEG, WebP or GIF of
// their label never reach it (an SVG labelled image/png, by every path); a pixel limit, a time
// limit and half of libuv's thread pool bound it; the caller's signal ends buildRequest, chat,
// stream and runToolLoop at once and drops the resizes not yet started. A spy library counts
// what reaches the library (delegating to the real sharp, or hanging until released).
import { Image } from '@crosswire/content-image';
import { AbortedError, type CrosswireWarning, createToolCall } from '@crosswire/core';
import { providerMessage } from '@crosswire/dialects';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectInMemory, createFixtureServer } from '../mcp/test-support/fixture-servers.js';
import { createEngine, type EngineOptions } from './engine.js';
import {
  applyImageLimits,
  DEFAULT_RESIZE_MAX_PIXELS,
  DEFAULT_RESIZE_TIMEOUT_MS,
  type ImageLibrary,
  type ImageLibraryOptions,
  type ImagePipeline,
  ImageResizeError,
  imageLimitsCache,
  resizeConcurrency,
} from './image-limits.js';

/** A solid PNG of `width` x `height`, made by sharp. */
async function solid(width: number, height: number, red = 200) {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: red, g: 30, b: 60 } },
  })
    .png()
    .toBuffer();
  return bytes.toString('base64');
}

/** 5.6 MB of an SVG with a blur filter: over Anthropic's 5 MB, and slow for any rasteriser. */
const BIG_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="8000"><filter id="b"><feGaussianBlur stdDeviation="60"/></filter><rect width="8000" height="8000" filter="url(#b)"/><!--${'x'.repeat(4_300_000)}--></svg>`,
);

interface Spy {
  readonly library: ImageLibrary;
  /** The options of every construction, and the seconds of every `timeout()`. */
  readonly constructed: (ImageLibraryOptions | undefined)[];
  readonly timeouts: number[];
  /** Native calls started (metadata and toBuffer), and the most running at once. */
  calls: number;
  maxInFlight: number;
  /** Resolves when the first native call starts. */
  readonly started: Promise<void>;
  /** Settles every hanging call (so the process's resize slots are free for the next test). */
  finish(): void;
}

/**
 * A library spy: `real` delegates to sharp; `hang` answers metadata at once (from `size`) and
 * never finishes a toBuffer until `finish()`; `stall` holds metadata too; `tick` finishes each
 * call after a timer with a 1 x 1 PNG.
 */
function spy(mode: 'real' | 'hang' | 'stall' | 'tick', size = { width: 9000, height: 90 }): Spy {
  let onStart: () => void = () => undefined;
  const pending: (() => void)[] = [];
  let inFlight = 0;
  const state: Spy = {
    constructed: [],
    timeouts: [],
    calls: 0,
    maxInFlight: 0,
    started: new Promise<void>((resolve) => {
      onStart = resolve;
    }),
    finish: () => {
      for (const settle of pending.splice(0)) settle();
    },
    library: (input, options) => {
      state.constructed.push(options);
      const real = sharp(input, options);
      const track = <T>(work: () => Promise<T>): Promise<T> => {
        state.calls++;
        inFlight++;
        state.maxInFlight = Math.max(state.maxInFlight, inFlight);
        onStart();
        return work().finally(() => {
          inFlight--;
        });
      };
      const pipeline: ImagePipeline = {
        metadata: () =>
          track(() =>
            mode === 'real'
              ? real.metadata()
              : mode === 'tick'
                ? new Promise((resolve) => setTimeout(() => resolve(size), 5))
                : mode === 'stall'
                  ? new Promise((resolve) => pending.push(() => resolve(size)))
                  : Promise.resolve(size),
          ),
        resize: (target) => {
          real.resize(target);
          return pipeline;
        },
        toFormat: (format) => {
          real.toFormat(format as 'png');
          return pipeline;
        },
        timeout: ({ seconds }) => {
          state.timeouts.push(seconds);
          real.timeout({ seconds });
          return pipeline;
        },
        toBuffer: () =>
          track(() => {
            if (mode === 'real') return real.toBuffer();
            const tiny = Buffer.from(PIXEL, 'base64');
            if (mode === 'tick')
              return new Promise((resolve) => setTimeout(() => resolve(tiny), 5));
            return new Promise((resolve) => pending.push(() => resolve(tiny)));
          }),
      };
      return pipeline;
    },
  };
  return state;
}

const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let simulator: Simulator;
const spies: Spy[] = [];
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  simulator = await startSimulator();
});
afterEach(() => {
  for (const each of spies.splice(0)) each.finish();
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await simulator.close();
});

function engineWith(
  library: Spy,
  lane: string,
  options: Partial<EngineOptions> = {},
): { engine: ReturnType<typeof createEngine>; warnings: CrosswireWarning[] } {
  spies.push(library);
  const warnings: CrosswireWarning[] = [];
  const engine = createEngine({
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    apiKey: 'k',
    baseUrl: simulator.baseUrl('anthropic', lane),
    retry: { maxRetries: 0 },
    imageLibrary: async () => library.library,
    onWarning: (warning) => warnings.push(warning),
    ...options,
  });
  closers.push(() => engine.close());
  return { engine, warnings };
}

const codes = (warnings: CrosswireWarning[]) => warnings.map((warning) => warning.code);

describe('bytes that are not what they say never reach the rasteriser', () => {
  it('an SVG labelled image/png, by every path (Image.fromData, MCP part, tool result, provider message): placeholders, no library call', async () => {
    const library = spy('real');
    const { engine, warnings } = engineWith(library, 'svg-paths');
    const svg = BIG_SVG.toString('base64');
    expect(svg.length).toBeGreaterThan(5 * 1024 * 1024);
    const result = new ToolResult({
      name: 'shot',
      id: 'toolu_1',
      content: [{ type: 'image', data: svg, mimeType: 'image/png' }],
    });
    const stored = providerMessage('anthropic', {
      role: 'user',
      content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: svg } }],
    });
    const body = await engine.buildRequest([
      {
        role: 'user',
        content: [
          Image.fromData(BIG_SVG, { mediaType: 'image/png' }),
          { type: 'image', data: svg, mimeType: 'image/png' },
        ],
      },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          createToolCall({
            id: 'toolu_1',
            name: 'shot',
            arguments: '{}',
            raw: {},
            wire: 'anthropic',
          }),
        ],
      },
      { role: 'tool', results: [result] },
      stored,
    ]);
    expect(library.calls).toBe(0);
    expect(library.constructed).toEqual([]);
    expect(JSON.stringify(body)).not.toContain(svg.slice(0, 100));
    expect(codes(warnings)).toEqual([
      'image_bytes_mismatch',
      'image_bytes_mismatch',
      'image_bytes_mismatch',
      'image_bytes_mismatch',
    ]);
  });

  it('applyImageLimits on its own: an SVG or HTML labelled image/png, and an honest image/svg+xml, are placeholders, never resized', async () => {
    const library = spy('real');
    spies.push(library);
    const warnings: CrosswireWarning[] = [];
    const svg = BIG_SVG.toString('base64');
    const html = Buffer.from(`<html>${'y'.repeat(4_000_000)}</html>`).toString('base64');
    const image = (media_type: string, data: string) => ({
      type: 'image',
      source: { type: 'base64', media_type, data },
    });
    const body = {
      messages: [
        {
          role: 'user',
          content: [
            image('image/png', svg),
            image('image/png', html),
            image('image/svg+xml', `${svg}AAAA`),
          ],
        },
      ],
    };
    const out = await applyImageLimits(body, 'anthropic', {
      mode: 'resize',
      loader: async () => library.library,
      cache: imageLimitsCache(),
      onWarning: (warning) => warnings.push(warning),
    });
    expect(library.calls).toBe(0);
    const blocks = (out.messages as { content: { type: string }[] }[])[0]?.content ?? [];
    expect(blocks.map((block) => block.type)).toEqual(['text', 'text', 'text']);
    expect(
      warnings.map((warning) => warning.message.replace(/\(\d+ bytes\)/, '(N bytes)')),
    ).toEqual([
      'the image at messages[0].content[0] breaks the anthropic limit "an image is at most 5242880 bytes of base64" (anthropic-image-bytes); it is sent as the placeholder [image] image/png (N bytes) (not resized: its bytes are no PNG, JPEG, WebP or GIF of the type it is labelled, which alone are resized)',
      'the image at messages[0].content[1] breaks the anthropic limit "an image is at most 5242880 bytes of base64" (anthropic-image-bytes); it is sent as the placeholder [image] image/png (N bytes) (not resized: its bytes are no PNG, JPEG, WebP or GIF of the type it is labelled, which alone are resized)',
      'the image at messages[0].content[2] breaks the anthropic limit "an image is at most 5242880 bytes of base64" (anthropic-image-bytes); it is sent as the placeholder [image] image/svg+xml (N bytes) (not resized: its bytes are no PNG, JPEG, WebP or GIF of the type it is labelled, which alone are resized)',
    ]);
  });
});

describe('the pixel limit and the time limit', () => {
  it(`resizes with sharp's limitInputPixels at ${DEFAULT_RESIZE_MAX_PIXELS} and a timeout of ${DEFAULT_RESIZE_TIMEOUT_MS / 1000} s by default`, async () => {
    expect(DEFAULT_RESIZE_MAX_PIXELS).toBe(100_000_000);
    expect(DEFAULT_RESIZE_TIMEOUT_MS).toBe(10_000);
    const library = spy('real');
    const { engine, warnings } = engineWith(library, 'defaults');
    const image = Image.fromBase64(await solid(9000, 90), { mediaType: 'image/png' });
    await engine.buildRequest([{ role: 'user', content: [image] }]);
    expect(codes(warnings)).toEqual(['image_resized']);
    expect(library.constructed).toEqual([
      { limitInputPixels: 100_000_000 },
      { limitInputPixels: 100_000_000 },
    ]);
    expect(library.timeouts).toEqual([10]);
  });

  it('an image of more pixels than imageResize.maxPixels (read from its header) is a placeholder, never decoded', async () => {
    const library = spy('real');
    const { engine, warnings } = engineWith(library, 'pixels', {
      imageResize: { maxPixels: 500_000 },
    });
    const image = Image.fromBase64(await solid(9000, 90), { mediaType: 'image/png' });
    const body = await engine.buildRequest([{ role: 'user', content: [image] }]);
    expect(library.calls).toBe(0);
    expect((body.messages as { content: { type: string }[] }[])[0]?.content[0]?.type).toBe('text');
    expect(warnings[0]?.message).toMatch(
      /\(not resized: it has 810000 pixels, more than imageResize\.maxPixels \(500000\)\)$/,
    );
  });

  it('a resize longer than imageResize.timeoutMs fails the call with ImageResizeError, sharp told to stop too', async () => {
    const library = spy('hang');
    const { engine } = engineWith(library, 'timeout', { imageResize: { timeoutMs: 50 } });
    const image = Image.fromBase64(await solid(9000, 90), { mediaType: 'image/png' });
    const error = await engine
      .buildRequest([{ role: 'user', content: [image] }])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageResizeError);
    expect(error).toMatchObject({
      code: 'image_resize_timeout',
      message:
        'resizing the image at messages[0].content[0] took longer than 50 ms (imageResize.timeoutMs); the request was not sent',
    });
    expect(library.timeouts).toEqual([1]);
  });
});

describe('at most half of the thread pool resizes at once, process-wide', () => {
  it('resizeConcurrency() is half of UV_THREADPOOL_SIZE (4 by default), at least one', () => {
    const saved = process.env.UV_THREADPOOL_SIZE;
    try {
      const sizes = [undefined, '1', '2', '8', 'lots'].map((value) => {
        if (value === undefined) delete process.env.UV_THREADPOOL_SIZE;
        else process.env.UV_THREADPOOL_SIZE = value;
        return resizeConcurrency();
      });
      expect(sizes).toEqual([2, 1, 1, 4, 2]);
    } finally {
      if (saved === undefined) delete process.env.UV_THREADPOOL_SIZE;
      else process.env.UV_THREADPOOL_SIZE = saved;
    }
  });

  it('ten over-limit images resize side by side, never more than two at once', async () => {
    const library = spy('tick');
    const { engine, warnings } = engineWith(library, 'ten');
    const images = await Promise.all(
      Array.from({ length: 10 }, async (_, index) =>
        Image.fromBase64(await solid(8001 + index, 10), { mediaType: 'image/png' }),
      ),
    );
    const body = await engine.buildRequest([{ role: 'user', content: images }]);
    expect(library.calls).toBe(20);
    expect(library.maxInFlight).toBe(2);
    expect(codes(warnings)).toEqual(Array(10).fill('image_resized'));
    const blocks = (body.messages as { content: { source?: { data: string } }[] }[])[0]?.content;
    expect(blocks?.map((block) => block.source?.data)).toEqual(Array(10).fill(PIXEL));
  });
});

describe("the caller's signal ends the call at once, whatever it is resizing", () => {
  const input = async () => [
    {
      role: 'user' as const,
      content: [Image.fromBase64(await solid(9000, 90), { mediaType: 'image/png' })],
    },
  ];

  /** Aborts `controller` as soon as the library starts its first call. */
  const abortOnStart = (library: Spy, controller: AbortController, reason: Error) => {
    void library.started.then(() => controller.abort(reason));
  };

  const expectAborted = (error: unknown, reason: Error) => {
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({
      code: 'aborted',
      cause: reason,
      during: 'resizing the image at messages[0].content[0]',
    });
  };

  it('buildRequest, chat and stream reject with AbortedError; nothing is sent', async () => {
    const outcomes: unknown[] = [];
    for (const call of ['buildRequest', 'chat', 'stream'] as const) {
      const library = spy('hang');
      const lane = `abort-${call}`;
      const { engine } = engineWith(library, lane);
      const controller = new AbortController();
      const reason = new Error('user stop');
      abortOnStart(library, controller, reason);
      const options = { signal: controller.signal };
      const running =
        call === 'buildRequest'
          ? engine.buildRequest(await input(), options)
          : call === 'chat'
            ? engine.chat(await input(), options)
            : engine.stream(await input(), options).finalResponse();
      const error = await running.catch((caught: unknown) => caught);
      expectAborted(error, reason);
      expect(simulator.received(lane)).toEqual([]);
      outcomes.push(call);
    }
    expect(outcomes).toEqual(['buildRequest', 'chat', 'stream']);
  });

  it('runToolLoop rejects with AbortedError and the resizes not yet started never start', async () => {
    const library = spy('stall');
    const lane = 'abort-loop';
    const { engine } = engineWith(library, lane);
    const client = await connectInMemory(createFixtureServer());
    closers.push(() => client.close());
    const images = await Promise.all(
      Array.from({ length: 5 }, async (_, index) =>
        Image.fromBase64(await solid(8001 + index, 10), { mediaType: 'image/png' }),
      ),
    );
    const controller = new AbortController();
    const reason = new Error('user stop');
    // Abort once both slots are busy (two metadata calls hang; the other three wait).
    void library.started.then(async () => {
      while (library.calls < 2) await new Promise((resolve) => setTimeout(resolve, 1));
      controller.abort(reason);
    });
    const error = await engine
      .runToolLoop([{ role: 'user', content: images }], {
        mcpServers: [client],
        signal: controller.signal,
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as AbortedError).cause).toBe(reason);
    expect(library.calls).toBe(2);
    library.finish();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The three queued resizes were dropped with the call: no library call after the abort,
    // and the two that were running do not go on to their resize once their metadata comes.
    expect(library.calls).toBe(2);
    expect(simulator.received(lane)).toEqual([]);
  });

  it('with the real sharp: an abort during a 9000 x 9000 resize ends buildRequest with AbortedError', async () => {
    const library = spy('real', { width: 9000, height: 9000 });
    const { engine } = engineWith(library, 'abort-real');
    const image = Image.fromBase64(await solid(9000, 9000, 10), { mediaType: 'image/png' });
    const controller = new AbortController();
    const reason = new Error('user stop');
    // Abort when the resize itself (the second native call, after metadata) has started.
    void library.started.then(async () => {
      while (library.calls < 2) await new Promise((resolve) => setTimeout(resolve, 1));
      controller.abort(reason);
    });
    const error = await engine
      .buildRequest([{ role: 'user', content: [image] }], { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expectAborted(error, reason);
  }, 60_000);
});
