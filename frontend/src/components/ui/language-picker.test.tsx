import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { LanguagePicker } from '@/components/ui/language-picker';
import * as localeChoice from '@/lib/i18n/use-locale-choice';
import { renderWithProviders } from '@/testing/render-with-providers';

describe('LanguagePicker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers the six languages, each named in itself, with the current one chosen', () => {
    renderWithProviders(<LanguagePicker />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['English', 'Español', 'Français', 'Deutsch', 'Русский', 'العربية']);
    expect(options.map((option) => option.getAttribute('lang'))).toEqual(['en', 'es', 'fr', 'de', 'ru', 'ar']);
    expect(select).toHaveValue('en');
  });

  it('switches to the language chosen', async () => {
    const choose = vi.fn(() => Promise.resolve());
    vi.spyOn(localeChoice, 'useLocaleChoice').mockReturnValue({ locale: 'en', choose });
    renderWithProviders(<LanguagePicker />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    expect(choose).toHaveBeenCalledWith('de');
  });

  it('goes back to the current language when the chosen one cannot be loaded', async () => {
    const choose = vi.fn(() => Promise.reject(new Error('offline')));
    vi.spyOn(localeChoice, 'useLocaleChoice').mockReturnValue({ locale: 'en', choose });
    renderWithProviders(<LanguagePicker />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(select, 'العربية');
    expect(choose).toHaveBeenCalledWith('ar');
    await waitFor(() => expect(select).toHaveValue('en'));
  });
});
