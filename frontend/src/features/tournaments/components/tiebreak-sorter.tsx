import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { tiebreakInfo, TIEBREAKS } from '@/features/tournaments/types/tiebreaks';

type TiebreakSorterProps = {
  value: string[];
  onChange: (order: string[]) => void;
  disabled?: boolean;
  error?: string;
};

const SortableCode = ({ code, index, disabled, onRemove }: { code: string; index: number; disabled?: boolean; onRemove: () => void }) => {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: code, disabled });
  const info = tiebreakInfo(code);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900 ${isDragging ? 'shadow-lg' : ''}`}
    >
      <button
        type="button"
        className="cursor-grab rounded px-1 font-mono text-slate-500 focus-visible:outline-2 focus-visible:outline-emerald-600"
        aria-label={`Move ${code} (${info.name}), position ${index + 1}`}
        disabled={disabled}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <span className="w-14 font-mono font-semibold">{code}</span>
      <span className="flex-1">
        {info.name} <span className="text-slate-500 dark:text-slate-400">— {info.meaning}</span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${code}`}
        className="rounded px-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        ✕
      </button>
    </li>
  );
};

/**
 * The tie-break order as a sortable list: drag a row by its handle, or focus the handle, press
 * Space, move with the arrow keys and press Space again (dnd-kit's keyboard sensor).
 */
export const TiebreakSorter = ({ value, onChange, disabled, error }: TiebreakSorterProps) => {
  const labelId = useId();
  const [adding, setAdding] = useState('');
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(value, value.indexOf(String(active.id)), value.indexOf(String(over.id))));
  };
  const unused = Object.keys(TIEBREAKS).filter((code) => !value.includes(code));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${labelId}-error` : undefined}>
      <legend id={labelId} className="text-sm font-medium">
        Tie-break order
      </legend>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={value} strategy={verticalListSortingStrategy}>
          <ol aria-labelledby={labelId} className="flex flex-col gap-1">
            {value.map((code, index) => (
              <SortableCode
                key={code}
                code={code}
                index={index}
                disabled={disabled}
                onRemove={() => onChange(value.filter((other) => other !== code))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="flex items-end gap-2">
        <SelectField label="Add a tie-break" value={adding} disabled={disabled} onChange={(event) => setAdding(event.target.value)}>
          <option value="">Choose…</option>
          {unused.map((code) => (
            <option key={code} value={code}>
              {code} — {tiebreakInfo(code).name}
            </option>
          ))}
        </SelectField>
        <Button
          variant="secondary"
          disabled={disabled || !adding}
          onClick={() => {
            onChange([...value, adding]);
            setAdding('');
          }}
        >
          Add
        </Button>
      </div>
      {error && (
        <p id={`${labelId}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
};
