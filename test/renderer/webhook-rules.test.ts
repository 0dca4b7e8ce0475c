import { describe, expect, it } from 'vitest';
import {
  DELIVERY_STATUS_VIEW,
  WEBHOOK_EVENTS,
  attemptsLabel,
  endpointPatch,
  endpointProblems,
  endpointRequest,
  isInFlight,
  isLoopbackUrl,
  redeliverLabel,
  refusalAdvice,
  responseLabel,
  responseTone,
} from '../../renderer/src/features/webhooks/webhook-rules.ts';
import type { WebhookEndpoint } from '../../renderer/src/features/webhooks/webhooks-types.ts';

const ENDPOINT: WebhookEndpoint = {
  id: 'e1',
  url: 'https://hooks.example.com/tapehouse',
  events: ['job.completed', 'job.failed'],
  active: true,
  description: 'Render farm',
  created_at: '2026-05-22T12:00:00.000Z',
};

describe('webhook endpoint form', () => {
  it('offers exactly the documented events', () => {
    expect(WEBHOOK_EVENTS.map((event) => event.type)).toEqual([
      'job.completed',
      'job.failed',
      'job.cancelled',
      'audiobook.cast.detected',
      'webhook.test',
    ]);
  });

  it('checks the URL, the events and the description before sending', () => {
    expect(endpointProblems({ url: '', events: [], description: '' })).toEqual({
      url: 'Enter the receiver’s URL.',
      events: 'Choose at least one event.',
    });
    expect(endpointProblems({ url: 'hooks.example.com', events: ['x'], description: '' }).url).toBe(
      'Enter a full URL starting with https://.',
    );
    expect(
      endpointProblems({ url: 'ftp://hooks.example.com', events: ['x'], description: '' }).url,
    ).toBe('Enter a full URL starting with https://.');
    expect(
      endpointProblems({ url: 'https://u:p@hooks.example.com', events: ['x'], description: '' })
        .url,
    ).toContain('Leave credentials out');
    expect(
      endpointProblems({
        url: `https://a.example/${'x'.repeat(2048)}`,
        events: ['x'],
        description: '',
      }).url,
    ).toBe('At most 2048 characters.');
    expect(
      endpointProblems({ url: ENDPOINT.url, events: ['job.failed'], description: 'd'.repeat(501) }),
    ).toEqual({ description: 'At most 500 characters.' });
    // http:// is left to the engine: it is accepted for loopback receivers when allowed.
    expect(
      endpointProblems({ url: 'http://127.0.0.1:9000/h', events: ['job.failed'], description: '' }),
    ).toEqual({});
  });

  it('sends trimmed fields with events in the documented order, once each', () => {
    expect(
      endpointRequest({
        url: '  https://hooks.example.com/x ',
        events: ['webhook.test', 'job.failed', 'job.failed', 'custom.event'],
        description: ' nightly ',
      }),
    ).toEqual({
      url: 'https://hooks.example.com/x',
      events: ['job.failed', 'webhook.test', 'custom.event'],
      description: 'nightly',
    });
  });

  it('patches only what changed', () => {
    const same = {
      url: ENDPOINT.url,
      events: ['job.failed', 'job.completed'],
      description: 'Render farm',
    };
    expect(endpointPatch(ENDPOINT, same)).toBeNull();
    expect(endpointPatch(ENDPOINT, { ...same, description: 'Night renders' })).toEqual({
      description: 'Night renders',
    });
    expect(endpointPatch(ENDPOINT, { ...same, events: ['job.cancelled'] })).toEqual({
      events: ['job.cancelled'],
    });
    expect(endpointPatch(ENDPOINT, { ...same, url: 'https://other.example.com/h' })).toEqual({
      url: 'https://other.example.com/h',
    });
  });
});

describe('refused receiver URLs', () => {
  it('recognises addresses on this machine', () => {
    for (const url of [
      'http://127.0.0.1:9000/h',
      'http://127.1.2.3/h',
      'https://localhost:8443/h',
      'http://hooks.localhost/h',
      'http://[::1]:9000/h',
      'http://0.0.0.0/h',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
    for (const url of ['https://hooks.example.com/h', 'http://10.0.0.5/h', 'not a url']) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });

  it('names the owner’s setting when a receiver on this machine is refused', () => {
    const refused = 'This webhook URL is refused: only https is accepted.';
    expect(refusalAdvice('http://127.0.0.1:9000/h', 'validation_error', refused)).toBe(
      'loopback-off',
    );
    expect(
      refusalAdvice(
        'https://box.localhost/h',
        'validation_error',
        'This webhook URL is refused: box.localhost is this machine (loopback receivers are not allowed).',
      ),
    ).toBe('loopback-off');
  });

  it('tells the allowed loopback spellings apart from the HTTPS rule', () => {
    const allowedButNot =
      'This webhook URL is refused: only https is accepted, except http://127.0.0.1 and http://localhost.';
    expect(refusalAdvice('http://127.0.0.2:9000/h', 'validation_error', allowedButNot)).toBe(
      'loopback-address',
    );
    expect(refusalAdvice('http://10.0.0.5/h', 'validation_error', allowedButNot)).toBe(
      'public-https',
    );
    expect(
      refusalAdvice(
        'https://10.0.0.5/h',
        'validation_error',
        'This webhook URL is refused: 10.0.0.5 is a private address: only public addresses may receive webhooks.',
      ),
    ).toBe('public-https');
  });

  it('gives no advice for other failures', () => {
    expect(refusalAdvice('http://127.0.0.1/h', 'bad_request', 'At most 20 endpoints.')).toBeNull();
    expect(refusalAdvice('http://127.0.0.1/h', 'validation_error', 'events: required')).toBeNull();
  });
});

describe('delivery log wording', () => {
  it('gives every documented status a label and a tone', () => {
    expect(DELIVERY_STATUS_VIEW).toEqual({
      pending: { label: 'Pending', tone: 'info' },
      retrying: { label: 'Retrying', tone: 'warn' },
      delivered: { label: 'Delivered', tone: 'ok' },
      dead_lettered: { label: 'Dead-lettered', tone: 'error' },
    });
    expect(isInFlight({ status: 'pending' })).toBe(true);
    expect(isInFlight({ status: 'retrying' })).toBe(true);
    expect(isInFlight({ status: 'dead_lettered' })).toBe(false);
  });

  it('labels the redeliver button, response codes and attempts', () => {
    expect(redeliverLabel('delivered')).toBe('Redeliver');
    expect(redeliverLabel('dead_lettered')).toBe('Redeliver');
    expect(redeliverLabel('retrying')).toBe('Retry now');
    expect(responseLabel(200)).toBe('HTTP 200');
    expect(responseLabel(null)).toBe('No response');
    expect([responseTone(204), responseTone(302), responseTone(500), responseTone(null)]).toEqual([
      'ok',
      'error',
      'error',
      'neutral',
    ]);
    expect(attemptsLabel({ attempts: 1, round: 1 })).toBe('1 attempt');
    expect(attemptsLabel({ attempts: 6, round: 2 })).toBe('6 attempts · round 2');
  });
});
