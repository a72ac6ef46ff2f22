import { http, HttpResponse } from 'msw';

import { fetchExport, fileNameOf } from '@/features/exports/api/download-export';
import { ApiError } from '@/lib/api-error';
import { server } from '@/testing/msw-server';

describe('fileNameOf', () => {
  it('reads the name of a Content-Disposition, the encoded one first', () => {
    expect(fileNameOf('attachment; filename="boston-open-usa.trf"')).toBe('boston-open-usa.trf');
    expect(fileNameOf('attachment; filename=REPORT.ZIP')).toBe('REPORT.ZIP');
    expect(fileNameOf('attachment; filename="a \\"b\\".trf"')).toBe('a "b".trf');
    expect(fileNameOf("attachment; filename=\"fallback.trf\"; filename*=UTF-8''caf%C3%A9-open.trf")).toBe('café-open.trf');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A; filename=\"plain.trf\"")).toBe('plain.trf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('fetchExport', () => {
  const url = '/api/tournaments/swiss/7/exports/national-trf/download/';

  it('answers the file and its name', async () => {
    server.use(
      http.get(`http://localhost${url}`, () =>
        HttpResponse.text('012 Boston Open\n', { headers: { 'Content-Disposition': 'attachment; filename="boston-open-usa.trf"' } }),
      ),
    );
    const file = await fetchExport(url, 'national-trf.trf');
    expect(file.name).toBe('boston-open-usa.trf');
    expect(await file.blob.text()).toBe('012 Boston Open\n');
  });

  it('turns a refusal into the API’s error, with what is missing by field', async () => {
    server.use(
      http.get(`http://localhost${url}`, () =>
        HttpResponse.json(
          {
            message: 'The National rating (TRF-2026) export needs 1 more thing(s): Required: ...',
            extra: { fields: { entries: ['41.national_id: Required: ...'] }, missing: [] },
          },
          { status: 400 },
        ),
      ),
    );
    const refused = await fetchExport(url, 'x.trf').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).message).toMatch(/needs 1 more thing/);
    expect((refused as ApiError).fields).toEqual({ entries: ['41.national_id: Required: ...'] });
  });
});
