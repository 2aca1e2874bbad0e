import { Image } from '@crosswire/content-image';
import { CrosswireError, type CrosswireWarning, createToolCall } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, test } from 'vitest';
import type { ChatMessage, UserContentPart } from './messages.js';
import {
  dataUrlMedia,
  imageFromBase64,
  imageFromUrl,
  mediaContent,
  NeutralMessages,
  sniffedImageContent,
  textContent,
  unreadable,
} from './provider-reading.js';

// Issue 27: a media type is case-insensitive (RFC 9110 §8.3.1), so `IMAGE/PNG` is an image.

describe('mediaContent', () => {
  test('an upper-case image media type is read as an image, lower-cased', () => {
    expect(mediaContent('IMAGE/PNG', 'iVBORw0KGgo=')).toEqual({
      type: 'image',
      data: 'iVBORw0KGgo=',
      mimeType: 'image/png',
    });
  });

  test('a PDF in any case is a base64 document, with its title', () => {
    expect(mediaContent('Application/PDF', 'JVBERi0=', 'report.pdf')).toEqual({
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
      title: 'report.pdf',
    });
    expect(mediaContent('application/pdf', 'JVBERi0=')).toEqual({
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
    });
  });

  test('anything else is a resource blob named by its title', () => {
    expect(mediaContent('TEXT/CSV', 'YSxi', 'table.csv')).toEqual({
      type: 'resource',
      resource: { uri: 'table.csv', mimeType: 'text/csv', blob: 'YSxi' },
    });
    expect(mediaContent('audio/wav', 'UklG')).toEqual({
      type: 'resource',
      resource: { uri: '', mimeType: 'audio/wav', blob: 'UklG' },
    });
  });
});

// The collector every wire's reader of provider messages shares (see the module comment), and
// the conversions of images, data: URLs and text. Expected messages written out by hand.

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const toolCall = (name: string, id = '') => createToolCall({ name, id, arguments: {} });
const ok = [{ type: 'text', text: 'ok' }];

function collector(callName: (id: string) => string | undefined = () => undefined) {
  const warnings: CrosswireWarning[] = [];
  const neutral = new NeutralMessages('openai', {
    callName,
    onWarning: (warning) => warnings.push(warning),
  });
  return { neutral, warnings };
}

const names = (messages: readonly ChatMessage[]) =>
  messages.flatMap((message) =>
    message.role === 'tool' ? message.results.map((result) => `${result.name}:${result.id}`) : [],
  );

describe('NeutralMessages', () => {
  test('a user turn of one text is a string, of other parts a list, of none nothing', () => {
    const { neutral } = collector();
    neutral.user([]);
    neutral.user(['hello']);
    const image = { type: 'image', image: Image.fromBase64(PNG) } as unknown as UserContentPart;
    neutral.user([image]);
    neutral.user(['look', 'again']);
    expect(neutral.messages).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'user', content: [image] },
      { role: 'user', content: ['look', 'again'] },
    ]);
  });

  test('an assistant turn without calls has no toolCalls; a joined turn adds text and calls', () => {
    const { neutral } = collector();
    neutral.system('be brief');
    neutral.assistant('Checking', []);
    neutral.assistant(' the weather.', [toolCall('get_weather', 'call_1')], true);
    neutral.assistant('', [toolCall('screenshot', 'call_2')], true);
    neutral.assistant('Done.', []);
    neutral.assistant(' Bye.', [], true);
    expect(neutral.messages).toEqual([
      { role: 'system', content: 'be brief' },
      {
        role: 'assistant',
        content: 'Checking the weather.',
        toolCalls: [toolCall('get_weather', 'call_1'), toolCall('screenshot', 'call_2')],
      },
      { role: 'assistant', content: 'Done. Bye.' },
    ]);
    expect(Object.keys(neutral.messages[2] ?? {})).toEqual(['role', 'content']);
  });

  test('a joined turn after something else than an assistant turn is a turn of its own', () => {
    const { neutral } = collector();
    neutral.user(['go']);
    neutral.assistant('Looking.', [], true);
    neutral.assistant('Again.', []);
    neutral.assistant('And again.', []);
    expect(neutral.messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: 'Looking.' },
      { role: 'assistant', content: 'Again.' },
      { role: 'assistant', content: 'And again.' },
    ]);
    expect(Object.keys(neutral.messages[1] ?? {})).toEqual(['role', 'content']);
  });

  test('a result takes the name of the call its id names, then consecutive results join', () => {
    const { neutral } = collector((id) => (id === 'call_old' ? 'lookup' : undefined));
    neutral.assistant('', [toolCall('get_weather', ''), toolCall('screenshot', 'call_2')]);
    neutral.result({ id: 'call_2', content: ok });
    neutral.result({ id: '', content: ok, isError: true, structuredContent: { temp: 21 } });
    neutral.result({ id: 'call_old', content: ok });
    neutral.user(['thanks']);
    neutral.result({ id: 'call_2', content: ok });
    const [, tool, , last] = neutral.messages;
    expect(names(neutral.messages)).toEqual([
      'screenshot:call_2',
      'get_weather:',
      'lookup:call_old',
      'screenshot:call_2',
    ]);
    if (tool?.role !== 'tool' || last?.role !== 'tool') throw new Error('expected tool messages');
    expect(tool.results.map((result) => [result.isError, result.structuredContent])).toEqual([
      [false, undefined],
      [true, { temp: 21 }],
      [false, undefined],
    ]);
    expect(tool.results[0]).toBeInstanceOf(ToolResult);
    expect(last.results).toHaveLength(1);
  });

  test('results without ids answer the unanswered calls: same name first, else in order', () => {
    const { neutral } = collector();
    neutral.assistant('', [
      toolCall('alpha'),
      toolCall('beta'),
      toolCall('gamma', 'call_g'),
      toolCall('delta'),
    ]);
    neutral.result({ id: 'call_g', content: ok });
    neutral.result({ id: '', name: 'beta', content: ok });
    neutral.result({ id: '', name: 'renamed', content: ok });
    neutral.result({ id: '', content: ok });
    expect(names(neutral.messages)).toEqual(['gamma:call_g', 'beta:', 'renamed:', 'alpha:']);
  });

  test('a result answered by id or by name is no longer unanswered', () => {
    const { neutral } = collector();
    neutral.assistant('', [toolCall('beta', 'call_b'), toolCall('alpha')]);
    neutral.result({ id: 'call_b', content: ok });
    neutral.result({ id: '', content: ok });
    neutral.assistant('', [toolCall('alpha'), toolCall('beta')]);
    neutral.result({ id: '', name: 'alpha', content: ok });
    neutral.result({ id: '', content: ok });
    expect(names(neutral.messages)).toEqual(['beta:call_b', 'alpha:', 'alpha:', 'beta:']);
  });

  test('a joined turn read first is a turn of its own, its calls unanswered', () => {
    const { neutral } = collector();
    neutral.assistant('', [toolCall('alpha')], true);
    neutral.result({ id: '', content: ok });
    expect(neutral.messages).toEqual([
      { role: 'assistant', content: '', toolCalls: [toolCall('alpha')] },
      { role: 'tool', results: [expect.any(ToolResult)] },
    ]);
    expect(names(neutral.messages)).toEqual(['alpha:']);
  });

  test('a result whose id names another call of the turn leaves the first call unanswered', () => {
    const { neutral } = collector();
    neutral.assistant('', [toolCall('alpha'), toolCall('beta', 'call_b')]);
    neutral.result({ id: 'call_b', content: ok });
    neutral.result({ id: '', content: ok });
    expect(names(neutral.messages)).toEqual(['beta:call_b', 'alpha:']);
  });

  test('a joined turn adds its calls to the unanswered ones; a new turn replaces them', () => {
    const { neutral } = collector();
    neutral.assistant('', [toolCall('alpha')]);
    neutral.assistant('', [toolCall('beta')], true);
    neutral.result({ id: '', content: ok });
    neutral.result({ id: '', content: ok });
    neutral.assistant('', [toolCall('gamma')]);
    neutral.result({ id: '', content: ok });
    expect(names(neutral.messages)).toEqual(['alpha:', 'beta:', 'gamma:']);
    neutral.assistant('', [toolCall('delta')]);
    neutral.assistant('', [], false);
    expect(() => neutral.result({ id: '', content: ok })).toThrow(CrosswireError);
  });

  test('a result answering no call is refused, naming its id', () => {
    const { neutral } = collector(() => '');
    neutral.assistant('', [toolCall('alpha'), toolCall('beta')]);
    neutral.result({ id: '', name: 'nothing', content: ok });
    neutral.result({ id: '', content: ok });
    neutral.result({ id: '', content: ok });
    expect(names(neutral.messages)).toEqual(['nothing:', 'alpha:', 'beta:']);
    const refused = (() => {
      try {
        neutral.result({ id: 'call_x', content: ok });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(CrosswireError);
    expect(refused).toMatchObject({
      code: 'wire_message_unreadable',
      message:
        'a openai tool result for call "call_x" answers no call of the conversation, so its tool name is unknown and no other wire can carry it',
      details: { wire: 'openai', id: 'call_x' },
    });
    expect(() => neutral.result({ id: '', content: ok })).toThrow(
      'a openai tool result for call "" answers no call of the conversation',
    );
  });

  test("a result's unknown content block is told to the reader's handler", () => {
    const { neutral, warnings } = collector();
    neutral.assistant('', [toolCall('alpha', 'call_a')]);
    neutral.result({ id: 'call_a', content: [{ type: 'hologram' }] });
    expect(warnings.map((warning) => warning.code)).toEqual(['unknown_content_block']);
  });

  test('lost content and left-out reasoning are reported, reasoning once with its count', () => {
    const { neutral, warnings } = collector();
    neutral.lost('an audio part');
    neutral.reasoning();
    neutral.reasoning();
    expect(neutral.done()).toBe(neutral.messages);
    expect(warnings).toEqual([
      {
        code: 'cross_wire_content_dropped',
        message: 'openai: an audio part cannot go to another wire; it is left out',
        details: { wire: 'openai', what: 'an audio part' },
      },
      {
        code: 'cross_wire_reasoning_dropped',
        message:
          'openai: 2 reasoning item(s) only openai can verify are left out when the conversation continues on another wire',
        details: { wire: 'openai', count: 2 },
      },
    ]);
  });

  test('no reasoning left out, no warning', () => {
    const { neutral, warnings } = collector();
    neutral.assistant('hi', []);
    expect(neutral.done()).toEqual([{ role: 'assistant', content: 'hi' }]);
    expect(warnings).toEqual([]);
  });
});

describe('unreadable', () => {
  test('names the wire and why, and the kind of message', () => {
    const error = unreadable('gemini', { role: 'narrator' }, 'unknown role "narrator"');
    expect(error).toBeInstanceOf(CrosswireError);
    expect(error).toMatchObject({
      code: 'wire_message_unreadable',
      message: 'a gemini provider message cannot be read for another wire: unknown role "narrator"',
      details: { wire: 'gemini', message: 'object' },
    });
    expect(unreadable('ollama', 'hello', 'not an object').details).toEqual({
      wire: 'ollama',
      message: 'string',
    });
    expect(unreadable('ollama', 7, 'not an object').details).toEqual({
      wire: 'ollama',
      message: 'number',
    });
  });
});

describe('images of provider messages', () => {
  test('the same part and slot give the same Image; another slot another one', () => {
    const part = { type: 'image_url' };
    const first = imageFromUrl(part, 'https://example.com/a.png');
    expect(imageFromUrl(part, 'https://example.com/a.png')).toBe(first);
    const second = imageFromUrl(part, 'https://example.com/b.png', 1);
    expect(second).not.toBe(first);
    expect(second.url).toBe('https://example.com/b.png');
    expect(imageFromUrl(part, 'https://example.com/b.png', 1)).toBe(second);
  });

  test('base64 bytes take the media type the wire sent, else the sniffed one', () => {
    expect(imageFromBase64({}, PNG, 'image/webp').mediaType).toBe('image/webp');
    expect(imageFromBase64({}, PNG).mediaType).toBe('image/png');
  });

  test('bytes without a media type: an image when they sniff as one, else a resource', () => {
    expect(sniffedImageContent(PNG)).toEqual({ type: 'image', data: PNG, mimeType: 'image/png' });
    expect(sniffedImageContent('JVBERi0xLjQK')).toEqual({
      type: 'resource',
      resource: { uri: '', mimeType: 'application/pdf', blob: 'JVBERi0xLjQK' },
    });
    expect(sniffedImageContent('AAAAAAAA')).toEqual({
      type: 'resource',
      resource: { uri: '', mimeType: 'application/octet-stream', blob: 'AAAAAAAA' },
    });
  });
});

describe('dataUrlMedia', () => {
  test('a base64 data: URL in any case gives its media type and data', () => {
    expect(dataUrlMedia('data:image/png;base64,iVBORw0KGgo=')).toEqual({
      mediaType: 'image/png',
      data: 'iVBORw0KGgo=',
    });
    expect(dataUrlMedia('DATA:Image/PNG;BASE64,iVBORw0KGgo=')).toEqual({
      mediaType: 'image/png',
      data: 'iVBORw0KGgo=',
    });
  });

  test('no bytes from a URL that is not base64 data:', () => {
    expect(dataUrlMedia('https://example.com/cat.png')).toBeUndefined();
    expect(dataUrlMedia('data:text/plain,hello')).toBeUndefined();
    expect(dataUrlMedia('data:image/png;base64')).toBeUndefined();
    // RFC 2397: a data URL starts with `data:`; text before it makes it none.
    expect(dataUrlMedia(' data:image/png;base64,iVBORw0KGgo=')).toBeUndefined();
  });
});

describe('textContent', () => {
  test('a text block, none for blank text', () => {
    expect(textContent('hi')).toEqual([{ type: 'text', text: 'hi' }]);
    expect(textContent('')).toEqual([]);
  });
});

describe('mediaContent without a title', () => {
  test('a PDF document has no title key', () => {
    expect(Object.keys(mediaContent('application/pdf', 'JVBERi0=') as object)).toEqual([
      'type',
      'source',
    ]);
  });
});
