// Writes docs/provider-rules.md from the rule catalogue (rules.test.ts checks it stays equal).
import { writeFileSync } from 'node:fs';
import { providerRulesPage } from '../src/rules-page.js';

writeFileSync(new URL('../docs/provider-rules.md', import.meta.url), providerRulesPage());
