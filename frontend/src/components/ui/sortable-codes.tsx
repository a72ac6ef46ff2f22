import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';

/** What a code is called and what it counts, in plain words. */
export type CodeInfo = { name: string; meaning: string };

type SortableCodesProps = {
  legend: string;
  value: string[];
  onChange: (order: string[]) => void;
  /** The codes one may add, in the order the "Add" list shows them. */
  choices: string[];
  /** The name and meaning of any code (a chosen one may be outside `choices`). */
  info: (code: string) => CodeInfo;
  addLabel: string;
  /** Shown under the list (e.g. what an empty list means). */
  hint?: ReactNode;
  disabled?: boolean;
  error?: string;
};

const SortableCode = ({ code, info, index, disabled, onRemove }: { code: string; info: CodeInfo; index: number; disabled?: boolean; onRemove: () => void }) => {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: code, disabled });
  const name = info.name;
  const position = index + 1;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex min-w-0 items-center gap-2 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900 ${isDragging ? 'shadow-lg' : ''}`}
    >
      <span aria-hidden className="w-5 shrink-0 text-end text-slate-500 tabular-nums dark:text-slate-400">
        {position}.
      </span>
      <button
        type="button"
        className="shrink-0 cursor-grab touch-none rounded px-1 font-mono text-slate-500 focus-visible:outline-2 focus-visible:outline-emerald-600"
        aria-label={t({ message: `Move ${code} (${name}), position ${position}`, comment: 'drag handle of a tie-break in an ordered list; code is e.g. BH' })}
        disabled={disabled}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <span className="min-w-0 flex-1 break-words">
        <span className="font-medium">{info.name}</span> <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{code}</span>
        <span className="block text-slate-600 dark:text-slate-400">{info.meaning}</span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t`Remove ${code}`}
        className="shrink-0 rounded px-2 py-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        ✕
      </button>
    </li>
  );
};

/**
 * An ordered list of codes (tie-breaks) with their names and meanings: drag a row by its
 * handle, or focus the handle, press Space, move with the arrow keys and press Space again
 * (dnd-kit's keyboard sensor); remove a row with ✕, add one from the list below.
 */
export const SortableCodes = ({ legend, value, onChange, choices, info, addLabel, hint, disabled, error }: SortableCodesProps) => {
  const { t } = useLingui();
  const labelId = useId();
  const [adding, setAdding] = useState('');
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(value, value.indexOf(String(active.id)), value.indexOf(String(over.id))));
  };
  const unused = choices.filter((code) => !value.includes(code));
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? `${labelId}-error` : undefined}>
      <legend id={labelId} className="text-sm font-medium">
        {legend}
      </legend>
      <DndContext sensors={sensors} collisionDetection={closestCorners} onDragEnd={onDragEnd}>
        <SortableContext items={value} strategy={verticalListSortingStrategy}>
          <ol aria-labelledby={labelId} className="flex min-w-0 flex-col gap-1">
            {value.map((code, index) => (
              <SortableCode
                key={code}
                code={code}
                info={info(code)}
                index={index}
                disabled={disabled}
                onRemove={() => onChange(value.filter((other) => other !== code))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {hint && <div className="text-sm text-slate-600 dark:text-slate-400">{hint}</div>}
      <div className="flex min-w-0 items-end gap-2">
        <SelectField label={addLabel} className="flex-1" value={adding} disabled={disabled || unused.length === 0} onChange={(event) => setAdding(event.target.value)}>
          <option value="">{t`Choose…`}</option>
          {unused.map((code) => (
            <option key={code} value={code}>
              {info(code).name} ({code})
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
          <Trans>Add</Trans>
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
