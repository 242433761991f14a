import { describe, expect, it } from 'vitest';
import { vncConsoleUrl } from './vnc-link.ts';

describe('vncConsoleUrl', () => {
  it('points noVNC at the console host with the token, and keeps the password in the fragment', () => {
    const url = new URL(vncConsoleUrl({ host: '198.51.100.10', token: 'abc123', pass: 'p&ss#1' }));
    expect(url.origin).toBe('https://198.51.100.10');
    expect(url.pathname).toBe('/novnc/vnc.html');
    expect(url.searchParams.get('autoconnect')).toBe('true');
    expect(url.searchParams.get('path')).toBe('websockify?token=abc123');
    expect(url.search).not.toContain('p%26ss');
    expect(decodeURIComponent(url.hash)).toBe('#password=p&ss#1');
  });

  it('brackets an IPv6 console host', () => {
    expect(new URL(vncConsoleUrl({ host: '2001:db8::10', token: 't', pass: 'p' })).hostname).toBe(
      '[2001:db8::10]',
    );
  });
});
