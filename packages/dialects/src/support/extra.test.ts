import type { CrosswireWarning } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { mergeExtra } from './extra.js';

const merged = (body: Record<string, unknown>, extra: Record<string, unknown>) => {
  const heard: CrosswireWarning[] = [];
  const out = mergeExtra('anthropic', body, extra, (warning) => heard.push(warning));
  return {
    out,
    heard: heard.map((warning) => [warning.code, (warning.details as { paths: string[] }).paths]),
  };
};

describe('mergeExtra', () => {
  it('merges objects key by key, so a knob sits beside what the dialect set', () => {
    const body = { model: 'm', output_config: { format: { type: 'json_schema', schema: {} } } };
    expect(merged(body, { output_config: { effort: 'low' }, top_k: 3 })).toEqual({
      out: {
        model: 'm',
        output_config: { format: { type: 'json_schema', schema: {} }, effort: 'low' },
        top_k: 3,
      },
      heard: [],
    });
  });

  it('a different value for a key the dialect set replaces it and names the path; the same value is silent', () => {
    const body = { model: 'm', tools: [{ name: 'a' }], generationConfig: { maxOutputTokens: 100 } };
    expect(
      merged(body, {
        model: 'm',
        tools: [{ name: 'b' }],
        generationConfig: { maxOutputTokens: 200 },
      }),
    ).toEqual({
      out: { model: 'm', tools: [{ name: 'b' }], generationConfig: { maxOutputTokens: 200 } },
      heard: [['extra_overrides', ['tools', 'generationConfig.maxOutputTokens']]],
    });
    expect(merged(body, { tools: [{ name: 'a' }] }).heard).toEqual([]);
  });

  it('an object over a scalar, and a scalar over an object, replace', () => {
    expect(merged({ a: 1, b: { c: 2 } }, { a: { x: 1 }, b: 3 })).toEqual({
      out: { a: { x: 1 }, b: 3 },
      heard: [['extra_overrides', ['a', 'b']]],
    });
  });

  it('never changes the body, and keeps __proto__ a plain key', () => {
    const body = { nested: { a: 1 } };
    const extra = JSON.parse('{"__proto__": {"polluted": true}, "nested": {"b": 2}}');
    const { out } = merged(body, extra);
    expect(body).toEqual({ nested: { a: 1 } });
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(out.nested).toEqual({ a: 1, b: 2 });
  });

  it('without extra the body is returned as it is', () => {
    const body = { model: 'm' };
    expect(mergeExtra('openai', body, undefined, undefined)).toBe(body);
  });
});
