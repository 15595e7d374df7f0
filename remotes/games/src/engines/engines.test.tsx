import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { AndarBaharOutcome, DiceOutcome, DiceParams, SlotOutcome } from '@khela/games-math';
import { configOf, findRound, roundOf, setReducedMotion, useLanguage } from '../test/support';
import { REEL_STOP_MS, SlotBoard } from './slot/SlotBoard';
import { DiceBoard } from './dice/DiceBoard';
import { DiceControls, multiplierOf, parseTarget } from './dice/DiceControls';
import { AndarBaharBoard } from './andarbahar/AndarBaharBoard';
import { AndarBaharControls } from './andarbahar/AndarBaharControls';
import { view as slotView } from './slot';
import { view as diceView } from './dice';
import { view as abView } from './andarbahar';
import { i18n } from '@khela/i18n';

// a machine shared with other work can be slow: these render whole pages, so allow them time
jest.setTimeout(30_000);

beforeEach(() => useLanguage('en'));
afterEach(() => {
  setReducedMotion(undefined);
  jest.useRealTimers();
});

describe('slot', () => {
  const config = configOf('slot');

  it('draws the outcome window reel by reel and the winning paylines with their amounts', async () => {
    const r = await findRound<SlotOutcome>('slot', (o) => o.wins.length >= 1);
    render(<SlotBoard config={config} params={{}} outcome={r.outcome} stake={r.stake} payout={r.payout} playing={false} />);
    const reels = screen.getAllByTestId('slot-reel');
    expect(reels).toHaveLength(5);
    reels.forEach((reel, i) => {
      const cells = Array.from(reel.querySelectorAll('.kg-cell')).map((c) => c.getAttribute('data-symbol'));
      expect(cells).toEqual(r.outcome.grid[i]);
    });
    const wins = screen.getAllByTestId('slot-win');
    expect(wins).toHaveLength(r.outcome.wins.length);
    const w = r.outcome.wins[0];
    const name = config.symbols.find((s) => s.id === w.symbol)!.names.en;
    const amount = (r.stake * BigInt(w.pays)) / 20n;
    expect(wins[0]).toHaveTextContent(`Line ${w.line + 1}: ${w.count} × ${name} pays ৳${(Number(amount) / 100).toFixed(2)}`);
    // the cells of a winning line are lit, the others dimmed
    const lit = document.querySelectorAll('.kg-cell.is-win').length;
    expect(lit).toBeGreaterThanOrEqual(w.count);
    expect(lit + document.querySelectorAll('.kg-cell.is-dim').length).toBe(15);
    expect(document.querySelectorAll('.kg-slot__lines polyline')).toHaveLength(r.outcome.wins.length);
  });

  it('shows no line and dims nothing when the spin wins nothing', async () => {
    const r = await findRound<SlotOutcome>('slot', (o) => o.wins.length === 0);
    render(<SlotBoard config={config} params={{}} outcome={r.outcome} stake={r.stake} playing={false} />);
    expect(screen.queryByTestId('slot-wins')).toBeNull();
    expect(document.querySelectorAll('.kg-cell.is-dim')).toHaveLength(0);
    expect(slotView.summary(r.outcome, {}, i18n.getFixedT('en', 'games'), 'EN')).toBe('no winning line');
  });

  it('spins every reel while the round is under way and stops them from the left, then settles', async () => {
    setReducedMotion(false);
    jest.useFakeTimers();
    const r = await roundOf<SlotOutcome>('slot', 3);
    const onSettled = jest.fn();
    const { rerender } = render(<SlotBoard config={config} params={{}} outcome={null} playing={false} onSettled={onSettled} />);
    rerender(<SlotBoard config={config} params={{}} outcome={null} playing onSettled={onSettled} />);
    expect(document.querySelectorAll('.kg-reel.is-spinning')).toHaveLength(5);
    rerender(<SlotBoard config={config} params={{}} outcome={r.outcome} playing={false} onSettled={onSettled} />);
    act(() => jest.advanceTimersByTime(REEL_STOP_MS(0)));
    expect(document.querySelectorAll('.kg-reel.is-spinning')).toHaveLength(4);
    expect(onSettled).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(REEL_STOP_MS(4)));
    expect(document.querySelectorAll('.kg-reel.is-spinning')).toHaveLength(0);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('slot-board')).toHaveAttribute('data-settled', 'true');
  });

  it('under prefers-reduced-motion nothing spins: the outcome shows at once', async () => {
    setReducedMotion(true);
    const r = await roundOf<SlotOutcome>('slot', 4);
    const onSettled = jest.fn();
    const { rerender } = render(<SlotBoard config={config} params={{}} outcome={null} playing onSettled={onSettled} />);
    expect(document.querySelectorAll('.kg-reel.is-spinning')).toHaveLength(0);
    rerender(<SlotBoard config={config} params={{}} outcome={r.outcome} playing={false} onSettled={onSettled} />);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('slot-board')).toHaveAttribute('data-settled', 'true');
  });

  it('names the symbols in Bengali, with Bengali digits', async () => {
    await useLanguage('bn');
    const r = await findRound<SlotOutcome>('slot', (o) => o.wins.length >= 1);
    render(<SlotBoard config={config} params={{}} outcome={r.outcome} stake={r.stake} playing={false} />);
    const w = r.outcome.wins[0];
    const name = config.symbols.find((s) => s.id === w.symbol)!.names.bn;
    expect(screen.getAllByTestId('slot-win')[0]).toHaveTextContent(/^লাইন [০-৯]+: [০-৯] × /);
    expect(screen.getAllByTestId('slot-win')[0]).toHaveTextContent(name);
    expect(screen.getAllByTestId('slot-win')[0].textContent).not.toMatch(/[0-9]/);
  });
});

describe('dice', () => {
  const config = configOf('dice');

  it('shows the roll against the target and says why it won or lost', async () => {
    const params: DiceParams = { direction: 'UNDER', target: 5000 };
    const win = await findRound<DiceOutcome>('dice', (o) => o.win, params);
    const { rerender } = render(<DiceBoard config={config} params={params} outcome={win.outcome} playing={false} />);
    const roll = (win.outcome.roll / 100).toFixed(2);
    expect(screen.getByTestId('dice-roll')).toHaveTextContent(roll);
    expect(screen.getByTestId('dice-roll')).toHaveClass('is-win');
    expect(screen.getByTestId('dice-verdict')).toHaveTextContent(`${roll} is under 50.00: win`);
    const loss = await findRound<DiceOutcome>('dice', (o) => !o.win, params);
    rerender(<DiceBoard config={config} params={params} outcome={loss.outcome} playing={false} />);
    expect(screen.getByTestId('dice-verdict')).toHaveTextContent(`${(loss.outcome.roll / 100).toFixed(2)} is not under 50.00`);
    expect(diceView.summary(loss.outcome, params, i18n.getFixedT('en', 'games'), 'EN')).toBe(
      `${(loss.outcome.roll / 100).toFixed(2)} (under 50.00)`,
    );
  });

  function Harness({ initial }: { initial: DiceParams }) {
    const [params, setParams] = useState(initial);
    return <DiceControls config={config} params={params} onParams={setParams} disabled={false} />;
  }

  it('changes the target with the arrows (Shift: by 0.01) and shows the multiplier and the chance live', () => {
    render(<Harness initial={{ direction: 'UNDER', target: 5000 }} />);
    const slider = screen.getByTestId('dice-target-slider');
    expect(screen.getByTestId('dice-multiplier')).toHaveTextContent('1.9800×');
    expect(screen.getByTestId('dice-chance')).toHaveTextContent('50.00%');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider).toHaveValue('5100');
    expect(screen.getByTestId('dice-chance')).toHaveTextContent('51.00%');
    expect(screen.getByTestId('dice-multiplier')).toHaveTextContent('1.9411×');
    fireEvent.keyDown(slider, { key: 'ArrowLeft', shiftKey: true });
    expect(slider).toHaveValue('5099');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider).toHaveValue(String(config.targets.UNDER[1]));
    expect(screen.getByTestId('dice-chance')).toHaveTextContent('98.00%');
    fireEvent.keyDown(slider, { key: 'PageUp' }); // never past the limit
    expect(slider).toHaveValue(String(config.targets.UNDER[1]));
  });

  it('switches over/under keeping the target inside the allowed range, and takes a typed target', () => {
    render(<Harness initial={{ direction: 'UNDER', target: 100 }} />);
    fireEvent.click(screen.getByTestId('dice-over'));
    expect(screen.getByTestId('dice-over')).toBeChecked();
    expect(screen.getByTestId('dice-target-slider')).toHaveValue(String(config.targets.OVER[0])); // 1.00 over would win 98.99 %
    const input = screen.getByTestId('dice-target-input');
    fireEvent.change(input, { target: { value: '২৫.৫০' } }); // Bengali digits too
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('dice-target-slider')).toHaveValue('2550');
    expect(screen.getByTestId('dice-chance')).toHaveTextContent(`${((9999 - 2550) / 100).toFixed(2)}%`);
    fireEvent.change(input, { target: { value: '120' } });
    fireEvent.blur(input);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('dice-target-slider')).toHaveValue('2550'); // refused: nothing changed
  });

  it('reads targets and multipliers exactly', () => {
    expect(parseTarget('49.5')).toBe(4950);
    expect(parseTarget('৪৯.৫০')).toBe(4950);
    expect(parseTarget('1e2')).toBeNaN();
    expect(multiplierOf(config, 5000)).toBe(1.98);
    expect(multiplierOf(config, 100)).toBe(99);
    expect(multiplierOf(config, 3300)).toBe(3);
  });

  it('moves the target with the page arrows (nudge), clamped', () => {
    expect(diceView.nudge!({ direction: 'UNDER', target: 5000 }, 1, config).target).toBe(5100);
    expect(diceView.nudge!({ direction: 'UNDER', target: 9800 }, 1, config).target).toBe(9800);
  });
});

describe('andar bahar', () => {
  const config = configOf('andarbahar');

  it('deals the joker and both rows and lights the matching card and the winning side', async () => {
    const r = await findRound<AndarBaharOutcome>('andarbahar', (o) => o.andar.length + o.bahar.length >= 4, { side: 'BAHAR' });
    render(<AndarBaharBoard config={config} params={{ side: 'BAHAR' }} outcome={r.outcome} playing={false} />);
    const andar = within(screen.getByTestId('ab-andar'));
    const bahar = within(screen.getByTestId('ab-bahar'));
    expect(andar.getAllByRole('img').map((c) => c.getAttribute('data-card'))).toEqual(
      r.outcome.andar.map((c) => c.rank + c.suit),
    );
    expect(bahar.queryAllByRole('img').map((c) => c.getAttribute('data-card'))).toEqual(
      r.outcome.bahar.map((c) => c.rank + c.suit),
    );
    const winner = screen.getByTestId(r.outcome.winner === 'ANDAR' ? 'ab-andar' : 'ab-bahar');
    expect(winner).toHaveClass('is-winner');
    const matched = winner.querySelector('.is-match');
    expect(matched?.getAttribute('data-card')?.startsWith(r.outcome.joker.rank)).toBe(true);
    const total = r.outcome.andar.length + r.outcome.bahar.length;
    expect(screen.getByTestId('ab-verdict')).toHaveTextContent(
      `${r.outcome.winner === 'ANDAR' ? 'Andar' : 'Bahar'} wins on card ${total}`,
    );
    expect(screen.getAllByRole('img', { name: /of (spades|hearts|diamonds|clubs)$/ }).length).toBe(total + 1);
    expect(abView.summary(r.outcome, { side: 'BAHAR' }, i18n.getFixedT('en', 'games'), 'EN')).toContain(`card ${total}`);
  });

  it('deals one card at a time when motion is allowed, then settles', async () => {
    setReducedMotion(false);
    jest.useFakeTimers();
    const r = await findRound<AndarBaharOutcome>('andarbahar', (o) => o.andar.length + o.bahar.length >= 5);
    const onSettled = jest.fn();
    const { rerender } = render(
      <AndarBaharBoard config={config} params={{ side: 'ANDAR' }} outcome={null} playing onSettled={onSettled} />,
    );
    rerender(
      <AndarBaharBoard config={config} params={{ side: 'ANDAR' }} outcome={r.outcome} playing={false} onSettled={onSettled} />,
    );
    const total = r.outcome.andar.length + r.outcome.bahar.length;
    act(() => jest.advanceTimersByTime(130 * 2));
    const dealt = document.querySelectorAll('.kg-ab__cards .kg-card').length;
    expect(dealt).toBeGreaterThan(0);
    expect(dealt).toBeLessThan(total);
    expect(onSettled).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(3000));
    expect(document.querySelectorAll('.kg-ab__cards .kg-card')).toHaveLength(total);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('names the cards in Bengali', async () => {
    await useLanguage('bn');
    const r = await roundOf<AndarBaharOutcome>('andarbahar', 0);
    render(<AndarBaharBoard config={config} params={{ side: 'ANDAR' }} outcome={r.outcome} playing={false} />);
    expect(screen.getAllByRole('img', { name: /(ইস্কাপন|হরতন|রুইতন|চিড়িতন)ের/ }).length).toBeGreaterThan(1);
  });

  it('picks a side with the radio buttons, showing what each pays', () => {
    const onParams = jest.fn();
    render(<AndarBaharControls config={config} params={{ side: 'ANDAR' }} onParams={onParams} disabled={false} />);
    expect(screen.getByTestId('ab-pick-andar')).toBeChecked();
    expect(screen.getByTestId('ab-controls')).toHaveTextContent('pays 1.90×');
    expect(screen.getByTestId('ab-controls')).toHaveTextContent('pays 2.00×');
    fireEvent.click(screen.getByTestId('ab-pick-bahar'));
    expect(onParams).toHaveBeenCalledWith({ side: 'BAHAR' });
  });
});
