import { describe, expect, it } from 'vitest';
import { summariseUserAgent } from './user-agent-summary.ts';

describe('summariseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
      'Microsoft Edge 131',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari 17',
      'macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox 132', 'Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome 131',
      'Android 14',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17',
      'iOS 17',
    ],
  ])('names the browser and system of %s', (userAgent, browser, os) => {
    expect(summariseUserAgent(userAgent)).toEqual({ browser, os });
  });

  it('names a command-line client by its product token', () => {
    expect(summariseUserAgent('curl/8.5.0')).toEqual({ browser: 'curl 8', os: 'Unknown system' });
  });

  it('says unknown when the user agent is empty or tells nothing', () => {
    const unknown = { browser: 'Unknown browser', os: 'Unknown system' };
    expect(summariseUserAgent('')).toEqual(unknown);
    expect(summariseUserAgent('???')).toEqual(unknown);
  });
});
