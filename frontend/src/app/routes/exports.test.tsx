import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route } from 'wouter';

import type { FederationData, UsChessInput } from '@/features/exports/api/exports';
import { ExportsRoute } from '@/app/routes/exports';
import { nationalData, nationalSummary, usChessData, usChessSummary } from '@/features/exports/testing/export-data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7';

const renderPage = (path = '/swiss/7/exports') =>
  renderWithProviders(
    <Route path="/swiss/:id/exports">
      <ExportsRoute />
    </Route>,
    { path },
  );

/** The API of a finished event whose US Chess data is `current()`; PUTs go through `onPut`. */
const serve = ({ current, onPut }: { current: () => FederationData; onPut?: (body: UsChessInput) => HttpResponse<object> }) =>
  server.use(
    http.get(`${BASE}/`, () => HttpResponse.json({ id: 7, name: 'Boston Open' })),
    http.get(`${BASE}/exports/`, () => {
      const data = current();
      return HttpResponse.json([
        usChessSummary({ finished: data.finished, ready: data.ready, missing: data.missing }),
        nationalSummary({ ready: true }),
      ]);
    }),
    http.get(`${BASE}/exports/us-chess/`, () => HttpResponse.json(current())),
    http.get(`${BASE}/exports/national-trf/`, () => HttpResponse.json(nationalData())),
    http.put(`${BASE}/exports/us-chess/`, async ({ request }) => (onPut ? onPut((await request.json()) as UsChessInput) : HttpResponse.json(current()))),
  );

/** jsdom has neither object URLs nor downloads: the file handed to the browser is noted instead
 * (put back after each test by `restoreDownloads`). */
const jsdomURL = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
const catchDownloads = () => {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
};
const restoreDownloads = () => {
  URL.createObjectURL = jsdomURL.create;
  URL.revokeObjectURL = jsdomURL.revoke;
  vi.restoreAllMocks();
};

describe('ExportsRoute', () => {
  afterEach(restoreDownloads);

  beforeEach(() => {
    server.use(
      http.get('http://localhost/api/auth/session/', () => HttpResponse.json({ user: { id: 1, username: 'leader' } })),
      http.get('http://localhost/api/auth/csrf/', () => HttpResponse.json({ csrf_token: 't' })),
    );
  });

  it('lists what US Chess misses, shows each refusal next to its field and row, then saves and downloads the ZIP', async () => {
    let current: FederationData = usChessData();
    const sent: UsChessInput[] = [];
    serve({
      current: () => current,
      onPut: (body) => {
        sent.push(body);
        if (sent.length === 1)
          return HttpResponse.json(
            {
              message: 'Invalid input: affiliate_id: An affiliate ID is A and seven digits (A1234567).',
              extra: {
                fields: {
                  event: ['affiliate_id: An affiliate ID is A and seven digits (A1234567).'],
                  entries: ['0.member_id: A US Chess ID is 8 digits.'],
                },
              },
            },
            { status: 400 },
          );
        current = usChessData({
          event: { ...usChessData().event, affiliate_id: 'A6012345' },
          entries: usChessData().entries.map((entry, index) => ({ ...entry, member_id: `1000000${index + 1}` })),
          missing: [],
          ready: true,
        });
        return HttpResponse.json(current);
      },
    });
    server.use(
      http.get(`${BASE}/exports/us-chess/download/`, () =>
        HttpResponse.arrayBuffer(new Uint8Array([0x50, 0x4b, 0x05, 0x06]).buffer, {
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="boston-open-uschess.zip"' },
        }),
      ),
    );
    const downloads = catchDownloads();
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Federation exports: Boston Open' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: /US Chess/ })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: /US Chess/ });
    expect(await within(panel).findByText('4 things to fill in before the download')).toBeInTheDocument();
    const missingList = within(panel).getByRole('list', { name: 'Missing for players' });
    expect(within(missingList).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Brown, Alice: US Chess ID: Required: the player's US Chess ID (D_MEM_ID) Fill in",
      "Cruz, Bea: US Chess ID: Required: the player's US Chess ID (D_MEM_ID) Fill in",
      "Díaz, Ana: US Chess ID: Required: the player's US Chess ID (D_MEM_ID) Fill in",
    ]);
    const download = within(panel).getByRole('button', { name: 'Download the US Chess report' });
    expect(download).toBeDisabled();
    expect(download).toHaveAccessibleDescription('4 things to fill in first (listed above).');

    // A first try with two values of the wrong form: each message lands by its input.
    await user.type(within(panel).getByRole('textbox', { name: 'US Chess affiliate ID' }), 'A601');
    await user.type(within(panel).getByLabelText('US Chess ID of Brown, Alice'), '123');
    expect(download).toHaveAccessibleDescription('Save your changes first.');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Not saved: 2 values need correcting, shown next to each.')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'US Chess affiliate ID' })).toHaveAccessibleDescription(
      expect.stringContaining('An affiliate ID is A and seven digits (A1234567).'),
    );
    const brown = within(panel).getByLabelText('US Chess ID of Brown, Alice');
    expect(brown).toHaveAccessibleDescription(expect.stringContaining('A US Chess ID is 8 digits.'));
    expect(brown).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByRole('textbox', { name: 'US Chess affiliate ID' })).toHaveFocus();

    // Corrected: the whole data goes in one PUT, and the export is ready.
    const affiliate = within(panel).getByRole('textbox', { name: 'US Chess affiliate ID' });
    await user.clear(affiliate);
    await user.type(affiliate, 'a6012345');
    await user.clear(brown);
    await user.type(brown, '10000001');
    await user.type(within(panel).getByLabelText('US Chess ID of Cruz, Bea'), '10000002');
    await user.type(within(panel).getByLabelText('US Chess ID of Díaz, Ana'), '10000003');
    await user.type(within(panel).getByLabelText('US Chess rating of Díaz, Ana'), '0');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Ready to download: the event has finished and nothing is missing.')).toBeInTheDocument();
    expect(within(panel).getByText('Saved. Ready to download.')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.event.affiliate_id).toBe('A6012345');
    expect(sent[1]!.entries).toEqual([
      { entry: 41, member_id: '10000001', us_chess_rating: null, report_name: '', state: '' },
      { entry: 42, member_id: '10000002', us_chess_rating: null, report_name: '', state: '' },
      { entry: 43, member_id: '10000003', us_chess_rating: 0, report_name: '', state: '' },
    ]);
    await waitFor(() => expect(screen.getByRole('tab', { name: /US Chess/ })).toHaveTextContent('Ready'));

    // The file is saved under the name the server gives it.
    expect(download).toBeEnabled();
    await user.click(download);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('boston-open-uschess.zip');
    expect(new Uint8Array(await downloads[0]!.blob.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 0x05, 0x06]));
  });

  it('says so before the event has finished, and keeps the download closed', async () => {
    serve({ current: () => usChessData({ finished: false, missing: [] }) });
    renderPage();
    const panel = await screen.findByRole('tabpanel', { name: /US Chess/ });
    expect(await within(panel).findByText('The event has not finished.')).toBeInTheDocument();
    expect(within(panel).getByText(/the download opens then/)).toBeInTheDocument();
    const download = within(panel).getByRole('button', { name: 'Download the US Chess report' });
    expect(download).toBeDisabled();
    expect(download).toHaveAccessibleDescription('Opens after the last round.');
    expect(screen.getByRole('tab', { name: /US Chess/ })).toHaveTextContent('Not finished');
  });

  it('shows a refused download and reads the status again', async () => {
    let finished = true;
    serve({ current: () => usChessData({ finished, ready: finished, missing: [] }) });
    server.use(
      http.get(`${BASE}/exports/us-chess/download/`, () => {
        finished = false; // the event was reopened meanwhile
        return HttpResponse.json({ message: 'The event has not finished: its rating reports come after the last round.', extra: {} }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const panel = await screen.findByRole('tabpanel', { name: /US Chess/ });
    const download = await within(panel).findByRole('button', { name: 'Download the US Chess report' });
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The event has not finished: its rating reports come after the last round.');
    expect(await within(panel).findByText('The event has not finished.')).toBeInTheDocument();
    expect(download).toBeDisabled();
  });

  it('moves down and up the ID column with Enter and the arrows, and filters the players', async () => {
    serve({ current: () => usChessData() });
    const user = userEvent.setup();
    renderPage();
    const panel = await screen.findByRole('tabpanel', { name: /US Chess/ });
    const first = await within(panel).findByLabelText('US Chess ID of Brown, Alice');
    await user.click(first);
    await user.keyboard('10000001{Enter}');
    expect(within(panel).getByLabelText('US Chess ID of Cruz, Bea')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(panel).getByLabelText('US Chess ID of Díaz, Ana')).toHaveFocus();
    await user.keyboard('{Shift>}{Enter}{/Shift}{ArrowUp}');
    expect(first).toHaveFocus();
    // Enter moved focus: it did not submit the form.
    expect(within(panel).getByText('Unsaved changes.')).toBeInTheDocument();

    await user.type(within(panel).getByLabelText('Filter players'), 'diaz');
    const table = within(panel).getByRole('table', { name: 'Players' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.querySelector('th')?.textContent)).toEqual([expect.stringContaining('Díaz, Ana')]);
    expect(within(panel).getByText(/Showing 1 of 3 players/)).toBeInTheDocument();
    // What was typed in a hidden row stays.
    expect(first).toHaveValue('10000001');
    await user.clear(within(panel).getByLabelText('Filter players'));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('serves a long list: only the players with something to fill in, Enter going from one to the next', async () => {
    const entries = Array.from({ length: 120 }, (_, index) => ({
      ...usChessData().entries[0]!,
      entry: 100 + index,
      start_number: index + 1,
      name: `Player ${String(index + 1).padStart(3, '0')}`,
      member_id: [17, 64, 118].includes(index) ? '' : String(10000000 + index),
    }));
    const missing = [17, 64, 118].map((index) => ({
      field: 'member_id',
      message: "Required: the player's US Chess ID (D_MEM_ID)",
      entry: 100 + index,
      player: `Player ${String(index + 1).padStart(3, '0')}`,
    }));
    serve({ current: () => usChessData({ entries, missing }) });
    const user = userEvent.setup();
    renderPage();
    const panel = await screen.findByRole('tabpanel', { name: /US Chess/ });
    const table = await within(panel).findByRole('table', { name: 'Players' });
    expect(within(table).getAllByRole('row')).toHaveLength(121);
    await user.click(within(panel).getByRole('checkbox', { name: 'Only players with something to fill in' }));
    expect(within(panel).getByText(/Showing 3 of 120 players/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('textbox', { name: 'US Chess ID of Player 018' }));
    await user.keyboard('20000018{Enter}20000065{Enter}');
    expect(within(panel).getByRole('textbox', { name: 'US Chess ID of Player 119' })).toHaveFocus();
    expect(within(panel).getByRole('textbox', { name: 'US Chess ID of Player 065' })).toHaveValue('20000065');
    expect(within(panel).getByRole('textbox', { name: 'US Chess ID of Player 001', hidden: true })).toHaveValue('10000000');
  });

  it('takes "Fill in" to the player’s input, past the filter', async () => {
    serve({ current: () => usChessData() });
    const user = userEvent.setup();
    renderPage();
    const panel = await screen.findByRole('tabpanel', { name: /US Chess/ });
    await user.type(await within(panel).findByLabelText('Filter players'), 'brown');
    await user.click(within(panel).getByRole('button', { name: 'Fill in US Chess ID of Cruz, Bea' }));
    expect(within(panel).getByLabelText('US Chess ID of Cruz, Bea')).toHaveFocus();
    expect(within(panel).getByLabelText('Filter players')).toHaveValue('');
    await user.click(within(panel).getByRole('button', { name: 'Fill in US Chess affiliate ID' }));
    expect(within(panel).getByRole('textbox', { name: 'US Chess affiliate ID' })).toHaveFocus();
  });

  it('keeps what was typed for one federation while another is looked at, and says which is ready', async () => {
    serve({ current: () => usChessData() });
    const user = userEvent.setup();
    renderPage();
    const usTab = await screen.findByRole('tab', { name: /US Chess/ });
    await user.type(await screen.findByLabelText('US Chess ID of Brown, Alice'), '10000001');
    const nationalTab = screen.getByRole('tab', { name: /National rating/ });
    expect(nationalTab).toHaveTextContent('Ready');
    expect(usTab).toHaveTextContent('4 missing');
    await user.click(nationalTab);
    const national = screen.getByRole('tabpanel', { name: /National rating/ });
    expect(await within(national).findByLabelText('National ID of Brown, Alice')).toHaveValue('US12345678');
    expect(within(national).getByRole('combobox', { name: 'Starting rank method' })).toHaveValue('NIDOF');
    expect(within(national).getByRole('button', { name: 'Download the National rating (TRF-2026) report' })).toBeEnabled();
    await user.keyboard('{ArrowLeft}');
    await user.click(usTab);
    expect(screen.getByLabelText('US Chess ID of Brown, Alice')).toHaveValue('10000001');
  });

  it('tells a non-leader the exports are the leaders’', async () => {
    server.use(
      http.get(`${BASE}/`, () => HttpResponse.json({ id: 7, name: 'Boston Open' })),
      http.get(`${BASE}/exports/`, () =>
        HttpResponse.json({ message: 'Only the team’s leaders may see and enter the federation exports.', extra: {} }, { status: 403 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the team’s leaders may see and enter the federation exports.');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
