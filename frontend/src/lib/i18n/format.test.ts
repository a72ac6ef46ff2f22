import { i18n } from '@lingui/core';

import { durationText } from '@/lib/i18n/format';

afterEach(() => i18n.activate('en'));

test('a duration keeps the minutes a leader typed, in the interface language', () => {
  expect(durationText(90 * 60, 'long')).toBe('90 minutes');
  expect(durationText(90, 'long')).toBe('1 minute, 30 seconds');
  expect(durationText(45, 'long')).toBe('45 seconds');
  i18n.activate('de');
  expect(durationText(90 * 60, 'long')).toBe('90 Minuten');
});
