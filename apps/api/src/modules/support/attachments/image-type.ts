import { randomBytes } from 'node:crypto';
import { TICKET_IMAGE_TYPES, type TicketImageType } from '@rackdesk/contract';
import { fileTypeFromBuffer } from 'file-type';

/** The extension each accepted type is stored under (the contract's TICKET_IMAGE_NAME). */
const extensionOf: Record<TicketImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * What the detector names that is one of ours under another name: an animated PNG is a PNG
 * (same signature and chunks, shown by every browser as image/png).
 */
const aliases: Record<string, TicketImageType> = { 'image/apng': 'image/png' };

const isTicketImageType = (mime: string): mime is TicketImageType =>
  (TICKET_IMAGE_TYPES as readonly string[]).includes(mime);

/**
 * The image type of these bytes, read from their content (magic numbers), or undefined when
 * they are not a PNG, JPEG, GIF or WebP image. The uploaded name and the Content-Type the client
 * claimed are never asked: both are the sender's to choose.
 */
export async function detectImageType(bytes: Uint8Array): Promise<TicketImageType | undefined> {
  if (bytes.length === 0) return undefined;
  // A crafted container can make the detector's deeper parsers throw: not an image either way.
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!detected) return undefined;
  const mime = aliases[detected.mime] ?? detected.mime;
  return isTicketImageType(mime) && hasImageHeader[mime](Buffer.from(bytes)) ? mime : undefined;
}

/**
 * Beyond the few magic bytes the detector reads: the structure each format starts with, so that a
 * text that merely begins with `GIF89a`, a PNG signature or FF D8 FF is no image. PNG: an IHDR
 * chunk of 13 bytes with a size. GIF: a size, then (past the global colour table, if any) an
 * extension or image block. JPEG: a marker segment after SOI. WebP: a VP8 chunk and the RIFF
 * length present.
 */
const hasImageHeader: Record<TicketImageType, (bytes: Buffer) => boolean> = {
  'image/png': (bytes) =>
    bytes.length >= 33 &&
    bytes.readUInt32BE(8) === 13 &&
    bytes.toString('latin1', 12, 16) === 'IHDR' &&
    bytes.readUInt32BE(16) > 0 &&
    bytes.readUInt32BE(20) > 0,
  'image/gif': (bytes) => {
    if (bytes.length < 14 || !/^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return false;
    if (bytes.readUInt16LE(6) === 0 || bytes.readUInt16LE(8) === 0) return false;
    const packed = bytes[10]!;
    const colourTable = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
    const block = bytes[13 + colourTable];
    return block === 0x21 || block === 0x2c;
  },
  'image/jpeg': (bytes) =>
    bytes.length >= 4 &&
    bytes[0] === 0xff &&
    bytes[1] === 0xd8 &&
    bytes[2] === 0xff &&
    bytes[3]! >= 0xc0 &&
    bytes[3] !== 0xff,
  'image/webp': (bytes) =>
    bytes.length >= 20 &&
    /^VP8[ LX]$/.test(bytes.toString('latin1', 12, 16)) &&
    bytes.readUInt32LE(4) + 8 <= bytes.length,
};

/** A fresh attachment name: 32 random hex characters and the extension of the detected type. */
export function newImageName(type: TicketImageType): string {
  return `${randomBytes(16).toString('hex')}.${extensionOf[type]}`;
}

/** The content type an attachment was stored as, from its generated name's extension. */
export function imageTypeOfName(name: string): TicketImageType | undefined {
  const extension = /\.([a-z]+)$/.exec(name)?.[1];
  return TICKET_IMAGE_TYPES.find((type) => extensionOf[type] === extension);
}
