/** @jest-environment node */
import fc from 'fast-check';
import { ENGINE_IDS, type EngineId } from './engine-types';
import { engineOf, ENGINES, playRound, verifyRound, VerifyError } from './engines';
import { FloatStream, webCryptoHmac, webCryptoSha256 } from './fair';
import { nodeHmac, nodeSha256, serverSeedHashSync } from './node';

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const clientSeed = fc.stringMatching(/^[\x21-\x7e]{1,64}$/);
const nonce = fc.nat({ max: 2 ** 31 - 1 });
const stake = fc.bigInt({ min: 0n, max: 10n ** 12n });

const paramsOf: Record<EngineId, fc.Arbitrary<unknown>> = {
  slot: fc.constant({}),
  dice: fc
    .tuple(fc.constantFrom('UNDER', 'OVER'), fc.integer({ min: 100, max: 9800 }))
    .map(([direction, wins]) => ({ direction, target: direction === 'UNDER' ? wins : 9999 - wins })),
  andarbahar: fc.constantFrom({ side: 'ANDAR' }, { side: 'BAHAR' }),
};

describe.each(ENGINE_IDS)('the %s engine', (id) => {
  const engine = engineOf(id);

  it('never pays below 0 nor above its maximum, and pays the same for the same seeds', async () => {
    await fc.assert(
      fc.asyncProperty(hex64, clientSeed, nonce, paramsOf[id], stake, async (serverSeed, client, n, params, s) => {
        const seeds = { serverSeed, clientSeed: client, nonce: n };
        const a = await playRound(nodeHmac, id, seeds, params, s);
        const b = await playRound(nodeHmac, id, seeds, params, s);
        expect(b).toEqual(a);
        expect(a.payout >= 0n).toBe(true);
        expect(a.payout <= engine.maxPayout(s, a.params)).toBe(true);
        // a bigger stake never pays less
        expect(engine.payout(s + 1n, a.outcome, a.params) >= a.payout).toBe(true);
        // the lazy stream (simulations) reads the same floats as the derived ones (server, browser)
        expect(engine.outcome(new FloatStream(serverSeed).round(client, n), a.params)).toEqual(a.outcome);
        // the outcome survives JSON (the server stores it, the browser reads it)
        expect(JSON.parse(JSON.stringify(a.outcome))).toEqual(a.outcome);
      }),
      { numRuns: 150 },
    );
  });

  it('the browser’s WebCrypto gives the same rounds as the server’s node:crypto', async () => {
    const web = webCryptoHmac();
    await fc.assert(
      fc.asyncProperty(hex64, clientSeed, nonce, paramsOf[id], async (serverSeed, client, n, params) => {
        const seeds = { serverSeed, clientSeed: client, nonce: n };
        expect(await playRound(web, id, seeds, params, 100n)).toEqual(await playRound(nodeHmac, id, seeds, params, 100n));
      }),
      { numRuns: 30 },
    );
  });

  it('documents an RTP below 1 and a public config', () => {
    expect(engine.rtp).toBeGreaterThan(0.9);
    expect(engine.rtp).toBeLessThan(1);
    expect(JSON.parse(JSON.stringify(engine.config))).toEqual(engine.config);
    expect(engine.parseParams(undefined)).toEqual(engine.defaultParams);
  });
});

describe('verifyRound', () => {
  const serverSeed = 'f'.repeat(64);
  const seeds = { serverSeed, clientSeed: 'mine', nonce: 3 };

  it('recomputes a round and checks the commitment', async () => {
    const played = await playRound(nodeHmac, 'dice', seeds, { direction: 'OVER', target: 4000 }, 500n);
    const v = await verifyRound(webCryptoHmac(), webCryptoSha256, {
      engine: 'dice',
      ...seeds,
      serverSeedHash: serverSeedHashSync(serverSeed),
      params: { direction: 'OVER', target: 4000 },
      stake: 500n,
    });
    expect(v).toEqual({
      serverSeedHash: serverSeedHashSync(serverSeed),
      hashMatches: true,
      outcome: played.outcome,
      payout: played.payout,
    });
    const wrong = await verifyRound(nodeHmac, nodeSha256, {
      engine: 'dice',
      ...seeds,
      serverSeedHash: '0'.repeat(64),
      params: undefined,
    });
    expect(wrong.hashMatches).toBe(false);
    expect(wrong.payout).toBeNull();
  }, 10000);

  it('names the field that is wrong', async () => {
    const ok = { engine: 'slot' as EngineId, ...seeds, params: {} };
    const cases: [object, string][] = [
      [{ engine: 'poker' }, 'engine'],
      [{ serverSeed: 'xyz' }, 'serverSeed'],
      [{ clientSeed: '' }, 'clientSeed'],
      [{ nonce: -1 }, 'nonce'],
      [{ params: { lines: 5 } }, 'params'],
      [{ stake: -1n }, 'stake'],
    ];
    for (const [change, field] of cases) {
      await expect(verifyRound(nodeHmac, nodeSha256, { ...ok, ...change })).rejects.toEqual(expect.objectContaining({ field }));
    }
    await expect(verifyRound(nodeHmac, nodeSha256, { ...ok, engine: 'poker' as EngineId })).rejects.toBeInstanceOf(VerifyError);
  });
});

describe('the engine registry', () => {
  it('has the three engines under their ids', () => {
    expect(Object.keys(ENGINES)).toEqual(['slot', 'dice', 'andarbahar']);
    for (const id of ENGINE_IDS) expect(engineOf(id).id).toBe(id);
    expect(() => engineOf('roulette')).toThrow('unknown engine');
  });
});
