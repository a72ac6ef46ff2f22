import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ratingReportKeys } from '@/features/rating-report/api/rating-report-keys';
import type { ReportTarget } from '@/features/rating-report/api/report-target';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type RatingReport = components['schemas']['RatingReportApiOutput'];
/** A player's FIDE data: an entry's 001 fields; a team event's squad player takes them but the name. */
export type EntryFideDataInput = components['schemas']['PatchedEntryFideDataApiInputRequest'];
export type EventFideDataInput = Pick<
  components['schemas']['PatchedTournamentDetailApiInputRequest'],
  'venue' | 'federation' | 'chief_arbiter_name' | 'chief_arbiter_fide_id' | 'deputy_arbiters'
>;

export const getRatingReport = ({ kind, id }: ReportTarget) =>
  kind === 'swiss'
    ? unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/rating-report/', { params: { path: { tournament_id: id } } }))
    : unwrap(api.GET('/api/team-swiss/{event_id}/rating-report/', { params: { path: { event_id: id } } }));

/** The report on the event's TRF-2026 as it is now (leaders only: anyone else gets a 403). */
export const useRatingReport = (target: ReportTarget, enabled = true) =>
  useQuery({ queryKey: ratingReportKeys.report(target), queryFn: () => getRatingReport(target), enabled, retry: false });

/** Each save checks again: the report is read anew, and an individual event's audit log has a new line. */
const useRecheck = (target: ReportTarget) => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ratingReportKeys.report(target) });
    if (target.kind === 'swiss') void queryClient.invalidateQueries({ queryKey: ratingReportKeys.audit(target) });
  };
};

export const saveEntryFideData = ({ kind, id }: ReportTarget, entryId: number, body: EntryFideDataInput): Promise<unknown> => {
  if (kind === 'swiss') {
    return unwrap(
      api.PATCH('/api/tournaments/swiss/{tournament_id}/entries/{entry_id}/', {
        params: { path: { tournament_id: id, entry_id: entryId } },
        body,
      }),
    );
  }
  // A squad player's name is the squad's (edited with the squad): only the FIDE fields go.
  const { name: _name, ...fide } = body;
  return unwrap(
    api.PATCH('/api/team-swiss/{event_id}/players/{player}/', {
      params: { path: { event_id: id, player: entryId } },
      body: fide,
    }),
  );
};

/** A leader corrects one player's FIDE data (the fields of its 001 record). */
export const useSaveEntryFideData = (target: ReportTarget) => {
  const recheck = useRecheck(target);
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: number; body: EntryFideDataInput }) => saveEntryFideData(target, entryId, body),
    onSuccess: recheck,
  });
};

export const saveEventFideData = ({ kind, id }: ReportTarget, body: EventFideDataInput): Promise<unknown> =>
  kind === 'swiss'
    ? unwrap(api.PATCH('/api/tournaments/swiss/{tournament_id}/', { params: { path: { tournament_id: id } }, body }))
    : unwrap(api.PATCH('/api/team-swiss/{event_id}/', { params: { path: { event_id: id } }, body }));

/** The event's FIDE data (place, federation, arbiters): a finished event takes it too. */
export const useSaveEventFideData = (target: ReportTarget) => {
  const queryClient = useQueryClient();
  const recheck = useRecheck(target);
  return useMutation({
    mutationFn: (body: EventFideDataInput) => saveEventFideData(target, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ratingReportKeys.eventDetail(target) });
      recheck();
    },
  });
};

export type TeamClockInput = Pick<components['schemas']['PatchedTeamSwissDetailApiInputRequest'], 'clock_minutes' | 'clock_increment'>;

/**
 * A team event's rate of play (122/222), which its report does not carry: read from the event's
 * detail, under the key the team Swiss feature gives the same read (team-swiss-keys.ts).
 */
export const useTeamEventClock = (target: ReportTarget) =>
  useQuery({
    queryKey: ratingReportKeys.eventDetail(target),
    queryFn: () => unwrap(api.GET('/api/team-swiss/{event_id}/', { params: { path: { event_id: target.id } } })),
    enabled: target.kind === 'team-swiss',
  });

/** A leader sets a team event's rate of play; a finished event takes it too. */
export const useSaveTeamClock = (target: ReportTarget) => {
  const queryClient = useQueryClient();
  const recheck = useRecheck(target);
  return useMutation({
    mutationFn: (body: TeamClockInput) => unwrap(api.PATCH('/api/team-swiss/{event_id}/', { params: { path: { event_id: target.id } }, body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ratingReportKeys.eventDetail(target) });
      recheck();
    },
  });
};
