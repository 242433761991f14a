import { SupportText, TICKET_MESSAGE_MAX } from '@rackdesk/contract';
import { isApiError } from '../../../lib/api-client.ts';

export interface ReplyFormValues {
  message: string;
  images: File[];
}

/** The browser's check of a reply, with the API's texts; the server checks it again. */
export const replyFormRules = {
  message: (value: string) => {
    if (value.trim() === '') return SupportText.messageRequired;
    if (value.length > TICKET_MESSAGE_MAX) return SupportText.messageTooLong;
    return null;
  },
};

export interface ReplyRefusal {
  /** The form field the reason belongs under, or null for a toast. */
  field: keyof ReplyFormValues | null;
  message: string;
}

/**
 * Why a reply was not sent (portal spec §8): a refusal of its content (422, or 413 for an image
 * over the limit) gives the server's own reason, under the field it names when it names one; any
 * other failure 'There was an error sending your reply'.
 */
export function replyRefusal(error: unknown): ReplyRefusal {
  if (isApiError(error) && (error.status === 422 || error.status === 413)) {
    const message = error.fieldError('message');
    if (message) return { field: 'message', message };
    const images = error.fieldError('images') ?? error.fieldError('images[]');
    if (images) return { field: 'images', message: images };
    if (error.message) return { field: null, message: error.message };
  }
  return { field: null, message: SupportText.replyFailed };
}
