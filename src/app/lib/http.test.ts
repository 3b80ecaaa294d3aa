import { describe, expect, it } from 'vitest';
import { ApiError, replyOf } from './http';

/** A 200 whose body breaks off after its first bytes, as when the page is left mid-answer. */
function cutOff(): Response {
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"mostPopular":['));
      controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
}

describe('replyOf', () => {
  it('a body cut off on the way is a network failure, not an empty answer', async () => {
    const err = await replyOf(Promise.resolve(cutOff())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, code: 'network' });
  });

  it('a 200 whose body is not JSON is a network failure too', async () => {
    await expect(replyOf(Promise.resolve(new Response('{"half', { status: 200 })))).rejects.toMatchObject({ code: 'network' });
  });

  it('an empty answer is null; an error reply keeps its code and message', async () => {
    expect(await replyOf(Promise.resolve(new Response(null, { status: 204 })))).toBeNull();
    const reply = new Response(JSON.stringify({ error: { code: 'limit', message: 'Too many' } }), { status: 429 });
    await expect(replyOf(Promise.resolve(reply))).rejects.toMatchObject({ status: 429, code: 'limit', message: 'Too many' });
  });
});
