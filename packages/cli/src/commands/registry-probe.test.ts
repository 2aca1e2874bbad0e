import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeWord, codeWordPdf, codeWordPng } from '../probe/artefacts.js';
import { probeModel } from '../probe/probe.js';
import { runCli } from '../test-support/run-cli.js';
import { codeWordsIn, readPng, simulatedModel } from '../test-support/seeing-model.js';

const registryData = fileURLToPath(new URL('../../../registry/data', import.meta.url));

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
  simulator.script('sees', simulatedModel('everything'));
  simulator.script('blind', simulatedModel('nothing'));
  simulator.script('no-pdf', simulatedModel('images'));
});
afterAll(async () => {
  await simulator.close();
});

describe('the probe material', () => {
  it('draws a code word a reader of the pixels gets back, and writes it into a PDF', () => {
    const word = codeWord();
    expect(word).toMatch(/^[ACEFHJKMNPRTUVWXY3479]{6}$/);
    expect(readPng(codeWordPng(word))).toBe(word);
    expect(codeWordsIn({ data: Buffer.from(codeWordPdf(word)).toString('base64') })).toEqual([
      word,
    ]);
    expect(codeWord()).not.toBe(codeWord()); // 21^6 words: a clash here is a broken generator
  });
});

describe('registry probe against the simulator', () => {
  const probe = (lane: string) =>
    probeModel({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'test-key',
      baseUrl: simulator.baseUrl('anthropic', lane),
    });

  it('a model that sees reads back every code word', async () => {
    const results = await probe('sees');
    expect(results.map((result) => [result.capability, result.outcome])).toEqual([
      ['image_input', 'seen'],
      ['tool_result_images', 'seen'],
      ['tool_result_pdf', 'seen'],
    ]);
    // each probe sent its own word, natively, and the reply carried it
    const words = results.map((result) => result.codeWord);
    expect(new Set(words).size).toBe(3);
    for (const result of results) expect(result.reply).toBe(result.codeWord);
  });

  it('a blind model and one that reads no PDF are told apart', async () => {
    expect((await probe('blind')).map((result) => result.outcome)).toEqual([
      'not_seen',
      'not_seen',
      'not_seen',
    ]);
    expect((await probe('no-pdf')).map((result) => result.outcome)).toEqual([
      'seen',
      'seen',
      'not_seen',
    ]);
  });

  it('on a wire with no native tool-result form there is nothing to measure', async () => {
    const results = await probeModel({
      provider: 'openai',
      model: 'gpt-4.1',
      apiKey: 'test-key',
      baseUrl: simulator.baseUrl('openai', 'sees'),
    });
    expect(results.map((result) => [result.capability, result.outcome])).toEqual([
      ['image_input', 'seen'],
      ['tool_result_images', 'not_applicable'],
      ['tool_result_pdf', 'not_applicable'],
    ]);
  });

  it('writes the outcomes as live evidence into the data, which then validates', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crosswire-probe-'));
    try {
      cpSync(registryData, dataDir, { recursive: true });
      const run = await runCli(
        [
          'registry',
          'probe',
          'anthropic',
          'claude-sonnet-5-5',
          '--base-url',
          simulator.baseUrl('anthropic', 'no-pdf'),
          '--write',
          '--data',
          dataDir,
        ],
        { env: { ANTHROPIC_API_KEY: 'test-key' } },
      );
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toMatch(/^tool_result_pdf +not_seen +did not read back the code word/m);
      const provider = JSON.parse(
        readFileSync(path.join(dataDir, 'providers', 'anthropic.json'), 'utf8'),
      );
      const offering = provider.offerings.find(
        (entry: { id: string }) => entry.id === 'claude-sonnet-5-5',
      );
      const today = new Date().toISOString().slice(0, 10);
      expect(offering.capabilities.tool_result_pdf).toEqual({
        value: false,
        evidence: 'live',
        source: `${simulator.baseUrl('anthropic', 'no-pdf')}/v1/messages`,
        date: today,
        note: 'registry:probe: the model "claude-sonnet-5-5" did not read back a random code word sent as a PDF in a tool result',
      });
      expect(offering.capabilities.tool_result_images).toMatchObject({
        value: true,
        evidence: 'live',
      });
      const validated = await runCli(['registry', 'validate', '--data', dataDir]);
      expect([validated.code, validated.stdout.split('\n').at(-2)]).toEqual([
        0,
        expect.stringContaining('registry data valid'),
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('needs the API key before it sends anything', async () => {
    const run = await runCli(['registry', 'probe', 'anthropic', 'claude-sonnet-5-5'], { env: {} });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('provider "anthropic" needs an API key');
  });
});
