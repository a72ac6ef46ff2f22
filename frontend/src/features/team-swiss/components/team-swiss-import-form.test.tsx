import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { TeamSwissImportForm } from '@/features/team-swiss/components/team-swiss-import-form';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

// Node's File, not jsdom's: the tests' fetch (Node's) refuses to send a jsdom File.
const NODE_BUFFER = 'node:buffer';
let NodeFile: typeof File;
beforeAll(async () => {
  NodeFile = ((await import(/* @vite-ignore */ NODE_BUFFER)) as { File: typeof File }).File;
});

const NOT_TRF = 'This file is not a TRF file (a FIDE tournament report). Expected a FIDE TRF-2026 file of a team tournament…';

describe('TeamSwissImportForm', () => {
  it('says what file it expects and that the import is a copy, then the server’s plain refusal', async () => {
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => {
        document.cookie = 'csrftoken=t; path=/';
        return HttpResponse.json({ csrf_token: 't' });
      }),
      http.post('*/api/team-swiss/import/', () => HttpResponse.json({ message: 'Invalid input.', extra: { fields: { file: [NOT_TRF] } } }, { status: 400 })),
    );
    renderWithProviders(<TeamSwissImportForm team="knights" onImported={() => {}} />);
    const input = screen.getByLabelText(/Team TRF file/);
    expect(input).toHaveAccessibleDescription(/team tournament, with its team records .*An individual tournament’s TRF cannot be imported here/);
    expect(input).toHaveAccessibleDescription(/named “… \(imported\)”.*Line-up minutes are no TRF record/);
    await userEvent.upload(input, new NodeFile(['Name;Rating\n'], 'players.txt', { type: 'text/plain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_TRF);
    expect(input).toHaveAccessibleDescription(/This file is not a TRF file/);
  });
});
