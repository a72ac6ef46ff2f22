import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { useRejoin, useRequestBye, useWithdraw } from '@/lib/swiss/entry-actions';
import { useMyEntry } from '@/features/swiss-event/api/get-my-entry';
import { SwissCheckIn } from '@/features/swiss-event/components/swiss-check-in';
import { SwissEntryClaim } from '@/features/swiss-event/components/swiss-entry-claim';
import { loadJoinForm, SwissJoinSlot } from '@/features/swiss-event/components/swiss-join-slot';
import { SwissMyGame } from '@/features/swiss-event/components/swiss-my-game';
import { useBanLifted } from '@/features/swiss-event/hooks/use-ban-lifted';
import { useCountdown } from '@/hooks/use-countdown';
import { formatDateTime } from '@/lib/swiss/display';
import type { MyEntry, Tournament } from '@/lib/swiss/types';

type SwissMyPanelProps = {
  tournament: Tournament;
  /** null for a visitor, undefined while the session is being checked. */
  username: string | null | undefined;
  /** Whether the viewer belongs to the hosting team; undefined while unknown. */
  isTeamMember: boolean | undefined;
};

const Panel = ({ children }: { children: ReactNode }) => (
  <section
    aria-labelledby="your-event-title"
    className="flex flex-col gap-3 rounded-md border border-slate-200 p-4 dark:border-slate-700"
  >
    <h2 id="your-event-title" className="text-lg font-semibold">
      <Trans comment="heading of the viewer's own panel on an event page">Your event</Trans>
    </h2>
    {children}
  </section>
);

const ActiveEntry = ({ tournament, username, checkedIn }: { tournament: Tournament; username: string; checkedIn: boolean }) => {
  const { t } = useLingui();
  const withdraw = useWithdraw(tournament.id, username);
  const bye = useRequestBye(tournament.id);
  const next = tournament.current_round + 1;
  const canRequestBye = tournament.bye_request_limit > 0 && next <= tournament.num_rounds;
  return (
    <>
      <p className="text-sm">
        <Trans>You are playing in this event.</Trans>
      </p>
      <SwissCheckIn tournament={tournament} username={username} checkedIn={checkedIn} />
      {tournament.current_round > 0 && tournament.status === 'running' && (
        <SwissMyGame tournamentId={tournament.id} round={tournament.current_round} username={username} />
      )}
      <div className="flex flex-wrap gap-2">
        {canRequestBye && (
          <Button variant="secondary" disabled={bye.isPending || bye.isSuccess} onClick={() => bye.mutate(next)}>
            <Trans>Request a bye</Trans>
          </Button>
        )}
        <ConfirmButton confirmLabel={t`Yes, withdraw`} disabled={withdraw.isPending} onConfirm={() => withdraw.mutate(undefined)}>
          {t({ message: 'Withdraw', comment: 'button: leave the event' })}
        </ConfirmButton>
      </div>
      <div aria-live="polite" className="text-sm">
        {bye.isSuccess && <ByeRequested round={bye.data.round} />}
      </div>
      {(bye.error || withdraw.error) && <ErrorMessage error={bye.error ?? withdraw.error} />}
    </>
  );
};

const ByeRequested = ({ round }: { round: number }) => <Trans>Half-point bye requested for round {round}.</Trans>;

/** The round a paused player who rejoins now plays first; null when none is left. */
const roundToRejoin = (tournament: Tournament): number | null => {
  const over = tournament.status === 'finished' || tournament.status === 'cancelled';
  const next = tournament.current_round + 1;
  return over || next > tournament.num_rounds ? null : next;
};

/** Why a paused player sits out, as their entry records it, and when a rejoin plays (read
 * while rendering, in the interface language). */
const pausedText = (tournament: Tournament, reason: MyEntry['pause_reason']): string => {
  const next = roundToRejoin(tournament);
  switch (reason) {
    // Check-in is for round 1 only (docs/swiss.md, "Check-in").
    case 'no_check_in':
      return next === null
        ? t`You did not check in for round 1, so you were not paired.`
        : t`You did not check in for round 1, so you were not paired; rejoin to play from round ${next}.`;
    case 'no_show':
      return next === null
        ? t`The arbiter recorded you as a no-show, so you were paused.`
        : t`The arbiter recorded you as a no-show, so you were paused; rejoin to play from round ${next} once your no-show ban has ended or been lifted.`;
    case 'arbiter':
      return next === null
        ? t`The arbiter withdrew you from this event.`
        : t`The arbiter withdrew you from this event; rejoin to play from round ${next}.`;
    default:
      return next === null
        ? t`You have withdrawn from this event.`
        : t`You have withdrawn from this event; rejoin to play from round ${next}.`;
  }
};

/** "You finished ranked 3 with 4.5 points.": the rank and points when known. */
const Finished = ({ rank, points }: { rank: string | null | undefined; points: string | undefined }) => {
  if (rank && points !== undefined) return <Trans>You finished ranked {rank} with {points} points.</Trans>;
  if (rank) return <Trans>You finished ranked {rank}.</Trans>;
  if (points !== undefined) return <Trans>You finished with {points} points.</Trans>;
  return <Trans>You finished.</Trans>;
};

/** The signed-in member's own panel: join, withdraw, rejoin, bye, this round's game. */
export const SwissMyPanel = ({ tournament, username, isTeamMember }: SwissMyPanelProps) => {
  const { t } = useLingui();
  const entry = useMyEntry(username ? { id: tournament.id, username, currentRound: tournament.current_round } : null);
  const rejoin = useRejoin(tournament.id, username ?? '');
  const over = tournament.status === 'finished' || tournament.status === 'cancelled';
  // Ticks only for an event with a deadline still to come: the join form goes when it passes.
  const deadlineLeft = useCountdown(over ? null : tournament.registration_deadline);
  // A signed-in viewer may well join: fetch the form's code while the entry is looked up.
  useEffect(() => {
    if (username && !over) void loadJoinForm();
  }, [username, over]);
  // A no-show ban shows as the join or rejoin refusal: a lift (pushed to the player) clears it.
  const mayEnter = entry.isSuccess && (!entry.data || entry.data.status === 'paused');
  const lifts = useBanLifted({ tournamentId: tournament.id, team: tournament.team, enabled: !!username && !over && isTeamMember === true && mayEnter });
  const resetRejoin = rejoin.reset;
  useEffect(() => {
    if (lifts > 0) resetRejoin();
  }, [lifts, resetRejoin]);
  const lifted = lifts > 0 && (
    <p role="status" className="text-sm">
      <Trans>Your no-show ban was lifted: you may join again.</Trans>
    </p>
  );

  if (username === undefined)
    return (
      <Panel>
        <Spinner label={t`Checking your account…`} />
      </Panel>
    );
  // A finished event takes no entries: nothing to sign in for.
  if (!username) return over ? null : (
      <Panel>
        <SignInPrompt action={t({ message: 'join this event', comment: 'completes “Log in to …”' })} />
      </Panel>
    );
  if (entry.isPending) return <Panel><Spinner label={t`Checking your entry…`} /></Panel>;
  if (entry.error) return <Panel><ErrorMessage error={entry.error} onRetry={() => void entry.refetch()} /></Panel>;

  const mine = entry.data;
  if (!mine) {
    let body: ReactNode;
    if (over)
      body = (
        <p className="text-sm">
          <Trans>You did not play in this event.</Trans>
        </p>
      );
    else if (isTeamMember === undefined) body = <Spinner label={t`Checking your team…`} />;
    else if (!isTeamMember) {
      const teamName = tournament.team_name;
      body = (
        <p className="text-sm">
          {tournament.cohosts.some((cohost) => cohost.status === 'accepted') ? (
            <Trans>Only members of the event&apos;s teams can join this event: see the entry conditions.</Trans>
          ) : (
            <Trans>Only members of {teamName} can join this event: see the entry conditions.</Trans>
          )}
        </p>
      );
    } else if (tournament.current_round > Math.floor(tournament.num_rounds / 2))
      body = (
        <p className="text-sm">
          <Trans>Joining has closed: more than half the rounds have started.</Trans>
        </p>
      );
    else if (tournament.registration_deadline && deadlineLeft === 0) {
      const closed = formatDateTime(tournament.registration_deadline);
      body = (
        <p className="text-sm">
          <Trans>Registration closed {closed}.</Trans>
        </p>
      );
    }
    // A new form on a lift: the refusal it showed is gone.
    else body = (
        <SwissJoinSlot
          key={lifts}
          tournamentId={tournament.id}
          hasPassword={tournament.has_password}
          teams={[
            { team: tournament.team, team_name: tournament.team_name },
            ...tournament.cohosts.filter((cohost) => cohost.status === 'accepted'),
          ]}
        />
      );
    return (
      <Panel>
        {lifted}
        {body}
        <SwissEntryClaim tournament={tournament} username={username} />
      </Panel>
    );
  }
  if (mine.status === 'disqualified')
    return (
      <Panel>
        <p className="text-sm">
          <Trans>You were disqualified from this event by its arbiter; you will not be paired again.</Trans>
        </p>
      </Panel>
    );
  if (mine.status === 'paused')
    return (
      <Panel>
        {lifted}
        <p className="text-sm">{pausedText(tournament, mine.pause_reason)}</p>
        {roundToRejoin(tournament) !== null && (
          <Button className="self-start" disabled={rejoin.isPending} onClick={() => rejoin.mutate(undefined)}>
            <Trans comment="button: play in the event again">Rejoin</Trans>
          </Button>
        )}
        {rejoin.error && <ErrorMessage error={rejoin.error} />}
      </Panel>
    );
  if (over)
    return (
      <Panel>
        <p className="text-sm">
          {/* Only a join's answer (no standings row yet) lacks the points. */}
          <Finished rank={mine.rank_label} points={mine.points} />
        </p>
      </Panel>
    );
  return (
    <Panel>
      <ActiveEntry tournament={tournament} username={username} checkedIn={mine.checked_in === true} />
    </Panel>
  );
};
