// `extra`: fields a caller adds to the request body, merged in last. A deep merge, so a knob
// sent through `extra` (`output_config.effort`, `text.verbosity`,
// `generationConfig.thinkingConfig`) sits beside what the dialect filled in the same object (the
// structured-output format) instead of replacing that object; a value the dialect set that
// `extra` sets differently is replaced, and `onWarning` hears its path (`extra_overrides`).
import { emitWarning, type WarningHandler, type WireFormat } from '@crosswire/core';
import { isRecord, type JsonObject, setOwn } from './json.js';

function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null)
    return false;
  return JSON.stringify(left) === JSON.stringify(right);
}

function mergeInto(
  target: JsonObject,
  extra: Readonly<Record<string, unknown>>,
  path: string,
  overridden: string[],
): JsonObject {
  const merged: JsonObject = { ...target };
  for (const key of Object.keys(extra)) {
    const value = extra[key];
    const where = path === '' ? key : `${path}.${key}`;
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isRecord(current) && isRecord(value)) {
      setOwn(merged, key, mergeInto(current, value, where, overridden));
      continue;
    }
    if (current !== undefined && !sameJson(current, value)) overridden.push(where);
    setOwn(merged, key, value);
  }
  return merged;
}

/**
 * `body` with `extra` merged in deeply: objects merge key by key, anything else (a string, a
 * number, an array) replaces what was there. Each path where `extra` replaced a different value
 * the dialect set is told to `onWarning` in one `extra_overrides` warning. `body` is not changed.
 */
export function mergeExtra(
  wire: WireFormat,
  body: JsonObject,
  extra: Readonly<Record<string, unknown>> | undefined,
  onWarning: WarningHandler | undefined,
): JsonObject {
  if (extra === undefined) return body;
  const overridden: string[] = [];
  const merged = mergeInto(body, extra, '', overridden);
  if (overridden.length > 0) {
    emitWarning(onWarning, {
      code: 'extra_overrides',
      message: `${wire}: extra replaces what the request set at ${overridden.join(', ')}; the value from extra is sent`,
      details: { wire, paths: overridden },
    });
  }
  return merged;
}
