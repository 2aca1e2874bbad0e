import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';

// TypeDoc writes its sidebar next to the API pages (scripts/docs-site/api.mjs runs it first).
const apiSidebarFile = fileURLToPath(new URL('../api/typedoc-sidebar.json', import.meta.url));
const apiSidebar = existsSync(apiSidebarFile)
  ? JSON.parse(readFileSync(apiSidebarFile, 'utf8'))
  : [];

const packages = [
  'core',
  'content-image',
  'tool-result',
  'registry',
  'dialects',
  'engines',
  'simulator',
  'ai-sdk',
  'otel',
  'langchain',
  'cli',
];

export default defineConfig({
  title: 'Crosswire',
  description:
    'MCP tool results, exact on every LLM wire: rendering, capabilities, safe fetching and the tool loop, in TypeScript.',
  // Published at https://crosswire-dev.github.io/crosswire/.
  base: '/crosswire/',
  cleanUrls: true,
  lastUpdated: false,
  // A dead link fails the build (the check script then checks the built pages as well).
  ignoreDeadLinks: false,
  srcExclude: ['snippets/**', 'README.md'],
  // The local search index of the API pages is one large chunk; that is expected.
  vite: { build: { chunkSizeWarningLimit: 4096 } },
  themeConfig: {
    nav: [
      { text: 'Quick start', link: '/quick-start' },
      { text: 'Recipes', link: '/recipes/' },
      { text: 'Reference', link: '/reference/wires' },
      { text: 'API', link: '/api/' },
    ],
    sidebar: {
      '/api/': [{ text: 'API reference', items: apiSidebar }],
      '/': [
        {
          text: 'Start',
          items: [
            { text: 'Quick start', link: '/quick-start' },
            { text: 'Coming from the AI SDK', link: '/ai-sdk' },
            { text: 'Tracing with OpenTelemetry', link: '/opentelemetry' },
            { text: 'Coming from LangChain', link: '/langchain' },
          ],
        },
        {
          text: 'Recipes',
          items: [
            { text: 'Stream a loop to a browser (SSE)', link: '/recipes/stream-to-browser' },
            { text: 'Test your agent with the simulator', link: '/recipes/test-with-simulator' },
            { text: 'Tool images on every wire', link: '/recipes/tool-images' },
            { text: 'A LangChain agent that sees images', link: '/recipes/langchain-agent' },
            { text: 'Durable loops on BullMQ', link: '/recipes/bullmq' },
            { text: 'Ask a person before a tool runs', link: '/recipes/tool-approval' },
            { text: 'Choosing a model with the registry', link: '/recipes/choosing-a-model' },
            { text: 'Models in your cloud account', link: '/recipes/cloud-routes' },
            { text: 'Contributing a registry entry', link: '/recipes/registry-entry' },
          ],
        },
        {
          text: 'Guides',
          items: [
            { text: 'Tool results on every wire', link: '/guides/tool-results' },
            { text: 'Images and safe fetching', link: '/guides/images-and-fetching' },
            { text: 'Structured output', link: '/guides/structured-output' },
            {
              text: 'Prompt caching, cache tokens and cost',
              link: '/guides/prompt-caching-and-cost',
            },
            { text: 'The capability registry', link: '/guides/registry' },
            { text: 'Model lists, lifecycle and prices', link: '/guides/model-lists' },
            { text: 'Writing your own tool loop', link: '/guides/own-loop' },
            { text: 'The AI SDK: bodies before and after', link: '/guides/ai-sdk-bodies' },
          ],
        },
        {
          text: 'Reference',
          items: [
            { text: 'Wire tables', link: '/reference/wires' },
            { text: 'Providers and models', link: '/reference/providers' },
            { text: 'Provider rules', link: '/reference/provider-rules' },
            { text: 'API', link: '/api/' },
          ],
        },
        {
          text: 'Packages',
          items: packages.map((name) => ({
            text: `@crosswire/${name}`,
            link: `/packages/${name}`,
          })),
        },
      ],
    },
    socialLinks: [{ icon: 'github', link: 'https://github.com/crosswire-dev/crosswire' }],
    search: { provider: 'local' },
    outline: [2, 3],
    footer: { message: 'MIT licence' },
  },
});
