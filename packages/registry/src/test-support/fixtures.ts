import type { WireFormat } from '@crosswire/core';
import type { Tristate } from '../capabilities.js';
import type { RegistryEntry } from '../create.js';

export const SOURCE = 'https://example.test/docs';
export const DATE = '2026-11-29';

/** A claim with full provenance, or a bare unknown. */
export function claim(value: Tristate) {
  return value === 'unknown'
    ? { value }
    : { value, evidence: 'docs' as const, source: SOURCE, date: DATE };
}

/** A model of the `acme` family that claims tools, with `extra` fields over it. */
export function acmeModel(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: id,
    family: 'acme',
    capabilities: { tools: claim(true) },
    source: SOURCE,
    ...extra,
  };
}

/** A lab with one model per image_input value. */
export function testLab(): RegistryEntry {
  return {
    lab: 'acme',
    name: 'Acme',
    models: (['seeing', 'blind', 'unsure'] as const).map((id, index) => ({
      id,
      name: id,
      family: 'acme',
      version: String(index + 1),
      limits: { context: 1000, output: 100 },
      capabilities: {
        tools: claim(true),
        image_input: claim(([true, false, 'unknown'] as const)[index] as Tristate),
      },
      source: SOURCE,
    })),
  };
}

export const IMAGE_INPUT_OF: Record<string, Tristate> = {
  seeing: true,
  blind: false,
  unsure: 'unknown',
};

/** A provider on `wire` that claims the two tool-result capabilities as given. */
export function testProvider(
  id: string,
  wire: WireFormat,
  claims: { images?: Tristate; pdf?: Tristate } = {},
): RegistryEntry {
  const capabilities: Record<string, unknown> = {};
  if (claims.images !== undefined) capabilities.tool_result_images = claim(claims.images);
  if (claims.pdf !== undefined) capabilities.tool_result_pdf = claim(claims.pdf);
  return {
    id,
    name: id,
    tool_wire_format: wire,
    base_url: 'http://127.0.0.1:9/v1',
    chat_path: '/chat',
    auth: { header: 'Authorization', scheme: 'Bearer' },
    docs: SOURCE,
    capabilities,
  };
}
