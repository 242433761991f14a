import type { ServerTaskKind } from '@rackdesk/contract';
import type { ServiceRow } from '../../db/schema/index.ts';

/** A server whose change the panel follows until it settles, to tell the account's open pages. */
export interface WatchTarget {
  /** The owner account: its stream (and its permitted sub-accounts') gets the events. */
  accountId: number;
  serviceId: number;
  provider: NonNullable<ServiceRow['provider']>;
  upstreamId: string;
  /** 'power' follows the power state; any other kind follows the server's running operation. */
  kind: 'power' | Exclude<ServerTaskKind, 'power'>;
  /** For power: the state the action leads to ('on' after a start or reboot, 'off' after a stop). */
  expect?: 'on' | 'off';
}
