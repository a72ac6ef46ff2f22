import { useLingui } from '@lingui/react/macro';

import { SortableCodes } from '@/components/ui/sortable-codes';
import { tiebreakChoices, tiebreakInfo, type TiebreakCatalogue } from '@/lib/swiss/tiebreaks';

type TiebreakSorterProps = {
  /** The server's codes and names (the event form loads them before it shows). */
  catalogue: TiebreakCatalogue;
  value: string[];
  onChange: (order: string[]) => void;
  disabled?: boolean;
  error?: string;
};

/** The individual event's tie-break order: the shared sortable list over the individual codes. */
export const TiebreakSorter = ({ catalogue, value, onChange, disabled, error }: TiebreakSorterProps) => {
  const { t } = useLingui();
  return (
    <SortableCodes
      legend={t`Tie-break order`}
      value={value}
      onChange={onChange}
      choices={tiebreakChoices(catalogue)}
      info={(code) => tiebreakInfo(catalogue, code)}
      addLabel={t`Add a tie-break`}
      disabled={disabled}
      error={error}
    />
  );
};
