/** A form's message that concerns no single field (a refused action). */
export const FormError = ({ message }: { message: string | null }) =>
  message ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  ) : null;
