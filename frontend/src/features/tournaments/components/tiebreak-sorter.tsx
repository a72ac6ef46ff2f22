import { SortableCodes } from '@/components/ui/sortable-codes';
import { tiebreakInfo, TIEBREAKS } from '@/features/tournaments/types/tiebreaks';

type TiebreakSorterProps = {
  value: string[];
  onChange: (order: string[]) => void;
  disabled?: boolean;
  error?: string;
};

/** The individual event's tie-break order: the shared sortable list over the individual codes. */
export const TiebreakSorter = ({ value, onChange, disabled, error }: TiebreakSorterProps) => (
  <SortableCodes
    legend="Tie-break order"
    value={value}
    onChange={onChange}
    choices={Object.keys(TIEBREAKS)}
    info={tiebreakInfo}
    addLabel="Add a tie-break"
    disabled={disabled}
    error={error}
  />
);
