import { describe, expect, it } from 'vitest';
import { BEDROCK_MEDIA_LIMITS } from './bedrock-rules.js';
import { overLimitImages } from './image-limits.js';
import { preflight } from './preflight.js';
import { pngHeaderBase64 } from './request-rules.js';
import {
  result,
  text,
  toolConfig,
  toolTurns as turns,
  use,
} from './test-support/converse-bodies.js';

// Each Converse rule as a user meets it: the exact path and message of the refusal at its exact
// boundary, and the near misses that pass. Every expected value is written by hand.

const found = (body: unknown, capabilities?: { tool_result_images: boolean }) =>
  preflight(body, { wire: 'bedrock', ...(capabilities ? { capabilities } : {}) }).violations.map(
    ({ rule, path, message }) => ({ rule, path, message }),
  );

const user = (content: unknown[]) => ({ messages: [{ role: 'user', content }] });
const pdf = (name: unknown, bytes = 'JVBERi0xLjQK') => ({
  document: { format: 'pdf', name, source: { bytes } },
});
const png = (data: string) => ({ image: { format: 'png', source: { bytes: data } } });

describe('the documented limits, as numbers', () => {
  it('are Converse’s own', () => {
    expect(BEDROCK_MEDIA_LIMITS).toEqual({
      imageBytes: 5_242_880,
      imageSide: 8000,
      images: 20,
      documents: 5,
      documentBytes: 4_718_592,
    });
  });
});

describe('bedrock-tool-name', () => {
  it('passes 64 characters, refuses 65 and other characters, skips a tool without toolSpec', () => {
    expect(found({ messages: [], ...toolConfig('a'.repeat(64)) })).toEqual([]);
    expect(
      found({
        messages: [],
        toolConfig: {
          tools: [
            { cachePoint: { type: 'default' } },
            { toolSpec: { name: 'a'.repeat(65) } },
            { toolSpec: { name: 'get.weather' } },
            { toolSpec: {} },
          ],
        },
      }),
    ).toEqual([
      {
        rule: 'bedrock-tool-name',
        path: 'toolConfig.tools[1].toolSpec.name',
        message: `"${'a'.repeat(65)}": A tool name is invalid. Tool names can only contain letters, numbers, underscores, and hyphens (at most 64)`,
      },
      {
        rule: 'bedrock-tool-name',
        path: 'toolConfig.tools[2].toolSpec.name',
        message:
          '"get.weather": A tool name is invalid. Tool names can only contain letters, numbers, underscores, and hyphens (at most 64)',
      },
      {
        rule: 'bedrock-tool-name',
        path: 'toolConfig.tools[3].toolSpec.name',
        message:
          'undefined: A tool name is invalid. Tool names can only contain letters, numbers, underscores, and hyphens (at most 64)',
      },
    ]);
  });
});

describe('bedrock-tool-use-id', () => {
  it('passes 64 of [a-zA-Z0-9_.:-], refuses 65 at the toolUse and at the toolResult', () => {
    const fine = `a.b:c-d_${'e'.repeat(56)}`;
    expect(fine).toHaveLength(64);
    expect(
      found({
        messages: [
          { role: 'user', content: [text('Go')] },
          { role: 'assistant', content: [use(fine)] },
          { role: 'user', content: [result(fine)] },
        ],
        ...toolConfig(),
      }),
    ).toEqual([]);
    const long = 'x'.repeat(65);
    expect(
      found({
        messages: [
          { role: 'user', content: [text('Go')] },
          { role: 'assistant', content: [text('Checking'), use(long)] },
          { role: 'user', content: [result(long)] },
        ],
        ...toolConfig(),
      }),
    ).toEqual([
      {
        rule: 'bedrock-tool-use-id',
        path: 'messages[1].content[1].toolUse.toolUseId',
        message: `"${long}": toolUseId must match [a-zA-Z0-9_.:-]{1,64}`,
      },
      {
        rule: 'bedrock-tool-use-id',
        path: 'messages[2].content[0].toolResult.toolUseId',
        message: `"${long}": toolUseId must match [a-zA-Z0-9_.:-]{1,64}`,
      },
    ]);
  });
});

describe('bedrock-document-name', () => {
  it('passes letters, digits, single spaces, hyphens, parentheses, brackets, up to 200 characters', () => {
    expect(found(user([text('Read'), pdf('Q3 report (final) [v2]-draft')]))).toEqual([]);
    expect(found(user([text('Read'), pdf('a'.repeat(200))]))).toEqual([]);
  });

  it('refuses 201 characters, a double space, a dot, and no name, at the name', () => {
    const message =
      ": The document file name can only contain alphanumeric characters, whitespace characters, hyphens, parentheses, and square brackets. The name can't contain more than one consecutive whitespace character.";
    expect(
      found(
        user([
          text('Read'),
          pdf('a'.repeat(201)),
          pdf('two  spaces'),
          pdf('report.pdf'),
          { document: { format: 'pdf', source: { bytes: 'JVBE' } } },
        ]),
      ),
    ).toEqual([
      {
        rule: 'bedrock-document-name',
        path: 'messages[0].content[1].document.name',
        message: `"${'a'.repeat(201)}"${message}`,
      },
      {
        rule: 'bedrock-document-name',
        path: 'messages[0].content[2].document.name',
        message: `"two  spaces"${message}`,
      },
      {
        rule: 'bedrock-document-name',
        path: 'messages[0].content[3].document.name',
        message: `"report.pdf"${message}`,
      },
      {
        rule: 'bedrock-document-name',
        path: 'messages[0].content[4].document.name',
        message: `undefined${message}`,
      },
    ]);
  });
});

describe('bedrock-document-names-unique', () => {
  it('refuses a name used again in any case, across messages and tool results', () => {
    const body = {
      messages: [
        { role: 'user', content: [pdf('Report'), text('and')] },
        { role: 'assistant', content: [use('tooluse_1')] },
        { role: 'user', content: [result('tooluse_1', [pdf('report'), pdf('Other')])] },
      ],
      ...toolConfig(),
    };
    expect(found(body)).toEqual([
      {
        rule: 'bedrock-document-names-unique',
        path: 'messages[2].content[0].toolResult.content[0].document.name',
        message:
          '"report": Messages can\'t contain duplicate document names. Rename the document and retry your request.',
      },
    ]);
  });
});

describe('bedrock-document-count', () => {
  const documents = (count: number) =>
    Array.from({ length: count }, (_, index) => pdf(`doc ${String.fromCharCode(97 + index)}`));
  it('passes 5 documents and refuses 6 with the count; images do not count', () => {
    expect(found(user([text('Read'), ...documents(5), png(pngHeaderBase64(4, 4))]))).toEqual([]);
    expect(found(user([text('Read'), ...documents(6)]))).toEqual([
      {
        rule: 'bedrock-document-count',
        path: 'messages',
        message: "You can't include more than 5 documents in a request. (6 documents)",
      },
    ]);
  });
});

describe('bedrock-document-bytes', () => {
  it('passes 4,718,592 decoded bytes and refuses 4,718,595, at the bytes', () => {
    // 6,291,456 base64 characters decode to exactly 4.5 MiB; 4 more characters are 3 more bytes.
    expect(found(user([pdf('big', 'A'.repeat(6_291_456))]))).toEqual([]);
    expect(found(user([text('Read'), pdf('big', 'A'.repeat(6_291_460))]))).toEqual([
      {
        rule: 'bedrock-document-bytes',
        path: 'messages[0].content[1].document.source.bytes',
        message: "Each document's size must be no more than 4.5 MB (4718595 bytes)",
      },
    ]);
  });
});

describe('bedrock-media-count', () => {
  const images = (count: number) =>
    Array.from({ length: count }, () => png(pngHeaderBase64(10, 10)));
  it('passes 20 images and refuses 21 with the count; documents do not count', () => {
    expect(found(user([text('Compare'), ...images(20), pdf('notes')]))).toEqual([]);
    expect(found(user([text('Compare'), ...images(21)]))).toEqual([
      {
        rule: 'bedrock-media-count',
        path: 'messages',
        message: 'You can include up to 20 images. (21 images)',
      },
    ]);
  });
});

describe('bedrock-image-bytes and bedrock-image-side', () => {
  it('passes 5,242,880 base64 characters, refuses 5,242,884', () => {
    expect(found(user([png(pngHeaderBase64(10, 10, 3_932_160))]))).toEqual([]);
    expect(found(user([text('Look'), png(pngHeaderBase64(10, 10, 3_932_161))]))).toEqual([
      {
        rule: 'bedrock-image-bytes',
        path: 'messages[0].content[1].image.source.bytes',
        message:
          "Each image's size, height, and width must be no more than 3.75 MB, 8000 px, and 8000 px, respectively (5242884 bytes of base64)",
      },
    ]);
  });

  it('passes 8000 pixels a side, refuses 8001 on either side with the side', () => {
    expect(found(user([png(pngHeaderBase64(8000, 8000))]))).toEqual([]);
    expect(
      found(user([png(pngHeaderBase64(8001, 10)), png(pngHeaderBase64(10, 8002)), png('AAAA')])),
    ).toEqual([
      {
        rule: 'bedrock-image-side',
        path: 'messages[0].content[0].image.source.bytes',
        message:
          "Each image's size, height, and width must be no more than 3.75 MB, 8000 px, and 8000 px, respectively (a side of 8001 px)",
      },
      {
        rule: 'bedrock-image-side',
        path: 'messages[0].content[1].image.source.bytes',
        message:
          "Each image's size, height, and width must be no more than 3.75 MB, 8000 px, and 8000 px, respectively (a side of 8002 px)",
      },
    ]);
  });
});

describe('bedrock-tool-result-image', () => {
  const body = () =>
    turns([
      result('tooluse_1', [text('shot'), png(pngHeaderBase64(4, 4))]),
      png(pngHeaderBase64(4, 4)),
    ]);
  it('refuses an image inside a toolResult for a model without tool-result images, only there', () => {
    expect(found(body(), { tool_result_images: false })).toEqual([
      {
        rule: 'bedrock-tool-result-image',
        path: 'messages[2].content[0].toolResult.content[1].image',
        message:
          "This model doesn't support the image field for user messages. Remove image and try again.",
      },
    ]);
  });
  it('passes it for a model that takes one, and when the model is not known', () => {
    expect(found(body(), { tool_result_images: true })).toEqual([]);
    expect(found(body())).toEqual([]);
  });
});

describe('bedrock-tool-config-required', () => {
  const refusal = {
    rule: 'bedrock-tool-config-required',
    path: 'toolConfig',
    message:
      'The toolConfig field must be defined when using toolUse and toolResult content blocks',
  };
  it('refuses a toolUse or a toolResult without toolConfig, passes either with it', () => {
    expect(
      found({
        messages: [
          { role: 'user', content: [text('Go')] },
          { role: 'assistant', content: [use('tooluse_1')] },
        ],
      }),
    ).toEqual([refusal]);
    expect(found({ messages: [{ role: 'user', content: [result('tooluse_1')] }] })).toEqual([
      refusal,
    ]);
    expect(found(turns([result('tooluse_1')]))).toEqual([]);
    expect(found(user([text('No tools')]))).toEqual([]);
  });
});

describe('bedrock-error-result-content', () => {
  it('refuses an error result with no content, at its content', () => {
    expect(found(turns([result('tooluse_1', [], { status: 'error' })]))).toEqual([
      {
        rule: 'bedrock-error-result-content',
        path: 'messages[2].content[0].toolResult.content',
        message:
          'The content field at messages[2].content[0].toolResult cannot be empty when status value is error.',
      },
    ]);
  });
  it('passes an error result with content, and an empty result that is not an error', () => {
    expect(found(turns([result('tooluse_1', [text('failed')], { status: 'error' })]))).toEqual([]);
    expect(found(turns([result('tooluse_1', [], { status: 'success' })]))).toEqual([]);
  });
});

describe('bedrock-cache-points', () => {
  const point = { cachePoint: { type: 'default' } };
  const body = (count: number) => ({
    system: Array.from({ length: count }, (_, index) => [text(`part ${index}`), point]).flat(),
    messages: [{ role: 'user', content: [text('Hi')] }],
  });
  it('passes 4 cache points and refuses 5 with the count', () => {
    expect(found(body(4))).toEqual([]);
    expect(found(body(5))).toEqual([
      {
        rule: 'bedrock-cache-points',
        path: 'cachePoint',
        message: 'A request takes at most 4 cache checkpoints; it has 5.',
      },
    ]);
  });
});

describe('media stored in S3', () => {
  // Converse takes an image or document by `s3Location` instead of bytes: it counts toward the
  // number of images and documents, but its size and sides are not in the request to check.
  const s3 = (kind: 'image' | 'document', name?: string) => ({
    [kind]: {
      format: kind === 'image' ? 'png' : 'pdf',
      ...(name === undefined ? {} : { name }),
      source: {
        s3Location: { uri: `s3://shots/${name ?? 'a'}.${kind === 'image' ? 'png' : 'pdf'}` },
      },
    },
  });
  it('counts toward the limits of images and documents, with no size or side to refuse', () => {
    expect(
      found(
        user([text('Compare'), s3('image'), s3('document', 'notes'), png(pngHeaderBase64(4, 4))]),
      ),
    ).toEqual([]);
    expect(
      found(user([text('Compare'), ...Array.from({ length: 21 }, () => s3('image'))])),
    ).toEqual([
      {
        rule: 'bedrock-media-count',
        path: 'messages',
        message: 'You can include up to 20 images. (21 images)',
      },
    ]);
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(found(user([text('Read'), ...names.map((name) => s3('document', name))]))).toEqual([
      {
        rule: 'bedrock-document-count',
        path: 'messages',
        message: "You can't include more than 5 documents in a request. (6 documents)",
      },
    ]);
  });
});

describe('names and ids at the ends of their patterns', () => {
  it('an empty tool name, an empty toolUseId, and a document name with a space at either end are refused', () => {
    const rules = (body: object) =>
      found(body).map((broken) => [broken.rule, broken.path, broken.message.slice(0, 12)]);
    expect(rules({ messages: [], ...toolConfig('') })).toEqual([
      ['bedrock-tool-name', 'toolConfig.tools[0].toolSpec.name', '"": A tool n'],
    ]);
    expect(
      rules({
        messages: [
          { role: 'user', content: [text('Go')] },
          { role: 'assistant', content: [use('')] },
          { role: 'user', content: [result('tooluse_1')] },
        ],
        ...toolConfig(),
      }),
    ).toEqual([
      ['bedrock-tool-use-id', 'messages[1].content[0].toolUse.toolUseId', '"": toolUseI'],
    ]);
    expect(rules(user([text('Read'), pdf(' report'), pdf('notes '), pdf('')]))).toEqual([
      ['bedrock-document-name', 'messages[0].content[1].document.name', '" report": T'],
      ['bedrock-document-name', 'messages[0].content[2].document.name', '"notes ": Th'],
      ['bedrock-document-name', 'messages[0].content[3].document.name', '"": The docu'],
    ]);
  });

  it('bytes that are not base64 text are not measured', () => {
    const notText = (kind: 'image' | 'document') => ({
      [kind]: { format: 'png', name: `odd ${kind}`, source: { bytes: 12 } },
    });
    expect(found(user([text('Look'), notText('image'), notText('document')]))).toEqual([]);
  });
});

describe('a body changed between two calls', () => {
  // A caller checks a conversation, adds to it in place, and checks it again (against the
  // middleware contract, but a plain use of a function documented as reading the body): the
  // second answer is the changed body's, on every Converse rule and for the image limits.
  it('is read afresh by preflight and by overLimitImages', () => {
    const body: { messages: { role: string; content: unknown[] }[] } = {
      messages: [{ role: 'user', content: [text('Look'), png(pngHeaderBase64(10, 10))] }],
    };
    expect(found(body)).toEqual([]);
    expect(overLimitImages(body, 'bedrock')).toEqual([]);
    body.messages[0]?.content.push(png(pngHeaderBase64(8001, 10)));
    body.messages.push(
      { role: 'assistant', content: [use('tooluse 1')] },
      { role: 'user', content: [result('tooluse 1', [], { status: 'error' })] },
    );
    expect(found(body).map(({ rule, path }) => [rule, path])).toEqual([
      ['bedrock-tool-use-id', 'messages[1].content[0].toolUse.toolUseId'],
      ['bedrock-tool-use-id', 'messages[2].content[0].toolResult.toolUseId'],
      ['bedrock-image-side', 'messages[0].content[2].image.source.bytes'],
      ['bedrock-tool-config-required', 'toolConfig'],
      ['bedrock-error-result-content', 'messages[2].content[0].toolResult.content'],
    ]);
    expect(
      overLimitImages(body, 'bedrock').map(({ path, rule, width, height }) => [
        path,
        rule,
        width,
        height,
      ]),
    ).toEqual([['messages[0].content[2].image', 'bedrock-image-side', 8001, 10]]);
  });
});

describe('ids, names and quotes of other kinds', () => {
  it('a toolUseId that is not a string is refused, even one whose text would match', () => {
    const turn = (id: unknown) => ({
      messages: [
        { role: 'user', content: [text('Go')] },
        {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: id, name: 'get_weather', input: {} } }],
        },
      ],
      ...toolConfig(),
    });
    expect(found(turn(12))).toEqual([
      {
        rule: 'bedrock-tool-use-id',
        path: 'messages[1].content[0].toolUse.toolUseId',
        message: '12: toolUseId must match [a-zA-Z0-9_.:-]{1,64}',
      },
    ]);
    expect(found(turn(undefined)).map(({ rule, message }) => [rule, message])).toEqual([
      ['bedrock-tool-use-id', 'undefined: toolUseId must match [a-zA-Z0-9_.:-]{1,64}'],
    ]);
  });

  it('two document names are the same name only up to the case of their letters', () => {
    // `Straße` is refused for its letter, but `STRASSE` is another name, not a repeat of it
    // (upper-casing `ß` gives `SS`).
    expect(
      found(user([text('Read'), pdf('Straße'), pdf('STRASSE')])).map(({ rule, path }) => [
        rule,
        path,
      ]),
    ).toEqual([['bedrock-document-name', 'messages[0].content[1].document.name']]);
  });
});
