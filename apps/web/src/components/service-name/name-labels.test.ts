import { describe, expect, it } from 'vitest';
import { nameLabels } from './name-labels.ts';

describe('nameLabels', () => {
  it('cuts a hostname after each dot, keeping the dot with its label', () => {
    expect(nameLabels('web01.demo.example')).toEqual([['web01.', 'demo.', 'example']]);
    expect(nameLabels('legacy-vps.demo.example')).toEqual([['legacy-vps.', 'demo.', 'example']]);
  });

  it('keeps a name without dots whole and a trailing dot on the last label', () => {
    expect(nameLabels('localhost')).toEqual([['localhost']]);
    expect(nameLabels('host.example.')).toEqual([['host.', 'example.']]);
  });

  it('splits a nickname into words at any run of whitespace', () => {
    expect(nameLabels('  Storage Block\t250 GB ')).toEqual([['Storage'], ['Block'], ['250'], ['GB']]);
    expect(nameLabels('db 1.backup')).toEqual([['db'], ['1.', 'backup']]);
  });

  it('gives no words for an empty name', () => {
    expect(nameLabels('')).toEqual([]);
    expect(nameLabels('   ')).toEqual([]);
  });
});
