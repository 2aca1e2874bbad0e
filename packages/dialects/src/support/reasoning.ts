// Reasoning text inside content: chunk lists with thinking parts and `<think>` tags.
import { asArray, asRecord, asString } from './json.js';

/**
 * Text of a message `content` that may be a string, null, or a list of content chunks
 * (Mistral's `[{type:'text', text}]`, OpenAI's output parts): the text chunks joined.
 * Thinking chunks (Mistral `{type:'thinking'}`) are returned apart.
 */
export function contentChunksText(content: unknown): { text: string; thinking: string[] } {
  if (typeof content === 'string') return { text: content, thinking: [] };
  const thinking: string[] = [];
  const texts: string[] = [];
  for (const chunk of asArray(content)) {
    if (typeof chunk === 'string') {
      texts.push(chunk);
      continue;
    }
    const record = asRecord(chunk);
    if (record.type === 'thinking') {
      const inner = record.thinking;
      if (typeof inner === 'string') thinking.push(inner);
      else thinking.push(contentChunksText(inner).text);
      continue;
    }
    const text = asString(record.text);
    if (text !== undefined && (record.type === undefined || /text$/.test(String(record.type)))) {
      texts.push(text);
    }
  }
  return { text: texts.join(''), thinking };
}

const THINK_BLOCK = /<think>([\s\S]*?)<\/think>/g;

/**
 * Splits `<think>...</think>` out of a text. Also handles a reply whose chat template opened
 * the tag in the prompt (text starts inside the thinking, so only `</think>` appears) and a
 * reply cut off inside an unclosed `<think>`.
 */
export function splitThinkTags(text: string): { content: string; thinking: string[] } {
  const thinking: string[] = [];
  let rest = text;
  const firstOpen = rest.indexOf('<think>');
  const firstClose = rest.indexOf('</think>');
  if (firstClose !== -1 && (firstOpen === -1 || firstClose < firstOpen)) {
    thinking.push(rest.slice(0, firstClose));
    rest = rest.slice(firstClose + '</think>'.length);
  }
  rest = rest.replace(THINK_BLOCK, (_match, inner: string) => {
    thinking.push(inner);
    return '';
  });
  const unclosed = rest.indexOf('<think>');
  if (unclosed !== -1) {
    thinking.push(rest.slice(unclosed + '<think>'.length));
    rest = rest.slice(0, unclosed);
  }
  return {
    content: thinking.length > 0 ? rest.trim() : rest,
    thinking: thinking.map((part) => part.trim()),
  };
}

/** Joins reasoning pieces; undefined when there is none. */
export function joinReasoning(pieces: readonly (string | undefined)[]): string | undefined {
  const kept = pieces.filter((piece): piece is string => typeof piece === 'string' && piece !== '');
  return kept.length > 0 ? kept.join('\n') : undefined;
}
