// Which base-URL query parameter a wire's own parameter replaces: names compared decoded
// (`+` a space, percent escapes), a name that cannot be decoded compared as written.
import { expect, it } from 'vitest';
import { joinUrl } from './url.js';

it('a parameter the path sets replaces the base parameter of the same decoded name', () => {
  expect(joinUrl('https://host/v1?api+version=1&keep=1', '/chat?api%20version=2')).toBe(
    'https://host/v1/chat?keep=1&api%20version=2',
  );
  expect(joinUrl('https://host/v1?a+b=1', '/chat?ab=2')).toBe('https://host/v1/chat?a+b=1&ab=2');
});

it('a name that cannot be decoded is compared as written', () => {
  expect(joinUrl('https://host?%zz=1&%yy=3', '/p?%yy=2')).toBe('https://host/p?%zz=1&%yy=2');
});

it('drops every trailing slash of the base path before the wire path', () => {
  expect(joinUrl('https://host/v1///?x=1', '/chat')).toBe('https://host/v1/chat?x=1');
});
