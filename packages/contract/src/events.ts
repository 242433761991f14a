/** Names of the per-user events carried by `GET /api/events` (Server-Sent Events). */
export const EventName = {
  emailVerified: 'email.verified',
  /**
   * A service's billing state changed (cancellation requested or voided, its setup failed):
   * `ServiceEventData`.
   */
  serviceUpdated: 'service.updated',
  /** An ordered service was set up after payment and is Active: `ServiceEventData`. */
  serviceProvisioned: 'service.provisioned',
  /** A server's power state settled or changed: `ServerPowerEvent`. */
  serverPower: 'server.power',
  /** An upstream operation on a server moved on (rebuild, backup, template, ISO…): `ServerTaskEvent`. */
  serverTask: 'server.task',
  /** A ticket of the account got a staff reply or changed status: `TicketEventData`. */
  ticketUpdated: 'ticket.updated',
} as const;
export type EventName = (typeof EventName)[keyof typeof EventName];

/** Every service event names its service, so the stream can apply the sub-account whitelist. */
export interface ServiceEventData {
  serviceId: number;
}

export interface ServerPowerEvent extends ServiceEventData {
  /** 'on' or 'off' once settled; the upstream's own word while it is changing. */
  status: string;
}

export const serverTaskKinds = [
  'power',
  'rebuild',
  'rescue',
  'backup',
  'restore',
  'template',
  'iso',
  'disk',
] as const;
export type ServerTaskKind = (typeof serverTaskKinds)[number];

export interface ServerTaskEvent extends ServiceEventData {
  task: ServerTaskKind;
  state: 'running' | 'completed' | 'failed';
  percent?: number;
  message?: string;
}

/** Names the ticket (its tid) so an open thread refetches it. */
export interface TicketEventData {
  tid: string;
}

export const isServiceEventData = (data: unknown): data is ServiceEventData =>
  typeof data === 'object' && data !== null && typeof (data as ServiceEventData).serviceId === 'number';
