import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { teamsKeys } from '@/features/teams/api/teams-keys';
import { api, unwrap } from '@/lib/api-client';

type TeamFilters = { search?: string; mine?: boolean; page?: number };

export const getTeams = ({ search, mine, page }: TeamFilters) =>
  unwrap(
    api.GET('/api/teams/', {
      params: { query: { search: search || undefined, mine: mine || undefined, page } },
    }),
  );

export const teamsQueryOptions = (filters: TeamFilters) =>
  queryOptions({ queryKey: teamsKeys.list(filters), queryFn: () => getTeams(filters) });

export const useTeams = (filters: TeamFilters, enabled = true) =>
  useQuery({ ...teamsQueryOptions(filters), enabled, placeholderData: keepPreviousData });
