import { describe, expect, it } from 'vitest';
import { descriptionLines } from './description-lines.ts';

// The browser's parser is not in this test runtime; a tag stripper stands in for it.
const stripTags = (html: string) => html.replace(/<[^>]*>/g, '');

describe('descriptionLines', () => {
  it('lists plain lines, trimmed, without empty ones', () => {
    expect(descriptionLines('4 vCPU Cores\n 8 GB DDR5 RAM \n\n160 GB NVMe Storage\r\n')).toEqual([
      '4 vCPU Cores',
      '8 GB DDR5 RAM',
      '160 GB NVMe Storage',
    ]);
  });

  it('breaks simple HTML into its lines and keeps only the text', () => {
    expect(
      descriptionLines(
        '<p><strong>Intel Xeon</strong> E3-1240v3</p><p>32 GB RAM<br/>2 x 1 TB</p>',
        stripTags,
      ),
    ).toEqual(['Intel Xeon E3-1240v3', '32 GB RAM', '2 x 1 TB']);
    expect(descriptionLines('<ul><li>1 Gbps</li><li>/29 IPv4</li></ul>', stripTags)).toEqual([
      '1 Gbps',
      '/29 IPv4',
    ]);
  });
});
