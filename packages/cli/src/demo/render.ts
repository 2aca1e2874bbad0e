import { WIRE_FORMATS } from '@crosswire/core';
import type { ToolResultDelivery } from '@crosswire/registry';
import { type CellInput, renderTable, type Style, truncate } from '../format.js';
import type { DeliveredPart } from './describe.js';
import type { DemoOutcome, DemoReport, DemoRow, DemoTurn } from './report.js';

function partCell(part: DeliveredPart, style: Style): { text: string; styled: string } {
  switch (part.kind) {
    case 'image':
    case 'document': {
      const text = `${part.kind} ${part.mediaType} ${part.bytes} B`;
      return { text, styled: style.green(text) };
    }
    case 'placeholder': {
      const tag = /^\[[a-z_]+\]/.exec(part.text)?.[0] ?? part.text;
      const text = `placeholder ${tag}`;
      return { text, styled: style.yellow(text) };
    }
    case 'text document':
      return { text: 'text document', styled: style.cyan('text document') };
    case 'text':
      return { text: 'text', styled: 'text' };
    default: {
      const unreachable: never = part;
      return { text: String(unreachable), styled: String(unreachable) };
    }
  }
}

/** What follows the results for a medium the tool result holds as a placeholder. */
const FOLLOWS: Partial<Record<ToolResultDelivery, string>> = {
  'user-message': 'after the results',
  'tool-message': 'on the tool message',
};

function rowCell(
  row: DemoRow | undefined,
  delivery: DemoOutcome['delivery'],
  style: Style,
): CellInput {
  if (row === undefined) return { text: '-', styled: style.dim('-') };
  const medium = row.output === 'image' ? 'image' : row.output === 'pdf' ? 'pdf' : undefined;
  const follows = medium === undefined ? undefined : FOLLOWS[delivery[medium]];
  const cells = [
    ...row.parts.map((part) => partCell(part, style)),
    ...(follows === undefined
      ? []
      : [{ text: `${medium} ${follows}`, styled: style.green(`${medium} ${follows}`) }]),
  ];
  const unique = cells.filter(
    (cell, index) => cells.findIndex((other) => other.text === cell.text) === index,
  );
  const text = unique.map((cell) => cell.text).join(' + ') || 'empty';
  const styled = unique.map((cell) => cell.styled).join(' + ') || 'empty';
  if (row.errorFlag)
    return { text: `${text} is_error`, styled: `${styled} ${style.red('is_error')}` };
  // An error result on a wire without an error flag reaches the model as plain text.
  if (row.output === 'error') {
    return { text: `${text} (no error flag)`, styled: `${styled} ${style.dim('(no error flag)')}` };
  }
  return { text, styled };
}

/** `1: 812 in, 75% cached, $0.000512` (or `no price`): one turn's tokens, cache share and cost. */
export function turnCell(turn: DemoTurn, index: number): string {
  const input = turn.inputTokens === null ? '? in' : `${turn.inputTokens} in`;
  const share = turn.cacheSharePercent === null ? '? cached' : `${turn.cacheSharePercent}% cached`;
  const cost = turn.cost === null ? 'no price' : `$${turn.cost.total.toFixed(6)}`;
  return `${index + 1}: ${input}, ${share}, ${cost}`;
}

function turnLines(columns: readonly DemoOutcome[], style: Style): string[] {
  return columns.map(
    (outcome) =>
      `${style.dim(`turns of ${outcome.model}:`)} ${outcome.turns.map(turnCell).join(' · ')}`,
  );
}

function modelHeading(outcome: DemoOutcome | undefined, fallback: string): string {
  return outcome === undefined ? fallback : `${fallback}: ${outcome.model}`;
}

/**
 * The demo as a terminal reads it: one table per wire, a row per tool output, a column per
 * kind of model, then what the two columns mean.
 */
export function renderDemo(report: DemoReport, style: Style, detailed: boolean): string {
  const lines: string[] = [];
  if (report.mode === 'simulator') {
    lines.push(
      style.dim(
        'One tool-calling conversation per wire and model against the loopback provider simulator',
      ),
      style.dim(
        '(no API key, no network). The MCP server returned text, an image, a PDF, a text resource',
      ),
      style.dim('and an error; this is what each reached the model as.'),
      '',
    );
  }
  const wires = WIRE_FORMATS.filter((wire) =>
    report.outcomes.some((outcome) => outcome.wire === wire),
  );
  for (const wire of wires) {
    const outcomes = report.outcomes.filter((outcome) => outcome.wire === wire);
    const vision = outcomes.find((outcome) => outcome.kind === 'vision');
    const text = outcomes.find((outcome) => outcome.kind === 'text');
    const columns =
      report.mode === 'live' ? outcomes : [vision, text].filter((item) => item !== undefined);
    const headers = [
      'tool output',
      ...columns.map((outcome) =>
        report.mode === 'live'
          ? `${outcome.provider}/${outcome.model}`
          : modelHeading(outcome, outcome.kind === 'vision' ? 'sees images' : 'text only'),
      ),
    ];
    const tools = [
      ...new Map(columns.flatMap((outcome) => outcome.rows).map((row) => [row.tool, row])).values(),
    ];
    const rows = tools.map((tool) => [
      `${tool.output} (${tool.tool})`,
      ...columns.map((outcome) =>
        rowCell(
          outcome.rows.find((row) => row.tool === tool.tool),
          outcome.delivery,
          style,
        ),
      ),
    ]);
    const provider = columns[0]?.provider ?? '';
    lines.push(`${style.bold(`${wire} wire`)} ${style.dim(`(provider ${provider})`)}`);
    lines.push(renderTable(headers, rows, style).trimEnd());
    lines.push(...turnLines(columns, style));
    if (detailed) {
      for (const outcome of columns) {
        lines.push(
          '',
          style.bold(
            `${outcome.model} (${outcome.kind === 'vision' ? 'sees images' : 'text only'})`,
          ),
        );
        lines.push(
          `  ${style.dim('tool result options:')} ${JSON.stringify(outcome.toolResultOptions)}`,
        );
        for (const row of outcome.rows) {
          // row.block is already summarised: no payload reaches the terminal.
          lines.push(`  ${style.cyan(row.tool)} ${JSON.stringify(row.block)}`);
        }
        lines.push(`  ${style.dim('final answer:')} ${truncate(outcome.finalText, 100)}`);
      }
    }
    lines.push('');
  }
  lines.push(
    style.dim('image, document: the file itself reached the model (natively, base64).'),
    style.dim(
      'placeholder [image]: a line such as "[image] image/png (84 bytes)" instead of the bytes;',
    ),
    style.dim(
      '+ image after the results: the engine sends the image itself in a user message after the',
    ),
    style.dim(
      'results, as crosswire caps says (delivery user-message), so a model that sees images sees it.',
    ),
    style.dim(
      'text document: the text resource as a document block. is_error: the wire flags the error;',
    ),
    style.dim('on the other wires an error result is plain text.'),
    style.dim(
      'turns: input tokens of each request, the share read from the prompt cache, and its cost',
    ),
    style.dim('at the registry price (no price: the model has none).'),
  );
  if (!detailed)
    lines.push(
      style.dim('Pick one wire with --wire W to see each block as sent; --json for all of it.'),
    );
  return `${lines.join('\n')}\n`;
}
