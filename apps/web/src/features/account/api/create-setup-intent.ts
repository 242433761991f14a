import type { SetupIntentResponse } from '@rackdesk/contract';
import { api } from '../../../lib/api-client.ts';

/** `GET billing/setup-intent`: the client secret of a new Stripe setup intent of the account. */
export const createSetupIntent = () => api.get<SetupIntentResponse>('/billing/setup-intent');
