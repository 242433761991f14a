/** Names of the per-user events carried by `GET /api/events` (Server-Sent Events). */
export const EventName = {
  emailVerified: 'email.verified',
} as const;
export type EventName = (typeof EventName)[keyof typeof EventName];
