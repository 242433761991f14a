import {
  SupportText,
  TICKET_IMAGE_MAX_BYTES,
  TICKET_IMAGE_TYPES,
  TICKET_IMAGES_MAX,
} from '@rackdesk/contract';

/** What the browser knows of a picked file; `File` has it, and tests need no real files. */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

export interface ImagePick<F extends PickedFile> {
  /** The images to send: those held already and the picked ones that passed. */
  files: F[];
  /** Why some picked files were left out, each reason once, in the order met. */
  errors: string[];
}

const allowedTypes: readonly string[] = TICKET_IMAGE_TYPES;

/**
 * Adds picked files to those already attached, with the API's limits checked in the browser
 * first (the server checks each image's content again): PNG, JPEG, GIF or WebP by the type the
 * browser reports, each at most 5 MB, at most five in all. A file that fails is left out and
 * its reason given; the others still come in, so one wrong pick does not undo the rest.
 */
export function addImages<F extends PickedFile>(current: readonly F[], picked: readonly F[]): ImagePick<F> {
  const files = [...current];
  const errors = new Set<string>();
  for (const file of picked) {
    if (!allowedTypes.includes(file.type)) errors.add(SupportText.notAnImage);
    else if (file.size > TICKET_IMAGE_MAX_BYTES) errors.add(SupportText.imageTooLarge);
    else if (files.length >= TICKET_IMAGES_MAX) errors.add(SupportText.tooManyImages);
    else files.push(file);
  }
  return { files, errors: [...errors] };
}

/** '512 B', '12.3 KB', '4.8 MB': a file's size in the binary steps the 5 MB limit is counted in. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
