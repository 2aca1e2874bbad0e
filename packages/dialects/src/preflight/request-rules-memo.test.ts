import { describe, expect, it } from 'vitest';
import { preflight } from './preflight.js';
import { pngHeaderBase64 } from './request-rules.js';
import { PROVIDER_RULES } from './rules.js';

// What the rules remember, seen from a caller of the catalogue's checks: nothing leaks from one
// body to another.

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};
const image = (data: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data },
});
const anthropic = (content: unknown[]) => ({
  model: 'm',
  max_tokens: 1,
  messages: [{ role: 'user', content }],
});

describe('a rule check called directly, one context for two bodies', () => {
  it('reads the media of each body, not the first one it saw', () => {
    const check = PROVIDER_RULES.find((rule) => rule.id === 'anthropic-image-side')?.check;
    const context = {};
    expect(check?.(anthropic([image(pngHeaderBase64(10, 10))]), context)).toEqual([]);
    expect(check?.(anthropic([image(pngHeaderBase64(8001, 10))]), context)).toEqual([
      {
        path: 'messages[0].content[0].source.data',
        message: 'At least one of the image dimensions exceed max allowed size: 8000 pixels',
      },
    ]);
  });
});

describe('frozen tools, one more added', () => {
  it('checks the longer list: the added tool is seen', () => {
    const good = deepFreeze({ type: 'function', function: { name: 'ok', parameters: {} } });
    const bad = deepFreeze({ type: 'function', function: { name: 'a b', parameters: {} } });
    const body = (tools: unknown[]) => ({ model: 'm', messages: [], tools });
    const paths = (tools: unknown[]) =>
      preflight(body(tools), { wire: 'openai' }).violations.map((broken) => broken.path);
    expect(paths([good])).toEqual([]);
    expect(paths([good, bad])).toEqual(['tools[1].function.name']);
    expect(paths([good])).toEqual([]);
  });
});

describe('frozen and unfrozen tools mixed', () => {
  it('checks the list afresh: an unfrozen tool changed in place is seen', () => {
    const good = deepFreeze({ type: 'function', function: { name: 'ok', parameters: {} } });
    const open = { type: 'function', function: { name: 'a b', parameters: {} } };
    const tools = [good, open];
    const paths = () =>
      preflight({ model: 'm', messages: [], tools }, { wire: 'openai' }).violations.map(
        (broken) => broken.path,
      );
    expect(paths()).toEqual(['tools[1].function.name']);
    open.function.name = 'a_b';
    expect(paths()).toEqual([]);
  });
});

describe('frozen tools, then none', () => {
  it('an empty tool list gets its own answer, not the one remembered for the frozen tools', () => {
    const bad = deepFreeze({ type: 'function', function: { name: 'a b', parameters: {} } });
    const paths = (tools: unknown[]) =>
      preflight({ model: 'm', messages: [], tools }, { wire: 'openai' }).violations.map(
        (broken) => broken.path,
      );
    expect(paths([bad])).toEqual(['tools[0].function.name']);
    expect(paths([])).toEqual([]);
  });
});
