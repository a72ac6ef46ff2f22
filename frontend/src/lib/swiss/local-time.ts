/**
 * `datetime-local` inputs work in the viewer's zone; the API stores UTC. A module of its own so
 * that the event page (the arbiter's round controls) does not pull in the event form's schema
 * and its validation library.
 */
export const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

export const fromLocalInput = (local: string) => new Date(local).toISOString();
