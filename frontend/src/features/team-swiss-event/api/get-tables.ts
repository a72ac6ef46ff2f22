import { useQuery } from '@tanstack/react-query';

import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import { api, unwrap } from '@/lib/api-client';

const event = (id: number) => ({ params: { path: { event_id: id } } });

export const getTeamStandings = (id: number) => unwrap(api.GET('/api/team-swiss/{event_id}/standings/', event(id)));

export const getCrosstable = (id: number) => unwrap(api.GET('/api/team-swiss/{event_id}/crosstable/', event(id)));

export const getBoardScores = (id: number) => unwrap(api.GET('/api/team-swiss/{event_id}/board-scores/', event(id)));

export const useTeamStandings = (id: number) => useQuery({ queryKey: teamSwissKeys.standings(id), queryFn: () => getTeamStandings(id) });

export const useCrosstable = (id: number) => useQuery({ queryKey: teamSwissKeys.crosstable(id), queryFn: () => getCrosstable(id) });

export const useBoardScores = (id: number) => useQuery({ queryKey: teamSwissKeys.boardScores(id), queryFn: () => getBoardScores(id) });
