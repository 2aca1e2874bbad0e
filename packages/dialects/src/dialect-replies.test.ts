import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PromptBlockedError, ProviderError, WIRE_FORMATS } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { parseResponse, responseTextContent, responseToolCalls } from './dialect.js';
import { asJson, FIXTURES, golden, readFixture } from './test-support/dialect-golden.js';

const options = { thinkTagFilter: true };

function parsedView(wire: (typeof WIRE_FORMATS)[number], body: unknown) {
  try {
    const { raw: _raw, toolCalls, ...rest } = parseResponse(wire, body, options);
    return {
      ...rest,
      toolCalls: toolCalls.map(({ raw: _callRaw, ...call }) => call),
    };
  } catch (error) {
    const typed = error as ProviderError;
    return {
      error: {
        name: typed.name,
        code: typed.code,
        message: typed.message,
        ...(typed instanceof ProviderError
          ? {
              status: typed.status,
              providerCode: typed.providerCode,
              providerMessage: typed.providerMessage,
            }
          : {}),
        ...(typed instanceof PromptBlockedError ? { reason: typed.reason } : {}),
      },
    };
  }
}

describe.each(WIRE_FORMATS)('recorded %s replies parse to their golden ChatResponse', (wire) => {
  const cases = readdirSync(join(FIXTURES, 'replies', wire)).map((file) =>
    file.replace(/\.json$/, ''),
  );
  it('has the seven kinds of reply', () => {
    for (const kind of ['text', 'tool-calls', 'parallel-calls', 'truncated', 'refusal', 'error']) {
      expect(cases).toContain(kind);
    }
    expect(cases.some((name) => name.startsWith('thinking'))).toBe(true);
  });
  it.each(cases)('%s', (name) => {
    const body = readFixture(`replies/${wire}/${name}.json`);
    const view = asJson(parsedView(wire, body));
    expect(view).toEqual(golden(`parsed/${wire}/${name}.json`, view));
  });
  it.each(cases)('%s: responseTextContent never throws and agrees with the parser', (name) => {
    const body = readFixture(`replies/${wire}/${name}.json`);
    const text = responseTextContent(wire, body, options);
    expect(typeof text).toBe('string');
    const view = parsedView(wire, body) as { content?: string };
    if (view.content !== undefined) expect(text).toBe(view.content);
  });
  it.each(cases)('%s: responseToolCalls gives the raw calls in reply order', (name) => {
    const body = readFixture(`replies/${wire}/${name}.json`);
    const view = parsedView(wire, body) as { toolCalls?: { name: string }[] };
    const raw = responseToolCalls(wire, body, options);
    if (view.toolCalls !== undefined) expect(raw).toHaveLength(view.toolCalls.length);
  });
});
