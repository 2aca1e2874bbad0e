// Compile-time checks against the official MCP SDK: the tool an approval request carries has
// the annotations as the SDK types them (`ToolAnnotations`), hint for hint, and a policy can
// read them without a cast.
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { expectTypeOf } from 'vitest';
import type { ApprovalDecision, ApprovalPolicy, ApprovalRequest } from './approval.js';

type Annotations = NonNullable<ApprovalRequest['tool']['annotations']>;

// What an SDK server lists is what a policy sees.
expectTypeOf<ToolAnnotations>().toExtend<Annotations>();
expectTypeOf<NonNullable<Tool['annotations']>>().toExtend<Annotations>();
expectTypeOf<Annotations['readOnlyHint']>().toEqualTypeOf<ToolAnnotations['readOnlyHint']>();
expectTypeOf<Annotations['destructiveHint']>().toEqualTypeOf<ToolAnnotations['destructiveHint']>();
expectTypeOf<Annotations['idempotentHint']>().toEqualTypeOf<ToolAnnotations['idempotentHint']>();
expectTypeOf<Annotations['openWorldHint']>().toEqualTypeOf<ToolAnnotations['openWorldHint']>();
expectTypeOf<Annotations['title']>().toEqualTypeOf<ToolAnnotations['title']>();

// A policy of the request: trust the destructive hint of the first server only.
const policy: ApprovalPolicy = (request) =>
  request.serverIndex !== 0 || request.tool.annotations?.destructiveHint !== false;
expectTypeOf(policy).toExtend<ApprovalPolicy>();

// A decision is one of two shapes; reason goes with a denial, arguments with an approval.
expectTypeOf<{ approved: true; arguments: { path: string } }>().toExtend<ApprovalDecision>();
expectTypeOf<{ approved: false; reason: string }>().toExtend<ApprovalDecision>();
// @ts-expect-error a reason goes with a denial
export const approvedWithReason: ApprovalDecision = { approved: true, reason: 'fine' };
// @ts-expect-error edited arguments go with an approval
export const deniedWithArguments: ApprovalDecision = { approved: false, arguments: {} };
