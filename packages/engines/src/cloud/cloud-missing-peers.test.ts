// The optional peers of the cloud routes, not installed: AWS's signer and Google's auth library
// are made to fail to load here (they are installed in this workspace), and the first request
// that needs one fails with `optional_dependency_missing`, naming the packages to install and
// the way around them, before anything is sent.
import type { CrosswireError } from '@crosswire/core';
import { describe, expect, it, vi } from 'vitest';
import { bearerAuthorizer } from './bearer.js';
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

// aws.ts remembers the signer it loaded, and a test worker may keep modules between files (the
// mutation runs do): this file signs with an instance of aws.ts of its own, loaded with the file
// (not inside a test, so its tables count as loaded, not as the work of one test).
const OWN_AWS = './aws.js?missing-peers';
const { awsSigV4Authorizer } = (await import(OWN_AWS)) as typeof import('./aws.js');

describe('a missing optional peer', () => {
  it("SigV4 without AWS's signer: names both packages and the Bedrock API key", async () => {
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
    const authorize = bearerAuthorizer(undefined, 'google-default-credentials');
    expect(await refusal(authorize(REQUEST, undefined))).toEqual({
      code: 'optional_dependency_missing',
      message:
        'Vertex AI without an access token needs google-auth-library for Application Default Credentials, which is not installed: npm install google-auth-library (or pass cloud.getAccessToken)',
      details: { packages: ['google-auth-library'] },
    });
  });
});
