import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { ApiError, errorMessage } from '@/lib/api-error';

/**
 * Puts the API's field messages next to the fields of the form that has them and returns the
 * message for the form as a whole (a refused action, or errors on fields the form lacks).
 */
export const applyApiErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): string | null => {
  if (!(error instanceof ApiError)) return errorMessage(error);
  let placed = false;
  for (const name of fieldNames) {
    const messages = error.fields[name];
    if (messages?.length) {
      setError(name, { type: 'server', message: messages.join(' ') });
      placed = true;
    }
  }
  const others = Object.keys(error.fields).filter((name) => !fieldNames.includes(name as Path<T>));
  return placed && others.length === 0 ? null : error.message;
};
