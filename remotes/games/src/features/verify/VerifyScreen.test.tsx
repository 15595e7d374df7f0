import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createHash, webcrypto } from 'node:crypto';
import { nodeHmac, nodeSha256 } from '@khela/games-math/node';
import type { DiceOutcome, SlotOutcome } from '@khela/games-math';
import { VerifyScreen } from './VerifyScreen';
import { sameOutcome, verifyForm, VerifyInputError, type VerifyForm } from './verify';
import { CLIENT_SEED, roundOf, renderAt, SERVER_SEED, setReducedMotion, useLanguage } from '../../test/support';
import { fakeStudio } from '../../test/fake-studio';

// a machine shared with other work can be slow: these render whole pages, so allow them time
jest.setTimeout(30_000);

const nodeCrypto = { hmac: nodeHmac, sha256: nodeSha256 };
const HASH = createHash('sha256').update(SERVER_SEED).digest('hex');

beforeAll(() => {
  // the browser's WebCrypto, which the page uses (jsdom has none)
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});
beforeEach(async () => {
  await useLanguage('en');
  setReducedMotion(true);
});

const form = (over: Partial<VerifyForm> = {}): VerifyForm => ({
  engine: 'dice',
  serverSeed: SERVER_SEED,
  serverSeedHash: HASH,
  clientSeed: CLIENT_SEED,
  nonce: '7',
  stake: '10.00',
  params: { direction: 'OVER', target: 3000 },
  ...over,
});

describe('verifyForm', () => {
  it('recomputes the round the studio played, checks the commitment and the payout', async () => {
    const played = await roundOf<DiceOutcome>('dice', 7, { direction: 'OVER', target: 3000 }, 1000n);
    const v = await verifyForm(form(), nodeCrypto);
    expect(v.computedHash).toBe(HASH);
    expect(v.hashMatches).toBe(true);
    expect(sameOutcome(v.outcome, played.outcome)).toBe(true);
    expect(v.payout).toBe(played.payout);
    expect((await verifyForm(form({ serverSeedHash: 'f'.repeat(64) }), nodeCrypto)).hashMatches).toBe(false);
    expect((await verifyForm(form({ serverSeedHash: '' }), nodeCrypto)).hashMatches).toBeNull();
    expect((await verifyForm(form({ stake: '' }), nodeCrypto)).payout).toBeNull();
  });

  it('gives the same answer through WebCrypto as through node:crypto', async () => {
    const a = await verifyForm(form({ engine: 'slot', params: {} }), nodeCrypto);
    const b = await verifyForm(form({ engine: 'slot', params: {} }));
    expect(sameOutcome(a.outcome, b.outcome)).toBe(true);
    expect(b.computedHash).toBe(HASH);
  });

  it('names every field that is not valid', async () => {
    const bad = form({
      serverSeed: 'xyz',
      serverSeedHash: '12',
      clientSeed: 'with space',
      nonce: '-1',
      stake: 'ten',
      params: { side: 'X' },
    });
    const err = await verifyForm(bad, nodeCrypto).catch((e) => e);
    expect(err).toBeInstanceOf(VerifyInputError);
    expect(Object.keys((err as VerifyInputError).fields).sort()).toEqual([
      'clientSeed',
      'nonce',
      'params',
      'serverSeed',
      'serverSeedHash',
      'stake',
    ]);
    const seed = await verifyForm(form({ clientSeed: 'with space' }), nodeCrypto).catch((e) => e);
    expect((seed as VerifyInputError).fields).toEqual({ clientSeed: true });
    // Bengali digits are read as numbers
    expect((await verifyForm(form({ nonce: '৭', stake: '১০.০০' }), nodeCrypto)).payout).toBe(
      (await verifyForm(form(), nodeCrypto)).payout,
    );
  });
});

describe('the verify page', () => {
  it('typed in by hand: confirms the commitment and draws the outcome like the game', async () => {
    renderAt(<VerifyScreen />, '/play/verify');
    await waitFor(() => expect(screen.getByTestId('verify-form')).toHaveAttribute('data-engine', 'slot'));
    const played = await roundOf<SlotOutcome>('slot', 2, {});
    fireEvent.change(screen.getByTestId('verify-serverSeed'), { target: { value: SERVER_SEED } });
    fireEvent.change(screen.getByTestId('verify-serverSeedHash'), { target: { value: HASH } });
    fireEvent.change(screen.getByTestId('verify-clientSeed'), { target: { value: CLIENT_SEED } });
    fireEvent.change(screen.getByTestId('verify-nonce'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByTestId('verify-hash')).toHaveAttribute('data-ok', 'true');
    expect(within(result).getByTestId('verify-hash')).toHaveTextContent('matches the committed hash');
    const reels = within(result).getAllByTestId('slot-reel');
    reels.forEach((reel, i) =>
      expect(Array.from(reel.querySelectorAll('.kg-cell')).map((c) => c.getAttribute('data-symbol'))).toEqual(
        played.outcome.grid[i],
      ),
    );
  });

  it('shows what is wrong with the input, translated', async () => {
    await useLanguage('bn');
    renderAt(<VerifyScreen />, '/play/verify');
    fireEvent.change(screen.getByTestId('verify-serverSeed'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(await screen.findByText('সার্ভার সিড ৬৪টি হেক্সাডেসিমাল অক্ষরের।')).toBeVisible();
    expect(screen.getByTestId('verify-serverSeed')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });

  it('from a round of the recent list: prefilled, sealed until the seed is rotated, then confirmed', async () => {
    const studio = fakeStudio({ engine: 'dice' }).install();
    // play a round through the fake studio, as the game page does
    await fetch('/studio/v1/play', {
      method: 'POST',
      headers: { 'X-Game-Token': 't1' },
      body: JSON.stringify({ stake: '500', params: { direction: 'UNDER', target: 4000 } }),
    });
    const { unmount } = renderAt(<VerifyScreen />, '/play/verify?round=r1&token=t1');
    expect(await screen.findByTestId('verify-sealed')).toBeVisible();
    expect(screen.getByTestId('verify-nonce')).toHaveValue('0');
    expect(screen.getByTestId('verify-stake')).toHaveValue('5.00');
    expect(screen.getByTestId('verify-serverSeedHash')).toHaveValue(HASH);
    expect(studio.calls.find((c) => c.path === '/rounds/r1')!.token).toBe('t1');
    unmount();

    await fetch('/studio/v1/fairness/rotate', { method: 'POST', headers: { 'X-Game-Token': 't1' } });
    renderAt(<VerifyScreen />, '/play/verify?round=r1&token=t1');
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByTestId('verify-hash')).toHaveAttribute('data-ok', 'true');
    expect(within(result).getByTestId('verify-outcome')).toHaveAttribute('data-ok', 'true');
    expect(within(result).getByTestId('verify-outcome')).toHaveTextContent('matches the recorded round');
    const recorded = studio.rounds[0] as { outcome: DiceOutcome; payout: string };
    expect(within(result).getByTestId('dice-roll')).toHaveTextContent((recorded.outcome.roll / 100).toFixed(2));
    expect(within(result).getByTestId('verify-payout')).toHaveTextContent(
      `Payout for a stake of ৳5.00: ৳${(Number(recorded.payout) / 100).toFixed(2)}`,
    );
    expect(screen.getByTestId('verify-back')).toHaveAttribute('href', '/play/LOTUSREEL_0171?token=t1');
  });

  it('a round that differs from its recomputation is called out', async () => {
    const studio = fakeStudio({ engine: 'dice' }).install();
    await fetch('/studio/v1/play', {
      method: 'POST',
      headers: { 'X-Game-Token': 't' },
      body: JSON.stringify({ stake: '100', params: null }),
    });
    await fetch('/studio/v1/fairness/rotate', { method: 'POST', headers: { 'X-Game-Token': 't' } });
    (studio.rounds[0] as { outcome: DiceOutcome }).outcome.roll += 1; // a tampered record
    renderAt(<VerifyScreen />, '/play/verify?round=r1&token=t');
    const outcome = await screen.findByTestId('verify-outcome');
    expect(outcome).toHaveAttribute('data-ok', 'false');
    expect(outcome).toHaveTextContent('differs from the recorded round');
  });

  it('an unknown round: a translated error with a retry, and the form still usable', async () => {
    fakeStudio({ engine: 'dice' }).install();
    renderAt(<VerifyScreen />, '/play/verify?round=nope&token=t&engine=dice');
    expect(await screen.findByTestId('verify-round-error')).toHaveTextContent('That round was not found.');
    expect(screen.getByTestId('verify-submit')).toBeEnabled();
    expect(await screen.findByTestId('dice-controls')).toBeVisible(); // the form's bet controls, for the engine asked
  });
});
