import { queryOptions, useQuery } from '@tanstack/react-query';

import { teamsKeys } from '@/features/teams/api/teams-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type TeamDetail = components['schemas']['TeamDetail'];

export const getTeam = (slug: string) => unwrap(api.GET('/api/teams/{slug}/', { params: { path: { slug } } }));

export const teamQueryOptions = (slug: string) => queryOptions({ queryKey: teamsKeys.detail(slug), queryFn: () => getTeam(slug) });

export const useTeam = (slug: string | undefined) =>
  useQuery({ ...teamQueryOptions(slug ?? ''), enabled: Boolean(slug) });
