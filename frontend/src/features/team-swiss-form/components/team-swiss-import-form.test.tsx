import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { TeamSwissImportForm } from '@/features/team-swiss-form/components/team-swiss-import-form';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

// Node's File, not jsdom's: the tests' fetch (Node's) refuses to send a jsdom File.
const NODE_BUFFER = 'node:buffer';
let NodeFile: typeof File;
beforeAll(async () => {
  NodeFile = ((await import(/* @vite-ignore */ NODE_BUFFER)) as { File: typeof File }).File;
});

const NOT_TRF = 'This file is not a TRF file (a FIDE tournament report). Expected a FIDE TRF-2026 file of a team tournament…';

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=t; path=/';
  return HttpResponse.json({ csrf_token: 't' });
});

describe('TeamSwissImportForm', () => {
  it('says what file it expects and that the import is a copy, then the server’s plain refusal', async () => {
    server.use(
      csrf,
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

  it('uploads the file as multipart and shows the reader\'s refusal under the field', async () => {
    let sent = '';
    server.use(
      csrf,
      http.post('*/api/team-swiss/import/', async ({ request }) => {
        // A multipart body (jsdom's upload keeps the parts' names, not the file's bytes).
        sent = await request.text();
        return HttpResponse.json({ message: 'Invalid input.', extra: { fields: { file: ['Line 3: no 310 team record.'] } } }, { status: 400 });
      }),
    );
    renderWithProviders(<TeamSwissImportForm team="knights" onImported={() => {}} />);
    await userEvent.upload(screen.getByLabelText(/Team TRF file/), new NodeFile(['012 X\n'], 'event.trf', { type: 'text/plain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 3: no 310 team record.');
    expect(screen.getByLabelText(/Team TRF file/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toMatch(/name="team"\s+knights/);
    expect(sent).toMatch(/name="file"/);
  });
});
