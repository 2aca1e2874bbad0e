// The GenAI semantic-convention names this package writes, compiled in. The conventions are
// incubating: `@opentelemetry/semantic-conventions/incubating` may rename or drop a name in a
// minor release, and its maintainers ask instrumentations to copy the names rather than import
// that entry at run time. Each name below is checked against the installed package when this
// package is type-checked (`satisfies typeof ...`): a rename upstream is a compile error here,
// and the built code carries only the strings (no run-time dependency beyond @opentelemetry/api).
import type * as conventions from '@opentelemetry/semantic-conventions/incubating';

export const ATTR_GEN_AI_OPERATION_NAME =
  'gen_ai.operation.name' satisfies typeof conventions.ATTR_GEN_AI_OPERATION_NAME;
export const ATTR_GEN_AI_PROVIDER_NAME =
  'gen_ai.provider.name' satisfies typeof conventions.ATTR_GEN_AI_PROVIDER_NAME;
export const ATTR_GEN_AI_REQUEST_MODEL =
  'gen_ai.request.model' satisfies typeof conventions.ATTR_GEN_AI_REQUEST_MODEL;
export const ATTR_GEN_AI_REQUEST_STREAM =
  'gen_ai.request.stream' satisfies typeof conventions.ATTR_GEN_AI_REQUEST_STREAM;
export const ATTR_GEN_AI_RESPONSE_MODEL =
  'gen_ai.response.model' satisfies typeof conventions.ATTR_GEN_AI_RESPONSE_MODEL;
export const ATTR_GEN_AI_RESPONSE_ID =
  'gen_ai.response.id' satisfies typeof conventions.ATTR_GEN_AI_RESPONSE_ID;
export const ATTR_GEN_AI_RESPONSE_FINISH_REASONS =
  'gen_ai.response.finish_reasons' satisfies typeof conventions.ATTR_GEN_AI_RESPONSE_FINISH_REASONS;
export const ATTR_GEN_AI_USAGE_INPUT_TOKENS =
  'gen_ai.usage.input_tokens' satisfies typeof conventions.ATTR_GEN_AI_USAGE_INPUT_TOKENS;
export const ATTR_GEN_AI_USAGE_OUTPUT_TOKENS =
  'gen_ai.usage.output_tokens' satisfies typeof conventions.ATTR_GEN_AI_USAGE_OUTPUT_TOKENS;
export const ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS =
  'gen_ai.usage.cache_read.input_tokens' satisfies typeof conventions.ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS;
export const ATTR_GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS =
  'gen_ai.usage.cache_creation.input_tokens' satisfies typeof conventions.ATTR_GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS;
export const ATTR_GEN_AI_CONVERSATION_ID =
  'gen_ai.conversation.id' satisfies typeof conventions.ATTR_GEN_AI_CONVERSATION_ID;
export const ATTR_GEN_AI_AGENT_NAME =
  'gen_ai.agent.name' satisfies typeof conventions.ATTR_GEN_AI_AGENT_NAME;
export const ATTR_GEN_AI_TOOL_NAME =
  'gen_ai.tool.name' satisfies typeof conventions.ATTR_GEN_AI_TOOL_NAME;
export const ATTR_GEN_AI_TOOL_CALL_ID =
  'gen_ai.tool.call.id' satisfies typeof conventions.ATTR_GEN_AI_TOOL_CALL_ID;
export const ATTR_GEN_AI_TOOL_TYPE =
  'gen_ai.tool.type' satisfies typeof conventions.ATTR_GEN_AI_TOOL_TYPE;
export const ATTR_GEN_AI_TOOL_CALL_ARGUMENTS =
  'gen_ai.tool.call.arguments' satisfies typeof conventions.ATTR_GEN_AI_TOOL_CALL_ARGUMENTS;
export const ATTR_GEN_AI_TOOL_CALL_RESULT =
  'gen_ai.tool.call.result' satisfies typeof conventions.ATTR_GEN_AI_TOOL_CALL_RESULT;
export const ATTR_GEN_AI_INPUT_MESSAGES =
  'gen_ai.input.messages' satisfies typeof conventions.ATTR_GEN_AI_INPUT_MESSAGES;
export const ATTR_GEN_AI_OUTPUT_MESSAGES =
  'gen_ai.output.messages' satisfies typeof conventions.ATTR_GEN_AI_OUTPUT_MESSAGES;
export const ATTR_GEN_AI_SYSTEM_INSTRUCTIONS =
  'gen_ai.system_instructions' satisfies typeof conventions.ATTR_GEN_AI_SYSTEM_INSTRUCTIONS;
export const ATTR_GEN_AI_TOKEN_TYPE =
  'gen_ai.token.type' satisfies typeof conventions.ATTR_GEN_AI_TOKEN_TYPE;
export const ATTR_SERVER_ADDRESS =
  'server.address' satisfies typeof conventions.ATTR_SERVER_ADDRESS;
export const ATTR_SERVER_PORT = 'server.port' satisfies typeof conventions.ATTR_SERVER_PORT;
export const ATTR_ERROR_TYPE = 'error.type' satisfies typeof conventions.ATTR_ERROR_TYPE;
export const ATTR_HTTP_RESPONSE_STATUS_CODE =
  'http.response.status_code' satisfies typeof conventions.ATTR_HTTP_RESPONSE_STATUS_CODE;

export const GEN_AI_OPERATION_NAME_VALUE_CHAT =
  'chat' satisfies typeof conventions.GEN_AI_OPERATION_NAME_VALUE_CHAT;
export const GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL =
  'execute_tool' satisfies typeof conventions.GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL;
export const GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT =
  'invoke_agent' satisfies typeof conventions.GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT;
export const GEN_AI_TOKEN_TYPE_VALUE_INPUT =
  'input' satisfies typeof conventions.GEN_AI_TOKEN_TYPE_VALUE_INPUT;
export const GEN_AI_TOKEN_TYPE_VALUE_OUTPUT =
  'output' satisfies typeof conventions.GEN_AI_TOKEN_TYPE_VALUE_OUTPUT;
export const ERROR_TYPE_VALUE_OTHER = '_OTHER' satisfies typeof conventions.ERROR_TYPE_VALUE_OTHER;

export const GEN_AI_PROVIDER_NAME_VALUE_OPENAI =
  'openai' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_OPENAI;
export const GEN_AI_PROVIDER_NAME_VALUE_ANTHROPIC =
  'anthropic' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_ANTHROPIC;
export const GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI =
  'gcp.gemini' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI;
export const GEN_AI_PROVIDER_NAME_VALUE_GROQ =
  'groq' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_GROQ;
export const GEN_AI_PROVIDER_NAME_VALUE_DEEPSEEK =
  'deepseek' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_DEEPSEEK;
export const GEN_AI_PROVIDER_NAME_VALUE_MISTRAL_AI =
  'mistral_ai' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_MISTRAL_AI;
export const GEN_AI_PROVIDER_NAME_VALUE_X_AI =
  'x_ai' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_X_AI;
export const GEN_AI_PROVIDER_NAME_VALUE_AWS_BEDROCK =
  'aws.bedrock' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_AWS_BEDROCK;
export const GEN_AI_PROVIDER_NAME_VALUE_GCP_VERTEX_AI =
  'gcp.vertex_ai' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_GCP_VERTEX_AI;
export const GEN_AI_PROVIDER_NAME_VALUE_AZURE_AI_OPENAI =
  'azure.ai.openai' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_AZURE_AI_OPENAI;
export const GEN_AI_PROVIDER_NAME_VALUE_PERPLEXITY =
  'perplexity' satisfies typeof conventions.GEN_AI_PROVIDER_NAME_VALUE_PERPLEXITY;

export const METRIC_GEN_AI_CLIENT_TOKEN_USAGE =
  'gen_ai.client.token.usage' satisfies typeof conventions.METRIC_GEN_AI_CLIENT_TOKEN_USAGE;
export const METRIC_GEN_AI_CLIENT_OPERATION_DURATION =
  'gen_ai.client.operation.duration' satisfies typeof conventions.METRIC_GEN_AI_CLIENT_OPERATION_DURATION;
