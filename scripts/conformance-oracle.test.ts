import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConformanceOracle } from './conformance-oracle.js';

const dir = mkdtempSync(path.join(tmpdir(), 'conformance-oracle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = path.join(dir, 'fixture.json');
writeFileSync(
  file,
  JSON.stringify({
    source: 'test',
    roots: ['Item'],
    components: {
      schemas: {
        Item: {
          type: 'object',
          properties: {
            url: { type: 'string', format: 'uri' },
            value: { $ref: '#/components/schemas/Value' },
          },
          required: ['value'],
        },
        // Overlapping branches: a string of digits matches both.
        Value: { oneOf: [{ type: 'string' }, { type: 'string', pattern: '^[0-9]+$' }] },
      },
    },
  }),
);

describe('loadConformanceOracle', () => {
  it('validates against a component, following $refs, with formats checked', () => {
    const item = loadConformanceOracle(file).validator('Item');
    expect(item({ value: 'a', url: 'https://example.com/' })).toEqual([]);
    expect(item({ url: 'not a uri', value: 'a' })).toEqual(['/url must match format "uri"']);
    expect(item({})).toEqual([" must have required property 'value'"]);
  });

  it('keeps oneOf exclusive unless asked to read it as anyOf', () => {
    expect(loadConformanceOracle(file).validator('Value')('42')).toEqual([
      ' must match exactly one schema in oneOf',
    ]);
    expect(loadConformanceOracle(file, { oneOfAsAnyOf: true }).validator('Value')('42')).toEqual(
      [],
    );
  });

  it('returns the fixture, caches validators and names a missing component', () => {
    const oracle = loadConformanceOracle(new URL(`file://${file}`));
    expect(oracle.fixture.roots).toEqual(['Item']);
    expect(oracle.validator('Item')).toBe(oracle.validator('Item'));
    expect(() => oracle.validator('Nope')).toThrow(`no schema Nope in file://${file}`);
  });
});
