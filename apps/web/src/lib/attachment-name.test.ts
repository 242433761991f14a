import { describe, expect, it } from 'vitest';
import { attachmentName } from './attachment-name.ts';

describe('attachmentName', () => {
  it('reads a quoted or a bare file name', () => {
    expect(attachmentName('attachment; filename="invoice-12.pdf"')).toBe('invoice-12.pdf');
    expect(attachmentName('attachment; filename=invoice-12.pdf')).toBe('invoice-12.pdf');
  });

  it('prefers the UTF-8 name when both are given', () => {
    expect(attachmentName(`attachment; filename="a.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`)).toBe(
      'résumé.pdf',
    );
  });

  it('gives nothing without a header or a name', () => {
    expect(attachmentName(null)).toBeUndefined();
    expect(attachmentName('inline')).toBeUndefined();
    expect(attachmentName('attachment; filename=""')).toBeUndefined();
  });
});
