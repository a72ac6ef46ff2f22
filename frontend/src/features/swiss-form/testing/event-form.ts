import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

/** The server's tie-break catalogue, as much of it as the form needs. */
export const tiebreakCatalogue = http.get('http://localhost/api/tournaments/swiss/tiebreaks/', () =>
  HttpResponse.json({ tiebreaks: [{ code: 'BH', label: 'Buchholz', description: 'Sum of the opponents’ scores.', offered: true }], default_order: ['BH', 'SB', 'PS', 'DE'] }),
);

/** Replaces the labelled field's value as a user would (blank: cleared only). */
export const setField = async (label: string, value: string) => {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
};
