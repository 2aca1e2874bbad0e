import { z } from 'zod';
import { MODEL_KINDS } from '../schema.js';
import { LEARNED_LIMITS, learnedTextProblem } from './limits.js';
import { LEARNED_FACTS, LEARNED_MODALITIES } from './types.js';

// The schema of a saved learned snapshot, checked when one is given to `createRegistry`.
// Apart from the runtime so that resolving bundles without zod. Its limits are the ones
// `discover` keeps to (`limits.ts`), so whatever discover learned loads back.

/** An id, name, alias or replacement: the rules `discover` keeps to. */
const learnedText = z.string().superRefine((value, context) => {
  const problem = learnedTextProblem(value);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: `the text ${problem}` });
});

const day = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'expected a date YYYY-MM-DD');

const endpoint = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine(
    (url) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url),
    'an endpoint carries no credentials',
  )
  .refine((url) => !url.includes('?'), 'an endpoint carries no query (a key may hide there)');

const price = z.number().nonnegative().finite();
const modalities = z.array(z.enum(LEARNED_MODALITIES)).max(LEARNED_MODALITIES.length);

const learnedModelSchema = z.strictObject({
  id: learnedText,
  name: learnedText.optional(),
  kind: z.enum(MODEL_KINDS).exclude(['chat']).optional(),
  aliases: z.array(learnedText).max(LEARNED_LIMITS.aliases).optional(),
  created: day.optional(),
  context: z.int().positive().optional(),
  output: z.int().positive().optional(),
  modalities: z
    .strictObject({ input: modalities.optional(), output: modalities.optional() })
    .optional(),
  capabilities: z
    .strictObject(
      Object.fromEntries(LEARNED_FACTS.map((name) => [name, z.boolean().optional()])) as Record<
        (typeof LEARNED_FACTS)[number],
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .optional(),
  lifecycle: z
    .strictObject({
      status: z.enum(['active', 'deprecated', 'retired']).optional(),
      deprecated: day.optional(),
      retired: day.optional(),
      replacement: learnedText.optional(),
    })
    .optional(),
  pricing: z
    .strictObject({
      input: price,
      output: price,
      cacheRead: price.optional(),
      cacheWrite: price.optional(),
    })
    .optional(),
  endpoint: endpoint.optional(),
});

const learnedListingSchema = z.strictObject({
  provider: z.string().min(1).max(LEARNED_LIMITS.text),
  endpoint,
  date: day,
  complete: z.boolean(),
  truncated: z.string().min(1).max(1000).optional(),
  models: z.array(learnedModelSchema).max(LEARNED_LIMITS.models),
});

/** A learned snapshot as `registry.learned()` returns it and `createRegistry({ learned })` takes it. */
export const learnedSnapshotSchema = z.strictObject({
  listings: z.array(learnedListingSchema).max(1000),
});
