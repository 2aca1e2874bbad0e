import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeWord, codeWordPdf, codeWordPng } from '../probe/artefacts.js';
import { probeModel } from '../probe/probe.js';
import { runCli } from '../test-support/run-cli.js';
import {
  codeWordsIn,
  readPng,
  simulatedModel,
  textOnlyModel,
} from '../test-support/seeing-model.js';

const registryData = fileURLToPath(new URL('../../../registry/data', import.meta.url));

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
  simulator.script('sees', simulatedModel('everything'));
  simulator.script('blind', simulatedModel('nothing'));
  simulator.script('no-pdf', simulatedModel('images'));
  simulator.script('text-only', textOnlyModel());
});

function copyOfTheData(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crosswire-probe-'));
  cpSync(registryData, dataDir, { recursive: true });
  return dataDir;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
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

  it('a text-only model that repeats every word it was sent reads back no code word', async () => {
    const results = await probe('text-only');
    expect(results.map((result) => [result.capability, result.outcome])).toEqual([
      ['image_input', 'not_seen'],
      ['tool_result_images', 'not_seen'],
      ['tool_result_pdf', 'not_seen'],
    ]);
    // it did answer, with the prompts' text: the word is in the media only
    for (const result of results) {
      expect(result.reply).toContain('code word');
      expect(result.reply).not.toContain(result.codeWord);
    }
  });

  it("keeps the reply and the provider's response id of each probe", async () => {
    const results = await probe('sees');
    const ids = results.map((result) => result.responseId);
    for (const id of ids) expect(id).toMatch(/^msg_sim_\d+$/);
    expect(new Set(ids).size).toBe(3);
    // the id of the reply that answered: the last request of each probe on the lane
    const lastId = simulator.received('sees').at(-1)?.turn;
    expect(ids.at(-1)).toBe(`msg_sim_${lastId}`);
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
    const dataDir = copyOfTheData();
    try {
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
      expect(run.stdout).not.toContain('created the lab entry');
      const provider = readJson(path.join(dataDir, 'providers', 'anthropic.json'));
      const offering = provider.offerings.find(
        (entry: { id: string }) => entry.id === 'claude-sonnet-5-5',
      );
      const today = new Date().toISOString().slice(0, 10);
      const endpoint = `${simulator.baseUrl('anthropic', 'no-pdf')}/v1/messages`;
      expect(offering.capabilities.tool_result_pdf).toEqual({
        value: false,
        evidence: 'live',
        source: endpoint,
        date: today,
        note: 'registry:probe: the model "claude-sonnet-5-5" did not read back a random code word sent as a PDF in a tool result',
        probe: {
          code_word: expect.stringMatching(/^[ACEFHJKMNPRTUVWXY3479]{6}$/),
          reply: 'I cannot see any code word.',
          response_id: expect.stringMatching(/^msg_sim_\d+$/),
          endpoint,
        },
      });
      // a claim the model passed keeps the word it read back as its reply
      const seen = offering.capabilities.tool_result_images;
      expect(seen).toMatchObject({ value: true, evidence: 'live' });
      expect(seen.probe.reply).toBe(seen.probe.code_word);
      const validated = await runCli(['registry', 'validate', '--data', dataDir]);
      expect([validated.code, validated.stdout.split('\n').at(-2)]).toEqual([
        0,
        expect.stringContaining('registry data valid'),
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('creates the lab entry, marked for review, for a model only a family template knows', async () => {
    const dataDir = copyOfTheData();
    try {
      const run = await runCli(
        [
          'registry',
          'probe',
          'anthropic',
          'claude-sonnet-5-9',
          '--base-url',
          simulator.baseUrl('anthropic', 'sees'),
          '--write',
          '--data',
          dataDir,
        ],
        { env: { ANTHROPIC_API_KEY: 'test-key' } },
      );
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toMatch(
        /^created the lab entry "claude-sonnet-5-9" in \S*\/models\/anthropic\.json, marked for review \(see its "review" field\)$/m,
      );
      const lab = readJson(path.join(dataDir, 'models', 'anthropic.json'));
      const today = new Date().toISOString().slice(0, 10);
      expect(lab.models.at(-1)).toEqual({
        id: 'claude-sonnet-5-9',
        name: 'claude-sonnet-5-9',
        family: 'claude',
        variant: 'sonnet',
        version: '5.9',
        capabilities: {},
        source: 'https://docs.anthropic.com/en/docs/about-claude/models/overview',
        review: `created by crosswire registry probe --write on ${today} from the "claude" family template: check the name, release date, limits and source against the lab's page for this model, then remove this field`,
      });
      const offering = readJson(path.join(dataDir, 'providers', 'anthropic.json')).offerings.at(-1);
      expect([offering.id, offering.model, Object.keys(offering.capabilities)]).toEqual([
        'claude-sonnet-5-9',
        'anthropic/claude-sonnet-5-9',
        ['image_input', 'tool_result_images', 'tool_result_pdf'],
      ]);
      const validated = await runCli(['registry', 'validate', '--data', dataDir]);
      expect([validated.code, validated.stderr]).toEqual([0, '']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to write evidence for a retired model, before sending anything', async () => {
    const dataDir = copyOfTheData();
    const before = simulator.received().length;
    try {
      const run = await runCli(
        [
          'registry',
          'probe',
          'openai',
          'o4-mini',
          '--base-url',
          simulator.baseUrl('openai', 'sees'),
          '--write',
          '--data',
          dataDir,
        ],
        { env: { OPENAI_API_KEY: 'test-key' } },
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'registry probe: cannot write evidence for "o4-mini": provider "openai" retired it on 2026-10-23; its replacement is "gpt-5.6-terra"',
      );
      expect(simulator.received().length).toBe(before);
      expect(readFileSync(path.join(dataDir, 'providers', 'openai.json'), 'utf8')).toBe(
        readFileSync(path.join(registryData, 'providers', 'openai.json'), 'utf8'),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('needs the API key before it sends anything', async () => {
    const run = await runCli(['registry', 'probe', 'anthropic', 'claude-sonnet-5-5'], { env: {} });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('provider "anthropic" needs an API key');
  });

  describe('what a provider sends is bounded before it reaches a data file', () => {
    // An Anthropic endpoint whose every reply carries a 1 MB response id.
    let hostile: Server;
    let base: string;
    beforeAll(async () => {
      hostile = createServer((request, response) => {
        request.resume();
        request.on('end', () => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              id: `msg_${'x'.repeat(1024 * 1024)}`,
              type: 'message',
              role: 'assistant',
              model: 'claude-sonnet-5-5',
              content: [{ type: 'text', text: 'No code word here.' }],
              stop_reason: 'end_turn',
              usage: { input_tokens: 10, output_tokens: 5 },
            }),
          );
        });
      });
      await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    });
    afterAll(async () => new Promise<void>((resolve) => hostile.close(() => resolve())));

    it('a 1 MB response id is left out of the evidence, which says so; the data file stays small and valid', async () => {
      const dataDir = copyOfTheData();
      try {
        const file = path.join(dataDir, 'providers', 'anthropic.json');
        const before = readFileSync(file, 'utf8').length;
        const run = await runCli(
          [
            'registry',
            'probe',
            'anthropic',
            'claude-sonnet-5-5',
            '--base-url',
            base,
            '--write',
            '--data',
            dataDir,
          ],
          { env: { ANTHROPIC_API_KEY: 'test-key' } },
        );
        expect([run.code, run.stderr]).toEqual([0, '']);
        const offering = readJson(file).offerings.find(
          (entry: { id: string }) => entry.id === 'claude-sonnet-5-5',
        );
        expect(offering.capabilities.image_input.probe.response_id).toBeUndefined();
        expect(offering.capabilities.image_input.note).toBe(
          `registry:probe: the model "claude-sonnet-5-5" did not read back a random code word sent as an image in a user message; the provider's response id (${1024 * 1024 + 4} characters, not a short printable id) was left out`,
        );
        expect(readFileSync(file, 'utf8').length - before).toBeLessThan(5000);
        const validated = await runCli(['registry', 'validate', '--data', dataDir]);
        expect(validated.code).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('data that would not validate is not written: exit 1 with the reasons, files unchanged', async () => {
      const dataDir = copyOfTheData();
      try {
        const file = path.join(dataDir, 'providers', 'anthropic.json');
        const data = readJson(file);
        data.default_model = 'claude-3-haiku';
        writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
        const before = readFileSync(file, 'utf8');
        const run = await runCli(
          [
            'registry',
            'probe',
            'anthropic',
            'claude-sonnet-5-5',
            '--base-url',
            base,
            '--write',
            '--data',
            dataDir,
          ],
          { env: { ANTHROPIC_API_KEY: 'test-key' } },
        );
        expect(run.code).toBe(1);
        expect(run.stdout).toContain(
          'nothing written: the data would not validate:\n  providers/anthropic.json: default_model: default_model "claude-3-haiku" is retired; the default must be a current offering',
        );
        expect(readFileSync(file, 'utf8')).toBe(before);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
