import type { Department, DepartmentsResponse } from '@rackdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { supportKeys } from './keys.ts';

export const getDepartments = async (): Promise<Department[]> =>
  (await api.get<DepartmentsResponse>(apiPaths.supportDepartments)).departments.department;

export const departmentsQuery = () =>
  queryOptions({ queryKey: supportKeys.departments(), queryFn: getDepartments, staleTime: 5 * 60_000 });

/** `GET support/departments`: where a signed-in customer can open a ticket. */
export function useDepartments({ enabled }: { enabled: boolean }) {
  return useQuery({ ...departmentsQuery(), enabled });
}
