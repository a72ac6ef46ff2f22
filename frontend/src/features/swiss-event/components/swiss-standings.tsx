import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';

import { useQuery } from '@tanstack/react-query';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PlayerLink } from '@/components/ui/player-link';
import { RatingDiff } from '@/components/ui/rating-diff';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { getStandingOf, searchStandings } from '@/features/swiss-event/api/find-standings';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import { SwissPlayerSheet } from '@/features/swiss-event/components/swiss-player-sheet';
import { useStandingsPages, type StandingsRow as Row } from '@/features/swiss-event/hooks/use-standings-pages';
import { entryStatusLabel } from '@/lib/swiss/display';
import type { Standing } from '@/lib/swiss/types';

type SwissStandingsProps = {
  tournamentId: number;
  tiebreakOrder: string[];
  username?: string | null;
  /** A co-hosted event's teams: each row names the team its player plays for. */
  teams?: { team: string; team_name: string }[];
  /** Before round 1 of an event with a check-in window: mark who has checked in. */
  showCheckIn?: boolean;
  /** Hidden standings, for a viewer who is no leader: the API gives their own row at most. */
  hidden?: boolean;
};

const HIDDEN = msg`Standings are hidden until the event ends.`;

const ROW_HEIGHT = 41;
const UNMEASURED = { width: 800, height: 600 };

/** Until the browser has laid the table out (or where there is no layout) assume 600 px. */
const observeRect = (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : UNMEASURED));
const column = createColumnHelper<Row>();

// The headers and cells are functions, run as the table renders: in the language of that render.

const buildColumns = (
  tiebreaks: string[],
  open: (standing: Standing) => void,
  teams: Record<string, string>,
  showCheckIn = false,
): ColumnDef<Row, unknown>[] => {
  const withTeams = Object.keys(teams).length > 1;
  return [
    column.display({
      id: 'rank',
      header: '#',
      cell: ({ row }) => row.original.standing?.rank_label ?? row.original.standing?.rank ?? '–',
    }),
    column.display({
      id: 'player',
      header: () => t({ message: 'Player', comment: 'a column of the standings' }),
      cell: ({ row }) => {
        const standing = row.original.standing;
        if (!standing) return <span className="text-slate-400">{t`Loading…`}</span>;
        const name = standing.username;
        const status = entryStatusLabel(standing);
        return (
          // With a Team column the name gives it room: both truncate (full text on hover), so that
          // the table is no wider than a one-team event's and fits beside the pairings at 1280 px.
          <span className={`flex items-center gap-1.5 ${withTeams ? 'max-w-48' : 'max-w-72'}`}>
            <PlayerLink
              name={standing.username}
              className={`min-w-0 truncate font-medium text-emerald-800 dark:text-emerald-400 ${standing.status === 'disqualified' ? 'line-through' : ''}`}
            />
            {status && <span className="shrink-0 text-slate-500">({status})</span>}
            {showCheckIn && standing.status === 'active' && (
              <span className="shrink-0 text-slate-500">{standing.checked_in ? t`(checked in)` : t`(not checked in)`}</span>
            )}
            <button
              type="button"
              onClick={() => open(standing)}
              aria-label={t`${name}'s games`}
              title={t`Games in this event`}
              className="shrink-0 rounded border border-slate-300 px-1 text-xs text-slate-600 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              {t({ message: 'games', comment: 'a small button beside a player in the standings: opens their games' })}
            </button>
          </span>
        );
      },
    }),
    // A co-hosted event's rows name the team each player plays for, in a column of its own.
    ...(withTeams
      ? [
          column.display({
            id: 'team',
            header: () => t({ message: 'Team', comment: 'a column of the standings: the team a player plays for' }),
            cell: ({ row }) => {
              const team = row.original.standing?.team;
              const name = team ? (teams[team] ?? team) : '';
              return team ? (
                <span title={name} className="block max-w-24 truncate text-slate-600 dark:text-slate-300">
                  {name}
                </span>
              ) : (
                ''
              );
            },
          }),
        ]
      : []),
    column.display({
      id: 'rating',
      header: () => t({ message: 'Rating', comment: 'a column of the standings' }),
      cell: ({ row }) => {
        const standing = row.original.standing;
        if (!standing) return '';
        // The rating frozen at entry, then what this event's rated games did to it.
        return (
          <>
            {standing.rating} <RatingDiff diff={standing.rating_diff} />
          </>
        );
      },
    }),
    column.display({ id: 'points', header: () => t({ message: 'Points', comment: 'a column of the standings' }), cell: ({ row }) => row.original.standing?.points ?? '' }),
    ...tiebreaks.map((code) =>
      column.display({
        id: `tb-${code}`,
        header: code,
        cell: ({ row }) => (row.original.standing ? (row.original.standing.tiebreaks[code] ?? '') : ''),
      }),
    ),
  ];
};

const cellClass = 'px-2 py-2 text-start whitespace-nowrap tabular-nums first:ps-3 last:pe-3';

/**
 * The standings with the event's tie-break columns in its order. Rows are virtualised and read
 * page by page as they scroll into view; a player's name opens their sheet.
 */
export const SwissStandings = ({ tournamentId, tiebreakOrder, username, teams, showCheckIn = false, hidden = false }: SwissStandingsProps) => {
  const { t } = useLingui();
  const standings = useStandingsPages(tournamentId);
  const [opened, setOpened] = useState<Standing | null>(null);
  const [typed, setTyped] = useState('');
  // "Jump to me" found no row of the viewer's.
  const [notFound, setNotFound] = useState(false);
  const search = useDeferredValue(typed.trim());
  const found = useQuery({
    queryKey: swissKeys.standingsSearch(tournamentId, search),
    queryFn: () => searchStandings(tournamentId, search),
    enabled: search.length > 0,
  });
  const scroller = useRef<HTMLDivElement>(null);
  // By value: the event's detail (and so `teams`) is a new object after every push.
  const teamNames = JSON.stringify(Object.fromEntries((teams ?? []).map((team) => [team.team, team.team_name])));
  const columns = useMemo(() => buildColumns(tiebreakOrder, setOpened, JSON.parse(teamNames) as Record<string, string>, showCheckIn), [
    tiebreakOrder,
    teamNames,
    showCheckIn,
  ]);
  const searchRows = useMemo<Row[]>(
    () => (found.data?.results ?? []).map((standing, index) => ({ index, standing })),
    [found.data],
  );
  const rows = search ? searchRows : standings.rows;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps its own state
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel() });
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: UNMEASURED,
    observeElementRect: observeRect,
  });
  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items.at(-1)?.index ?? 0;
  const { show } = standings;
  useEffect(() => {
    if (!search) show(firstIndex, lastIndex);
  }, [show, search, firstIndex, lastIndex]);
  const jumpToMe = async () => {
    if (!username) return;
    setTyped('');
    const mine = await getStandingOf(tournamentId, username);
    if (!mine) return setNotFound(true);
    setNotFound(false);
    // Shared places sit together: the first row of the viewer's place is at most a few rows off.
    if (mine.rank !== null) virtualizer.scrollToIndex(mine.rank - 1, { align: 'center' });
    else setTyped(username);
  };

  if (standings.isPending) return <Spinner label={t`Loading standings…`} />;
  if (standings.error) return <ErrorMessage error={standings.error} onRetry={standings.refetch} />;
  // A visitor (or a member who did not enter) reads an empty page while the standings are
  // hidden: that is no empty event (the header still counts its players).
  if (standings.rows.length === 0) return <EmptyState>{hidden ? t(HIDDEN) : t`Nobody has joined yet.`}</EmptyState>;
  // A player reads their own row alone: nothing to search or jump to.
  const ownRowOnly = hidden && standings.rows.length === 1 && standings.rows[0]?.standing?.username === username;

  const tableRows = table.getRowModel().rows;
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {ownRowOnly && (
        <p role="note" className="text-sm text-slate-600 dark:text-slate-300">
          {t(HIDDEN)} <Trans>You see your own row only.</Trans>
        </p>
      )}
      {!ownRowOnly && (
        <div className="flex flex-wrap items-center gap-2">
          <input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-label={t`Search players`}
            placeholder={t`Search players`}
            className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          {username && (
            <Button variant="secondary" onClick={() => void jumpToMe()}>
              <Trans>Jump to me</Trans>
            </Button>
          )}
        </div>
      )}
      <div aria-live="polite" className="text-sm empty:hidden">
        {search && found.data
          ? t({ message: plural(found.data.count, { one: `# player matches “${search}”.`, other: `# players match “${search}”.` }) })
          : notFound && t`You are not in the standings.`}
      </div>
      <div ref={scroller} className="max-h-[70vh] overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
        <table aria-label={t({ message: 'Standings', comment: 'the ranking of the players' })} aria-rowcount={rows.length + 1} className="w-full border-collapse text-sm">
          <thead className="sticky top-0 z-10 bg-slate-50 dark:bg-slate-800">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={`${cellClass} font-semibold text-slate-600 dark:text-slate-300`}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {paddingTop > 0 && (
              <tr aria-hidden="true">
                <td style={{ height: paddingTop }} colSpan={columns.length} />
              </tr>
            )}
            {items.map((item) => {
              const row = tableRows[item.index];
              if (!row) return null;
              const mine = username && row.original.standing?.username === username;
              return (
                <tr
                  key={row.id}
                  aria-rowindex={item.index + 2}
                  style={{ height: ROW_HEIGHT }}
                  className={`border-t border-slate-200 dark:border-slate-700 ${mine ? 'bg-emerald-50 dark:bg-emerald-950' : ''}`}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cellClass}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden="true">
                <td style={{ height: paddingBottom }} colSpan={columns.length} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <SwissPlayerSheet standing={opened} onClose={() => setOpened(null)} />
    </>
  );
};
