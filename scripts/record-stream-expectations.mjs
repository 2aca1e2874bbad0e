#!/usr/bin/env node
// Records, once, what the official SDKs make of each recorded stream in
// packages/dialects/fixtures/streams/oracle/manifest.json: the final text, calls, reasoning,
// usage and stop reason, by the SDK's own accumulator reading the same bytes through a fake
// fetch (no network). Run by hand (`node scripts/record-stream-expectations.mjs`) when a stream
// is added; the tests read the written expectations.sdk.json and never recompute them.
//   anthropic  @anthropic-ai/sdk messages.stream().finalMessage()
//   openai     openai chat.completions.stream().finalChatCompletion()
//   responses  openai responses.stream().finalResponse()
//   gemini     @google/genai models.generateContentStream(): each chunk's `.text` and
//              `.functionCalls` joined in order, as its docs say; thought parts, usage and the
//              finish reason from the chunks (the last one reported wins)
// Ollama and Hermes have no official accumulator: their expectations are written by hand
// (expectations.hand.json) from the documented formats.
import { readFileSync, writeFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';

const dir = new URL('../packages/dialects/fixtures/streams/oracle/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8'));
const BASE = 'http://127.0.0.1:9/v1';

/** A fetch that answers every request with the recorded bytes. */
const replay = (bytes) => async () =>
  new Response(bytes, { status: 200, headers: { 'content-type': 'text/event-stream' } });

const parsedArguments = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return text; // not JSON (cut off): the text as sent
  }
};
const defined = (record) =>
  Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value !== null),
  );

async function anthropic(bytes) {
  const client = new Anthropic({
    apiKey: 'test',
    baseURL: BASE,
    fetch: replay(bytes),
    maxRetries: 0,
  });
  const message = await client.messages
    .stream({
      model: 'claude-sonnet-5-5',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'hi' }],
    })
    .finalMessage();
  const blocks = message.content;
  // Crosswire's inputTokens is all input: the uncached tokens plus the cache writes and reads
  // Anthropic counts beside them.
  const cacheRead = message.usage?.cache_read_input_tokens ?? undefined;
  const cacheWrite = message.usage?.cache_creation_input_tokens ?? undefined;
  const uncached = message.usage?.input_tokens ?? undefined;
  const input =
    uncached === undefined ? undefined : uncached + (cacheRead ?? 0) + (cacheWrite ?? 0);
  const output = message.usage?.output_tokens ?? undefined;
  return {
    text: blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''),
    reasoning: blocks.flatMap((b) => (b.type === 'thinking' ? [b.thinking] : [])).join(''),
    calls: blocks.flatMap((b) =>
      b.type === 'tool_use' ? [{ id: b.id, name: b.name, arguments: b.input }] : [],
    ),
    // Anthropic reports no total: Crosswire's documented total is input + output.
    usage: defined({
      inputTokens: input,
      outputTokens: output,
      totalTokens: input !== undefined && output !== undefined ? input + output : undefined,
      cacheReadTokens: cacheRead,
      cacheWriteTokens: cacheWrite,
    }),
    stopReason: message.stop_reason ?? null,
  };
}

async function chat(bytes) {
  const client = new OpenAI({ apiKey: 'test', baseURL: BASE, fetch: replay(bytes), maxRetries: 0 });
  const completion = await client.chat.completions
    .stream({ model: 'gpt-6.1-sol', messages: [{ role: 'user', content: 'hi' }] })
    .finalChatCompletion();
  const choice = completion.choices[0];
  const message = choice.message;
  const usage = completion.usage ?? {};
  return {
    text: message.content ?? '',
    refusal: message.refusal ?? null,
    reasoning: message.reasoning_content ?? message.reasoning ?? '',
    calls: (message.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: parsedArguments(call.function.arguments),
    })),
    usage: defined({
      inputTokens: usage.prompt_tokens,
      outputTokens: usage.completion_tokens,
      totalTokens: usage.total_tokens,
      reasoningTokens: usage.completion_tokens_details?.reasoning_tokens,
      cacheReadTokens: usage.prompt_tokens_details?.cached_tokens,
    }),
    stopReason: choice.finish_reason ?? null,
  };
}

async function responses(bytes) {
  const client = new OpenAI({ apiKey: 'test', baseURL: BASE, fetch: replay(bytes), maxRetries: 0 });
  const response = await client.responses
    .stream({ model: 'gpt-6.1-sol', input: 'hi' })
    .finalResponse();
  const output = response.output ?? [];
  const usage = response.usage ?? {};
  return {
    text: output
      .flatMap((item) => (item.type === 'message' ? item.content : []))
      .flatMap((part) => (part.type === 'output_text' ? [part.text] : []))
      .join(''),
    reasoning: output
      .flatMap((item) =>
        item.type === 'reasoning' ? [...(item.summary ?? []), ...(item.content ?? [])] : [],
      )
      .map((part) => part.text)
      .join(''),
    calls: output.flatMap((item) =>
      item.type === 'function_call'
        ? [{ id: item.call_id, name: item.name, arguments: parsedArguments(item.arguments) }]
        : [],
    ),
    usage: defined({
      inputTokens: usage.input_tokens,
      outputTokens: usage.output_tokens,
      totalTokens: usage.total_tokens,
      reasoningTokens: usage.output_tokens_details?.reasoning_tokens,
      cacheReadTokens: usage.input_tokens_details?.cached_tokens,
    }),
    stopReason: response.status ?? null,
  };
}

async function gemini(bytes) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = replay(bytes);
  try {
    const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: 'http://127.0.0.1:9' } });
    const stream = await ai.models.generateContentStream({
      model: 'gemini-3.8-flash',
      contents: 'hi',
    });
    let text = '';
    let reasoning = '';
    const calls = [];
    let usage = {};
    let stopReason = null;
    const warn = console.warn;
    console.warn = () => {}; // `.text` warns about the non-text parts it leaves out
    try {
      for await (const chunk of stream) {
        text += chunk.text ?? '';
        for (const call of chunk.functionCalls ?? []) {
          calls.push({ id: call.id ?? '', name: call.name, arguments: call.args ?? {} });
        }
        const candidate = chunk.candidates?.[0];
        for (const part of candidate?.content?.parts ?? []) {
          if (part.thought === true && typeof part.text === 'string') reasoning += part.text;
        }
        if (candidate?.finishReason) stopReason = candidate.finishReason;
        if (chunk.usageMetadata) usage = chunk.usageMetadata;
      }
    } finally {
      console.warn = warn;
    }
    return {
      text,
      reasoning,
      calls,
      usage: defined({
        inputTokens: usage.promptTokenCount,
        outputTokens: usage.candidatesTokenCount,
        totalTokens: usage.totalTokenCount,
        reasoningTokens: usage.thoughtsTokenCount,
        cacheReadTokens: usage.cachedContentTokenCount,
      }),
      stopReason,
    };
  } finally {
    globalThis.fetch = realFetch;
  }
}

const READERS = { anthropic, openai: chat, responses, gemini };
const ORACLES = {
  anthropic: '@anthropic-ai/sdk MessageStream.finalMessage()',
  openai: 'openai ChatCompletionStream.finalChatCompletion()',
  responses: 'openai ResponseStream.finalResponse()',
  gemini: '@google/genai generateContentStream() chunks',
};
const version = (name) =>
  JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8'))
    .version;
const VERSIONS = {
  anthropic: `@anthropic-ai/sdk ${version('@anthropic-ai/sdk')}`,
  openai: `openai ${version('openai')}`,
  responses: `openai ${version('openai')}`,
  gemini: `@google/genai ${version('@google/genai')}`,
};

const expectations = {};
for (const entry of manifest) {
  const read = READERS[entry.wire];
  if (read === undefined) continue;
  const bytes = readFileSync(new URL(entry.file, dir));
  let result;
  try {
    result = { oracle: `${ORACLES[entry.wire]} (${VERSIONS[entry.wire]})`, ...(await read(bytes)) };
  } catch (error) {
    // The SDK refuses the stream (a provider error event): the error is the expectation.
    result = {
      oracle: `${ORACLES[entry.wire]} (${VERSIONS[entry.wire]})`,
      error: String(error?.message ?? error).slice(0, 300),
    };
  }
  expectations[entry.name] = result;
  console.log(entry.name, result.error ? `error: ${result.error.slice(0, 80)}` : 'ok');
}
writeFileSync(new URL('expectations.sdk.json', dir), `${JSON.stringify(expectations, null, 2)}\n`);
