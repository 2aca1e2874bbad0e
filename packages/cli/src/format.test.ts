import { describe, expect, it } from 'vitest';
import {
  colourEnabled,
  formatBytes,
  jsonText,
  renderPairs,
  renderTable,
  styleFor,
  truncate,
  visibleWidth,
} from './format.js';

describe('jsonText', () => {
  it('escapes invisible and bidirectional characters inside strings, and reads back the same', () => {
    const value = { id: 'gpt\u202Eevil\u200B', note: 'a\u2028b\u0085c' };
    const text = jsonText(value);
    expect(text).toBe('{\n  "id": "gpt\\u202eevil\\u200b",\n  "note": "a\\u2028b\\u0085c"\n}\n');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('colour', () => {
  it('is on only for a terminal without NO_COLOR', () => {
    expect(colourEnabled({ isTTY: true, env: {} })).toBe(true);
    expect(colourEnabled({ isTTY: true, env: { NO_COLOR: '' } })).toBe(true);
    expect(colourEnabled({ isTTY: true, env: { NO_COLOR: '1' } })).toBe(false);
    expect(colourEnabled({ isTTY: false, env: {} })).toBe(false);
  });

  it('styles with ANSI escapes on a terminal and not elsewhere', () => {
    expect(styleFor({ isTTY: true, env: {} }).green('ok')).toBe('\u001b[32mok\u001b[39m');
    expect(styleFor({ isTTY: false, env: {} }).green('ok')).toBe('ok');
  });
});

describe('renderTable', () => {
  it('pads columns by visible width, leaves the last column unpadded', () => {
    const plain = styleFor({ isTTY: false, env: {} });
    expect(
      renderTable(
        ['wire', 'became'],
        [
          ['openai', 'placeholder'],
          ['anthropic', { text: 'image', styled: '\u001b[32mimage\u001b[39m' }],
        ],
        plain,
      ),
    ).toBe('wire       became\nopenai     placeholder\nanthropic  \u001b[32mimage\u001b[39m\n');
  });

  it('escapes what a plain cell holds (a name a provider sent), padding by the escaped width', () => {
    const plain = styleFor({ isTTY: false, env: {} });
    expect(renderTable(['model', 'kind'], [['gpt\u202Eevil', 'chat']], plain)).toBe(
      'model          kind\ngpt\\u202eevil  chat\n',
    );
  });

  it('aligns coloured cells like plain ones', () => {
    const colour = styleFor({ isTTY: true, env: {} });
    const lines = renderTable(
      ['a', 'b'],
      [[{ text: 'xx', styled: colour.red('xx') }, 'y']],
      colour,
    ).split('\n');
    expect(lines.map(visibleWidth)).toEqual([5, 5, 0]);
  });
});

describe('small formatters', () => {
  it('renders key/value pairs', () => {
    expect(
      renderPairs(
        [
          ['media type', 'image/png'],
          ['size', '84 B'],
        ],
        styleFor({ isTTY: false, env: {} }),
      ),
    ).toBe('media type  image/png\nsize        84 B\n');
  });

  it('formats sizes and truncates on one line', () => {
    expect([formatBytes(84), formatBytes(1536), formatBytes(20 * 1024 * 1024)]).toEqual([
      '84 B',
      '1.5 KiB',
      '20.0 MiB',
    ]);
    expect(truncate('a\nb', 10)).toBe('a ⏎ b');
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
  });
});
