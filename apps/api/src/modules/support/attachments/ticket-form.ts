import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  hasControlCharacters,
  INPUT_TEXT,
  SupportText,
  TICKET_IMAGE_MAX_BYTES,
  TICKET_IMAGES_MAX,
  TICKET_MESSAGE_MAX,
  type TicketImageType,
} from '@rackdesk/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors.ts';
import { detectImageType, newImageName } from './image-type.ts';

/** An image of a ticket message, checked by content and named by us, ready to be stored. */
export interface TicketImage {
  /** Generated: 32 hex characters and the detected type's extension (TICKET_IMAGE_NAME). */
  name: string;
  contentType: TicketImageType;
  size: number;
  bytes: Buffer;
}

export interface TicketForm {
  /** The text fields, for the route's schema to check (multipart values are strings). */
  fields: Record<string, unknown>;
  images: TicketImage[];
}

/** The field the images travel in: `images[]` as the web form names it, or plain `images`. */
const IMAGE_FIELDS = new Set(['images[]', 'images']);

/** More text fields than any ticket form has; the route's schema names the unknown ones. */
const TEXT_FIELDS_MAX = 16;

/**
 * What the parser reads at most. A text field may take twice the longest message in four-byte
 * characters (line breaks sent as CRLF count double until the schema folds them): past that the
 * parser cuts it, and it is refused without being held. Each file stops at the image size limit;
 * one file more than allowed is let through so that a browser's empty part (no file picked) next
 * to five images is no error, and the count is checked on the non-empty ones.
 */
const limits = {
  fieldNameSize: 100,
  fieldSize: TICKET_MESSAGE_MAX * 8,
  fields: TEXT_FIELDS_MAX,
  fileSize: TICKET_IMAGE_MAX_BYTES,
  files: TICKET_IMAGES_MAX + 1,
  parts: TEXT_FIELDS_MAX + TICKET_IMAGES_MAX + 1,
  headerPairs: 20,
};

const tooLongMessages: Record<string, string> = {
  message: SupportText.messageTooLong,
  subject: SupportText.subjectTooLong,
};

/**
 * The fields and images of a ticket form. A JSON body is its fields, with no images. A
 * multipart/form-data body gives its text parts as strings and its files of the field `images[]`
 * (or `images`), each checked by content; empty file parts (a browser sends one when no file is
 * picked) are skipped. Every refusal is an AppError with the support texts: a file from a guest
 * (`imagesAllowed` false), one that is no PNG, JPEG, GIF or WebP, one over 5 MB, more than five,
 * a file in another field, a text field sent twice, too long or with control characters.
 */
export async function readTicketForm(
  request: FastifyRequest,
  options: { imagesAllowed: boolean },
): Promise<TicketForm> {
  if (!request.isMultipart()) return { fields: jsonFields(request.body), images: [] };
  const fields: Record<string, string> = {};
  const images: TicketImage[] = [];
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') addField(fields, part);
      else {
        const image = await readImage(part, options);
        if (!image) continue;
        if (images.length === TICKET_IMAGES_MAX) throw AppError.invalid('images', SupportText.tooManyImages);
        images.push(image);
      }
    }
  } catch (error) {
    throw closingUnread(request, asClientError(error));
  }
  return { fields, images };
}

function jsonFields(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(422, 'The request body must be a JSON object.', {
      errors: { _: ['The request body must be a JSON object.'] },
    });
  }
  return body as Record<string, unknown>;
}

function addField(fields: Record<string, string>, part: MultipartValue) {
  const name = part.fieldname;
  if (part.fieldnameTruncated || hasControlCharacters(name)) {
    throw AppError.invalid('_', 'A field name is not valid.');
  }
  if (IMAGE_FIELDS.has(name)) throw AppError.invalid(name, SupportText.notAnImage);
  if (Object.hasOwn(fields, name)) throw AppError.invalid(name, `The ${name} field may be sent only once.`);
  if (part.valueTruncated) {
    throw AppError.invalid(name, tooLongMessages[name] ?? `The ${name} field is too long.`);
  }
  // The parser turns a part sent as application/json into what it holds: a form field is text.
  const value = part.value;
  if (typeof value !== 'string') throw AppError.invalid(name, `The ${name} field must be plain text.`);
  if (hasControlCharacters(value)) throw AppError.invalid(name, INPUT_TEXT.controlCharacters);
  fields[name] = value;
}

/** One file part as an image, or undefined for the empty part of a form with no file picked. */
async function readImage(part: MultipartFile, options: { imagesAllowed: boolean }) {
  if (!IMAGE_FIELDS.has(part.fieldname)) {
    part.file.resume();
    // A name with control characters is not echoed back as a field of the error.
    const field = hasControlCharacters(part.fieldname) ? '_' : part.fieldname;
    throw AppError.invalid(field, 'Files can only be sent in the images[] field.');
  }
  // A named file from a guest is refused unread; an unnamed one may be a browser's empty part.
  if (!options.imagesAllowed && part.filename !== '') {
    part.file.resume();
    throw AppError.invalid('images', SupportText.guestsCannotAttach);
  }
  const bytes = await readWithin(part);
  if (bytes.length === 0 && part.filename === '') return undefined;
  if (!options.imagesAllowed) throw AppError.invalid('images', SupportText.guestsCannotAttach);
  const contentType = await detectImageType(bytes);
  if (!contentType) throw AppError.invalid('images', SupportText.notAnImage);
  return { name: newImageName(contentType), contentType, size: bytes.length, bytes } satisfies TicketImage;
}

/**
 * A refusal that leaves part of the body unread also closes the connection once it is answered:
 * otherwise the server would go on receiving (and dropping) the rest of a huge upload to keep the
 * connection for the next request.
 */
function closingUnread(request: FastifyRequest, error: unknown): unknown {
  if (!(error instanceof AppError) || request.raw.complete) return error;
  return new AppError(error.statusCode, error.message, error.body, { ...error.headers, connection: 'close' });
}

const busboyErrors = /multipart|boundary|needle|terminated early/i;

const imageTooLarge = () =>
  new AppError(413, SupportText.imageTooLarge, { errors: { images: [SupportText.imageTooLarge] } });

/**
 * A file part's bytes, at most the image size limit. The parser only flags a file that passes
 * it and keeps reading (and dropping) the rest of the part; this ends the part there, so the
 * answer goes out at once instead of after a gigabyte has been read.
 */
async function readWithin(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  part.file.once('limit', () => part.file.destroy(imageTooLarge()));
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw imageTooLarge();
  return Buffer.concat(chunks);
}

/** The multipart parser's own errors, in the API's words; anything else passes unchanged. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, SupportText.imageTooLarge, {
        errors: { images: [SupportText.imageTooLarge] },
      });
    case 'FST_FILES_LIMIT':
      return AppError.invalid('images', SupportText.tooManyImages);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'The form has too many fields.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return AppError.invalid('_', 'A form field must be plain text.');
    case 'FST_PROTO_VIOLATION':
      return AppError.invalid('_', 'A field name is not valid.');
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(400, 'The upload was interrupted.');
    default:
      // Busboy's parse errors (no boundary, a part cut short) are plain errors without a status.
      if (error instanceof Error && busboyErrors.test(error.message)) {
        return new AppError(400, 'The request body is not valid multipart form data.');
      }
      return error;
  }
}
