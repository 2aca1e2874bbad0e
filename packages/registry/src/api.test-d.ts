import type { WireFormat } from '@crosswire/core';
import { expectTypeOf } from 'vitest';
import {
  type CapabilityName,
  type CapabilityValues,
  capabilityValues,
  createRegistry,
  defaultRegistry,
  type EffectiveCapabilities,
  type EffectiveCapability,
  explain,
  type ProviderEntry,
  type Registry,
  type RegistryEntry,
  resolveCapabilities,
  supports,
  type Tristate,
} from './index.js';

// Capability names are a closed set: a typo does not compile.
expectTypeOf<CapabilityName>().toEqualTypeOf<
  'tools' | 'image_input' | 'pdf_input' | 'audio_input' | 'tool_result_images' | 'tool_result_pdf'
>();
// @ts-expect-error: 'vision' is not a capability
supports({ provider: 'openai', model: 'gpt-4o' }, 'vision');

expectTypeOf(supports).returns.toEqualTypeOf<boolean>();
expectTypeOf(
  resolveCapabilities({ provider: 'openai', model: 'gpt-4o' }).tool_result_images,
).toEqualTypeOf<EffectiveCapability>();
expectTypeOf<EffectiveCapability['value']>().toEqualTypeOf<Tristate>();
expectTypeOf<Tristate>().toEqualTypeOf<true | false | 'unknown'>();

// explain: one capability gives a list, none gives a record of lists.
expectTypeOf(explain({ provider: 'openai', model: 'gpt-4o' }, 'tools')).toEqualTypeOf<
  readonly string[]
>();
expectTypeOf(explain({ provider: 'openai', model: 'gpt-4o' })).toEqualTypeOf<
  Readonly<Record<CapabilityName, readonly string[]>>
>();

// What an engine reads off a provider entry.
expectTypeOf<ProviderEntry['wire']>().toEqualTypeOf<WireFormat>();
expectTypeOf<ProviderEntry['quirks']['source_blocks']>().toEqualTypeOf<boolean>();
expectTypeOf<ProviderEntry['quirks']['tool_result_images']>().toEqualTypeOf<'never' | undefined>();
expectTypeOf(defaultRegistry.provider('anthropic')).toEqualTypeOf<ProviderEntry>();

// createRegistry takes lab files and provider patches, and returns a Registry.
const patch: RegistryEntry = { id: 'openai', default_model: 'gpt-4o' };
expectTypeOf(
  createRegistry({ extends: defaultRegistry, entries: [patch] }),
).toEqualTypeOf<Registry>();
// @ts-expect-error: a wire that does not exist
const badWire: RegistryEntry = { id: 'x', tool_wire_format: 'grpc' };
void badWire;

// The calling conventions a caller may reach for all type-check, with the same results.
expectTypeOf(
  supports({ provider: 'openai', model: 'gpt-4o', capability: 'tools' }),
).toEqualTypeOf<boolean>();
expectTypeOf(supports('openai', 'gpt-4o', 'tools')).toEqualTypeOf<boolean>();
// @ts-expect-error: the capability must be a known name in every form
supports({ provider: 'openai', model: 'gpt-4o', capability: 'vision' });
expectTypeOf(explain('openai', 'gpt-4o', 'tools')).toEqualTypeOf<readonly string[]>();
expectTypeOf(explain({ provider: 'openai', model: 'gpt-4o', capability: 'tools' })).toEqualTypeOf<
  readonly string[]
>();
expectTypeOf(resolveCapabilities('openai', 'gpt-4o')).toEqualTypeOf<EffectiveCapabilities>();
expectTypeOf(
  capabilityValues({ provider: 'openai', model: 'gpt-4o' }).image_input,
).toEqualTypeOf<Tristate>();
expectTypeOf<CapabilityValues>().toEqualTypeOf<Readonly<Record<CapabilityName, Tristate>>>();
