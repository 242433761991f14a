import { SupportText, TICKET_IMAGE_MAX_BYTES } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { addImages, formatFileSize, type PickedFile } from './image-files.ts';

const image = (name: string, type = 'image/png', size = 1000): PickedFile => ({ name, type, size });

describe('addImages', () => {
  it('takes PNG, JPEG, GIF and WebP images after those already attached', () => {
    const held = [image('a.png')];
    const picked = [image('b.jpg', 'image/jpeg'), image('c.gif', 'image/gif'), image('d.webp', 'image/webp')];
    expect(addImages(held, picked)).toEqual({ files: [...held, ...picked], errors: [] });
  });

  it('leaves out files that are not images, with the contract text', () => {
    const result = addImages([], [image('x.svg', 'image/svg+xml'), image('y.txt', ''), image('ok.png')]);
    expect(result.files.map((f) => f.name)).toEqual(['ok.png']);
    expect(result.errors).toEqual([SupportText.notAnImage]);
  });

  it('takes an image of exactly 5 MB and leaves out a larger one', () => {
    const result = addImages(
      [],
      [
        image('max.png', 'image/png', TICKET_IMAGE_MAX_BYTES),
        image('big.png', 'image/png', TICKET_IMAGE_MAX_BYTES + 1),
      ],
    );
    expect(result.files.map((f) => f.name)).toEqual(['max.png']);
    expect(result.errors).toEqual([SupportText.imageTooLarge]);
  });

  it('stops at five images and says so once, whatever else went wrong', () => {
    const held = [image('1.png'), image('2.png'), image('3.png'), image('4.png')];
    const result = addImages(held, [
      image('5.png'),
      image('6.png'),
      image('7.svg', 'image/svg+xml'),
      image('8.png'),
    ]);
    expect(result.files.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
    expect(result.errors).toEqual([SupportText.tooManyImages, SupportText.notAnImage]);
  });

  it('does not change the list it was given', () => {
    const held = [image('a.png')];
    addImages(held, [image('b.png')]);
    expect(held).toHaveLength(1);
  });
});

describe('formatFileSize', () => {
  it('writes bytes, kilobytes and megabytes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(12_600)).toBe('12.3 KB');
    expect(formatFileSize(TICKET_IMAGE_MAX_BYTES)).toBe('5.0 MB');
  });
});
