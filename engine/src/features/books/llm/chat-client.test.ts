import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../errors.ts';
import { ChatClient, parseJsonReply } from './chat-client.ts';

describe('the chat client', () => {
  it('finds the JSON a model wrapped in prose or code fences', () => {
    expect(parseJsonReply('{"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonReply('Sure!\n```json\n{"a": [1, 2]}\n```\nAnything else?')).toEqual({
      a: [1, 2],
    });
    expect(parseJsonReply('[{"n": 1}, {"n": 2}]')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(parseJsonReply('no json here')).toBeUndefined();
    expect(parseJsonReply('{broken')).toBeUndefined();
  });

  it('answers 503 naming the setting when no endpoint is configured', async () => {
    const client = new ChatClient(null, null);
    expect(client.configured).toBe(false);
    try {
      client.require('Book generation');
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.code).toBe('service_unavailable');
      expect(String(error)).toContain('TAPEHOUSE_LLM_URL');
    }
  });

  it('answers 503 when the endpoint cannot be reached', async () => {
    const client = new ChatClient('http://127.0.0.1:9/v1', 'm', 2000);
    await expect(client.complete([{ role: 'user', content: 'hi' }])).rejects.toMatchObject({
      code: 'service_unavailable',
    });
  });
});
