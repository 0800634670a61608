// The signer against AWS's published worked examples: the SigV4 test suite (get-vanilla,
// get-vanilla-query-order-key-case; AKIDEXAMPLE, 20150830T123600Z, us-east-1, service `service`) and the S3 API
// Reference's examples for the Authorization header (AKIAIOSFODNN7EXAMPLE, 20130524T000000Z, examplebucket).
// Each checks the canonical request's hash apart from the signature, so a failure says which half is wrong.
import { describe, expect, it } from 'vitest';
import { amzDateOf, sha256Hex, signRequest, uriEncode } from './sigv4';

const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('the SigV4 test suite', () => {
  const suite = {
    region: 'us-east-1',
    service: 'service',
    amzDate: '20150830T123600Z',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  };
  const headers = { Host: 'example.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' };

  it('get-vanilla', () => {
    const signed = signRequest({ ...suite, method: 'GET', path: '/', headers, payloadHash: EMPTY });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/',
        '',
        'host:example.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'host;x-amz-date',
        EMPTY,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20150830T123600Z',
        '20150830/us-east-1/service/aws4_request',
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
      ].join('\n'),
    );
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('get-vanilla-query-order-key-case: the query sorted by name', () => {
    const signed = signRequest({
      ...suite,
      method: 'GET',
      path: '/',
      query: [
        ['Param2', 'value2'],
        ['Param1', 'value1'],
      ],
      headers,
      payloadHash: EMPTY,
    });
    expect(signed.canonicalRequest.split('\n')[2]).toBe('Param1=value1&Param2=value2');
    expect(sha256Hex(signed.canonicalRequest)).toBe(
      '816cd5b414d056048ba4f7c5386d6e0533120fb1fcfa93762cf0fc39e2cf19e0',
    );
    expect(signed.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });
});

describe('the S3 API Reference examples', () => {
  const s3 = {
    region: 'us-east-1',
    service: 's3',
    amzDate: '20130524T000000Z',
    credentials: {
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    },
  };
  const host = 'examplebucket.s3.amazonaws.com';

  it('GET Object with a Range header', () => {
    const signed = signRequest({
      ...s3,
      method: 'GET',
      path: '/test.txt',
      headers: { host, range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY, 'x-amz-date': s3.amzDate },
      payloadHash: EMPTY,
    });
    expect(sha256Hex(signed.canonicalRequest)).toBe(
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('PUT Object: a `$` in the key encoded once, a Date header signed beside x-amz-date', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signRequest({
      ...s3,
      method: 'PUT',
      path: '/test$file.text',
      headers: {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        host,
        'x-amz-content-sha256': payloadHash,
        'x-amz-date': s3.amzDate,
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      payloadHash,
    });
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(sha256Hex(signed.canonicalRequest)).toBe(
      '9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d',
    );
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('GET Bucket lifecycle and list objects: an empty query value, parameters given out of order', () => {
    const get = (query: [string, string][]) =>
      signRequest({
        ...s3,
        method: 'GET',
        path: '/',
        query,
        headers: { host, 'x-amz-content-sha256': EMPTY, 'x-amz-date': s3.amzDate },
        payloadHash: EMPTY,
      }).signature;
    expect(get([['lifecycle', '']])).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
    expect(
      get([
        ['prefix', 'J'],
        ['max-keys', '2'],
      ]),
    ).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });
});

describe('encoding and dates', () => {
  it('encodes every byte but the unreserved ones, with upper-case hex, keeping slashes in a path', () => {
    expect(uriEncode('/post/12/é a+b', true)).toBe('/post/12/%C3%A9%20a%2Bb');
    expect(uriEncode('a/b', false)).toBe('a%2Fb');
    expect(uriEncode('-._~AZaz09', false)).toBe('-._~AZaz09');
  });

  it('writes x-amz-date in the basic ISO 8601 form', () => {
    expect(amzDateOf(new Date(Date.UTC(2015, 7, 30, 12, 36, 0, 123)))).toBe('20150830T123600Z');
  });
});
