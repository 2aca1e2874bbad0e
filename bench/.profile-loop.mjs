// temporary profiling script (not committed)
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { startChildSimulator } from './child-simulator.mjs';
const which = process.argv[2] ?? 'current';
const wire = process.argv[3] ?? 'openai';
const mod = which === 'current' ? await import('../packages/engines/dist/node/index.js') : (await (await import('./previous-release.mjs')).importPreviousRelease('engines')).module;
const turns = 50;
const simulator = await startChildSimulator({ options: `{ enforce: false, fallback: (request) => { const turns = Number(request.lane.split('-').at(-2)); if (request.turn <= turns) return { type: 'tool_calls', calls: [{ name: 'lookup', arguments: { turn: request.turn } }] }; setImmediate(() => simulator.reset()); return { type: 'text', text: 'done' }; } }` });
const resultText = `record: ${'lorem ipsum dolor sit amet '.repeat(38)}`;
const inputSchema = { type: 'object', properties: { turn: { type: 'number' } } };
const mcpServer = { async listTools() { return { tools: [{ name: 'lookup', description: 'Looks a record up.', inputSchema }] }; }, async callTool() { return { content: [{ type: 'text', text: resultText }] }; } };
const W = { openai: ['openai', 'gpt-5.5'], responses: ['openai-responses', 'gpt-5.5'], anthropic: ['anthropic', 'claude-sonnet-5-5'] }[wire];
let n = 0;
async function once() {
  n++;
  const engine = mod.createEngine({ provider: W[0], model: W[1], apiKey: 'sk', baseUrl: `${simulator.origin}/x-${turns}-${n}/${wire}`, maxIterations: turns + 2, onWarning: () => {} });
  const r = await engine.runToolLoop('Look the records up.', { mcpServers: [mcpServer] });
  await engine.close();
  if (r.text !== 'done') throw new Error('bad');
}
for (let i = 0; i < Number(process.env.WARM ?? 10); i++) await once();
const session = new Session(); session.connect();
const HEAP = process.env.HEAP === '1';
if (HEAP) { await session.post('HeapProfiler.enable'); await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }); }
else { await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 100 }); await session.post('Profiler.start'); }
const c = process.cpuUsage();
for (let i = 0; i < Number(process.env.RUNS ?? 20); i++) await once();
const u = process.cpuUsage(c);
const { profile } = HEAP ? await session.post('HeapProfiler.stopSampling') : await session.post('Profiler.stop');
console.log(which, wire, 'ms/request', ((u.user + u.system) / 1000 / (Number(process.env.RUNS ?? 20) * (turns + 1))).toFixed(3));
writeFileSync(`/tmp/prof/loop-${which}-${wire}.${HEAP ? 'heapprofile' : 'cpuprofile'}`, JSON.stringify(profile));
simulator.stop();
