// `crosswire demo --approve`: a person at the terminal decides before each call of a tool
// that is not read-only (the demo's `book_table`).
import type { ApprovalDecision, ApprovalHandler } from '@crosswire/engines';
import { printable } from '../errors.js';
import type { CliIo } from '../io.js';

// Bidirectional and zero-width characters, which `printable` leaves: in a question they could
// reorder or hide what the model asked for.
const HIDDEN = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Text from a model or a server, safe to show on one terminal line. */
function shown(text: string): string {
  return printable(text).replace(HIDDEN, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
}

/** The reason a call is denied when standard input ends before an answer. */
export const NO_ANSWER = 'no answer (standard input ended)';

/**
 * Asks on standard error before each call and reads the answer from standard input: `y` or
 * `yes` runs the call, anything else denies it. One question at a time, even when a turn has
 * several calls to decide.
 */
export function terminalApproval(io: CliIo): ApprovalHandler {
  let previous: Promise<unknown> = Promise.resolve();
  return (request) => {
    const asking = previous.then(async (): Promise<ApprovalDecision> => {
      const call = request.toolCall;
      io.stderr(
        `crosswire: ${shown(call.name)} ${shown(JSON.stringify(call.arguments))} on ${shown(request.server)}: run it? [y/N] `,
      );
      const answer = await (io.readLine?.() ?? Promise.resolve(undefined));
      const decision: ApprovalDecision =
        answer === undefined
          ? { approved: false, reason: NO_ANSWER }
          : /^\s*y(es)?\s*$/i.test(answer)
            ? { approved: true }
            : { approved: false };
      // On its own line whether the answer was typed (and echoed) or piped in.
      io.stderr(
        `${answer === undefined ? '\n' : ''}  ${decision.approved ? 'approved' : 'denied'}\n`,
      );
      return decision;
    });
    previous = asking;
    return asking;
  };
}
