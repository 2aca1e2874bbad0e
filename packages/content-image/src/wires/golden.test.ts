import { fileURLToPath } from 'node:url';
import { describe, test } from 'vitest';
import { expectGolden } from '../../../../scripts/golden.js';
import { Image } from '../image.js';
import { PNG_BASE64 } from '../test-support/images.js';

/**
 * Golden wire outputs: one file per image case, one key per serializer. A serializer that
 * needs bytes the image lacks is recorded as its error code. A missing golden fails; record
 * with `pnpm golden:record packages/content-image`, then a minor changeset.
 */
const CASES: Record<string, () => Image> = {
  'url-image': () => Image.fromUrl('https://example.com/pets/cat.png'),
  'url-image-detail': () => Image.fromUrl('https://example.com/pets/cat.png', { detail: 'low' }),
  'url-image-unknown-type': () => Image.fromUrl('https://example.com/render?id=7'),
  'base64-image': () => Image.fromBase64(PNG_BASE64, { mediaType: 'image/png' }),
  'base64-image-detail': () =>
    Image.fromBase64(PNG_BASE64, { mediaType: 'image/png', detail: 'high' }),
  'data-url-image': () => Image.fromUrl(`data:image/png;base64,${PNG_BASE64}`, { detail: 'auto' }),
};

function attempt(render: () => unknown): unknown {
  try {
    return render();
  } catch (error) {
    return { error: (error as { code?: string }).code ?? String(error) };
  }
}

function render(image: Image): Record<string, unknown> {
  return {
    openai: attempt(() => image.toOpenAI()),
    openai_inline: attempt(() => image.toOpenAI({ inline: true })),
    responses: attempt(() => image.toResponses()),
    responses_inline: attempt(() => image.toResponses({ inline: true })),
    anthropic: attempt(() => image.toAnthropic()),
    gemini: attempt(() => image.toGemini()),
    gemini_camel_case: attempt(() => image.toGemini({ camelCase: true })),
    ollama: attempt(() => image.toOllama()),
    lmstudio: attempt(() => image.toLMStudio()),
    hermes: attempt(() => image.to('hermes')),
    bedrock: attempt(() => image.toBedrock()),
    data_url: attempt(() => image.dataUrl()),
    to_json: image.toJSON(),
  };
}

describe('golden wire fixtures', () => {
  for (const [name, build] of Object.entries(CASES)) {
    test(name, () => {
      const file = fileURLToPath(new URL(`../../fixtures/wire/${name}.json`, import.meta.url));
      expectGolden(file, render(build()));
    });
  }
});
