import { main } from './packages/cli/src/main.ts';
await main(process.argv.slice(2), { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), readStdin: async () => '', env: { MISTRAL_API_KEY: 'k', ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k' }, isTTY: false, cwd: process.cwd() });
