import { describe, expect, it } from 'vitest';
import { claim, SOURCE } from '../test-support/fixtures.js';
import {
  formatIssue,
  locatePath,
  parseRegistrySource,
  validateRegistrySources,
} from './validate.js';

// What a registry author reads when a data file does not fit its schema: one line per problem,
// naming the field by its path and saying what is wrong in words (missing, unknown, which values
// are allowed), not zod's internal codes. Each case is one small file with one mistake.

type Json = Record<string, unknown>;

const FILE = 'data/providers/p.json';

function provider(extra: Json = {}): Json {
  return {
    id: 'p',
    name: 'P',
    tool_wire_format: 'openai',
    base_url: 'http://127.0.0.1:9/v1',
    chat_path: '/chat/completions',
    auth: null,
    docs: SOURCE,
    ...extra,
  };
}

function lab(extra: Json = {}): Json {
  return {
    lab: 'acme',
    name: 'Acme',
    models: [
      {
        id: 'a1',
        name: 'A1',
        family: 'acme',
        capabilities: { tools: claim(true) },
        source: SOURCE,
      },
    ],
    ...extra,
  };
}

/** The lines an author reads for `data` as the file FILE. */
function problems(data: unknown): string[] {
  return parseRegistrySource({ file: FILE, data }).issues.map(formatIssue);
}

/** The provider file without `field`. */
function without(field: string, data: Json = provider()): Json {
  const { [field]: _removed, ...rest } = data;
  return rest;
}

const WIRES = '"openai", "anthropic", "gemini", "ollama", "responses", "hermes", "bedrock"';

describe('a file that parses', () => {
  it('a provider file (no "lab" field) comes back as a provider, with no problem', () => {
    const data = provider();
    expect(parseRegistrySource({ file: FILE, data })).toEqual({
      file: { kind: 'provider', file: FILE, data },
      issues: [],
    });
  });

  it('a file with a "lab" field is a lab file', () => {
    const data = lab();
    expect(parseRegistrySource({ file: 'data/models/acme.json', data })).toEqual({
      file: { kind: 'lab', file: 'data/models/acme.json', data },
      issues: [],
    });
  });
});

describe('a file that does not', () => {
  it('no JSON object at all: one problem for the whole file, and no file', () => {
    for (const data of [null, [], 'text', 3]) {
      expect(parseRegistrySource({ file: FILE, data })).toEqual({
        issues: [{ file: FILE, path: '', message: 'expected a JSON object' }],
      });
    }
  });

  it('a lab file is checked as a lab file, a provider field in it is unknown', () => {
    expect(parseRegistrySource({ file: FILE, data: { lab: 'acme', id: 'x' } })).toEqual({
      issues: [
        {
          file: FILE,
          path: 'name',
          message: 'required field is missing (Invalid input: expected string, received undefined)',
        },
        {
          file: FILE,
          path: 'models',
          message: 'required field is missing (Invalid input: expected array, received undefined)',
        },
        {
          file: FILE,
          path: 'id',
          message: 'unknown field "id" (the schema is strict; check the spelling)',
        },
      ],
    });
  });

  it('a provider file with a mistake gives no file', () => {
    expect(parseRegistrySource({ file: FILE, data: provider({ colour: 1 }) }).file).toBe(undefined);
    expect(parseRegistrySource({ file: FILE, data: lab({ colour: 1 }) }).file).toBe(undefined);
  });
});

describe('each kind of mistake, in words', () => {
  it('a missing field says "missing", at the top and inside a list entry, enum fields too', () => {
    expect(problems(without('name'))).toEqual([
      `${FILE}: name: required field is missing (Invalid input: expected string, received undefined)`,
    ]);
    expect(problems(without('tool_wire_format'))).toEqual([
      `${FILE}: tool_wire_format: required field is missing (Invalid option: expected one of "openai"|"anthropic"|"gemini"|"ollama"|"responses"|"hermes"|"bedrock")`,
    ]);
    const models = [{ id: 'a1', family: 'acme', capabilities: {}, source: SOURCE }];
    expect(problems(lab({ models }))).toEqual([
      `${FILE}: models[0].name: required field is missing (Invalid input: expected string, received undefined)`,
    ]);
  });

  it('a field that is there but undefined (an object built in code) is a wrong type, not missing', () => {
    expect(problems(provider({ name: undefined }))).toEqual([
      `${FILE}: name: Invalid input: expected string, received undefined`,
    ]);
    expect(problems(provider({ tool_wire_format: undefined }))).toEqual([
      `${FILE}: tool_wire_format: got undefined; expected one of ${WIRES}`,
    ]);
  });

  it('each misspelt field on a line of its own, nested ones by their path', () => {
    expect(problems(provider({ colour: 1, size: 2 }))).toEqual([
      `${FILE}: colour: unknown field "colour" (the schema is strict; check the spelling)`,
      `${FILE}: size: unknown field "size" (the schema is strict; check the spelling)`,
    ]);
    expect(problems(provider({ request_body: { extra: 1 } }))).toEqual([
      `${FILE}: request_body.extra: unknown field "extra" (the schema is strict; check the spelling)`,
    ]);
  });

  it('a value outside an enum: what was given and what is allowed, one value or several', () => {
    expect(problems(provider({ tool_wire_format: 'grpc' }))).toEqual([
      `${FILE}: tool_wire_format: got "grpc"; expected one of ${WIRES}`,
    ]);
    expect(problems(provider({ tool_wire_format: 5 }))).toEqual([
      `${FILE}: tool_wire_format: got 5; expected one of ${WIRES}`,
    ]);
    expect(problems(provider({ quirks: { tool_result_images: 'sometimes' } }))).toEqual([
      `${FILE}: quirks.tool_result_images: got "sometimes"; expected "never"`,
    ]);
  });

  it('a claim value that is none of true, false, "unknown" lists the three', () => {
    const expected = 'got "yes"; expected one of true, false, "unknown"';
    expect(
      problems(
        lab({
          models: [
            {
              ...(lab().models as Json[])[0],
              capabilities: { tools: { value: 'yes' } },
            },
          ],
        }),
      ),
    ).toEqual([`${FILE}: models[0].capabilities.tools.value: ${expected}`]);
    // A provider claim is one claim or a list of them: the problem is named inside whichever
    // was given, and a list entry by its position.
    expect(problems(provider({ capabilities: { tool_result_images: { value: 'yes' } } }))).toEqual([
      `${FILE}: capabilities.tool_result_images.value: ${expected}`,
    ]);
    expect(
      problems(
        provider({
          capabilities: {
            tool_result_images: [claim(false), { value: 'yes' }],
          },
        }),
      ),
    ).toEqual([`${FILE}: capabilities.tool_result_images[1].value: ${expected}`]);
  });

  it('a misspelt field inside a conditional claim, single or in a list', () => {
    const when = { family: 'acme', colour: 1 };
    expect(
      problems(
        provider({
          capabilities: { tool_result_images: { ...claim(true), when } },
        }),
      ),
    ).toEqual([
      `${FILE}: capabilities.tool_result_images.when.colour: unknown field "colour" (the schema is strict; check the spelling)`,
    ]);
    expect(
      problems(
        provider({
          capabilities: {
            tool_result_images: [{ ...claim(true), when }, claim('unknown')],
          },
        }),
      ),
    ).toEqual([
      `${FILE}: capabilities.tool_result_images[0].when.colour: unknown field "colour" (the schema is strict; check the spelling)`,
    ]);
  });

  it('one wrong value in a single claim is named at its field, not as the whole claim', () => {
    expect(
      problems(
        provider({
          capabilities: {
            tool_result_images: { ...claim(false), evidence: 'rumour' },
          },
        }),
      ),
    ).toEqual([
      `${FILE}: capabilities.tool_result_images.evidence: got "rumour"; expected one of "docs", "live", "inferred", "listing"`,
    ]);
  });

  it('a claim whose first mistake is a wrong type still has each mistake named', () => {
    expect(
      problems(
        provider({
          capabilities: {
            tool_result_images: {
              value: false,
              evidence: 'docs',
              source: 5,
              date: 'soon',
            },
          },
        }),
      ),
    ).toEqual([
      `${FILE}: capabilities.tool_result_images.source: Invalid input: expected string, received number`,
      `${FILE}: capabilities.tool_result_images.date: expected a date YYYY-MM-DD`,
    ]);
  });

  it('several mistakes in one claim are all named', () => {
    expect(
      problems(
        provider({
          capabilities: {
            tool_result_images: { value: 'yes', evidence: 'rumour' },
          },
        }),
      ),
    ).toEqual([
      `${FILE}: capabilities.tool_result_images.value: got "yes"; expected one of true, false, "unknown"`,
      `${FILE}: capabilities.tool_result_images.evidence: got "rumour"; expected one of "docs", "live", "inferred", "listing"`,
    ]);
  });

  it('a value of no allowed shape at all is invalid as a whole', () => {
    expect(problems(provider({ capabilities: { tool_result_images: 5 } }))).toEqual([
      `${FILE}: capabilities.tool_result_images: Invalid input`,
    ]);
    expect(problems(provider({ auth: 5 }))).toEqual([`${FILE}: auth: Invalid input`]);
    // auth is an object or null: a misspelt field in the object is named.
    expect(problems(provider({ auth: { header: 'x-api-key', colour: 1 } }))).toEqual([
      `${FILE}: auth.colour: unknown field "colour" (the schema is strict; check the spelling)`,
    ]);
  });

  it('a header name the transport cannot send says why, not "invalid key"', () => {
    expect(problems(provider({ headers: { 'bad name': 'x' } }))).toEqual([
      `${FILE}: headers.bad name: a header name must be an HTTP token (letters, digits, -)`,
    ]);
    expect(problems(provider({ headers: { 'X-A': 'a\nb' } }))).toEqual([
      `${FILE}: headers.X-A: a header value must not contain CR, LF or NUL`,
    ]);
  });

  it('a check of its own (a refinement) gives its own message', () => {
    expect(problems(provider({ base_url: 'file:///etc/passwd' }))).toEqual([
      `${FILE}: base_url: base_url must be an http or https URL (the transport speaks nothing else)`,
    ]);
  });
});

describe('the field is named by its entry, as the author finds it', () => {
  const LAB_FILE = 'data/models/acme.json';

  /** The lines for a lab file with `extra` and a provider that offers nothing. */
  function labProblems(extra: Json): string[] {
    return validateRegistrySources([
      { file: LAB_FILE, data: lab(extra) },
      { file: FILE, data: provider() },
    ]).issues.map(formatIssue);
  }

  function model(id: string, extra: Json = {}): Json {
    return {
      id,
      name: id,
      family: 'acme',
      capabilities: {},
      source: SOURCE,
      ...extra,
    };
  }

  it('the eleventh model by its id, like the first', () => {
    const models = Array.from({ length: 11 }, (_, index) => model(`a${index + 1}`));
    models[10] = model('a11', { limits: { context: 10, output: 20 } });
    expect(labProblems({ models })).toEqual([
      `${LAB_FILE}: models["a11"].limits.output: output limit 20 exceeds the context window 10`,
    ]);
  });

  it('an entry with no usable name by its position: a null entry, an empty id, a family that is no text', () => {
    expect(labProblems({ models: [model('a1'), null] })).toEqual([
      `${LAB_FILE}: models[1]: Invalid input: expected object, received null`,
    ]);
    expect(
      labProblems({
        models: [model('a1'), model('', { name: 'A', family: '' })],
      }),
    ).toEqual([
      `${LAB_FILE}: models[1].id: expected letters, digits and . _ : @ / -`,
      `${LAB_FILE}: models[1].family: expected lowercase letters, digits, "-" and "."`,
    ]);
    const family = {
      templates: ['acme-{version}'],
      capabilities: {},
      source: SOURCE,
    };
    expect(labProblems({ families: [{ ...family, family: 5 }] })).toEqual([
      `${LAB_FILE}: families[0].family: Invalid input: expected string, received number`,
    ]);
    expect(labProblems({ families: [{ ...family, family: '' }] })).toEqual([
      `${LAB_FILE}: families[0].family: expected lowercase letters, digits, "-" and "."`,
    ]);
  });

  it('a field the file does not have yet is named all the same', () => {
    expect(
      validateRegistrySources([
        { file: LAB_FILE, data: lab() },
        { file: FILE, data: provider({ quirks: { inline_images: true } }) },
      ]).issues.map(formatIssue),
    ).toEqual([
      `${FILE}: quirk_sources.inline_images: quirk "inline_images" needs its provenance in quirk_sources.inline_images (evidence, date, source)`,
    ]);
    expect(locatePath({ auth: null }, 'auth.header')).toBe('auth.header');
    expect(locatePath({ models: [null, 'a'] }, 'models[0].id')).toBe('models[0].id');
    expect(locatePath({ models: [{ id: 'a1' }] }, 'models[3].limits')).toBe('models[3].limits');
  });
});
