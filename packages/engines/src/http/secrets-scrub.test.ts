import { describe, expect, it } from 'vitest';
import { createSecretScrubber, REDACTED, redactUrls } from './secrets.js';

// What the scrubber finds and how it replaces it, case by case, with the expected text
// written out by hand.

describe('redactUrls', () => {
  it.each(['key', 'api_key', 'token', 'secret', 'sig', 'auth', 'pass', 'credential', 'session'])(
    'a query parameter named like %s has its value redacted',
    (name) => {
      expect(redactUrls(`see https://h.test/p?${name}=abc123&x=1`)).toBe(
        `see https://h.test/p?${name}=${REDACTED}&x=1`,
      );
    },
  );

  it('after ?, & or ;, up to the next &, #, space, quote or bracket (a ; does not end it)', () => {
    expect(redactUrls('a?x=1&Token=t1;sig=s2 "u?key=k3" (v?auth=a4) <w?pass=p5>')).toBe(
      `a?x=1&Token=${REDACTED} "u?key=${REDACTED}" (v?auth=${REDACTED}) <w?pass=${REDACTED}>`,
    );
    expect(redactUrls('q?key=k1#frag and ?secret=s1 rest')).toBe(
      `q?key=${REDACTED}#frag and ?secret=${REDACTED} rest`,
    );
    expect(redactUrls("q?key='quoted'")).toBe(`q?key=${REDACTED}'quoted'`);
  });

  it('other parameters and text without URLs stay', () => {
    expect(redactUrls('https://h.test/p?model=x&page=2')).toBe('https://h.test/p?model=x&page=2');
    expect(redactUrls('key=value outside a query')).toBe('key=value outside a query');
  });

  it('userinfo of any URL goes, with any scheme', () => {
    expect(redactUrls('at wss://u:p@h.test/x and HTTP://me@h.test')).toBe(
      'at wss://h.test/x and HTTP://h.test',
    );
    expect(redactUrls('mail me@h.test')).toBe('mail me@h.test');
  });
});

describe('createSecretScrubber: where secrets are found', () => {
  it('the username and password of the base URL, and its secret query values only', () => {
    const scrub = createSecretScrubber({
      baseUrl:
        'https://user-name-1:pass-word-22@h.test/v1?api_key=query-key-333&region=eu-west-region',
    });
    expect([...scrub.secrets].sort()).toEqual(['pass-word-22', 'query-key-333', 'user-name-1']);
  });

  it('a base URL that is not a URL gives no secrets and no error', () => {
    expect(createSecretScrubber({ baseUrl: 'not a url at all' }).secrets).toEqual([]);
  });

  it('eight characters make a secret, seven do not', () => {
    expect(createSecretScrubber({ apiKey: '1234567' }).secrets).toEqual([]);
    expect(createSecretScrubber({ apiKey: '12345678' }).secrets).toEqual(['12345678']);
  });

  it('a percent-encoded credential is found in both forms; a bad escape is kept as given', () => {
    const scrub = createSecretScrubber({ apiKey: 'abc%2Fdef%2Bghi' });
    expect([...scrub.secrets].sort()).toEqual([
      'abc%252Fdef%252Bghi',
      'abc%2Fdef%2Bghi',
      'abc/def+ghi',
    ]);
    expect(createSecretScrubber({ apiKey: 'bad%zzescape' }).secrets).toEqual([
      'bad%25zzescape',
      'bad%zzescape',
    ]);
  });

  it('of an auth header, the credential after the scheme, or the whole trimmed value', () => {
    const scrub = createSecretScrubber({
      headers: {
        Authorization: '  Basic dXNlcjpwYXNz  ',
        'X-Api-Key': 'plain-header-key',
        'x-session-id': 'one two three-long',
      },
    });
    expect([...scrub.secrets].sort()).toEqual([
      'dXNlcjpwYXNz',
      'one two three-long',
      'one%20two%20three-long',
      'plain-header-key',
    ]);
  });
});

describe('createSecretScrubber: value', () => {
  // Made in each test: code run while tests are collected is not measured per test.
  const scrubber = () => createSecretScrubber({ apiKey: 'sk-value-secret-1' });

  it('copies deeply, scrubbing every string and keeping other values', () => {
    const input = {
      text: 'key sk-value-secret-1',
      list: ['sk-value-secret-1', 2, null, true],
      nested: { deeper: { again: 'x sk-value-secret-1 y' } },
      count: 3,
      none: undefined,
    };
    const copy = scrubber().value(input);
    expect(copy).toEqual({
      text: `key ${REDACTED}`,
      list: [REDACTED, 2, null, true],
      nested: { deeper: { again: `x ${REDACTED} y` } },
      count: 3,
      none: undefined,
    });
    expect(copy).not.toBe(input);
    expect(input.text).toBe('key sk-value-secret-1');
  });

  it('a cycle is copied as a cycle; an Error is kept as it is', () => {
    const cyclic: Record<string, unknown> = { name: 'sk-value-secret-1' };
    cyclic.self = cyclic;
    const list: unknown[] = ['sk-value-secret-1'];
    list.push(list);
    const error = new Error('sk-value-secret-1');
    const copy = scrubber().value({ cyclic, list, error }) as Record<
      string,
      Record<string, unknown>
    >;
    expect(copy.cyclic?.name).toBe(REDACTED);
    expect(copy.cyclic?.self).toBe(copy.cyclic);
    const listCopy = copy.list as unknown as unknown[];
    expect(listCopy[0]).toBe(REDACTED);
    expect(listCopy[1]).toBe(listCopy);
    expect(copy.error).toBe(error);
  });

  it('strings are not capped', () => {
    const long = 'y'.repeat(5000);
    expect(scrubber().value({ long })).toEqual({ long });
    expect(scrubber().text(long)).toBe(long);
  });
});

describe('createSecretScrubber: error', () => {
  const scrubber = () => createSecretScrubber({ apiKey: 'sk-error-secret-1' });

  it('returns a value that is not an Error as it is', () => {
    const value = { message: 'sk-error-secret-1' };
    expect(scrubber().error(value)).toBe(value);
    expect(value.message).toBe('sk-error-secret-1');
    expect(scrubber().error('sk-error-secret-1')).toBe('sk-error-secret-1');
  });

  it('replaces the message in the stack too, and keeps message non-enumerable', () => {
    const error = new Error('failed with sk-error-secret-1');
    scrubber().error(error);
    expect(error.message).toBe(`failed with ${REDACTED}`);
    expect(error.stack?.split('\n')[0]).toBe(`Error: failed with ${REDACTED}`);
    expect(Object.keys(error)).toEqual([]);
  });

  it('scrubs a stack that has the secret when the message has not', () => {
    const error = new Error('plain message');
    error.stack = 'Error: plain message\n    at call (sk-error-secret-1.js:1:1)';
    scrubber().error(error);
    expect(error.stack).toBe(`Error: plain message\n    at call (${REDACTED}.js:1:1)`);
    const clean = new Error('clean');
    const stack = clean.stack;
    scrubber().error(clean);
    expect(clean.stack).toBe(stack);
  });

  it('caps the message and the provider fields at 2000 characters', () => {
    const long = 'z'.repeat(2500);
    const error = Object.assign(new Error(`sk-error-secret-1 ${long}`), {
      providerMessage: long,
      providerCode: 'c'.repeat(2001),
    });
    scrubber().error(error);
    expect(error.message).toBe(
      `${`${REDACTED} ${long}`.slice(0, 2000)}… [${REDACTED.length + 1 + 2500 - 2000} more characters]`,
    );
    expect(error.providerMessage).toBe(`${'z'.repeat(2000)}… [500 more characters]`);
    expect(error.providerCode).toBe(`${'c'.repeat(2000)}… [1 more characters]`);
  });

  it('details: a frozen, scrubbed copy with provider text capped at 2000', () => {
    const details = { echo: 'sk-error-secret-1', body: 'b'.repeat(2001) };
    const error = Object.assign(new Error('x'), { details });
    scrubber().error(error);
    expect(error.details).toEqual({
      echo: REDACTED,
      body: `${'b'.repeat(2000)}… [1 more characters]`,
    });
    expect(Object.isFrozen(error.details)).toBe(true);
    expect(details.echo).toBe('sk-error-secret-1');
  });

  it('follows the cause chain nine errors deep, no further', () => {
    const chain: Error[] = [];
    let cause: Error | undefined;
    for (let index = 10; index >= 0; index--) {
      cause = new Error(`level ${index} sk-error-secret-1`, { cause });
      chain.unshift(cause);
    }
    scrubber().error(chain[0]);
    expect(chain.map((error) => error.message.endsWith(REDACTED))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('createSecretScrubber: error fields keep their shape', () => {
  const scrubber = () => createSecretScrubber({ apiKey: 'sk-shape-secret-1' });

  it('a stack already read is rewritten with the scrubbed message', () => {
    const error = new Error('failed with sk-shape-secret-1');
    expect(error.stack?.split('\n')[0]).toBe('Error: failed with sk-shape-secret-1');
    scrubber().error(error);
    expect(error.stack?.split('\n')[0]).toBe(`Error: failed with ${REDACTED}`);
  });

  it('an error without a stack is scrubbed without one', () => {
    const dirty = new Error('failed with sk-shape-secret-1');
    const clean = new Error('clean');
    for (const error of [dirty, clean]) {
      Object.defineProperty(error, 'stack', {
        value: undefined,
        writable: true,
        configurable: true,
      });
    }
    expect(() => scrubber().error(dirty)).not.toThrow();
    expect(() => scrubber().error(clean)).not.toThrow();
    expect(dirty.message).toBe(`failed with ${REDACTED}`);
    expect(dirty.stack).toBeUndefined();
  });

  it('replaced fields stay writable, configurable, and as enumerable as they were', () => {
    const error = Object.assign(new Error('sk-shape-secret-1'), {
      providerMessage: 'echo sk-shape-secret-1',
    });
    scrubber().error(error);
    expect(Object.getOwnPropertyDescriptor(error, 'message')).toEqual({
      value: REDACTED,
      writable: true,
      enumerable: false,
      configurable: true,
    });
    expect(Object.getOwnPropertyDescriptor(error, 'providerMessage')).toEqual({
      value: `echo ${REDACTED}`,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });

  it('an error without details gets none', () => {
    const error = new Error('sk-shape-secret-1');
    scrubber().error(error);
    expect(Object.hasOwn(error, 'details')).toBe(false);
  });

  it('a credential after several spaces is still the credential', () => {
    const scrub = createSecretScrubber({ headers: { authorization: 'Bearer   sk-spaced-key-1' } });
    expect(scrub.secrets).toEqual(['sk-spaced-key-1']);
  });
});
