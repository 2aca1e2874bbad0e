// Run with `node --import tsx stdio-server.ts`: the fixture server over stdio.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createFixtureServer } from './fixture-servers.js';

const server = createFixtureServer({ name: 'stdio-fixture' });
await server.connect(new StdioServerTransport());
