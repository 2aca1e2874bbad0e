import { describe, expect, it } from 'vitest';
import { acmeModel, claim, DATE, SOURCE } from '../test-support/fixtures.js';
import { formatIssue, type RegistrySource, validateRegistrySources } from './validate.js';

// The cross-field checks of `crosswire registry validate`, one by one, on a data set of one lab
// and one provider small enough to read: each change gives exactly the lines a contributor
// reads (file, field by the entry's id, problem), and the changes beside each that are allowed
// give none. The data's date is DATE, the newest date in it.

type Json = Record<string, unknown>;
type Lab = Json & { families: Json[]; models: Json[] };
type Provider = Json & { offerings: Json[]; retired?: Json[] };

const LAB_FILE = 'data/models/acme.json';
const PROVIDER_FILE = 'data/providers/p.json';

const model: (id: string, extra?: Json) => Json = acmeModel;

function lab(): Lab {
  return {
    lab: 'acme',
    name: 'Acme',
    // A family only the family entry names; the models' family is "acme".
    families: [
      {
        family: 'tmpl',
        templates: ['tmpl-{version}'],
        capabilities: {},
        source: SOURCE,
      },
    ],
    models: [model('a1', { limits: { context: 1000, output: 100 } }), model('a2')],
  };
}

function provider(): Provider {
  return {
    id: 'p',
    name: 'P',
    tool_wire_format: 'openai',
    base_url: 'http://127.0.0.1:9/v1',
    chat_path: '/chat/completions',
    auth: null,
    docs: SOURCE,
    default_model: 'a1',
    offerings: [
      { id: 'a1', model: 'acme/a1' },
      { id: 'a2', model: 'acme/a2' },
    ],
  };
}

/** The problems of the small data set after `change`, with `extra` files beside it. */
function problems(
  change: (data: { lab: Lab; provider: Provider }) => void,
  extra: readonly RegistrySource[] = [],
): string[] {
  const data = { lab: lab(), provider: provider() };
  change(data);
  return validateRegistrySources([
    { file: LAB_FILE, data: data.lab },
    { file: PROVIDER_FILE, data: data.provider },
    ...extra,
  ]).issues.map(formatIssue);
}

const provenance = { evidence: 'docs', source: SOURCE, date: DATE };
const first = (list: Json[]) => list[0] as Json;
const second = (list: Json[]) => list[1] as Json;

describe('the small data set', () => {
  it('validates', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it('no files at all, or a file that is no JSON object', () => {
    const none = validateRegistrySources([]);
    expect(none.files).toEqual([]);
    expect(none.issues.map(formatIssue)).toEqual([
      '(data directory): (file): no data files: expected lab files (models/*.json) and provider files (providers/*.json)',
    ]);
    expect(
      problems(() => {}, [
        { file: 'data/models/list.json', data: [] },
        { file: 'data/models/null.json', data: null },
        { file: 'data/models/text.json', data: 'acme' },
        { file: 'data/models/number.json', data: 3 },
      ]),
    ).toEqual([
      'data/models/list.json: (file): expected a JSON object',
      'data/models/null.json: (file): expected a JSON object',
      'data/models/text.json: (file): expected a JSON object',
      'data/models/number.json: (file): expected a JSON object',
    ]);
  });

  it('gives back the files that parsed, each as a lab or a provider file', () => {
    const data = { lab: lab(), provider: provider() };
    expect(
      validateRegistrySources([
        { file: LAB_FILE, data: data.lab },
        { file: PROVIDER_FILE, data: data.provider },
      ]).files,
    ).toEqual([
      { kind: 'lab', file: LAB_FILE, data: data.lab },
      { kind: 'provider', file: PROVIDER_FILE, data: data.provider },
    ]);
  });
});

describe('claims', () => {
  it('a false claim needs evidence and a date, a true one a source as well; unknown needs nothing', () => {
    expect(
      problems(({ lab }) => {
        first(lab.models).capabilities = {
          tools: { value: false },
          image_input: { value: true },
          pdf_input: { value: 'unknown' },
        };
      }),
    ).toEqual([
      `${LAB_FILE}: models["a1"].capabilities.tools.evidence: a false claim needs "evidence"`,
      `${LAB_FILE}: models["a1"].capabilities.tools.date: a false claim needs "date"`,
      `${LAB_FILE}: models["a1"].capabilities.image_input.evidence: a true claim needs "evidence"`,
      `${LAB_FILE}: models["a1"].capabilities.image_input.source: a true claim needs a source URL (docs page, changelog or recorded fixture)`,
      `${LAB_FILE}: models["a1"].capabilities.image_input.date: a true claim needs "date"`,
    ]);
  });

  it('a probe record on a live claim is what it is for', () => {
    const probe = {
      code_word: 'KX7RMA',
      reply: 'KX7RMA',
      endpoint: 'https://api.example.test/v1',
    };
    expect(
      problems(({ lab }) => {
        first(lab.models).capabilities = {
          image_input: { ...claim(true), evidence: 'live', probe },
        };
      }),
    ).toEqual([]);
    expect(
      problems(({ lab }) => {
        first(lab.models).capabilities = {
          image_input: { ...claim(true), probe },
        };
      }),
    ).toEqual([
      `${LAB_FILE}: models["a1"].capabilities.image_input.probe: a probe record belongs to a "live" claim (what a live probe observed)`,
    ]);
  });

  it('family claims and request features, single and conditional, are checked', () => {
    expect(
      problems(({ lab }) => {
        const family = first(lab.families);
        family.capabilities = { tools: { value: true } };
        family.request_features = {
          output_format: { value: false },
          forced_tool_choice: [{ value: false, when: { version: '>=2' } }, claim(true)],
        };
      }),
    ).toEqual([
      `${LAB_FILE}: families["tmpl"].capabilities.tools.evidence: a true claim needs "evidence"`,
      `${LAB_FILE}: families["tmpl"].capabilities.tools.source: a true claim needs a source URL (docs page, changelog or recorded fixture)`,
      `${LAB_FILE}: families["tmpl"].capabilities.tools.date: a true claim needs "date"`,
      `${LAB_FILE}: families["tmpl"].request_features.output_format.evidence: a false claim needs "evidence"`,
      `${LAB_FILE}: families["tmpl"].request_features.output_format.date: a false claim needs "date"`,
      `${LAB_FILE}: families["tmpl"].request_features.forced_tool_choice[0].evidence: a false claim needs "evidence"`,
      `${LAB_FILE}: families["tmpl"].request_features.forced_tool_choice[0].date: a false claim needs "date"`,
    ]);
  });

  it('a model’s request features and an offering’s capabilities are checked', () => {
    expect(
      problems(({ lab, provider }) => {
        second(lab.models).request_features = {
          json_with_tools: { value: false },
        };
        second(provider.offerings).capabilities = {
          audio_input: { value: false },
        };
      }),
    ).toEqual([
      `${LAB_FILE}: models["a2"].request_features.json_with_tools.evidence: a false claim needs "evidence"`,
      `${LAB_FILE}: models["a2"].request_features.json_with_tools.date: a false claim needs "date"`,
      `${PROVIDER_FILE}: offerings["a2"].capabilities.audio_input.evidence: a false claim needs "evidence"`,
      `${PROVIDER_FILE}: offerings["a2"].capabilities.audio_input.date: a false claim needs "date"`,
    ]);
  });

  it('a provider’s conditional claims: their own provenance, known models and families, the catch-all last', () => {
    expect(
      problems(({ provider }) => {
        provider.capabilities = {
          tool_result_pdf: [
            { value: false, when: { model: 'acme/zz' } },
            { ...claim(false), when: { family: 'zz' } },
            // Known: a model's family, a family entry's, a model.
            { ...claim(false), when: { family: 'acme' } },
            { ...claim(false), when: { family: 'tmpl' } },
            { ...claim(false), when: { model: 'acme/a2' } },
            claim(false),
          ],
        };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: capabilities.tool_result_pdf[0].evidence: a false claim needs "evidence"`,
      `${PROVIDER_FILE}: capabilities.tool_result_pdf[0].date: a false claim needs "date"`,
      `${PROVIDER_FILE}: capabilities.tool_result_pdf[0].when.model: unknown model "acme/zz" (no lab file defines it)`,
      `${PROVIDER_FILE}: capabilities.tool_result_pdf[1].when.family: unknown family "zz" (no model or family entry has it)`,
    ]);
    expect(
      problems(({ provider }) => {
        provider.capabilities = {
          tool_result_pdf: [claim(false), claim(false)],
        };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: capabilities.tool_result_pdf[0].when: claim has no "when" and matches every model, so the claims after it are unreachable; move it last`,
    ]);
  });

  it('a tool-result claim the wire cannot carry, on the provider or an offering; another wire can', () => {
    expect(
      problems(({ provider }) => {
        provider.capabilities = { tool_result_pdf: claim(true) };
        first(provider.offerings).capabilities = {
          tool_result_images: claim(true),
        };
        second(provider.offerings).wire = 'anthropic';
        second(provider.offerings).capabilities = {
          tool_result_images: claim(true),
        };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: capabilities.tool_result_pdf.value: claims tool_result_pdf true, but the openai wire has no native pdf form in a tool result (carriesNative is false); remove the claim`,
      `${PROVIDER_FILE}: offerings["a1"].capabilities.tool_result_images.value: claims tool_result_images true, but the openai wire has no native image form in a tool result (carriesNative is false); remove the claim`,
    ]);
    expect(
      problems(({ provider }) => {
        provider.tool_wire_format = 'anthropic';
        provider.capabilities = {
          tool_result_pdf: claim(true),
          tool_result_images: claim(true),
        };
      }),
    ).toEqual([]);
    // Only a true tool-result claim needs the wire's native form: a false one, or a true claim
    // of another capability, is fine on any wire.
    expect(
      problems(({ provider }) => {
        first(provider.offerings).capabilities = {
          tool_result_images: claim(false),
          image_input: claim(true),
        };
      }),
    ).toEqual([]);
  });
});

describe('lab files', () => {
  it('the lab is named as its file under models/; elsewhere any name goes', () => {
    expect(
      problems(() => {}, [
        {
          file: 'data/models/other.json',
          data: { ...lab(), models: [model('o1')] },
        },
      ]),
    ).toEqual([
      'data/models/other.json: lab: lab "acme" does not match the file name (expected "other")',
      `data/models/other.json: lab: lab "acme" is also defined in ${LAB_FILE}`,
    ]);
    expect(
      validateRegistrySources([{ file: 'lab.json', data: lab() }]).issues.map(formatIssue),
    ).toEqual([]);
  });

  it('a model defined twice, a name listed twice, a snapshot that is another model’s id', () => {
    expect(
      problems(({ lab }) => {
        lab.models.push(model('a1'));
      }),
    ).toEqual([
      `${LAB_FILE}: models["a1"].id: model "acme/a1" is defined twice`,
      `${LAB_FILE}: models["a1"].id: model name "a1" is listed twice for acme/a1`,
    ]);
    expect(
      problems(({ lab }) => {
        first(lab.models).aliases = ['a1-alias', 'A1-ALIAS'];
        first(lab.models).snapshots = ['a2'];
      }),
    ).toEqual([
      `${LAB_FILE}: models["a1"].aliases[1]: model name "A1-ALIAS" is listed twice for acme/a1`,
      `${LAB_FILE}: models["a2"].id: model name "a2" is already a name of acme/a1 (${LAB_FILE})`,
    ]);
    expect(
      problems(({ lab }) => {
        second(lab.models).snapshots = ['a1'];
      }),
    ).toEqual([
      `${LAB_FILE}: models["a2"].snapshots[0]: model name "a1" is already a name of acme/a1 (${LAB_FILE})`,
    ]);
  });

  it('a lab with no family entries is complete', () => {
    expect(
      problems(({ lab }) => {
        delete (lab as Json).families;
      }),
    ).toEqual([]);
  });

  it('an output limit over the context window; equal is fine, and so is one limit alone', () => {
    expect(
      problems(({ lab }) => {
        first(lab.models).limits = { context: 100, output: 101 };
        second(lab.models).limits = { context: 100, output: 100 };
      }),
    ).toEqual([
      `${LAB_FILE}: models["a1"].limits.output: output limit 101 exceeds the context window 100`,
    ]);
    expect(
      problems(({ lab }) => {
        first(lab.models).limits = { output: 5000 };
      }),
    ).toEqual([]);
  });
});

describe('provider files', () => {
  it('the id is named as its file under providers/, and a provider name is used once', () => {
    expect(
      problems(({ provider }) => {
        provider.aliases = ['p-alias', 'p'];
      }),
    ).toEqual([
      `${PROVIDER_FILE}: aliases[1]: provider name "p" is already used by ${PROVIDER_FILE}`,
    ]);
    expect(problems(() => {}, [{ file: 'data/providers/q.json', data: provider() }])).toEqual([
      'data/providers/q.json: id: provider id "p" does not match the file name (expected "q")',
      `data/providers/q.json: id: provider name "p" is already used by ${PROVIDER_FILE}`,
    ]);
    expect(
      validateRegistrySources([
        { file: LAB_FILE, data: lab() },
        { file: 'extra/q.json', data: provider() },
      ]).issues.map(formatIssue),
    ).toEqual([]);
    // A name that is no .json file name (data handed to the API from elsewhere) is not held to it.
    expect(
      validateRegistrySources([
        { file: 'data/models/labs', data: lab() },
        { file: 'data/providers/q', data: provider() },
      ]).issues.map(formatIssue),
    ).toEqual([]);
    expect(
      validateRegistrySources([
        { file: 'data/models/labs.json.bak', data: lab() },
        { file: 'data/providers/q.json.bak', data: provider() },
      ]).issues.map(formatIssue),
    ).toEqual([]);
  });

  it('a provider with neither offerings nor a default model is complete', () => {
    expect(
      problems(({ provider }) => {
        delete (provider as Json).offerings;
        delete provider.default_model;
      }),
    ).toEqual([]);
  });

  it('every {name} of a cloud URL is a declared cloud param', () => {
    expect(
      problems(({ provider }) => {
        provider.cloud = {
          credentials: 'bearer-token',
          base_url: 'https://{resource}.example.test/{region}/v1',
          params: { region: { default: 'eu' } },
          base_url_overrides: [
            {
              param: 'region',
              value: 'us',
              base_url: 'https://{zone}.example.test/v1',
            },
          ],
        };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: cloud.base_url: {resource} is not a cloud param of this provider (declare it in cloud.params)`,
      `${PROVIDER_FILE}: cloud.base_url_overrides[0].base_url: {zone} is not a cloud param of this provider (declare it in cloud.params)`,
    ]);
  });

  it('a {name} in the base URL of a provider with no cloud section is no cloud param either', () => {
    expect(
      problems(({ provider }) => {
        provider.base_url = 'https://{region}.example.test/v1';
      }),
    ).toEqual([
      `${PROVIDER_FILE}: base_url: {region} is not a cloud param of this provider (declare it in cloud.params)`,
    ]);
  });

  it('a quirk and its provenance come together', () => {
    expect(
      problems(({ provider }) => {
        provider.quirks = { inline_images: true };
        provider.quirk_sources = { structured_output_with_tools: provenance };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: quirk_sources.inline_images: quirk "inline_images" needs its provenance in quirk_sources.inline_images (evidence, date, source)`,
      `${PROVIDER_FILE}: quirk_sources.structured_output_with_tools: quirk_sources.structured_output_with_tools is given but the quirk "structured_output_with_tools" is not set`,
    ]);
    expect(
      problems(({ provider }) => {
        provider.quirks = { inline_images: true };
        provider.quirk_sources = { inline_images: provenance };
      }),
    ).toEqual([]);
  });

  it('a quirk of another wire, each named with the wires it applies to', () => {
    const quirked = (wire: string, quirks: Json) =>
      problems(({ provider }) => {
        provider.tool_wire_format = wire;
        provider.quirks = quirks;
        provider.quirk_sources = Object.fromEntries(
          Object.keys(quirks).map((name) => [name, provenance]),
        );
      });
    expect(
      quirked('openai', {
        source_blocks: false,
        usage_cache_reads_in_input: true,
        cache_control: 'refused',
        tool_result_image_fallback: 'tool-message',
      }),
    ).toEqual([
      `${PROVIDER_FILE}: quirks.source_blocks: source_blocks applies to the anthropic wire only (this provider speaks openai)`,
      `${PROVIDER_FILE}: quirks.usage_cache_reads_in_input: usage_cache_reads_in_input applies to the anthropic wire only (this provider speaks openai)`,
      `${PROVIDER_FILE}: quirks.cache_control: cache_control applies to the anthropic wire only (this provider speaks openai)`,
      `${PROVIDER_FILE}: quirks.tool_result_image_fallback: tool_result_image_fallback "tool-message" applies to the ollama wires only (this provider speaks openai)`,
    ]);
    expect(
      quirked('anthropic', {
        prompt_cache_key: 'ignored',
        tool_result_image_fallback: 'user-message',
      }),
    ).toEqual([
      `${PROVIDER_FILE}: quirks.prompt_cache_key: prompt_cache_key applies to the openai, responses wires only (this provider speaks anthropic)`,
      `${PROVIDER_FILE}: quirks.tool_result_image_fallback: tool_result_image_fallback "user-message" applies to the openai, ollama, hermes, gemini wires only (this provider speaks anthropic)`,
    ]);
    expect(
      quirked('anthropic', {
        source_blocks: false,
        usage_cache_reads_in_input: true,
        cache_control: 'ignored',
      }),
    ).toEqual([]);
    expect(quirked('responses', { prompt_cache_key: 'refused' })).toEqual([]);
    expect(quirked('openai', { tool_result_image_fallback: 'user-message' })).toEqual([]);
    expect(quirked('ollama', { tool_result_image_fallback: 'tool-message' })).toEqual([]);
  });
});

describe('offerings and retired offerings', () => {
  it('an offering name is used once, case aside', () => {
    expect(
      problems(({ provider }) => {
        second(provider.offerings).aliases = ['a2-alias', 'A1'];
      }),
    ).toEqual([
      `${PROVIDER_FILE}: offerings["a2"].aliases[1]: offering name "A1" is already used by offerings[0]`,
    ]);
    expect(
      problems(({ provider }) => {
        second(provider.offerings).id = 'A1';
      }),
    ).toEqual([
      `${PROVIDER_FILE}: offerings["A1"].id: offering name "A1" is already used by offerings[0]`,
    ]);
  });

  it('an offering of a model no lab file defines', () => {
    expect(
      problems(({ provider }) => {
        first(provider.offerings).model = 'acme/a9';
      }),
    ).toEqual([
      `${PROVIDER_FILE}: offerings["a1"].model: unknown model "acme/a9" (no lab file defines it)`,
    ]);
  });

  it('an offering’s own limit over the context window, its own or its model’s', () => {
    expect(
      problems(({ provider }) => {
        first(provider.offerings).limits = { output: 2000 };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: offerings["a1"].limits.output: output limit 2000 exceeds the context window 1000`,
    ]);
    expect(
      problems(({ provider }) => {
        first(provider.offerings).limits = { context: 50 };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: offerings["a1"].limits.context: output limit 100 exceeds the context window 50`,
    ]);
    // Both its own: the output is the one reported.
    expect(
      problems(({ provider }) => {
        first(provider.offerings).limits = { context: 50, output: 60 };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: offerings["a1"].limits.output: output limit 60 exceeds the context window 50`,
    ]);
    expect(
      problems(({ provider }) => {
        first(provider.offerings).limits = { context: 100 };
        second(provider.offerings).limits = { output: 7 };
      }),
    ).toEqual([]);
  });

  it('a retired offering: its model is known, its names are its own, deprecated before retired', () => {
    const retired = (id: string, extra: Json = {}) => ({
      id,
      model: 'acme/a2',
      retired: '2026-02-01',
      source: SOURCE,
      ...extra,
    });
    expect(
      problems(({ provider }) => {
        provider.retired = [
          retired('old', { model: 'acme/zz' }),
          retired('A2'),
          retired('older', { aliases: ['OLD'] }),
          retired('late', { deprecated: '2026-02-02' }),
          retired('same-day', { deprecated: '2026-02-01' }),
        ];
      }),
    ).toEqual([
      `${PROVIDER_FILE}: retired["old"].model: unknown model "acme/zz" (no lab file defines it)`,
      `${PROVIDER_FILE}: retired["A2"].id: name "A2" is also a current or retired offering of this provider; a name means one offering`,
      `${PROVIDER_FILE}: retired["older"].aliases[0]: name "OLD" is also a current or retired offering of this provider; a name means one offering`,
      `${PROVIDER_FILE}: retired["late"].deprecated: deprecated 2026-02-02 is after retired 2026-02-01`,
    ]);
  });

  it('an offering retired on or before the data’s date belongs in "retired"', () => {
    const retiring = (date: string) =>
      problems(({ provider }) => {
        second(provider.offerings).lifecycle = {
          retired: date,
          source: SOURCE,
        };
      });
    expect(retiring(DATE)).toEqual([
      `${PROVIDER_FILE}: offerings["a2"].lifecycle.retired: retired on ${DATE}, on or before the data's date ${DATE}: move the offering to "retired"`,
    ]);
    expect(retiring('2026-11-30')).toEqual([]);
  });

  it('the default model: a current offering or a known model, case aside, never a retired one', () => {
    const withDefault = (name: string) =>
      problems(({ provider }) => {
        provider.default_model = name;
        provider.retired = [
          {
            id: 'old',
            model: 'acme/a2',
            retired: '2026-02-01',
            source: SOURCE,
          },
        ];
      });
    expect(withDefault('OLD')).toEqual([
      `${PROVIDER_FILE}: default_model: default_model "OLD" is retired; the default must be a current offering`,
    ]);
    expect(withDefault('zz')).toEqual([
      `${PROVIDER_FILE}: default_model: default_model "zz" is neither an offering nor a known model`,
    ]);
    expect(withDefault('A1')).toEqual([]);
    expect(
      problems(({ provider }) => {
        provider.offerings = [first(provider.offerings)];
        provider.default_model = 'A2';
      }),
    ).toEqual([]);
  });

  it('a lab whose file fails its schema: references into it are not reported again', () => {
    expect(
      problems(({ lab }) => {
        (lab as Json).models = 'none';
      }),
    ).toEqual([`${LAB_FILE}: models: Invalid input: expected array, received string`]);
  });
});

// A file with schema problems still gets the cross-field checks (so one run reports
// everything): without its invalid fields it may parse, and is then checked as well. What the
// schema reported is not reported again, but every other problem is.
describe('a file with schema problems', () => {
  it('is not given back, though its other fields are checked', () => {
    const broken = provider();
    broken.colour = 1;
    broken.default_model = 'a9';
    const result = validateRegistrySources([
      { file: LAB_FILE, data: lab() },
      { file: PROVIDER_FILE, data: broken },
    ]);
    expect(result.files.map((file) => file.file)).toEqual([LAB_FILE]);
    expect(result.issues.map(formatIssue)).toEqual([
      `${PROVIDER_FILE}: colour: unknown field "colour" (the schema is strict; check the spelling)`,
      `${PROVIDER_FILE}: default_model: default_model "a9" is neither an offering nor a known model`,
    ]);
  });

  it('gets the cross-field checks too, after its schema problems', () => {
    expect(
      problems(({ provider }) => {
        provider.colour = 1;
        first(provider.offerings).model = 'acme/a9';
      }),
    ).toEqual([
      `${PROVIDER_FILE}: colour: unknown field "colour" (the schema is strict; check the spelling)`,
      `${PROVIDER_FILE}: offerings["a1"].model: unknown model "acme/a9" (no lab file defines it)`,
    ]);
  });

  it('a lab file that parses without its invalid fields still defines its models', () => {
    expect(
      problems(({ lab }) => {
        first(lab.models).colour = 1;
      }),
    ).toEqual([
      `${LAB_FILE}: models["a1"].colour: unknown field "colour" (the schema is strict; check the spelling)`,
    ]);
  });

  it('a provider file that does not parse even so gives its schema problems only', () => {
    expect(
      problems(({ provider }) => {
        provider.name = 5;
        provider.offerings = [...provider.offerings, 'a9'] as never;
      }),
    ).toEqual([
      `${PROVIDER_FILE}: name: Invalid input: expected string, received number`,
      `${PROVIDER_FILE}: offerings[2]: Invalid input: expected object, received string`,
    ]);
  });

  it('a field the schema refused is not reported again as missing, nor its quirk’s provenance as unused', () => {
    expect(
      problems(({ provider }) => {
        provider.capabilities = { image_input: { ...claim(true), date: 'soon' } };
      }),
    ).toEqual([`${PROVIDER_FILE}: capabilities.image_input.date: expected a date YYYY-MM-DD`]);
    expect(
      problems(({ provider }) => {
        provider.quirks = { source_blocks: 'yes' };
        provider.quirk_sources = { source_blocks: provenance };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: quirks.source_blocks: Invalid input: expected boolean, received string`,
    ]);
    // The provenance itself refused: the quirk is not reported again as lacking it.
    expect(
      problems(({ provider }) => {
        provider.quirks = { inline_images: true };
        provider.quirk_sources = { inline_images: 'docs' };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: quirk_sources.inline_images: Invalid input: expected object, received string`,
    ]);
  });

  it('a problem of another entry with a field of the same name is its own, and reported', () => {
    // The first claim's date is refused by the schema; the second claim has none at all.
    expect(
      problems(({ provider }) => {
        provider.capabilities = {
          image_input: { ...claim(true), date: 'soon' },
          pdf_input: { value: false, evidence: 'docs' },
        };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: capabilities.image_input.date: expected a date YYYY-MM-DD`,
      `${PROVIDER_FILE}: capabilities.pdf_input.date: a false claim needs "date"`,
    ]);
    expect(
      problems(({ provider }) => {
        first(provider.offerings).limits = { output: 5000 };
        second(provider.offerings).limits = { output: 'many' };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: offerings["a2"].limits.output: Invalid input: expected number, received string`,
      `${PROVIDER_FILE}: offerings["a1"].limits.output: output limit 5000 exceeds the context window 1000`,
    ]);
    expect(
      problems(({ lab }) => {
        first(lab.models).limits = { context: 1000, output: 'many' };
        second(lab.models).limits = { context: 10, output: 100 };
      }),
    ).toEqual([
      `${LAB_FILE}: models["a1"].limits.output: Invalid input: expected number, received string`,
      `${LAB_FILE}: models["a2"].limits.output: output limit 100 exceeds the context window 10`,
    ]);
  });

  it('a problem of a field beside the refused one is its own, and reported', () => {
    // The provenance's note is refused; that the quirk it is for is not set is another problem.
    expect(
      problems(({ provider }) => {
        provider.quirk_sources = { source_blocks: { ...provenance, note: 5 } };
      }),
    ).toEqual([
      `${PROVIDER_FILE}: quirk_sources.source_blocks.note: Invalid input: expected string, received number`,
      `${PROVIDER_FILE}: quirk_sources.source_blocks: quirk_sources.source_blocks is given but the quirk "source_blocks" is not set`,
    ]);
  });

  it('the same path in another file is another problem', () => {
    const other = provider();
    other.id = 'q';
    other.quirks = { source_blocks: true };
    expect(
      problems(
        ({ provider }) => {
          provider.quirks = { source_blocks: 'yes' };
        },
        [{ file: 'data/providers/q.json', data: other }],
      ),
    ).toEqual([
      `${PROVIDER_FILE}: quirks.source_blocks: Invalid input: expected boolean, received string`,
      'data/providers/q.json: quirk_sources.source_blocks: quirk "source_blocks" needs its provenance in quirk_sources.source_blocks (evidence, date, source)',
      'data/providers/q.json: quirks.source_blocks: source_blocks applies to the anthropic wire only (this provider speaks openai)',
    ]);
  });
});
