// The optional peers of the cloud routes, not installed: AWS's signer and Google's auth library
// are made to fail to load here (they are installed in this workspace), and the first request
// that needs one fails with `optional_dependency_missing`, naming the packages to install and
// the way around them, before anything is sent.
import type { CrosswireError } from '@crosswire/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignableRequest } from './types.js';

vi.mock('@smithy/signature-v4', () => {
  throw new Error("Cannot find package '@smithy/signature-v4'");
});
vi.mock('google-auth-library', () => {
  throw new Error("Cannot find package 'google-auth-library'");
});

const REQUEST: SignableRequest = {
  method: 'POST',
  url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/m/converse',
  headers: {},
  body: new Uint8Array(),
};

async function refusal(run: Promise<unknown>) {
  const error = (await run.catch((caught: unknown) => caught)) as CrosswireError;
  expect(error.cause).toBeInstanceOf(Error);
  return { code: error.code, message: error.message, details: error.details };
}

// Each test loads the modules afresh: the signer, once loaded by another test file sharing the
// worker, is remembered by aws.ts.
beforeEach(() => {
  vi.resetModules();
});

describe('a missing optional peer', () => {
  it("SigV4 without AWS's signer: names both packages and the Bedrock API key", async () => {
    const { awsSigV4Authorizer } = await import('./aws.js');
    let asked = 0;
    const authorize = awsSigV4Authorizer({
      credentials: () => {
        asked += 1;
        return { accessKeyId: 'AKID', secretAccessKey: 'secret' };
      },
      region: 'us-east-1',
      service: 'bedrock',
    });
    const expected = {
      code: 'optional_dependency_missing',
      message:
        'signing AWS requests needs @smithy/signature-v4 and @smithy/hash-node, which are not installed: npm install @smithy/signature-v4 @smithy/hash-node (or use a Bedrock API key: apiKey or AWS_BEARER_TOKEN_BEDROCK)',
      details: { packages: ['@smithy/signature-v4', '@smithy/hash-node'] },
    };
    expect(await refusal(authorize(REQUEST, undefined))).toEqual(expected);
    // Tried again on the next request, with the same answer.
    expect(await refusal(authorize(REQUEST, undefined))).toEqual(expected);
    expect(asked).toBe(0);
  });

  it('Vertex AI without a token and without google-auth-library: names it and getAccessToken', async () => {
    const { bearerAuthorizer } = await import('./bearer.js');
    const authorize = bearerAuthorizer(undefined, 'google-default-credentials');
    expect(await refusal(authorize(REQUEST, undefined))).toEqual({
      code: 'optional_dependency_missing',
      message:
        'Vertex AI without an access token needs google-auth-library for Application Default Credentials, which is not installed: npm install google-auth-library (or pass cloud.getAccessToken)',
      details: { packages: ['google-auth-library'] },
    });
  });
});
