import { SupportText, TICKET_MESSAGE_MAX } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { replyFormRules, replyRefusal } from './reply-form.ts';

describe('reply form', () => {
  it('wants a message of at most the API limit', () => {
    expect(replyFormRules.message('')).toBe(SupportText.messageRequired);
    expect(replyFormRules.message(' \n\t ')).toBe(SupportText.messageRequired);
    expect(replyFormRules.message('Thanks, it works again.')).toBeNull();
    expect(replyFormRules.message('x'.repeat(TICKET_MESSAGE_MAX))).toBeNull();
    expect(replyFormRules.message('x'.repeat(TICKET_MESSAGE_MAX + 1))).toBe(SupportText.messageTooLong);
  });

  it('puts the reason of a refused reply under the field it names', () => {
    const refused = new ApiError(422, {
      message: SupportText.messageRequired,
      errors: { message: [SupportText.messageRequired] },
    });
    expect(replyRefusal(refused)).toEqual({ field: 'message', message: SupportText.messageRequired });
    const image = new ApiError(422, {
      message: SupportText.notAnImage,
      errors: { 'images[]': [SupportText.notAnImage] },
    });
    expect(replyRefusal(image)).toEqual({ field: 'images', message: SupportText.notAnImage });
  });

  it("shows the server's message of a refusal that names no field", () => {
    expect(replyRefusal(new ApiError(413, { message: SupportText.imageTooLarge }))).toEqual({
      field: null,
      message: SupportText.imageTooLarge,
    });
  });

  it("says 'There was an error sending your reply' for any other failure", () => {
    for (const error of [
      new ApiError(500, { message: 'Internal Server Error' }),
      new ApiError(403, { message: SupportText.notAuthorized }),
      new ApiError(422, {}),
      new TypeError('Failed to fetch'),
    ]) {
      expect(replyRefusal(error)).toEqual({ field: null, message: 'There was an error sending your reply' });
    }
  });
});
