// The server gives each state's moves in SAN and the legal moves as SAN → UCI (python `chess`,
// docs/games.md): the page needs no chess library of its own.

export type MoveRow = { number: number; white: string; black: string | null };

/** Moves numbered by full move, as in `1. e4 e5 2. Nf3`. */
export const moveRows = (sans: readonly string[]): MoveRow[] => {
  const rows: MoveRow[] = [];
  for (let i = 0; i < sans.length; i += 2) rows.push({ number: i / 2 + 1, white: sans[i] ?? '', black: sans[i + 1] ?? null });
  return rows;
};

/** SAN → UCI of the legal moves (the state's `legal`). */
export type LegalMoves = Readonly<Record<string, string>>;

/** Each origin square's destinations, as the board wants them. */
export const destinations = (legal: LegalMoves): Map<string, string[]> => {
  const dests = new Map<string, string[]>();
  for (const uci of Object.values(legal)) {
    const [from, to] = [uci.slice(0, 2), uci.slice(2, 4)];
    const list = dests.get(from) ?? [];
    if (!list.includes(to)) dests.set(from, [...list, to]);
  }
  return dests;
};
