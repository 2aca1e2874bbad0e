// The same packages loaded with `require` (CommonJS), which Node 20.19+ allows for ES modules
// through the packages' exports maps. TypeScript compiles each `import x = require(...)` to a
// plain `const x = require(...)`.
import assert = require('node:assert/strict');
import aiSdk = require('@crosswire/ai-sdk');
import cli = require('@crosswire/cli');
import contentImage = require('@crosswire/content-image');
import core = require('@crosswire/core');
import dialects = require('@crosswire/dialects');
import engines = require('@crosswire/engines');
import durable = require('@crosswire/engines/durable');
import otel = require('@crosswire/otel');
import registry = require('@crosswire/registry');
import simulator = require('@crosswire/simulator');
import toolResult = require('@crosswire/tool-result');

const result = new toolResult.ToolResult({
  name: 'screenshot',
  id: 'call_1',
  content: [{ type: 'text', text: 'The login page:' }],
});
assert.deepEqual(result.to('openai'), {
  role: 'tool',
  tool_call_id: 'call_1',
  content: 'The login page:',
});
assert.equal(core.carriesNative('gemini', 'image'), true);
assert.equal(
  contentImage.Image.fromUrl('https://images.example/cat.png').toAnthropic().source.type,
  'url',
);
assert.equal(registry.supports('openai-responses', 'gpt-5.4', 'tool_result_pdf'), true);
assert.equal(typeof engines.createEngine, 'function');
assert.equal(typeof dialects.buildRequest, 'function');
assert.equal(typeof durable.saveConversation, 'function');
assert.equal(typeof simulator.startSimulator, 'function');
assert.equal(typeof cli.main, 'function');
assert.deepEqual(Object.keys(otel.otelHooks()).sort(), [
  'onLoopEnd',
  'onLoopStart',
  'onRequest',
  'onResponse',
  'onToolCallEnd',
  'onToolCallStart',
]);
assert.equal(
  aiSdk.supportsInToolResults({ provider: 'openai.chat', modelId: 'gpt-6.1-sol' }, 'image')
    .delivery,
  'user-message',
);
// One class across both loaders: an error thrown by a package is the class `require` gives.
assert.ok(new core.ValidationError('x') instanceof core.CrosswireError);

console.log('cjs app: ok');
