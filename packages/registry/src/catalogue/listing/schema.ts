import { z } from 'zod';
import { LEARNED_FACTS } from './types.js';

// The schema of a saved learned snapshot, checked when one is given to `createRegistry`.
// Apart from the runtime so that resolving bundles without zod.

const id = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[^\s\p{Cc}]+$/u, 'expected a model id without spaces or control characters');

const endpoint = z
  .url({ protocol: /^https?$/ })
  .refine(
    (url) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url),
    'an endpoint carries no credentials',
  )
  .refine((url) => !url.includes('?'), 'an endpoint carries no query (a key may hide there)');

const learnedModelSchema = z.strictObject({
  id,
  name: z.string().min(1).max(256).optional(),
  context: z.int().positive().optional(),
  output: z.int().positive().optional(),
  capabilities: z
    .strictObject(
      Object.fromEntries(LEARNED_FACTS.map((name) => [name, z.boolean().optional()])) as Record<
        (typeof LEARNED_FACTS)[number],
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .optional(),
  endpoint: endpoint.optional(),
});

const learnedListingSchema = z.strictObject({
  provider: z.string().min(1),
  endpoint,
  date: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'expected a date YYYY-MM-DD'),
  complete: z.boolean(),
  models: z.array(learnedModelSchema).max(20_000),
});

/** A learned snapshot as `registry.learned()` returns it and `createRegistry({ learned })` takes it. */
export const learnedSnapshotSchema = z.strictObject({
  listings: z.array(learnedListingSchema),
});
