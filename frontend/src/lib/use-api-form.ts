import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';

import { applyApiErrors } from '@/lib/form-errors';

type ApiFormOptions<T extends FieldValues> = {
  schema: z.ZodType<T, T>;
  defaultValues: DefaultValues<T>;
  /** The form's fields that the API may name in `extra.fields`. */
  fields: readonly Path<T>[];
  send: (values: T) => Promise<unknown>;
};

/**
 * A react-hook-form form checked by a zod schema whose submission goes to the API: field
 * messages land under their fields, anything else in `formError`.
 */
export const useApiForm = <T extends FieldValues>({ schema, defaultValues, fields, send }: ApiFormOptions<T>) => {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await send(values);
    } catch (error) {
      setFormError(applyApiErrors(error, form.setError, fields));
    }
  });
  return { form, formError, submit };
};
