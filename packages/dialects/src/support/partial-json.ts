// The object a JSON text cut off mid-way was becoming: what `@anthropic-ai/sdk` does with a
// tool_use input cut off by max_tokens (parsed as far as it goes), so the echo of that call
// carries an object `input`, the only kind Anthropic accepts back.

import { isRecord, type JsonObject } from './json.js';

/** The text with its open string and open brackets closed, in order. */
function closed(text: string): string {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') stack.push('}');
    else if (char === '[') stack.push(']');
    else if (char === '}' || char === ']') stack.pop();
  }
  // A cut-off escape (`"a\`) cannot be closed; drop the backslash.
  const body = inString && escaped ? text.slice(0, -1) : text;
  return `${body}${inString ? '"' : ''}${stack.reverse().join('')}`;
}

function tryObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(closed(text));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

// Each retry drops the last member; a few dozen tries bound the work on a hostile text.
const MAX_CUTS = 32;

/**
 * The object `text` (a JSON object cut off anywhere) decodes to as far as it goes: an open
 * string is kept as far as it was sent, a member without a value is left out; `{}` when
 * nothing decodes.
 */
export function partialJsonObject(text: string): JsonObject {
  const whole = tryObject(text);
  if (whole) return whole;
  let end = text.length;
  for (let cut = 0; cut < MAX_CUTS; cut++) {
    end = text.lastIndexOf(',', end - 1);
    if (end <= 0) break;
    const found = tryObject(text.slice(0, end));
    if (found) return found;
  }
  return {};
}
