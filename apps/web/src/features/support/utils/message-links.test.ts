import { find } from 'linkifyjs';
import { describe, expect, it } from 'vitest';
import { isSafeLinkTarget, messageLinkOptions } from './message-links.ts';

/** The addresses linkify would make links of in `text`, with the message options. */
const linksIn = (text: string) => find(text, messageLinkOptions).map((link) => link.href);

describe('message links', () => {
  it('links http, https, mailto and www. addresses and e-mail addresses', () => {
    expect(linksIn('See https://status.example.com/incidents?id=4 and http://example.org.')).toEqual([
      'https://status.example.com/incidents?id=4',
      'http://example.org',
    ]);
    expect(linksIn('Write to ops@example.com')).toEqual(['mailto:ops@example.com']);
    expect(linksIn('mailto:billing@example.com')).toEqual(['mailto:billing@example.com']);
    expect(linksIn('Docs at www.example.com/docs')).toEqual(['https://www.example.com/docs']);
  });

  it('leaves bare host names as text', () => {
    expect(linksIn(' 4. ae-12.edge1.nyc.example  12.0%\n 5. web01.demo.example')).toEqual([]);
    expect(linksIn('ping example.com')).toEqual([]);
  });

  it('never links javascript:, data:, vbscript: or file: addresses', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/file',
    ]) {
      expect(isSafeLinkTarget(value), value).toBe(false);
    }
    // linkify may find a host inside such text; what becomes a link then is only that host.
    for (const href of linksIn('click javascript://example.com/%0Aalert(1) or data:text/html,<b>x</b>')) {
      expect(href).toMatch(/^https?:\/\/example\.com\//);
    }
  });

  it('opens links in a new tab without opener, referrer or endorsement', () => {
    expect(messageLinkOptions).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer nofollow',
    });
  });
});
