import { describe, expect, it } from 'vitest';
import { editableIps, readOnlyText, rowErrors, toRdnsRows } from './rdns-rows.ts';

describe('toRdnsRows', () => {
  it('makes 192.168. addresses read-only as Internal IP, and the others editable', () => {
    const rows = toRdnsRows(['203.0.113.10', '192.168.10.11', '2001:db8::2']);
    expect(rows).toEqual([
      { ip: '203.0.113.10', readOnly: null },
      { ip: '192.168.10.11', readOnly: 'internal' },
      { ip: '2001:db8::2', readOnly: null },
    ]);
    expect(readOnlyText.internal).toBe('Internal IP');
    expect(editableIps(rows)).toEqual(['203.0.113.10', '2001:db8::2']);
  });

  it('applies the page’s own read-only rule, shown as N/A', () => {
    const rows = toRdnsRows(['198.51.100.30', '2001:db8::30', '192.168.20.30'], (ip) => ip.includes(':'));
    expect(rows.map((row) => row.readOnly)).toEqual([null, 'other', 'internal']);
    expect(readOnlyText.other).toBe('N/A');
  });

  it('lists an address once, in the order given', () => {
    expect(toRdnsRows(['203.0.113.11', '203.0.113.10', '203.0.113.11']).map((row) => row.ip)).toEqual([
      '203.0.113.11',
      '203.0.113.10',
    ]);
  });
});

describe('rowErrors', () => {
  it('maps the field errors of a refused save to their rows', () => {
    const errors = rowErrors({
      'hostname_list.1': ['Please enter a valid hostname, such as mail.example.com.'],
      'ip_list.0': ['Reverse DNS cannot be set for the internal IP 192.168.1.1.'],
      ip_list: ['There are no rDNS to save.'],
    });
    expect([...errors]).toEqual([
      [1, 'Please enter a valid hostname, such as mail.example.com.'],
      [0, 'Reverse DNS cannot be set for the internal IP 192.168.1.1.'],
    ]);
  });
});
