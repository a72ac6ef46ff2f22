import { nationalData, usChessData } from '@/features/exports/testing/export-data';
import { entryFieldsOf, eventFieldsOf, fieldLabel, NATIONAL_TRF, US_CHESS } from '@/features/exports/types/federations';
import { bodyOf, formValuesOf, placeErrors, rowMatches, searchTextOf } from '@/features/exports/types/form-values';

describe('the federations’ fields', () => {
  it('cover every value of each federation’s data, no more', () => {
    // The builders are typed by the schema, so they hold every field the server has.
    const us = usChessData();
    expect(eventFieldsOf(US_CHESS).map((field) => field.name).sort()).toEqual(Object.keys(us.event).sort());
    const usEntry = Object.keys(us.entries[0]!).filter((key) => !['entry', 'start_number', 'name', 'rating', 'federation', 'fide_id'].includes(key));
    expect(entryFieldsOf(US_CHESS).map((field) => field.name).sort()).toEqual(usEntry.sort());
    const national = nationalData();
    expect(eventFieldsOf(NATIONAL_TRF).map((field) => field.name).sort()).toEqual(Object.keys(national.event).sort());
    const nationalEntry = Object.keys(national.entries[0]!).filter((key) => !['entry', 'start_number', 'name', 'rating', 'federation', 'fide_id'].includes(key));
    expect(entryFieldsOf(NATIONAL_TRF).map((field) => field.name).sort()).toEqual(nationalEntry.sort());
  });

  it('put the federation’s ID first among a player’s columns, then the rating it takes', () => {
    expect(US_CHESS.columns.map((field) => field.name)).toEqual(['member_id', 'us_chess_rating']);
    expect(NATIONAL_TRF.columns.map((field) => field.name)).toEqual(['national_id', 'national_rating']);
  });

  it('name a missing field as the page labels it', () => {
    expect(fieldLabel(US_CHESS, 'affiliate_id', false)).toBe('US Chess affiliate ID');
    expect(fieldLabel(US_CHESS, 'member_id', true)).toBe('US Chess ID');
    expect(fieldLabel(US_CHESS, 'state', true)).toBe('State');
    expect(fieldLabel(US_CHESS, 'results', true)).toBe('Results');
    expect(fieldLabel(null, 'club_code', false)).toBe('club code');
  });
});

describe('formValuesOf and bodyOf', () => {
  it('give back what was read, typed again, for every player', () => {
    const data = nationalData();
    const values = formValuesOf(NATIONAL_TRF, data);
    expect(values.entries[0]).toEqual({ national_id: 'US12345678', national_rating: '1910', origin: 'MA', classification: 'A' });
    expect(bodyOf(NATIONAL_TRF, values, [41])).toEqual({
      event: { federation: 'USA', ranking_method: 'NIDOF' },
      entries: [{ entry: 41, national_id: 'US12345678', national_rating: 1910, origin: 'MA', classification: 'A' }],
    });
  });

  it('trims text, splits a list, writes blank numbers as null and codes in capitals', () => {
    const data = usChessData();
    const values = formValuesOf(US_CHESS, data);
    values.event.affiliate_id = ' a6012345 ';
    values.event.other_td_ids = '12345678, 23456789 ;34567890';
    values.event.city = ' Boston ';
    values.entries[0]!.member_id = ' 10000001';
    values.entries[0]!.us_chess_rating = '1888';
    const body = bodyOf(US_CHESS, values, [41, 42, 43]) as { event: Record<string, unknown>; entries: Record<string, unknown>[] };
    expect(body.event.affiliate_id).toBe('A6012345');
    expect(body.event.other_td_ids).toEqual(['12345678', '23456789', '34567890']);
    expect(body.event.city).toBe('Boston');
    expect(body.event.state).toBe('');
    expect(body.entries).toHaveLength(3);
    expect(body.entries[0]).toEqual({ entry: 41, member_id: '10000001', us_chess_rating: 1888, report_name: '', state: '' });
    expect(body.entries[2]).toEqual({ entry: 43, member_id: '', us_chess_rating: null, report_name: '', state: '' });
  });

  it('shows a stored list joined by commas', () => {
    const data = usChessData();
    data.event.other_td_ids = ['12345678', '23456789'];
    expect(formValuesOf(US_CHESS, data).event.other_td_ids).toBe('12345678, 23456789');
  });
});

describe('placeErrors', () => {
  it('puts each refusal under its event field or its player’s row and column', () => {
    const placed = placeErrors(
      US_CHESS,
      {
        event: ['affiliate_id: An affiliate ID is A and seven digits (A1234567).', 'other_td_ids.1: A US Chess ID is 8 digits.'],
        entries: ['0.member_id: A US Chess ID is 8 digits.', '2.us_chess_rating: Ensure this value is less than or equal to 4000.', '1.entry: No entry 99 in this event.'],
      },
      3,
    );
    expect(placed).toEqual({
      event: { affiliate_id: 'An affiliate ID is A and seven digits (A1234567).', other_td_ids: 'A US Chess ID is 8 digits.' },
      rows: {
        0: { member_id: 'A US Chess ID is 8 digits.' },
        1: { entry: 'No entry 99 in this event.' },
        2: { us_chess_rating: 'Ensure this value is less than or equal to 4000.' },
      },
      others: [],
    });
  });

  it('keeps for the form what has no place on the page', () => {
    const placed = placeErrors(
      US_CHESS,
      { entries: ['Ensure this field has no more than 10000 elements.', '9.member_id: beyond the rows'], event: ['club: Unknown field.'], non_field_errors: ['Bad body.'] },
      3,
    );
    expect(placed.event).toEqual({});
    expect(placed.rows).toEqual({});
    expect(placed.others).toEqual([
      'entries: Ensure this field has no more than 10000 elements.',
      'entries: 9.member_id: beyond the rows',
      'event: club: Unknown field.',
      'Bad body.',
    ]);
  });

  it('joins two messages on one field', () => {
    const placed = placeErrors(NATIONAL_TRF, { entries: ['0.national_id: First.', '0.national_id: Second.'] }, 1);
    expect(placed.rows[0]).toEqual({ national_id: 'First. Second.' });
  });
});

describe('rowMatches', () => {
  const entry = { name: 'Díaz, Ana', start_number: 12, fide_id: '2000123', federation: 'USA' };
  const text = searchTextOf(entry, { member_id: '10000012' });

  it('finds a player by part of the name, accents and case aside, or by number or ID', () => {
    expect(rowMatches('diaz', text)).toBe(true);
    expect(rowMatches('ANA díaz', text)).toBe(true);
    expect(rowMatches('12', text)).toBe(true);
    expect(rowMatches('2000123', text)).toBe(true);
    expect(rowMatches('10000012', text)).toBe(true);
    expect(rowMatches('  ', text)).toBe(true);
  });

  it('needs every word', () => {
    expect(rowMatches('diaz brown', text)).toBe(false);
    expect(rowMatches('cruz', text)).toBe(false);
  });
});
