import {
  CAPABILITY_NAMES,
  defaultRegistry,
  type Resolution,
  type ToolResultDelivery,
} from '@crosswire/registry';
import { flag, positionalsOrFlags } from '../args.js';
import type { Command } from '../command.js';
import { EXIT_OK } from '../errors.js';
import {
  type CellInput,
  jsonText,
  renderPairs,
  renderTable,
  type Style,
  styleFor,
} from '../format.js';

const help = `Usage: crosswire caps PROVIDER MODEL [--explain] [--json]
       crosswire caps --provider PROVIDER --model MODEL [--explain] [--json]

Prints the effective capabilities of MODEL as PROVIDER serves it, from the registry:
tools, image_input, pdf_input, audio_input, and the two derived ones, tool_result_images
and tool_result_pdf (whether an image or a PDF returned by a tool reaches the model
natively on that provider's wire). Each value is true, false or unknown; unknown is
never read as true. Then how a tool's image and PDF reach the model as an engine sends
them: native (inside the tool result), user-message (a placeholder in the tool result,
the image in a user message after the results: a vision model on openai, ollama, hermes,
Gemini 2.x), tool-message, or placeholder (the model never sees it).

Arguments:
  PROVIDER            a registry provider id or alias (openai, anthropic, gemini, ...)
  MODEL               the model name: an id, an alias, a dated snapshot, a vendor/model
                      name with a suffix (openrouter's :free); a name only the imported
                      models.dev catalogue knows is answered from it (evidence
                      "catalogue"); unknown names resolve to the documented default, where
                      the wire and the provider's quirks still decide the tool_result_*
                      values and everything that depends on the model is unknown. A
                      retired or deprecated model, or one missing from the provider's
                      list, is named in a warning line; prices are shown when known

Options:
  --provider P        PROVIDER as an option (instead of the first argument)
  --model M           MODEL as an option (instead of the second argument)
  --explain           print the chain of reasons behind each value
  --json              print the resolution as JSON
  -h, --help          show this help

Examples:
  crosswire caps anthropic claude-sonnet-5-5
  crosswire caps openai gpt-6.1-sol --explain
  crosswire caps --provider gemini --model gemini-2.5-flash-lite
  crosswire caps openrouter google/gemini-2.5-flash:free --json
`;

function valueCell(value: true | false | 'unknown', style: Style): CellInput {
  const text = String(value);
  return {
    text,
    styled:
      value === true ? style.green(text) : value === false ? style.red(text) : style.yellow(text),
  };
}

function jsonReport(resolution: Resolution, explain: boolean): unknown {
  const provider = resolution.provider;
  return {
    requested: resolution.requested,
    provider:
      provider === undefined
        ? null
        : { id: provider.id, name: provider.name, wire: provider.wire, quirks: provider.quirks },
    model: resolution.model?.key ?? null,
    offering: resolution.offering?.id ?? null,
    via: resolution.via,
    known: resolution.known,
    listed: resolution.listed ?? null,
    lifecycle: resolution.lifecycle ?? null,
    pricing: resolution.pricing ?? null,
    catalogue:
      resolution.catalogue === undefined
        ? null
        : { id: resolution.catalogue.id, source: resolution.catalogue.source },
    warnings: resolution.warnings,
    wire: resolution.wire ?? null,
    // How a tool's image and PDF reach the model, as an engine sends them.
    delivery: explain
      ? resolution.delivery
      : {
          image: resolution.delivery.image.delivery,
          pdf: resolution.delivery.pdf.delivery,
        },
    limits: resolution.limits,
    steps: resolution.steps,
    // The plain tri-state values, as the registry's capabilityValues gives them.
    values: Object.fromEntries(
      CAPABILITY_NAMES.map((name) => [name, resolution.capabilities[name].value]),
    ),
    capabilities: Object.fromEntries(
      CAPABILITY_NAMES.map((name) => {
        const capability = resolution.capabilities[name];
        return [
          name,
          {
            value: capability.value,
            claimed: capability.claimed,
            evidence: capability.evidence ?? null,
            source: capability.source ?? null,
            date: capability.date ?? null,
            ...(explain ? { reasons: capability.reasons } : {}),
          },
        ];
      }),
    ),
  };
}

/** What each delivery means for a medium a tool returned, in a few words. */
const DELIVERY_WORDS: Record<ToolResultDelivery, (noun: string) => string> = {
  native: (noun) => `inside the tool result, as ${noun}`,
  'user-message': (noun) =>
    `a placeholder line in the tool result, ${noun} in a user message after the results`,
  'tool-message': (noun) => `a placeholder line in the tool result, ${noun} on the tool message`,
  placeholder: () => 'a placeholder line only: the model never sees it',
};

function limitsText(resolution: Resolution): string {
  const { context, output } = resolution.limits;
  const parts = [
    context === undefined ? undefined : `context ${context.toLocaleString('en-US')}`,
    output === undefined ? undefined : `output ${output.toLocaleString('en-US')}`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? 'unknown' : parts.join(', ');
}

function humanReport(resolution: Resolution, explain: boolean, style: Style): string {
  const provider = resolution.provider;
  const quirks = provider?.quirks;
  const quirkNotes =
    quirks === undefined
      ? []
      : [
          quirks.source_blocks ? undefined : 'no document blocks in tool results',
          quirks.inline_images ? 'images sent inline' : undefined,
          quirks.tool_result_images === 'never'
            ? 'tool-result images never reach the model'
            : undefined,
          quirks.tool_result_pdf === 'never' ? 'tool-result PDFs never reach the model' : undefined,
        ].filter((note) => note !== undefined);
  const modelLine = resolution.known
    ? `${resolution.requested} -> ${resolution.model?.key ?? resolution.offering?.id ?? '?'} (matched by ${resolution.via})`
    : `${resolution.requested} ${style.yellow('(unknown model: what depends on the model is unknown)')}`;
  const pairs: [string, string][] = [
    ['provider', provider === undefined ? '-' : `${provider.id} (${provider.name})`],
    ['wire', resolution.wire ?? '-'],
    ['model', modelLine],
    ['limits', limitsText(resolution)],
  ];
  if (resolution.steps.length > 0) pairs.push(['name steps', resolution.steps.join('; ')]);
  const lifecycle = resolution.lifecycle;
  if (lifecycle) {
    const dates = [
      lifecycle.deprecated && `deprecated ${lifecycle.deprecated}`,
      lifecycle.retired && `retired ${lifecycle.retired}`,
      lifecycle.replacement && `replacement ${lifecycle.replacement}`,
    ].filter(Boolean);
    const text = `${lifecycle.status}${dates.length > 0 ? ` (${dates.join(', ')})` : ''}`;
    pairs.push(['lifecycle', lifecycle.status === 'current' ? text : style.yellow(text)]);
  }
  if (resolution.listed !== undefined) {
    pairs.push([
      'served',
      resolution.listed
        ? 'yes'
        : style.yellow(`no: not in the registry's list for "${provider?.id}"`),
    ]);
  }
  const pricing = resolution.pricing;
  if (pricing) {
    const cache = [
      pricing.cacheRead !== undefined && `cache read ${pricing.cacheRead}`,
      pricing.cacheWrite !== undefined && `cache write ${pricing.cacheWrite}`,
      pricing.cacheWrite1h !== undefined && `1-hour cache write ${pricing.cacheWrite1h}`,
    ].filter(Boolean);
    pairs.push([
      'pricing',
      `input ${pricing.input}, output ${pricing.output}${cache.length > 0 ? `, ${cache.join(', ')}` : ''} USD per million tokens (${pricing.source}, ${pricing.date})`,
    ]);
  }
  if (quirkNotes.length > 0) pairs.push(['quirks', quirkNotes.join('; ')]);
  const { image, pdf } = resolution.delivery;
  pairs.push(
    ['tool image', `${image.delivery}: ${DELIVERY_WORDS[image.delivery]('the image')}`],
    ['tool PDF', `${pdf.delivery}: ${DELIVERY_WORDS[pdf.delivery]('the PDF')}`],
  );
  const rows = CAPABILITY_NAMES.map((name) => {
    const capability = resolution.capabilities[name];
    return [
      name,
      valueCell(capability.value, style),
      capability.evidence ?? '-',
      capability.source ?? '-',
    ];
  });
  const warnings = resolution.warnings.map((warning) => `${style.yellow('warning:')} ${warning}\n`);
  let text = `${renderPairs(pairs, style)}\n${renderTable(['capability', 'value', 'evidence', 'source'], rows, style)}${warnings.join('')}`;
  if (explain) {
    // The resolution steps open every chain; print them once, then each capability's own.
    const chains = CAPABILITY_NAMES.map((name) => resolution.capabilities[name].reasons);
    const first = chains[0] ?? [];
    let shared = 0;
    while (shared < first.length && chains.every((chain) => chain[shared] === first[shared]))
      shared += 1;
    const lines = [
      style.bold('resolution'),
      ...first.slice(0, shared).map((reason) => `  - ${reason}`),
    ];
    for (const name of CAPABILITY_NAMES) {
      const capability = resolution.capabilities[name];
      const own = capability.reasons.slice(shared);
      lines.push(
        `${style.bold(name)}: ${String(capability.value)}`,
        ...(own.length === 0 ? ['  (no further reasons)'] : own.map((reason) => `  - ${reason}`)),
      );
    }
    for (const [label, answer] of [
      ['tool image', image],
      ['tool PDF', pdf],
    ] as const) {
      lines.push(
        `${style.bold(label)}: ${answer.delivery}`,
        ...answer.reasons.map((reason) => `  - ${reason}`),
      );
    }
    text += `\n${lines.join('\n')}\n`;
  }
  return text;
}

/** `crosswire caps`: effective capabilities and, with `--explain`, why. */
export const capsCommand: Command = {
  name: 'caps',
  summary: 'effective capabilities of a model on a provider, and why',
  help,
  options: {
    provider: { type: 'string' },
    model: { type: 'string' },
    explain: { type: 'boolean' },
    json: { type: 'boolean' },
  },
  run: async (args, io) => {
    const [provider = '', model = ''] = positionalsOrFlags('caps', args, [
      { flag: 'provider', positional: 'PROVIDER' },
      { flag: 'model', positional: 'MODEL' },
    ]);
    // The provider must exist: a typo should not quietly print an all-unknown table.
    defaultRegistry.provider(provider);
    const resolution = defaultRegistry.resolve({ provider, model });
    const explain = flag(args, 'explain');
    io.stdout(
      flag(args, 'json')
        ? jsonText(jsonReport(resolution, explain))
        : humanReport(resolution, explain, styleFor(io)),
    );
    return EXIT_OK;
  },
};
