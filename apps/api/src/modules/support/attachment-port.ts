import type { TicketImageType } from '@rackdesk/contract';

// What the support services need of the attachments module (modules/support/attachments),
// until it lands: the same shapes, so wiring it in is an import change.
export interface TicketImage {
  name: string;
  contentType: TicketImageType;
  size: number;
  bytes: Buffer;
}
export interface AttachmentStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}
export const attachmentKey = (ticketId: number, name: string) => `tickets/${ticketId}/${name}`;

/** Until the attachments module lands: no image is stored, and none is found. */
export const unavailableAttachmentStore: AttachmentStore = {
  put: () => Promise.reject(new Error('Attachments are not available')),
  get: () => Promise.resolve(undefined),
  delete: () => Promise.resolve(),
};
