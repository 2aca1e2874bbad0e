import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConformanceFixture, loadConformanceOracle } from './conformance-oracle.js';
import {
  buildFixture,
  describeLicence,
  FIXTURES,
  formatFixture,
  reachableSchemas,
  toJsonSchema,
} from './extract-conformance.mjs';
import { repositoryRoot } from './workspace.mjs';

const script = fileURLToPath(new URL('./extract-conformance.mjs', import.meta.url));
const MIT = 'MIT License\n\nCopyright (c) 2025 Example\n\nPermission is hereby granted…\n';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Example API', version: '1.2.3' },
  components: {
    schemas: {
      Request: {
        type: 'object',
        properties: { message: { $ref: '#/components/schemas/Message' } },
        required: ['message'],
      },
      Message: {
        oneOf: [{ $ref: '#/components/schemas/Text' }, { $ref: '#/components/schemas/Image' }],
        discriminator: { propertyName: 'type' },
      },
      Text: {
        type: 'object',
        properties: { type: { enum: ['text'] }, text: { type: 'string', nullable: true } },
        required: ['type', 'text'],
      },
      Image: {
        type: 'object',
        properties: { type: { enum: ['image'] }, url: { type: 'string', format: 'uri' } },
        required: ['type', 'url'],
        example: { type: 'image', url: 'https://example.com/a.png' },
      },
      Unused: { type: 'string' },
    },
  },
};

describe('toJsonSchema', () => {
  it('spells nullable as a null branch, at every schema position', () => {
    expect(
      toJsonSchema({
        type: 'object',
        nullable: true,
        properties: { a: { type: 'string', nullable: true }, b: { nullable: false } },
        items: [{ type: 'integer', nullable: true }],
        additionalProperties: { anyOf: [{ $ref: '#/x', nullable: true }] },
      }),
    ).toEqual({
      anyOf: [
        {
          type: 'object',
          properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] }, b: {} },
          items: [{ anyOf: [{ type: 'integer' }, { type: 'null' }] }],
          additionalProperties: { anyOf: [{ anyOf: [{ $ref: '#/x' }, { type: 'null' }] }] },
        },
        { type: 'null' },
      ],
    });
  });

  it('drops discriminator and example, keeps properties and data with those names', () => {
    expect(
      toJsonSchema({
        oneOf: [{ type: 'string' }],
        discriminator: { propertyName: 'type' },
        example: { nullable: true },
        default: { nullable: true, example: 1 },
        enum: [{ nullable: true }],
        properties: {
          nullable: { type: 'boolean' },
          example: { type: 'string', example: 'x' },
          discriminator: { type: 'string' },
        },
        'x-vendor': { nullable: true },
      }),
    ).toEqual({
      oneOf: [{ type: 'string' }],
      default: { nullable: true, example: 1 },
      enum: [{ nullable: true }],
      properties: {
        nullable: { type: 'boolean' },
        example: { type: 'string' },
        discriminator: { type: 'string' },
      },
      'x-vendor': { nullable: true },
    });
  });

  it('turns a boolean exclusiveMinimum/Maximum into the numeric bound', () => {
    expect(toJsonSchema({ type: 'number', minimum: 0, exclusiveMinimum: true })).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
    });
    expect(toJsonSchema({ maximum: 2, exclusiveMaximum: false })).toEqual({ maximum: 2 });
    expect(toJsonSchema({ exclusiveMinimum: 3 })).toEqual({ exclusiveMinimum: 3 });
  });

  it('leaves boolean schemas and a schema with nothing to fix as they are', () => {
    expect(toJsonSchema(true)).toBe(true);
    const plain = { type: 'array', items: { type: 'string', enum: ['a'] }, minItems: 1 };
    expect(toJsonSchema(plain)).toEqual(plain);
  });
});

describe('reachableSchemas', () => {
  it('keeps the roots and every component they reach, transitively, sorted by name', () => {
    const schemas = reachableSchemas(DOCUMENT.components.schemas, ['Request']);
    expect(Object.keys(schemas)).toEqual(['Image', 'Message', 'Request', 'Text']);
    expect(schemas.Message).toBe(DOCUMENT.components.schemas.Message);
  });

  it('follows $refs in schema positions only, not in data', () => {
    const schemas = reachableSchemas(
      {
        A: {
          default: { $ref: '#/components/schemas/B' },
          items: { $ref: '#/components/schemas/C' },
        },
        B: {},
        C: {},
      },
      ['A'],
    );
    expect(Object.keys(schemas)).toEqual(['A', 'C']);
  });

  it('names a missing component and a reference outside components.schemas', () => {
    expect(() => reachableSchemas({ A: { $ref: '#/components/schemas/Gone' } }, ['A'])).toThrow(
      'schema Gone not in the document',
    );
    expect(() => reachableSchemas({}, ['Missing'])).toThrow('schema Missing not in the document');
    expect(() => reachableSchemas({ A: { $ref: 'other.json#/A' } }, ['A'])).toThrow(
      'unsupported $ref other.json#/A',
    );
  });
});

describe('describeLicence', () => {
  it('names MIT and the copyright line', () => {
    expect(describeLicence(MIT)).toEqual({
      licence: 'MIT',
      copyright: 'Copyright (c) 2025 Example',
    });
    expect(describeLicence('The MIT License\r\n\r\nCopyright (c) OpenAI\r\n')).toEqual({
      licence: 'MIT',
      copyright: 'Copyright (c) OpenAI',
    });
  });

  it('refuses another licence', () => {
    expect(() => describeLicence('Apache License\nVersion 2.0\n')).toThrow(
      'not an MIT licence: Apache License',
    );
  });
});

describe('buildFixture', () => {
  it('writes the header (source, version, sha256, licence) and the fixed schemas', () => {
    const documentText = JSON.stringify(DOCUMENT);
    const fixture = buildFixture({
      documentText,
      licenceText: MIT,
      sourceName: 'conformance/example/openapi.json',
      origin: 'https://example.com/openapi',
      roots: ['Request'],
    });
    expect(fixture).toEqual({
      $comment:
        'Generated by scripts/extract-conformance.mjs (pnpm conformance:extract) from the OpenAPI document named below; do not edit by hand.',
      source: 'https://example.com/openapi',
      sourceFile: 'conformance/example/openapi.json',
      sourceVersion: 'Example API 1.2.3 (OpenAPI 3.1.0)',
      sourceSha256: createHash('sha256').update(documentText).digest('hex'),
      licence: 'MIT',
      copyright: 'Copyright (c) 2025 Example',
      licenceText: MIT,
      roots: ['Request'],
      components: {
        schemas: {
          Image: {
            type: 'object',
            properties: { type: { enum: ['image'] }, url: { type: 'string', format: 'uri' } },
            required: ['type', 'url'],
          },
          Message: {
            oneOf: [{ $ref: '#/components/schemas/Text' }, { $ref: '#/components/schemas/Image' }],
          },
          Request: DOCUMENT.components.schemas.Request,
          Text: {
            type: 'object',
            properties: {
              type: { enum: ['text'] },
              text: { anyOf: [{ type: 'string' }, { type: 'null' }] },
            },
            required: ['type', 'text'],
          },
        },
      },
    });
    expect(formatFixture({ a: [1] })).toBe('{\n "a": [\n  1\n ]\n}\n');
  });
});

describe('the command line', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'extract-conformance-'));
    mkdirSync(path.join(dir, 'shared/conformance/example'), { recursive: true });
    writeFileSync(
      path.join(dir, 'shared/conformance/example/openapi.json'),
      JSON.stringify(DOCUMENT),
    );
    writeFileSync(path.join(dir, 'shared/conformance/example/LICENSE'), MIT);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = (...args: string[]) =>
    spawnSync(process.execPath, [script, ...args], { cwd: dir, encoding: 'utf8' });

  it('extracts the roots of a document under --shared into the output path', () => {
    const result = run('example/openapi.json', 'out/fixture.json', 'Message', '--shared', 'shared');
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      'out/fixture.json: 3 schemas from conformance/example/openapi.json\n',
    );
    expect(result.status).toBe(0);
    const fixture = JSON.parse(readFileSync(path.join(dir, 'out/fixture.json'), 'utf8'));
    expect(fixture.sourceFile).toBe('conformance/example/openapi.json');
    expect(fixture.source).toBe('conformance/example/openapi.json');
    expect(fixture.roots).toEqual(['Message']);
    expect(Object.keys(fixture.components.schemas)).toEqual(['Image', 'Message', 'Text']);
  });

  it('prints the usage without roots and fails on a missing --shared folder', () => {
    const usage = run('example/openapi.json', 'out.json', '--shared', 'shared');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: node scripts/extract-conformance.mjs --all');
    const missing = run('--all', '--shared', 'nowhere');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(
      `no conformance/ folder in ${path.join(dir, 'nowhere')}; pass --shared DIR\n`,
    );
  });
});

// The committed fixtures, checked without ../shared: each is what FIXTURES lists, complete
// (every $ref resolves inside it, nothing unreachable kept) and free of OpenAPI 3.0 spellings.
describe.each(FIXTURES)('committed fixture $out', ({ out, document, roots }) => {
  const file = path.join(repositoryRoot, out);
  const fixture = JSON.parse(readFileSync(file, 'utf8')) as ConformanceFixture;

  it('has the header of its source document and its roots', () => {
    expect(fixture.sourceFile).toBe(`conformance/${document}`);
    expect(fixture.sourceSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fixture.licence).toBe('MIT');
    expect(fixture.copyright).toMatch(/^Copyright \(c\) /);
    expect(fixture.licenceText).toContain('Permission is hereby granted');
    expect(fixture.roots).toEqual(roots);
    expect(readFileSync(file, 'utf8')).toBe(formatFixture(fixture));
  });

  it('holds exactly the closure of its roots, already fixed', () => {
    const schemas = fixture.components.schemas;
    expect(Object.keys(reachableSchemas(schemas, roots))).toEqual(Object.keys(schemas));
    for (const schema of Object.values(schemas)) expect(toJsonSchema(schema)).toEqual(schema);
  });

  it('compiles into an oracle for every root', () => {
    const oracle = loadConformanceOracle(file);
    for (const root of roots) expect(oracle.validator(root)).toBeTypeOf('function');
  });
});
