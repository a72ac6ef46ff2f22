import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ComponentProps } from 'react';

import { Spinner } from '@/components/ui/spinner';
import type { SwissJoinForm } from '@/features/swiss-event/components/swiss-join-form';

type JoinForm = typeof SwissJoinForm;

let loaded: JoinForm | null = null;
let loading: Promise<JoinForm> | null = null;

/** Fetches the join form's code once; callers may start it early. */
export const loadJoinForm = (): Promise<JoinForm> => {
  loading ??= import('@/features/swiss-event/components/swiss-join-form').then((module) => {
    loaded = module.SwissJoinForm;
    return loaded;
  });
  return loading;
};

/**
 * The join form, loaded on demand so that react-hook-form and zod stay out of the event page's
 * code for spectators; a plain effect, so the panel needs no Suspense boundary.
 */
export const SwissJoinSlot = (props: ComponentProps<JoinForm>) => {
  const { t } = useLingui();
  const [Form, setForm] = useState<JoinForm | null>(() => loaded);
  useEffect(() => {
    if (Form) return;
    let current = true;
    void loadJoinForm().then((form) => {
      if (current) setForm(() => form);
    });
    return () => {
      current = false;
    };
  }, [Form]);
  return Form ? <Form {...props} /> : <Spinner label={t`Loading the form…`} />;
};
