// The live transcript of `crosswire demo --stream`: the model's text as it streams, each tool
// call as it runs, each result, and the turn boundaries.
import type { ToolLoopStreamEvent } from '@crosswire/engines';
import type { DemoOptions } from './run-demo.js';

type Conversation = Parameters<NonNullable<DemoOptions['onStreamEvent']>>[1];

/** An `onStreamEvent` handler that writes the transcript through `write` as events come. */
export function streamPrinter(
  write: (text: string) => void,
): NonNullable<DemoOptions['onStreamEvent']> {
  let inText = false;
  const line = (text: string) => {
    if (inText) write('\n');
    inText = false;
    write(`${text}\n`);
  };
  return (event: ToolLoopStreamEvent, conversation: Conversation) => {
    switch (event.type) {
      case 'turn-start':
        if (event.iteration === 1) {
          const kind = conversation.kind === undefined ? '' : ` (${conversation.kind} model)`;
          line(`── ${conversation.wire} wire${kind} ──`);
        }
        line(`turn ${event.iteration}`);
        return;
      case 'text-delta':
        if (!inText) write('  model: ');
        inText = true;
        write(event.text);
        return;
      case 'tool-approval-request':
        line(`  ? ${event.toolCall.name} waits for a decision`);
        return;
      case 'tool-approval-decision':
        line(
          `  ${event.approved ? 'approved' : `denied${event.reason ? `: ${event.reason}` : ''}`}`,
        );
        return;
      case 'tool-call-run':
        line(`  → ${event.toolCall.name} ${JSON.stringify(event.toolCall.arguments)}`);
        return;
      case 'tool-result':
        line(
          `  ← ${event.toolCall.name}: ${event.result.isError ? `error result${event.record.failure ? ` (${event.record.failure})` : ''}` : 'ok'}`,
        );
        return;
      case 'turn-end':
        line(
          `  end of turn ${event.iteration}: ${event.turn.finishReason ?? 'no finish reason'}, ${event.turn.toolCalls.length} tool call(s)`,
        );
        return;
      case 'loop-finish':
        line('');
        return;
      default:
        return;
    }
  };
}
