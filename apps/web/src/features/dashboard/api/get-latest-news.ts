import type { NewsListResponse } from '@rackdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { emptyOnForbidden } from './empty-on-forbidden.ts';
import { dashboardKeys } from './keys.ts';

export const getLatestNews = () =>
  emptyOnForbidden(async () => (await api.get<NewsListResponse>(apiPaths.news)).announcements.announcement);

export const latestNewsQuery = queryOptions({ queryKey: dashboardKeys.news(), queryFn: getLatestNews });
