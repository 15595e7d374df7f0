import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { GameScreen } from './GameScreen';
import { fakeStudio } from '../../test/fake-studio';
import { renderAt, setReducedMotion, useLanguage } from '../../test/support';

// a machine shared with other work can be slow: these render whole pages, so allow them time
jest.setTimeout(30_000);

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

const openGame = (token = 'tok-1') =>
  renderAt(
    <>
      <GameScreen />
      <Where />
    </>,
    `/play/LOTUSREEL_0171?token=${token}`,
    '/play/:gameCode',
  );

beforeEach(async () => {
  await useLanguage('en');
  setReducedMotion(true);
  sessionStorage.clear();
});

describe('the game page', () => {
  it('pages back through older rounds, and marks a round still being paid', async () => {
    const studio = fakeStudio({ engine: 'dice' }).install();
    for (let i = 0; i < 22; i++)
      await fetch('/studio/v1/play', {
        method: 'POST',
        headers: { 'X-Game-Token': 'tok-1' },
        body: JSON.stringify({ stake: '100' }),
      });
    openGame();
    await screen.findByTestId('dice-board');
    (studio.rounds[0] as { status: string }).status = 'PENDING';
    fireEvent.click(screen.getByText('Refresh'));
    await waitFor(() =>
      expect(within(screen.getAllByTestId('recent-round')[0]).getByTestId('round-pending')).toHaveTextContent('Win being paid'),
    );
    expect(screen.getAllByTestId('recent-round')).toHaveLength(20);
    fireEvent.click(screen.getByTestId('older-rounds'));
    await waitFor(() => expect(screen.getAllByTestId('recent-round')).toHaveLength(22));
    expect(studio.calls.at(-1)!.path).toBe('/rounds?limit=20&before=r3');
    expect(screen.queryByTestId('older-rounds')).toBeNull();
  });

  it('DEMO: out of demo credits, refill them', async () => {
    fakeStudio({ engine: 'slot', mode: 'DEMO', balance: 50n }).install();
    openGame();
    await screen.findByTestId('demo-badge');
    fireEvent.click(screen.getByTestId('play-button'));
    const alert = await screen.findByTestId('play-error');
    expect(alert).toHaveTextContent('refill the demo credits');
    expect(within(alert).queryByTestId('deposit-link')).toBeNull();
    fireEvent.click(screen.getByTestId('demo-reset'));
    await waitFor(() => expect(screen.getByTestId('game-balance')).toHaveTextContent('৳10,000.00'));
    expect(screen.queryByTestId('play-error')).toBeNull();
  });

  it('loads the session of the launch token and plays the slot with the keyboard', async () => {
    const studio = fakeStudio({ engine: 'slot' }).install();
    openGame();
    expect(await screen.findByTestId('game-name')).toHaveTextContent('Cosmic Boat Deluxe');
    expect(studio.calls[0]).toMatchObject({ path: '/session', token: 'tok-1' });
    expect(screen.getByTestId('game-balance')).toHaveTextContent('৳1,000.00');
    expect(screen.queryByTestId('demo-badge')).toBeNull();
    expect(await screen.findByText('No rounds yet. Your rounds of this game appear here.')).toBeVisible();

    // ArrowUp raises the stake, Space spins
    fireEvent.keyDown(document.body, { key: 'ArrowUp' });
    expect(screen.getByTestId('stake-value')).toHaveTextContent('৳2.00');
    fireEvent.keyDown(document.body, { key: ' ' });
    const result = await screen.findByTestId('round-result');
    const play = studio.calls.find((c) => c.path === '/play')!;
    expect(play).toMatchObject({ method: 'POST', token: 'tok-1', body: { stake: '200', params: {} } });
    const round = studio.rounds[0] as { id: string; payout: string; stake: string };
    expect(result).toHaveAttribute('data-round', round.id);
    const announcer = screen.getByTestId('game-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer.textContent).toMatch(/Round 0: (you won ৳[\d,.]+|no win) on a stake of ৳2\.00\. Balance ৳/);

    // the round is on top of the recent rounds, with its verify link
    const item = (await screen.findAllByTestId('recent-round'))[0];
    expect(within(item).getByTestId('verify-link')).toHaveAttribute('href', `/play/verify?round=${round.id}&token=tok-1`);
    expect(screen.getByTestId('nonce')).toHaveTextContent('1');
  });

  it('Enter plays too, one round per press, and keys typed in a field never play', async () => {
    const studio = fakeStudio({ engine: 'slot' }).install();
    openGame();
    await screen.findByTestId('game-name');
    fireEvent.keyDown(screen.getByTestId('client-seed-input'), { key: 'Enter' });
    fireEvent.keyDown(screen.getByTestId('client-seed-input'), { key: ' ' });
    expect(studio.calls.some((c) => c.path === '/play')).toBe(false);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await screen.findByTestId('round-result');
    fireEvent.keyDown(document.body, { key: 'Enter', repeat: true });
    await act(async () => undefined);
    expect(studio.calls.filter((c) => c.path === '/play')).toHaveLength(1);
  });

  it('dice: the arrows move the target, Space rolls with it, and the roll is shown', async () => {
    const studio = fakeStudio({ engine: 'dice' }).install();
    openGame();
    await screen.findByTestId('dice-board');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByTestId('dice-target-slider')).toHaveValue('5200');
    fireEvent.click(screen.getByTestId('dice-over'));
    fireEvent.keyDown(document.body, { key: ' ' });
    await screen.findByTestId('round-result');
    expect(studio.calls.find((c) => c.path === '/play')!.body).toEqual({
      stake: '100',
      params: { direction: 'OVER', target: 5200 },
    });
    const outcome = (studio.rounds[0] as { outcome: { roll: number } }).outcome;
    expect(screen.getByTestId('dice-roll')).toHaveTextContent((outcome.roll / 100).toFixed(2));
  });

  it('andar bahar: picks a side and deals with Enter', async () => {
    const studio = fakeStudio({ engine: 'andarbahar' }).install();
    openGame();
    await screen.findByTestId('ab-board');
    fireEvent.click(screen.getByTestId('ab-pick-bahar'));
    fireEvent.keyDown(screen.getByTestId('ab-pick-bahar'), { key: ' ' }); // Space on a radio is the radio's
    await act(async () => undefined);
    expect(studio.calls.some((c) => c.path === '/play')).toBe(false);
    fireEvent.keyDown(screen.getByTestId('ab-pick-bahar'), { key: 'Enter' }); // Enter there deals, as a form submits
    await screen.findByTestId('ab-verdict');
    expect(studio.calls.find((c) => c.path === '/play')!.body).toEqual({ stake: '100', params: { side: 'BAHAR' } });
  });

  it('marks DEMO play clearly and writes money in Bengali digits in BN', async () => {
    await useLanguage('bn');
    fakeStudio({ engine: 'slot', mode: 'DEMO', balance: 123456n }).install();
    openGame();
    expect(await screen.findByTestId('demo-badge')).toHaveTextContent('ডেমো');
    expect(screen.getByTestId('demo-note')).toBeVisible();
    expect(screen.getByTestId('game-balance')).toHaveTextContent('৳১,২৩৪.৫৬');
    expect(screen.getByTestId('play-button')).toHaveTextContent('স্পিন');
  });

  it('insufficient funds: says so, shows the wallet balance, offers a deposit (not in DEMO)', async () => {
    const studio = fakeStudio({ engine: 'slot', balance: 150n }).install();
    openGame();
    await screen.findByTestId('game-name');
    fireEvent.click(screen.getByTestId('stake-more'));
    fireEvent.click(screen.getByTestId('play-button'));
    const alert = await screen.findByTestId('play-error');
    expect(alert).toHaveTextContent('Not enough balance for this stake.');
    expect(within(alert).getByTestId('deposit-link')).toHaveAttribute('href', '/member/depositv2');
    expect(screen.getByTestId('game-balance')).toHaveTextContent('৳1.50');
    expect(studio.rounds).toHaveLength(0);
  });

  it('the wallet not answering: a translated refusal, and the balance unchanged', async () => {
    const studio = fakeStudio({ engine: 'slot' }).install();
    openGame();
    await screen.findByTestId('game-name');
    studio.refuse.next = { status: 503, body: { success: false, message: 'x', value: null, errorCode: 'WALLET_UNAVAILABLE' } };
    fireEvent.click(screen.getByTestId('play-button'));
    expect(await screen.findByTestId('play-error')).toHaveTextContent('The wallet did not answer');
    expect(screen.getByTestId('game-balance')).toHaveTextContent('৳1,000.00');
  });

  it('an expired token: "launch the game again", which launches it and opens the new session', async () => {
    const studio = fakeStudio({ engine: 'slot' }).install();
    studio.refuse.session = { status: 401, body: { success: false, message: 'x', value: null, errorCode: 'INVALID_TOKEN' } };
    sessionStorage.setItem('khela.games.LOTUSREEL_0171', JSON.stringify({ gameType: 'RNG', mode: 'DEMO' }));
    openGame('old');
    const expired = await screen.findByTestId('game-expired');
    expect(expired).toHaveTextContent('This game session has ended or is not valid.');
    expect(within(expired).getByTestId('back-to-lobby')).toHaveAttribute('href', '/rng');
    studio.refuse.session = undefined;
    fireEvent.click(within(expired).getByTestId('relaunch'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/play/LOTUSREEL_0171?token=fresh-token'));
    const launch = studio.calls.find((c) => c.path.startsWith('/wps/game/launchGame'))!;
    expect(launch.path).toContain('gameId=LOTUSREEL_0171');
    expect(launch.path).toContain('accountType=0'); // it was a free trial
    expect(await screen.findByTestId('game-name')).toBeVisible();
  });

  it('a token refused during play turns the page into the relaunch state', async () => {
    const studio = fakeStudio({ engine: 'slot' }).install();
    openGame();
    await screen.findByTestId('game-name');
    studio.refuse.next = { status: 401, body: { success: false, message: 'x', value: null, errorCode: 'INVALID_TOKEN' } };
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(await screen.findByTestId('game-expired')).toBeVisible();
  });

  it('fairness: refuses a bad client seed without asking, saves a good one, rotates and reveals the seed', async () => {
    const studio = fakeStudio({ engine: 'slot' }).install();
    openGame();
    await screen.findByTestId('game-name');
    const input = screen.getByTestId('client-seed-input');
    fireEvent.change(input, { target: { value: 'has space' } });
    fireEvent.click(screen.getByTestId('client-seed-save'));
    expect(await screen.findByTestId('fairness-message')).toHaveTextContent('without spaces');
    expect(studio.calls.some((c) => c.path === '/fairness/client-seed')).toBe(false);
    fireEvent.keyDown(document.body, { key: ' ' });
    await screen.findByTestId('round-result');
    const first = screen.getByTestId('server-seed-hash').textContent;

    // a new client seed rotates the server seed: the old one is revealed, the round can be verified
    fireEvent.change(input, { target: { value: 'my-own-seed' } });
    fireEvent.click(screen.getByTestId('client-seed-save'));
    expect(await screen.findByText(/Client seed saved\. The server seed was rotated with it/)).toBeVisible();
    expect(studio.calls.find((c) => c.path === '/fairness/client-seed')!.body).toEqual({ clientSeed: 'my-own-seed' });
    expect(screen.getByTestId('revealed-seed')).toHaveTextContent(first!);
    await waitFor(() => expect(screen.queryByText('seed not revealed yet')).toBeNull());

    fireEvent.keyDown(document.body, { key: ' ' });
    await waitFor(() => expect(studio.rounds).toHaveLength(2));
    const committed = screen.getByTestId('server-seed-hash').textContent;
    fireEvent.click(screen.getByTestId('rotate-seed'));
    await waitFor(() => expect(screen.getByTestId('server-seed-hash').textContent).not.toBe(committed));
    const revealed = screen.getByTestId('revealed-seed');
    expect(within(revealed).getByTestId('revealed-server-seed')).toHaveTextContent(/^[0-9a-f]{64}$/);
    expect(revealed).toHaveTextContent(committed!);
    expect(revealed).toHaveTextContent('my-own-seed');
    expect(screen.getByTestId('nonce')).toHaveTextContent('0');
  });
});
