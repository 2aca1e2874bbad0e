/**
 * `@crosswire/simulator`: a loopback HTTP server that speaks the six wire dialects,
 * checks every request body (shape and the conversation's invariants) and answers with
 * scripted turns. For tests, demos and benchmarks; never for production traffic.
 *
 * @module @crosswire/simulator
 */
export { containsBase64Payload } from './checks.js';
export {
  LISTING_ENDPOINTS,
  SIMULATED_LISTINGS,
  type SimulatedListing,
  type SimulatedModel,
} from './listings.js';
export {
  GEMINI_CACHE_MIN_TOKENS,
  type LaneCache,
  newLaneCache,
  OPENAI_CACHE_MIN_TOKENS,
  OPENAI_CACHE_STEP_TOKENS,
  type PromptUsage,
  promptUsage,
} from './prompt-cache.js';
export {
  faults,
  SIMULATOR_WIRES,
  type Simulator,
  type SimulatorOptions,
  type SimulatorResponder,
  startSimulator,
} from './server.js';
export {
  type SimulatorStreamOptions,
  type StreamFrameData,
  type StreamRecord,
  type StreamRenderOptions,
  streamChunks,
  streamErrorFrame,
  streamFrames,
  streamFraming,
} from './stream.js';
export type {
  InspectContext,
  Inspection,
  ReceivedToolResult,
  ReplyContext,
  SimulatedCall,
  SimulatorRequest,
  SimulatorStep,
  SimulatorWire,
} from './types.js';
