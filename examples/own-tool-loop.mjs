// Writing your own tool loop with Crosswire's seams, on every wire, against the loopback
// provider simulator (no key, no network). The seams are the ones engine.chatWithTools
// uses: formatTools, buildRequest, toolLoopResponse, toolLoopCalls, formatToolResults,
// responseToolCalls, extractToolCall and responseTextContent.
// Run: node examples/own-tool-loop.mjs
import { extractToolCall, formatTools, WIRE_FORMATS } from '@crosswire/core';
import {
  buildRequest,
  DIALECTS,
  formatToolResults,
  responseTextContent,
  responseToolCalls,
  toolLoopCalls,
  toolLoopResponse,
} from '@crosswire/dialects';
import { startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';

// The tools your application offers, in MCP shape, and how it runs them.
const tools = [
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];
async function runTool(call) {
  if (call.name !== 'get_weather') {
    return { isError: true, content: [{ type: 'text', text: `unknown tool ${call.name}` }] };
  }
  return { content: [{ type: 'text', text: `${call.arguments.city}: 21 °C, light wind` }] };
}

const simulator = await startSimulator();
try {
  for (const wire of WIRE_FORMATS) {
    // The simulated model calls the tool once, then answers.
    simulator.script(wire, [
      {
        type: 'tool_calls',
        calls: [{ name: 'get_weather', arguments: { city: 'Paris' }, id: 'call_1' }],
      },
      { type: 'text', text: 'It is 21 °C in Paris with a light wind.' },
    ]);
    const model = 'demo-model';
    const url = simulator.baseUrl(wire, wire) + DIALECTS[wire].path(model);
    const options = {}; // DialectOptions: imageInput, nativePdf, sourceBlocks... from the registry
    const messages = [{ role: 'user', content: 'What is the weather in Paris?' }];

    // What the wire's `tools` payload looks like (buildRequest does this for you).
    const formatted = formatTools(wire, tools);

    let answer;
    for (let turn = 1; turn <= 5 && answer === undefined; turn += 1) {
      const body = buildRequest(wire, { model, messages, tools, maxTokens: 512 }, options);
      const reply = await fetch(url, {
        method: 'POST',
        // Bedrock wants credentials on every request (the simulator checks them too): a
        // Bedrock API key as Bearer, or a SigV4 signature (the engine signs for you).
        headers: {
          'content-type': 'application/json',
          ...(wire === 'bedrock' ? { authorization: 'Bearer example-bedrock-api-key' } : {}),
        },
        body: JSON.stringify(body),
      });
      const data = await reply.json();
      if (!reply.ok) throw new Error(`HTTP ${reply.status}: ${JSON.stringify(data)}`);

      // Read the reply as the loop does; toolLoopCalls drops calls cut off by the token limit.
      const response = toolLoopResponse(wire, data, options);
      const { calls, data: echoBody } = toolLoopCalls(response, data, { wire });
      if (calls.length === 0) {
        answer = responseTextContent(wire, data, options);
        break;
      }
      // The raw call structures, and one of them read back as a ToolCall.
      const raw = responseToolCalls(wire, data, options);
      const first = extractToolCall(wire, raw[0]);

      // Run each call; every call gets exactly one result.
      const results = await Promise.all(
        calls.map(async (call) =>
          ToolResult.fromCallToolResult({ name: call.name, id: call.id }, await runTool(call)),
        ),
      );
      // The assistant echo and the results, as the provider's own messages: append them.
      messages.push(...formatToolResults(wire, echoBody, results, options));
      console.log(
        `${wire.padEnd(9)} turn ${turn}: ${calls.length} call (${first?.name} ${JSON.stringify(first?.arguments)}), tools payload ${JSON.stringify(formatted).length} chars`,
      );
    }
    console.log(`${wire.padEnd(9)} answer: ${answer}`);
    if (answer === undefined) throw new Error(`${wire}: no answer within 5 turns`);
  }
} finally {
  await simulator.close();
}
