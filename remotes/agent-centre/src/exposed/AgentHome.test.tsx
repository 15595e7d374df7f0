import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import AgentHome, { AGENT_MENU, type EmbedComponent } from './AgentHome';

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const at = (path: string, Embed?: EmbedComponent) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/agentHome/*" element={<AgentHome Embed={Embed} />} />
      </Routes>
    </MemoryRouter>,
  );

const Embed: EmbedComponent = ({ page }) => <p data-testid="embedded">{page}</p>;

describe('AgentHome', () => {
  it.each(['deposit', 'withdraw', 'agentAnnouncement', 'platformMessages', 'customerService'])(
    'shows the %s page inside its own layout, through the shell’s Embed',
    async (page) => {
      at(`/agentHome/${page}`, Embed);
      expect((await screen.findByTestId('embedded')).textContent).toBe(page);
      expect(screen.getByTestId(`agent-page-${page}`)).toBeTruthy();
      expect(screen.getByTestId('agent-home')).toBeTruthy();
      expect(screen.queryByTestId('agent-elsewhere')).toBeNull();
    },
  );

  it('keeps its own pages its own, and links out when no Embed is given', async () => {
    at('/agentHome/agentRealtimeSalary', Embed);
    expect(screen.queryByTestId('embedded')).toBeNull();
    at('/agentHome/deposit');
    expect(await screen.findByTestId('agent-elsewhere')).toBeTruthy();
    expect(AGENT_MENU).toHaveLength(16);
  });
});
