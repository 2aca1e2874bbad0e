import { inflateSync } from 'node:zlib';
import type { SimulatorResponder } from '@crosswire/simulator';
import { GLYPHS, PNG_LAYOUT } from '../probe/artefacts.js';

// A simulated model for the probe's tests: one that "sees" reads the code word from the PNG
// or PDF bytes the request really carries (its eyes are this decoder); one that is blind
// answers without looking. Neither can know the word any other way.

/** The code word drawn by `codeWordPng`, read back from the PNG's pixels. */
export function readPng(bytes: Uint8Array): string | undefined {
  const buffer = Buffer.from(bytes);
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const { scale, gap, margin } = PNG_LAYOUT;
  const dark = (column: number, row: number) => {
    const x = column * scale + scale / 2;
    const y = row * scale + scale / 2;
    return x < width && y < height && raw[y * (width + 1) + 1 + x] === 0;
  };
  const glyphs = Math.round((width / scale - margin * 2 + gap) / (5 + gap));
  let word = '';
  for (let position = 0; position < glyphs; position += 1) {
    const left = margin + position * (5 + gap);
    const rows = Array.from({ length: 7 }, (_, y) =>
      Array.from({ length: 5 }, (_, x) => (dark(left + x, margin + y) ? '1' : '0')).join(''),
    );
    const match = Object.entries(GLYPHS).find(([, glyph]) => glyph.join() === rows.join());
    if (!match) return undefined;
    word += match[0];
  }
  return word;
}

/** Every code word in the PNGs (and PDFs) anywhere in a request body (base64 or data: URLs). */
export function codeWordsIn(body: unknown, readsPdf = true): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const payload = value.replace(/^data:[^;,]+;base64,/, '');
      if (payload.length < 64 || !/^[A-Za-z0-9+/=]+$/.test(payload)) return;
      const bytes = Buffer.from(payload, 'base64');
      if (bytes.subarray(0, 4).toString('latin1') === '\x89PNG') {
        const word = readPng(bytes);
        if (word) found.push(word);
      } else if (readsPdf && bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
        const match = /\(The code word is ([A-Z0-9]+)\) Tj/.exec(bytes.toString('latin1'));
        if (match?.[1]) found.push(match[1]);
      }
      return;
    }
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(body);
  return found;
}

/**
 * A simulated model: it calls the offered tool once, then answers. With `sees`, its answer
 * is the code word it reads from the request's images and PDFs (`sees: 'images'` reads PNGs
 * only); blind, it says it cannot see anything.
 */
export function simulatedModel(sees: 'everything' | 'images' | 'nothing'): SimulatorResponder {
  return (request) => {
    if (request.tools.length > 0 && request.toolResults.length === 0) {
      return { type: 'tool_calls', calls: [{ name: request.tools[0] as string, arguments: {} }] };
    }
    const readable = sees === 'nothing' ? [] : codeWordsIn(request.body, sees === 'everything');
    return {
      type: 'text',
      text: readable.length > 0 ? (readable.at(-1) as string) : 'I cannot see any code word.',
    };
  };
}

/** Every string of a request body that is not a base64 media payload: what a text-only model reads. */
function textsIn(body: unknown): string[] {
  const texts: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const payload = value.replace(/^data:[^;,]+;base64,/, '');
      if (payload.length >= 64 && /^[A-Za-z0-9+/=]+$/.test(payload)) return;
      texts.push(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(body);
  return texts;
}

/**
 * A simulated text-only model that repeats all the text it was sent: it passes a probe only
 * if the code word leaked into text somewhere (a prompt, a placeholder, a file name).
 */
export function textOnlyModel(): SimulatorResponder {
  return (request) => {
    if (request.tools.length > 0 && request.toolResults.length === 0) {
      return { type: 'tool_calls', calls: [{ name: request.tools[0] as string, arguments: {} }] };
    }
    return { type: 'text', text: textsIn(request.body).join(' ') };
  };
}
