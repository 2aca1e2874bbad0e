// Purity checks for the tests: a function documented not to change its input is called on a
// deeply frozen input (a write throws in strict-mode code), and the input is compared with a
// copy taken before the call (a write that some path swallows still shows). Not exported.
import { expect } from 'vitest';

/**
 * `value` with every object and array under it frozen. Typed arrays (image bytes) cannot be
 * frozen and are left as they are.
 */
export function deepFreeze<T>(value: T): T {
  if (
    typeof value === 'object' &&
    value !== null &&
    !ArrayBuffer.isView(value) &&
    !Object.isFrozen(value)
  ) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Runs `use` on `input` frozen deeply and returns its result, after checking that `input` still
 * equals the copy taken before the call. `input` must be structured-cloneable (plain data).
 */
export function callFrozen<T, R>(input: T, use: (input: T) => R): R {
  const before = structuredClone(input);
  const result = use(deepFreeze(input));
  expect(input).toEqual(before);
  return result;
}

/** As {@link callFrozen}, for an async `use`. */
export async function callFrozenAsync<T, R>(input: T, use: (input: T) => Promise<R>): Promise<R> {
  const before = structuredClone(input);
  const result = await use(deepFreeze(input));
  expect(input).toEqual(before);
  return result;
}

/**
 * Runs `use` on `input` as it is (not frozen) and returns its result, after checking that
 * `input` still equals the copy taken before the call. For the functions that take another
 * path for a deeply frozen input (they remember their answer for it): the unfrozen path must
 * not write either.
 */
export function callUnfrozen<T, R>(input: T, use: (input: T) => R): R {
  const before = structuredClone(input);
  const result = use(input);
  expect(input).toEqual(before);
  return result;
}

/** As {@link callUnfrozen}, for an async `use`. */
export async function callUnfrozenAsync<T, R>(input: T, use: (input: T) => Promise<R>): Promise<R> {
  const before = structuredClone(input);
  const result = await use(input);
  expect(input).toEqual(before);
  return result;
}
