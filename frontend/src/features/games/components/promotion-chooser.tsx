import { Button } from '@/components/ui/button';

const PIECES = [
  ['q', 'Queen', '♛'],
  ['r', 'Rook', '♜'],
  ['b', 'Bishop', '♝'],
  ['n', 'Knight', '♞'],
] as const;

/** The piece a pawn becomes: four buttons named Queen, Rook, Bishop, Knight. */
const PromotionChooser = ({ onChoose, onCancel }: { onChoose: (piece: string) => void; onCancel: () => void }) => (
  <div
    role="group"
    aria-label="Promote to"
    className="flex flex-wrap items-center gap-2 rounded border border-emerald-700 bg-emerald-50 p-2 dark:bg-emerald-950"
    onKeyDown={(event) => {
      if (event.key === 'Escape') onCancel();
    }}
  >
    <span className="text-sm font-medium">Promote to</span>
    {PIECES.map(([piece, name, glyph], index) => (
      <Button key={piece} variant="secondary" aria-label={name} title={name} autoFocus={index === 0} onClick={() => onChoose(piece)}>
        <span aria-hidden className="text-2xl leading-none">
          {glyph}
        </span>
      </Button>
    ))}
    <Button variant="secondary" onClick={onCancel}>
      Cancel
    </Button>
  </div>
);

export default PromotionChooser;
