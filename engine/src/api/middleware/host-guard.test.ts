import { describe, expect, it } from 'vitest';
import { allowedHostnames, hostnameOf, isAllowedHost, isAllowedOrigin } from './host-guard.ts';

const loopback = allowedHostnames({
  host: '127.0.0.1',
  lanBind: false,
  allowedHosts: ['studio.lan'],
});

describe('host guard', () => {
  it('extracts hostnames from Host headers, including IPv6', () => {
    expect(hostnameOf('127.0.0.1:7341')).toBe('127.0.0.1');
    expect(hostnameOf('[::1]:7341')).toBe('[::1]');
    expect(hostnameOf('LOCALHOST')).toBe('localhost');
  });

  it('accepts only loopback names unless a LAN bind is configured', () => {
    expect(isAllowedHost('localhost:7341', loopback)).toBe(true);
    expect(isAllowedHost('[::1]:7341', loopback)).toBe(true);
    expect(isAllowedHost('evil.example', loopback)).toBe(false);
    expect(isAllowedHost('127.0.0.1.evil.example:7341', loopback)).toBe(false);
    expect(isAllowedHost('studio.lan:7341', loopback)).toBe(false);
    expect(isAllowedHost(undefined, loopback)).toBe(false);
    const lan = allowedHostnames({
      host: '192.168.1.20',
      lanBind: true,
      allowedHosts: ['studio.lan'],
    });
    expect(isAllowedHost('192.168.1.20:7341', lan)).toBe(true);
    expect(isAllowedHost('studio.lan:7341', lan)).toBe(true);
    expect(isAllowedHost('evil.example:7341', lan)).toBe(false);
  });

  it('accepts only same-origin Origins', () => {
    expect(isAllowedOrigin('http://127.0.0.1:7341', '127.0.0.1:7341', loopback)).toBe(true);
    expect(isAllowedOrigin('http://localhost:7341', 'localhost:7341', loopback)).toBe(true);
    expect(isAllowedOrigin('https://evil.example', '127.0.0.1:7341', loopback)).toBe(false);
    expect(isAllowedOrigin('null', '127.0.0.1:7341', loopback)).toBe(false);
    expect(isAllowedOrigin('file://', '127.0.0.1:7341', loopback)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:9999', '127.0.0.1:7341', loopback)).toBe(false);
    // A port-less origin is another local server (port 80), not this engine.
    expect(isAllowedOrigin('http://localhost', 'localhost:7341', loopback)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1', '127.0.0.1:7341', loopback)).toBe(false);
  });
});
