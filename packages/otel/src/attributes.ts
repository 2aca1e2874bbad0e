// Crosswire's own span attributes, beside the GenAI conventions' (semconv.ts): facts the
// conventions have no name for, under the `crosswire.` namespace.

/** What a request, a loop or a step cost at the registry's prices, in US dollars. */
export const ATTR_CROSSWIRE_COST_USD = 'crosswire.cost.usd';
/** The wire format the provider speaks (`openai`, `anthropic`, `gemini`...). */
export const ATTR_CROSSWIRE_WIRE = 'crosswire.wire';
/** The 1-based turn of the tool loop a request belongs to. */
export const ATTR_CROSSWIRE_ITERATION = 'crosswire.iteration';
/** HTTP attempts a request took (retries included). */
export const ATTR_CROSSWIRE_ATTEMPTS = 'crosswire.attempts';
/** Model replies a whole loop received. */
export const ATTR_CROSSWIRE_LOOP_ITERATIONS = 'crosswire.loop.iterations';
/** `model` or `tool`, on the span of one step of the step API. */
export const ATTR_CROSSWIRE_STEP_KIND = 'crosswire.step.kind';
/** The step's key (`loopId:iteration:model`, `loopId:iteration:call:callId`). */
export const ATTR_CROSSWIRE_STEP_KEY = 'crosswire.step.key';
/** The MCP server that ran a tool call (`"name" (mcpServers[i])`). */
export const ATTR_CROSSWIRE_TOOL_SERVER = 'crosswire.tool.server';
/** Why the loop answered a call with an error itself (`unknown_tool`, `timeout`...). */
export const ATTR_CROSSWIRE_TOOL_FAILURE = 'crosswire.tool.failure';
/** Whether a person approved the call, for a loop that asks first. */
export const ATTR_CROSSWIRE_TOOL_APPROVED = 'crosswire.tool.approval.approved';
/** Whether the call ran with arguments the person changed. */
export const ATTR_CROSSWIRE_TOOL_APPROVAL_EDITED = 'crosswire.tool.approval.edited';

/** `error.type` of a tool call whose tool answered with an error result of its own. */
export const TOOL_ERROR_TYPE = 'tool_error';
/** `error.type` of a tool call a person denied. */
export const TOOL_DENIED_ERROR_TYPE = 'tool_denied';
