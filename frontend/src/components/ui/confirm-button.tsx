import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';

type ConfirmButtonProps = {
  /** The button's text and accessible name, e.g. "Resign". */
  children: ReactNode;
  /** The second step's button, e.g. "Yes, resign". */
  confirmLabel: string;
  onConfirm: () => void;
  variant?: 'primary' | 'secondary' | 'danger';
  disabled?: boolean;
  'aria-pressed'?: boolean;
};

/**
 * An action that cannot be undone, in two steps (lichess's "Confirm?"): the first click asks,
 * the second ("Yes, …") acts; "Cancel", Escape or 6 s without an answer put the button back.
 */
export const ConfirmButton = ({ children, confirmLabel, onConfirm, variant = 'danger', disabled, ...rest }: ConfirmButtonProps) => {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!asking) return;
    const timer = window.setTimeout(() => setAsking(false), 6_000);
    return () => window.clearTimeout(timer);
  }, [asking]);
  if (!asking) {
    return (
      <Button variant={variant} disabled={disabled} aria-pressed={rest['aria-pressed']} onClick={() => setAsking(true)}>
        {children}
      </Button>
    );
  }
  const action = typeof children === 'string' ? children : confirmLabel;
  return (
    <span
      role="group"
      aria-label={t({ message: `Confirm: ${action}`, comment: 'the group of a two-step button; action is the button’s own text, e.g. "Resign"' })}
      className="inline-flex flex-wrap gap-1"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false);
      }}
    >
      <Button
        variant={variant}
        autoFocus
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </Button>
      <Button variant="secondary" onClick={() => setAsking(false)}>
        <Trans>Cancel</Trans>
      </Button>
    </span>
  );
};
