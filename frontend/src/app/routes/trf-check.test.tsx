import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { TrfCheckReport } from '@/features/tools/api/check-trf';
import type { TrfCheckLimits } from '@/features/tools/api/trf-check';
import { TrfCheckRoute } from '@/app/routes/trf-check';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const URL = 'http://localhost/api/tools/trf-check/';
const LIMITS: TrfCheckLimits = { allowed: true, max_bytes: 1024, round_seconds: 15, file_seconds: 60 };
const CLEAN: TrfCheckReport = {
  clean: true,
  rounds_checked: 5,
  tiebreaks: ['BH/C1', 'BH'],
  discrepancies: [],
  text: '5 rounds re-paired; tie-breaks: BH/C1, BH\nclean\n',
};
const ALTERED: TrfCheckReport = {
  clean: false,
  rounds_checked: 5,
  tiebreaks: ['BH/C1', 'BH'],
  discrepancies: [
    { round: 2, board: 1, rule: 'colour', message: 'the engine gives white to 3 (3-7); the file to 7 (7-3)' },
    { round: 0, board: 0, rule: 'rank', message: 'player 4: the file ranks 9, BH/C1, BH rank 2' },
  ],
  text: '',
};

// Node's File, not jsdom's: the tests' fetch (Node's) refuses to send a jsdom File. Loaded by
// a computed name, since the app's TypeScript setup has no Node types.
const NODE_BUFFER = 'node:buffer';
let NodeFile: typeof File;
beforeAll(async () => {
  NodeFile = ((await import(/* @vite-ignore */ NODE_BUFFER)) as { File: typeof File }).File;
});
const trf = (name: string, content = '012 Fjord Open\n') => new NodeFile([content], name, { type: 'text/plain' });

describe('TrfCheckRoute', () => {
  beforeEach(() => {
    server.use(http.get('http://localhost/api/auth/csrf/', () => HttpResponse.json({ csrf_token: 't' })));
  });

  it('uploads a file and shows a clean report, then each discrepancy with round, board and rule', async () => {
    const uploads: string[] = [];
    server.use(
      http.get(URL, () => HttpResponse.json(LIMITS)),
      http.post(URL, async ({ request }) => {
        // A multipart body with a `file` part (the file's bytes do not survive jsdom's upload
        // here: the Playwright spec, e2e/trf-check.spec.ts, sends real files).
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
        uploads.push(/name="file"/.test(await request.text()) ? 'file' : 'no file part');
        return HttpResponse.json(uploads.length === 1 ? CLEAN : ALTERED);
      }),
    );
    renderWithProviders(<TrfCheckRoute />);
    const input = await screen.findByLabelText('TRF file');

    await userEvent.upload(input, trf('clean.trf'));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('heading', { name: 'Report on clean.trf' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Clean');
    expect(screen.getByText(/5 rounds re-paired by our engine; tie-breaks: BH\/C1, BH/)).toBeInTheDocument();

    await userEvent.upload(input, trf('altered.trf'));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('heading', { name: 'Report on altered.trf' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 discrepancies');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Round 2, board 1', 'colour', ALTERED.discrepancies[0]!.message],
      ['Standings', 'rank', ALTERED.discrepancies[1]!.message],
    ]);
    expect(uploads).toEqual(['file', 'file']);
  });

  it("shows the reader's line and column next to the field, and checks the size before sending", async () => {
    let posts = 0;
    const refusal = 'line 7, column 5: start number must be a number';
    server.use(
      http.get(URL, () => HttpResponse.json(LIMITS)),
      http.post(URL, () => {
        posts += 1;
        return HttpResponse.json({ message: `Invalid input: ${refusal}`, extra: { fields: { file: [refusal] } } }, { status: 400 });
      }),
    );
    renderWithProviders(<TrfCheckRoute />);
    const input = await screen.findByLabelText('TRF file');

    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Choose a TRF file.')).toBeInTheDocument();

    await userEvent.upload(input, trf('broken.trf'));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(refusal);
    expect(screen.queryByRole('heading', { name: /Report on/ })).not.toBeInTheDocument();

    await userEvent.upload(input, trf('huge.trf', 'x'.repeat(2048)));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('The file is larger than 1 KB.')).toBeInTheDocument();
    expect(posts).toBe(1);
  });

  it('tells a visitor who leads no team what the checker is for', async () => {
    server.use(http.get(URL, () => HttpResponse.json({ ...LIMITS, allowed: false })));
    renderWithProviders(<TrfCheckRoute />);
    expect(await screen.findByText(/for the leaders of a team/)).toBeInTheDocument();
    expect(screen.queryByLabelText('TRF file')).not.toBeInTheDocument();
  });
});
