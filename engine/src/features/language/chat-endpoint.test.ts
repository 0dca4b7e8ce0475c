import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatEndpoint, parseJsonReply } from './chat-endpoint.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A real chat server that refuses response_format (as some do) and records what it got. */
async function refusingServer(bodies: unknown[]): Promise<string> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { response_format?: unknown };
      bodies.push(body);
      if (body.response_format) {
        res.writeHead(400).end('{"error": "response_format not supported"}');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content: 'Sure: {"a": 2}' } }] }));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

describe('the chat endpoint', () => {
  it('finds the JSON a model wrapped in prose or code fences', () => {
    expect(parseJsonReply('{"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonReply('Sure!\n```json\n{"a": [1, 2]}\n```\nAnything else?')).toEqual({
      a: [1, 2],
    });
    expect(parseJsonReply('[{"n": 1}, {"n": 2}]')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(parseJsonReply('no json here')).toBeUndefined();
    expect(parseJsonReply('{broken')).toBeUndefined();
  });

  it('answers 503 when the endpoint cannot be reached', async () => {
    const client = new ChatEndpoint('http://127.0.0.1:9/v1', 'm', 2000);
    await expect(client.complete([{ role: 'user', content: 'hi' }])).rejects.toMatchObject({
      code: 'service_unavailable',
    });
  });

  it('asks for a JSON schema, and again without it where a server refuses the field', async () => {
    const bodies: unknown[] = [];
    const client = new ChatEndpoint(await refusingServer(bodies), 'm', 5000);
    const schema = { type: 'object', properties: { a: { type: 'number' } } };
    const first = await client.completeJson([{ role: 'user', content: 'x' }], { schema });
    expect(first.value).toEqual({ a: 2 });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({
      response_format: { type: 'json_schema', json_schema: { schema } },
    });
    expect(bodies[1]).not.toHaveProperty('response_format');
    // Remembered: the next request goes without it at once.
    await client.completeJson([{ role: 'user', content: 'y' }], { schema });
    expect(bodies).toHaveLength(3);
    expect(bodies[2]).not.toHaveProperty('response_format');
  });
});
