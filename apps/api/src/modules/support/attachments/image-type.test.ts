import { TICKET_IMAGE_NAME } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { sampleImages } from '../../../../test/support/images.ts';
import { detectImageType, imageTypeOfName, newImageName } from './image-type.ts';

const text = (value: string) => Buffer.from(value);

describe('detectImageType', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)('reads a %s image as %s from its content', async (kind, type) => {
    expect(await detectImageType(sampleImages[kind])).toBe(type);
  });

  it('reads an image by its bytes, whatever name or type a client would claim', async () => {
    expect(await detectImageType(new Uint8Array(sampleImages.gif))).toBe('image/gif');
  });

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['an SVG with a script', text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an HTML page', text('<!doctype html><html><script>alert(document.cookie)</script></html>')],
    ['a shell script', text('#!/bin/sh\nrm -rf /\n')],
    ['a JavaScript file', text('alert(1)//')],
    ['a PDF', text('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')],
    ['a ZIP archive', Buffer.from('504b0304140000000000000000000000000000000000000000000000', 'hex')],
    ['a Windows executable', Buffer.concat([text('MZ'), Buffer.alloc(62), text('PE\0\0')])],
    ['a truncated PNG header', sampleImages.png.subarray(0, 4)],
    ['a BMP image', Buffer.concat([text('BM'), Buffer.alloc(60)])],
    ['a TIFF image', Buffer.concat([Buffer.from('49492a00', 'hex'), Buffer.alloc(60)])],
    ['an ICO image', Buffer.concat([Buffer.from('00000100010010', 'hex'), Buffer.alloc(60)])],
    ['random bytes', Buffer.from('8f1c2d3e4f5a6b7c8d9eafb0c1d2e3f4', 'hex')],
  ])('refuses %s', async (_label, bytes) => {
    expect(await detectImageType(bytes)).toBeUndefined();
  });

  it('refuses an HTML page that starts with an image-like text', async () => {
    expect(await detectImageType(text('GIF89<html><script>alert(1)</script>'))).toBeUndefined();
  });
});

describe('generated names', () => {
  it('are 32 random hex characters and the extension of the detected type', () => {
    const names = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map((type) =>
      newImageName(type as Parameters<typeof newImageName>[0]),
    );
    for (const name of names) expect(name).toMatch(TICKET_IMAGE_NAME);
    expect(names.map((name) => name.split('.')[1])).toEqual(['png', 'jpg', 'gif', 'webp']);
    expect(new Set(Array.from({ length: 50 }, () => newImageName('image/png'))).size).toBe(50);
  });

  it('give back their content type by extension', () => {
    expect(imageTypeOfName(newImageName('image/jpeg'))).toBe('image/jpeg');
    expect(imageTypeOfName('0123456789abcdef0123456789abcdef.webp')).toBe('image/webp');
    expect(imageTypeOfName('x.svg')).toBeUndefined();
  });
});

describe('image headers', () => {
  it.each([
    [
      'a PNG signature followed by HTML',
      Buffer.concat([sampleImages.png.subarray(0, 8), text('<html><script>')]),
    ],
    ['a PNG cut inside its header', sampleImages.png.subarray(0, 20)],
    ['a WebP whose declared size is not there', sampleImages.webp.subarray(0, 100)],
    ['a GIF header of no size', Buffer.concat([text('GIF89a'), Buffer.alloc(8)])],
    ['a GIF header followed by HTML', text('GIF89a<script>alert(1)</script>')],
    [
      'a JPEG start followed by HTML',
      Buffer.concat([Buffer.from('ffd8ff', 'hex'), text('<script>alert(1)</script>')]),
    ],
  ])('refuses %s', async (_label, bytes) => {
    expect(await detectImageType(bytes)).toBeUndefined();
  });

  it('keeps an image with data after its end (a GIF+ZIP polyglot is a GIF: it is served as one)', async () => {
    const polyglot = Buffer.concat([sampleImages.gif, Buffer.from('504b0304140000000000', 'hex')]);
    expect(await detectImageType(polyglot)).toBe('image/gif');
  });
});
