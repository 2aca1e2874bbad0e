import { describe, expect, it } from 'vitest';
import { createRegistry, type RegistryEntry } from './create.js';
import { claim, DATE, SOURCE } from './test-support/fixtures.js';

// The entries a registry gives back for what its data files say: `registry.model(id)` and
// `registry.provider(id)` whole, each field as the data gave it and each documented default
// where the data says nothing. Each test builds its registry: a registry builds its index once,
// on first use, and a test must see the index its own data makes.

const LIST_SOURCE = 'https://example.test/pricing';

function lab(): RegistryEntry {
  return {
    lab: 'acme',
    name: 'Acme',
    families: [
      {
        family: 'other',
        templates: ['other-{version}'],
        capabilities: { tools: claim(true) },
        request_features: { output_format: claim(false) },
        source: SOURCE,
      },
      {
        family: 'acme',
        templates: ['acme-{version}-{variant}'],
        capabilities: { tools: claim(true) },
        request_features: {
          // A single claim, not a list: it holds for every member.
          json_with_tools: claim(false),
          output_format: [
            { ...claim(false), when: { model: 'acme/acme-2-mini' } },
            { ...claim(false), note: 'minis', when: { variant: 'mini' } },
            { ...claim(true), when: { family: 'acme', version: '>=2' } },
            { ...claim('unknown'), when: { version: '>=1' } },
          ],
        },
        source: SOURCE,
      },
    ],
    models: [
      {
        id: 'acme-2-pro',
        name: 'Acme 2 Pro',
        family: 'acme',
        variant: 'pro',
        version: '2',
        release_date: '2026-03-01',
        aliases: ['acme-pro-latest'],
        snapshots: ['acme-2-pro-20260301'],
        limits: { context: 1000, output: 100 },
        open_weights: false,
        capabilities: { tools: claim(true), image_input: claim(false) },
        // Its own claim wins over the family's; the family answers the rest.
        request_features: { forced_tool_choice: claim(false), output_format: claim('unknown') },
        source: SOURCE,
      },
      {
        id: 'acme-2-mini',
        name: 'Acme 2 Mini',
        family: 'acme',
        variant: 'mini',
        version: '2',
        capabilities: { tools: claim(true) },
        source: SOURCE,
      },
      {
        id: 'acme-1-max',
        name: 'Acme 1 Max',
        family: 'acme',
        variant: 'max',
        version: '1',
        capabilities: { tools: claim(true) },
        source: SOURCE,
      },
      // No version: a condition on the version does not hold for it.
      {
        id: 'acme-next',
        name: 'Acme Next',
        family: 'acme',
        capabilities: { tools: claim(true) },
        source: SOURCE,
      },
      // A family of its own no lab family names, and no request features anywhere.
      {
        id: 'lone',
        name: 'Lone',
        family: 'lone',
        capabilities: { tools: claim(true) },
        source: SOURCE,
      },
      // Its own claims, no family entry.
      {
        id: 'lone-2',
        name: 'Lone 2',
        family: 'lone',
        capabilities: { tools: claim(true) },
        request_features: { json_with_tools: claim(true) },
        source: SOURCE,
      },
    ],
  } as RegistryEntry;
}

const registryOf = (...entries: RegistryEntry[]) =>
  createRegistry({ extends: null, entries: [lab(), ...entries] });

const docs = { evidence: 'docs', source: SOURCE, date: DATE } as const;

describe('registry.model: a lab model as an entry', () => {
  it('gives every field of the data, its own request features before its family’s', () => {
    expect(registryOf().model('acme-2-pro')).toStrictEqual({
      key: 'acme/acme-2-pro',
      lab: 'acme',
      id: 'acme-2-pro',
      name: 'Acme 2 Pro',
      family: 'acme',
      variant: 'pro',
      version: '2',
      releaseDate: '2026-03-01',
      aliases: ['acme-pro-latest'],
      snapshots: ['acme-2-pro-20260301'],
      limits: { context: 1000, output: 100 },
      openWeights: false,
      capabilities: { tools: { value: true, ...docs }, image_input: { value: false, ...docs } },
      requestFeatures: {
        output_format: { value: 'unknown' },
        forced_tool_choice: { value: false, ...docs },
        json_with_tools: { value: false, ...docs },
      },
      source: SOURCE,
      fromFamily: false,
      origin: 'data',
    });
  });

  it('leaves out what the data does not give: no aliases, snapshots or limits', () => {
    expect(registryOf().model('lone')).toStrictEqual({
      key: 'acme/lone',
      lab: 'acme',
      id: 'lone',
      name: 'Lone',
      family: 'lone',
      variant: undefined,
      version: undefined,
      releaseDate: undefined,
      aliases: [],
      snapshots: [],
      limits: {},
      openWeights: undefined,
      capabilities: { tools: { value: true, ...docs } },
      requestFeatures: {},
      source: SOURCE,
      fromFamily: false,
      origin: 'data',
    });
  });

  it("takes the family's first claim whose condition holds, by model, variant, family and version", () => {
    const registry = registryOf();
    const features = (id: string) => registry.model(id)?.requestFeatures;
    // `when: { model }` names this one.
    expect(features('acme-2-mini')).toStrictEqual({
      output_format: { value: false, ...docs },
      json_with_tools: { value: false, ...docs },
    });
    // Version 1 fails `>=2`; the last claim holds for it.
    expect(features('acme-1-max')).toStrictEqual({
      output_format: { value: 'unknown' },
      json_with_tools: { value: false, ...docs },
    });
    // No version: no versioned condition holds, the unconditional single claim does.
    expect(features('acme-next')).toStrictEqual({ json_with_tools: { value: false, ...docs } });
    // A model's own claims without a family entry.
    expect(features('lone-2')).toStrictEqual({ json_with_tools: { value: true, ...docs } });
  });

  it('a variant condition holds for any model of that variant, with the claim’s note', () => {
    const registry = createRegistry({
      extends: null,
      entries: [
        lab(),
        {
          lab: 'acme',
          models: [
            {
              id: 'acme-3-mini',
              name: 'Acme 3 Mini',
              family: 'acme',
              variant: 'mini',
              version: '3',
              capabilities: { tools: claim(true) },
              source: SOURCE,
            },
          ],
        },
      ],
    });
    expect(registry.model('acme-3-mini')?.requestFeatures.output_format).toStrictEqual({
      value: false,
      ...docs,
      note: 'minis',
    });
    expect(registry.resolve({ model: 'acme-2-pro-20260301' }).model?.key).toBe('acme/acme-2-pro');
  });

  it('a family member by template has the family’s claims for its version and variant', () => {
    const registry = registryOf();
    const member = registry.resolve({ model: 'acme-4-mini' });
    expect([member.via, member.model?.fromFamily, member.model?.requestFeatures]).toStrictEqual([
      'family',
      true,
      {
        output_format: { value: false, ...docs, note: 'minis' },
        json_with_tools: { value: false, ...docs },
      },
    ]);
    expect(registry.resolve({ model: 'acme-4-ultra' }).model?.requestFeatures).toStrictEqual({
      output_format: { value: true, ...docs },
      json_with_tools: { value: false, ...docs },
    });
  });
});

function provider(extra: Record<string, unknown> = {}): RegistryEntry {
  return {
    id: 'p',
    name: 'P',
    tool_wire_format: 'openai',
    base_url: 'http://127.0.0.1:9/v1',
    chat_path: '/chat',
    auth: { header: 'Authorization', scheme: 'Bearer' },
    docs: SOURCE,
    ...extra,
  } as RegistryEntry;
}

/** Every quirk an anthropic-wire provider may state, each away from its default. */
const QUIRKS = {
  source_blocks: false,
  inline_images: true,
  tool_result_images: 'never',
  tool_result_pdf: 'never',
  structured_output_with_tools: false,
  usage_cache_reads_in_input: true,
  cache_control: 'refused',
} as const;

const price = { currency: 'USD', source: LIST_SOURCE, date: DATE } as const;

describe('registry.provider: a provider file as an entry', () => {
  it('gives every field of the data', () => {
    const registry = registryOf(
      provider({
        tool_wire_format: 'anthropic',
        aliases: ['pee'],
        auth: { header: 'x-api-key', required: false },
        api_key_env: 'P_API_KEY',
        headers: { 'x-version': '2' },
        cloud: {
          credentials: 'aws-sigv4',
          service: 'bedrock',
          base_url: 'https://svc.{region}.example.test',
          params: { region: { env: ['P_REGION', 'AWS_REGION'], default: 'us-east-1' } },
          base_url_overrides: [
            { param: 'region', value: 'global', base_url: 'https://svc.example.test' },
          ],
          api_key_base_url: 'https://keys.example.test',
        },
        request_body: { omit: ['model'], set: { anthropic_version: 'v1' } },
        stream_path: '/stream',
        stream_framing: 'aws-eventstream',
        quirks: QUIRKS,
        quirk_sources: Object.fromEntries(Object.keys(QUIRKS).map((name) => [name, docs])),
        cache_write_1h: { input_multiple: 2, source: SOURCE, date: DATE },
        catalogue: { models_dev: 'pcat' },
        default_model: 'acme-2-pro',
        offerings: [
          {
            id: 'pro',
            model: 'acme/acme-2-pro',
            aliases: ['pro-latest'],
            wire: 'openai',
            chat_path: '/messages',
            limits: { context: 500 },
            capabilities: { image_input: claim(true) },
            pricing: {
              input: 1,
              output: 2,
              cache_read: 0.1,
              cache_write: 1.25,
              cache_write_1h: 2,
              ...price,
            },
            lifecycle: { deprecated: '2026-05-01', source: SOURCE },
          },
        ],
        retired: [
          {
            id: 'old',
            model: 'acme/acme-1-max',
            aliases: ['old-latest'],
            deprecated: '2026-01-01',
            retired: '2026-02-01',
            replacement: 'pro',
            source: SOURCE,
            evidence: 'docs',
            note: 'gone',
          },
        ],
      }),
    );
    expect(registry.provider('p')).toStrictEqual({
      id: 'p',
      name: 'P',
      aliases: ['pee'],
      wire: 'anthropic',
      baseUrl: 'http://127.0.0.1:9/v1',
      chatPath: '/chat',
      auth: { header: 'x-api-key', scheme: undefined, required: false },
      apiKeyEnv: 'P_API_KEY',
      headers: { 'x-version': '2' },
      cloud: {
        credentials: 'aws-sigv4',
        service: 'bedrock',
        baseUrl: 'https://svc.{region}.example.test',
        params: { region: { env: ['P_REGION', 'AWS_REGION'], default: 'us-east-1' } },
        baseUrlOverrides: [
          { param: 'region', value: 'global', baseUrl: 'https://svc.example.test' },
        ],
        apiKeyBaseUrl: 'https://keys.example.test',
      },
      requestBody: { omit: ['model'], set: { anthropic_version: 'v1' } },
      streamPath: '/stream',
      streamFraming: 'aws-eventstream',
      docs: SOURCE,
      quirks: {
        source_blocks: false,
        inline_images: true,
        tool_result_images: 'never',
        tool_result_pdf: 'never',
        tool_result_image_fallback: undefined,
        structured_output_with_tools: false,
        usage_cache_reads_in_input: true,
        cache_control: 'refused',
        prompt_cache_key: undefined,
      },
      defaultModel: 'acme-2-pro',
      retired: [
        {
          id: 'old',
          model: 'acme/acme-1-max',
          aliases: ['old-latest'],
          wire: undefined,
          chatPath: undefined,
          limits: {},
          capabilities: {},
          pricing: undefined,
          lifecycle: {
            deprecated: '2026-01-01',
            retired: '2026-02-01',
            replacement: 'pro',
            source: SOURCE,
            evidence: 'docs',
            note: 'gone',
          },
        },
      ],
      catalogue: 'pcat',
      cacheWrite1hInputMultiple: 2,
      offerings: [
        {
          id: 'pro',
          model: 'acme/acme-2-pro',
          aliases: ['pro-latest'],
          wire: 'openai',
          chatPath: '/messages',
          limits: { context: 500 },
          capabilities: { image_input: { value: true, ...docs } },
          pricing: {
            input: 1,
            output: 2,
            cacheRead: 0.1,
            cacheWrite: 1.25,
            cacheWrite1h: 2,
            ...price,
          },
          lifecycle: { deprecated: '2026-05-01', source: SOURCE },
        },
      ],
    });
  });

  it('fills the documented defaults where the data says nothing', () => {
    const registry = registryOf(
      provider({
        cloud: { credentials: 'google-oauth', params: { project: {} } },
        request_body: { set: { stream: false } },
        offerings: [
          {
            id: 'mini',
            model: 'acme/acme-2-mini',
            pricing: { input: 1, output: 2, ...price },
          },
        ],
        retired: [{ id: 'old', model: 'acme/acme-1-max', retired: '2026-02-01', source: SOURCE }],
      }),
    );
    expect(registry.provider('p')).toStrictEqual({
      id: 'p',
      name: 'P',
      aliases: [],
      wire: 'openai',
      baseUrl: 'http://127.0.0.1:9/v1',
      chatPath: '/chat',
      // A key is required unless the data says otherwise.
      auth: { header: 'Authorization', scheme: 'Bearer', required: true },
      apiKeyEnv: undefined,
      headers: {},
      cloud: {
        credentials: 'google-oauth',
        service: undefined,
        baseUrl: undefined,
        params: { project: { env: [], default: undefined } },
        baseUrlOverrides: [],
        apiKeyBaseUrl: undefined,
      },
      requestBody: { omit: [], set: { stream: false } },
      streamPath: undefined,
      streamFraming: undefined,
      docs: SOURCE,
      quirks: {
        source_blocks: true,
        inline_images: false,
        tool_result_images: undefined,
        tool_result_pdf: undefined,
        tool_result_image_fallback: undefined,
        structured_output_with_tools: true,
        usage_cache_reads_in_input: undefined,
        cache_control: undefined,
        prompt_cache_key: undefined,
      },
      defaultModel: undefined,
      retired: [
        {
          id: 'old',
          model: 'acme/acme-1-max',
          aliases: [],
          wire: undefined,
          chatPath: undefined,
          limits: {},
          capabilities: {},
          pricing: undefined,
          lifecycle: {
            deprecated: undefined,
            retired: '2026-02-01',
            replacement: undefined,
            source: SOURCE,
            evidence: undefined,
            note: undefined,
          },
        },
      ],
      catalogue: undefined,
      cacheWrite1hInputMultiple: undefined,
      offerings: [
        {
          id: 'mini',
          model: 'acme/acme-2-mini',
          aliases: [],
          wire: undefined,
          chatPath: undefined,
          limits: {},
          capabilities: {},
          // No cache prices: the fields are absent, not undefined.
          pricing: { input: 1, output: 2, ...price },
          lifecycle: undefined,
        },
      ],
    });
  });

  it('no auth, no cloud, no request body: null and absent', () => {
    const entry = registryOf(provider({ auth: null })).provider('p');
    expect([entry.auth, entry.cloud, entry.requestBody, entry.offerings, entry.retired]).toEqual([
      null,
      undefined,
      undefined,
      [],
      [],
    ]);
    expect(Object.isFrozen(entry) && Object.isFrozen(entry.quirks)).toBe(true);
  });
});
