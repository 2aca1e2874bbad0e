import { PROVIDER_RULES } from '@crosswire/dialects';

/**
 * docs/provider-rules.md, generated from the rule catalogue of @crosswire/dialects (`rules.test.ts`
 * checks the page equals it; `pnpm --filter @crosswire/simulator docs:rules` writes it).
 */
export function providerRulesPage(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = PROVIDER_RULES.map(
    (rule) =>
      `| ${rule.wire} | ${cell(rule.rule)} | \`${rule.id}\` | ${rule.check ? 'yes' : 'no'} | ${cell(rule.source)} |`,
  );
  return `# Provider rules the simulator enforces

Each rule is a documented way a provider refuses a request (HTTP 400). The provider simulator
(\`@crosswire/simulator\`) refuses a request that breaks one, in the wire's error shape,
so a test against it fails where the real API would. Crosswire builds no request that breaks
any of them, including in a conversation that began on another wire.

The rules come from one catalogue, \`PROVIDER_RULES\` in \`@crosswire/dialects\`. The rules marked
*preflight* are checked by \`preflight(body, { wire })\` from \`@crosswire/dialects\`, which the
engine runs before every send (a body that breaks one is refused with
\`request_refused_preflight\` before any byte goes out); the others are conversation invariants
the dialects keep by construction, and the simulator checks them.

This page is generated from the catalogue: \`pnpm --filter @crosswire/simulator docs:rules\`.

| wire | rule | id | preflight | source |
|---|---|---|---|---|
${rows.join('\n')}
`;
}
