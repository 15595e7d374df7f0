import { render, screen, fireEvent } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import '../../i18n';
import { HomeSection, moreLink } from './HomeSection';

beforeAll(async () => {
  await initI18n('EN');
  await i18n.changeLanguage('en');
});

describe('home section', () => {
  it('More leads to /{type}, and to ?gameCategory=NEW with the New switch', () => {
    expect(moreLink('RNG', false)).toBe('/rng');
    expect(moreLink('RNG', true)).toBe('/rng?gameCategory=NEW');
    expect(moreLink('HOT', false)).toBe('/hot');
  });

  it('switches the More link when New is chosen, in EN and BN', async () => {
    await i18n.changeLanguage('en');
    render(<MemoryRouter><HomeSection type="LIVE" /></MemoryRouter>);
    expect(screen.getByRole('link', { name: 'More' })).toHaveAttribute('href', '/live');
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('link', { name: 'More' })).toHaveAttribute('href', '/live?gameCategory=NEW');
    await i18n.changeLanguage('bn');
    expect(await screen.findByRole('heading', { name: 'লাইভ ক্যাসিনো' })).toBeInTheDocument();
  });
});
