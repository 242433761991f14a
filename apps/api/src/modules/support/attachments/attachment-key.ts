/** Every key a store accepts: a ticket's serial id and a generated image name. */
export const ATTACHMENT_KEY = /^tickets\/[1-9]\d{0,9}\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export const attachmentKey = (ticketId: number, name: string) => `tickets/${ticketId}/${name}`;

export const isAttachmentKey = (key: string) => ATTACHMENT_KEY.test(key);

/** A write with a key that no generated name gives: a fault in the caller, never user input. */
export function assertAttachmentKey(key: string): void {
  if (!isAttachmentKey(key)) throw new Error(`Not an attachment key: ${JSON.stringify(key)}`);
}
