/**
 * Prints each engine's RTP measured over a million rounds (fixed seeds: the RTP test's run) next
 * to the documented one, and how long each took. Run:
 * node scripts/pnpm.mjs --filter @khela/games-math exec tsx scripts/simulate-rtp.ts [rounds]
 */
import { simulateAndarBahar, simulateDice, simulateSlot, type SimulatedBet } from '../src/simulate';

const rounds = Number(process.argv[2] ?? 1_000_000);
const line = (r: SimulatedBet, ms: number) =>
  console.log(
    `${r.bet.padEnd(18)} ${r.rounds} rounds  measured ${(r.measured * 100).toFixed(5)} %  documented ${(r.documented * 100).toFixed(5)} %  ` +
      `deviation ${r.deviationPp >= 0 ? '+' : ''}${r.deviationPp.toFixed(4)} pp  hits ${(r.hitRate * 100).toFixed(2)} %  ${ms.toFixed(0)} ms`,
  );
for (const run of [() => [simulateSlot(rounds)], () => [simulateDice(rounds)], () => simulateAndarBahar(rounds)]) {
  const t = performance.now();
  const results = run();
  const ms = performance.now() - t;
  for (const r of results) line(r, ms);
}
