import { CAPABILITY_NAMES, type Tristate } from './capabilities.js';
import type { Registry } from './types.js';

function cell(value: Tristate): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return '?';
}

/**
 * The effective capabilities of every offering of every provider as a Markdown table, so a
 * reviewer sees the effect of a data change as a diff of this file (CAPABILITIES.md).
 */
export function renderCapabilitiesTable(registry: Registry): string {
  const lines: string[] = [
    '# Effective capabilities',
    '',
    '<!-- Generated from data/ by `node --import tsx packages/registry/scripts/registry.ts generate`; do not edit. -->',
    '',
    'One row per offering (a provider serving a model), after the derivation rule: a',
    '`tool_result_*` claim is kept only where the wire carries the kind natively and, where the',
    'native form needs vision, the model has `image_input`. `yes` / `no` / `?` (unknown, never',
    'read as true). `resolve` and `explain` give the reasons for every cell.',
    '',
  ];
  for (const provider of registry.providers()) {
    const quirks = Object.entries(provider.quirks)
      .filter(
        ([name, value]) =>
          value !== undefined &&
          !(name === 'source_blocks' && value === true) &&
          !(name === 'inline_images' && value === false) &&
          !(name === 'structured_output_with_tools' && value === true),
      )
      .map(([name, value]) => `\`${name}: ${String(value)}\``);
    lines.push(`## ${provider.name} (\`${provider.id}\`)`, '');
    lines.push(
      `Wire \`${provider.wire}\`, ${provider.baseUrl}${provider.chatPath}${quirks.length > 0 ? `; quirks ${quirks.join(', ')}` : ''}.`,
      '',
    );
    if (provider.offerings.length === 0) {
      lines.push('No offerings listed: any model name resolves through the model entries.', '');
      continue;
    }
    lines.push(
      `| model id | model | wire | ${CAPABILITY_NAMES.join(' | ')} |`,
      `|---|---|---|${CAPABILITY_NAMES.map(() => '---').join('|')}|`,
    );
    for (const offering of provider.offerings) {
      const resolution = registry.resolve({ provider: provider.id, model: offering.id });
      const cells = CAPABILITY_NAMES.map((name) => cell(resolution.capabilities[name].value));
      lines.push(
        `| \`${offering.id}\` | ${offering.model} | ${resolution.wire ?? ''} | ${cells.join(' | ')} |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
