/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { Leader, newPage, PASSWORD, uniqueName } from './support/api';
import { logIn } from './support/pages';
import { expect, test } from './support/test';

type Squad = { id: number; name: string }[];
type Detail = { status: string; teams: { tpn: number; players: Squad }[] };
type Round = { matches: { table: number; boards: { board: number }[] }[] };

/** The rating report our own checks give on a TRF file (the same `arbiter.ratingreport` as the API's). */
const reportOnFile = (file: string) =>
  JSON.parse(
    execFileSync(
      '../.venv/bin/python',
      [
        '-c',
        'import json, sys; from arbiter.ratingreport import rating_report; from arbiter.trf import read_trf_file; ' +
          'r = rating_report(read_trf_file(sys.argv[1])); print(json.dumps({"clean": r.clean, "errors": [str(f) for f in r.errors]}))',
        file,
      ],
      { env: { ...process.env, PYTHONPATH: '..' } },
    ).toString(),
  ) as { clean: boolean; errors: string[] };

test("team Swiss: the arbiter fixes a squad player's missing birth year from the rating report and downloads a clean TRF", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A one-round team event at 90+30 with its FIDE data; two teams of two players without accounts.
  const leader = await Leader.create(baseURL!);
  const club = await leader.createTeam(uniqueName('E2E Team Rating Club '));
  const event = await leader.post<{ id: number; name: string }>('/api/team-swiss/', {
    team: club.slug,
    name: uniqueName('E2E Rated League '),
    boards: 2,
    num_rounds: 1,
    venue: 'Oslo',
    federation: 'NOR',
    chief_arbiter_name: 'Hansen, Kari',
    chief_arbiter_fide_id: '1509012',
    clock_minutes: 90,
    clock_increment: 30,
  });
  const api = `/api/team-swiss/${event.id}`;
  await leader.post(`${api}/teams/`, { name: 'Rooks', players: [{ name: 'Aune, Are', rating: 2105 }, { name: 'Bakke, Bo', rating: 1960 }] });
  await leader.post(`${api}/teams/`, { name: 'Knights', players: [{ name: 'Dahl, Dag', rating: 1880 }, { name: 'Nyhus, Per' }] });
  const detail = async () => (await (await fetch(`${baseURL}${api}/`)).json()) as Detail;
  // Every player's FIDE data, over the API; the newcomer (no rating) has no birth year.
  const fide = [
    { fide_id: '1501001', birth_year: 1988, sex: 'm' },
    { fide_id: '1501002', birth_year: 1995, sex: 'w' },
    { fide_id: '1501003', birth_year: 1979, sex: 'm' },
    { fide_id: '1534567', sex: 'm' },
  ];
  const players = (await detail()).teams.flatMap((team) => team.players);
  for (const [index, player] of players.entries()) {
    const rated = index < 3 ? { rating_kind: 'fide' } : {};
    await leader.patch(`${api}/players/${player.id}/`, { federation: 'NOR', ...rated, ...fide[index] });
  }
  await leader.post(`${api}/start-next-round/`);
  await leader.post(`${api}/rounds/1/close-lineups/`);
  const round = (await (await fetch(`${baseURL}${api}/rounds/1/`)).json()) as Round;
  for (const match of round.matches)
    for (const { board } of match.boards) await leader.post(`${api}/rounds/1/boards/${match.table}/${board}/result/`, { result: '1/2' });
  expect((await detail()).status).toBe('finished');

  // The arbiter finds the report among the event's arbiter tools.
  const arbiter = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await logIn(arbiter, leader.username, PASSWORD);
  await arbiter.goto(`/team-swiss/${event.id}`);
  await arbiter.getByRole('region', { name: 'Arbiter' }).getByRole('link', { name: 'FIDE rating report' }).click();
  await expect(arbiter).toHaveURL(new RegExp(`/team-swiss/${event.id}/rating-report$`));
  await expect(arbiter.getByRole('heading', { level: 1, name: `FIDE rating report: ${event.name}` })).toBeVisible();

  // One thing to fix: the newcomer's birth year, named on the player.
  await expect(arbiter.getByRole('status').first()).toContainText('the rating officer would reject');
  const newcomer = arbiter.getByRole('article', { name: 'Nyhus, Per' });
  await expect(newcomer).toContainText('Birth date:');
  await newcomer.getByLabel('Birth year of Nyhus, Per').fill('2011');
  await newcomer.getByRole('button', { name: 'Save' }).click();
  await expect(arbiter.getByText('Nothing the rating officer would reject.')).toBeVisible();

  // The TRF-2026 downloaded from the report holds the year, and the same checks call it clean.
  const downloading = arbiter.waitForEvent('download');
  await arbiter.getByRole('link', { name: 'Download TRF-2026' }).click();
  const file = await (await downloading).path();
  const text = readFileSync(file, 'utf-8');
  const line = text.split('\n').find((row) => row.startsWith('001') && row.includes('Nyhus, Per'));
  expect(line?.slice(69, 79).trim()).toBe('2011');
  expect(text).toContain('222 5400+30');
  expect(reportOnFile(file)).toEqual({ clean: true, errors: [] });
  await leader.dispose();
});
