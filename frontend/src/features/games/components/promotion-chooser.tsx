import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from '@/components/ui/button';

const PIECES = [
  ['q', msg({ message: 'Queen', comment: 'a chess piece a pawn is promoted to' }), '♛'],
  ['r', msg({ message: 'Rook', comment: 'a chess piece a pawn is promoted to' }), '♜'],
  ['b', msg({ message: 'Bishop', comment: 'a chess piece a pawn is promoted to' }), '♝'],
  ['n', msg({ message: 'Knight', comment: 'a chess piece a pawn is promoted to' }), '♞'],
] as const;

/** The piece a pawn becomes: four buttons named Queen, Rook, Bishop, Knight. */
const PromotionChooser = ({ onChoose, onCancel }: { onChoose: (piece: string) => void; onCancel: () => void }) => {
  const { t } = useLingui();
  return (
    <div
      role="group"
      aria-label={t`Promote to`}
      className="flex flex-wrap items-center gap-2 rounded border border-emerald-700 bg-emerald-50 p-2 dark:bg-emerald-950"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <span className="text-sm font-medium">
        <Trans>Promote to</Trans>
      </span>
      {PIECES.map(([piece, name, glyph], index) => (
        <Button key={piece} variant="secondary" aria-label={t(name)} title={t(name)} autoFocus={index === 0} onClick={() => onChoose(piece)}>
          <span aria-hidden className="text-2xl leading-none">
            {glyph}
          </span>
        </Button>
      ))}
      <Button variant="secondary" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
    </div>
  );
};

export default PromotionChooser;
