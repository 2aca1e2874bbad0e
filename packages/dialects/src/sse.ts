// Server-sent events read as the HTML specification's "event stream interpretation" says
// (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
// lines end at CRLF, LF or CR; a line starting with ':' is a comment; `event`, `data`, `id` and
// `retry` are the fields, any other field and a `retry` that is not digits are ignored; a blank
// line dispatches the event when it has data. Linear in the input however it is chunked, and
// the bound on one frame (the line being read plus the event's data) holds for every split.

/** One dispatched event: its type (undefined when no `event` field came) and its data. */
export interface SseEvent {
  readonly event: string | undefined;
  readonly data: string;
}

export interface SseReader {
  /** Reads the next piece of text; calls `onEvent` for every event it completes. */
  feed(text: string): void;
  /**
   * The stream ended. An event whose closing blank line never came is dispatched all the same
   * (the wire's end marker decides whether the reply was complete).
   */
  end(): void;
}

const LF = 10;
const CR = 13;

/**
 * An SSE reader. `onTooLarge` is called (and must throw) when the line being read plus the
 * event's data exceed `maxFrameSize` characters.
 */
export function createSseReader(
  onEvent: (event: SseEvent) => void,
  maxFrameSize: number,
  onTooLarge: () => never,
): SseReader {
  /** The pieces of the line being read (it has not ended yet). */
  let line: string[] = [];
  let lineLength = 0;
  let data: string[] = [];
  let dataLength = 0;
  let eventType: string | undefined;
  let first = true;
  /** The last piece ended in CR: an LF at the start of the next one ends nothing. */
  let afterCr = false;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventType, data: data.join('\n') });
    data = [];
    dataLength = 0;
    eventType = undefined;
  };

  const field = (text: string) => {
    if (text === '') return dispatch();
    if (text.charCodeAt(0) === 58) return; // ':' a comment
    const colon = text.indexOf(':');
    const name = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (name === 'data') {
      data.push(value);
      dataLength += value.length + 1;
      if (dataLength > maxFrameSize) onTooLarge();
    } else if (name === 'event') {
      eventType = value === '' ? undefined : value;
    }
    // `id` and `retry` concern reconnection, which a reply stream does not do; every other
    // field is ignored, as the specification says.
  };

  return {
    feed(input) {
      let text = input;
      if (first && text !== '') {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let start = 0;
      if (afterCr && text.charCodeAt(0) === LF) start = 1;
      afterCr = false;
      for (let at = start; at < text.length; at++) {
        const code = text.charCodeAt(at);
        if (code !== LF && code !== CR) continue;
        const piece = text.slice(start, at);
        if (lineLength + piece.length + dataLength > maxFrameSize) onTooLarge();
        field(line.length === 0 ? piece : `${line.join('')}${piece}`);
        line = [];
        lineLength = 0;
        if (code === CR) {
          if (at + 1 === text.length) afterCr = true;
          else if (text.charCodeAt(at + 1) === LF) at++;
        }
        start = at + 1;
      }
      if (start < text.length) {
        const rest = text.slice(start);
        line.push(rest);
        lineLength += rest.length;
        if (lineLength + dataLength > maxFrameSize) onTooLarge();
      }
    },
    end() {
      if (lineLength > 0) field(line.join(''));
      line = [];
      lineLength = 0;
      dispatch();
    },
  };
}
