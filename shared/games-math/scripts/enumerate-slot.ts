/**
 * The slot's figures by full enumeration: every one of the 32⁵ = 33,554,432 stop combinations,
 * each equally likely. Prints the exact RTP (a fraction; it must equal slotRtp(), the per-line
 * computation), the hit frequency, the standard deviation of a spin's return, the largest win and
 * where it happens. Run: node scripts/pnpm.mjs --filter @khela/games-math exec tsx scripts/enumerate-slot.ts
 */
import { fraction, toPercent } from '../src/rational';
import { SLOT_LINES, SLOT_STRIPS, slotRtp, spinPays } from '../src/slot';

const started = performance.now();
const lengths = SLOT_STRIPS.map((s) => s.length);
const stops = [0, 0, 0, 0, 0];
let sum = 0;
let sumSq = 0;
let hits = 0;
let max = 0;
let maxAt: number[] = [];
let combos = 0;
const histogram = new Map<number, number>();
for (stops[0] = 0; stops[0] < lengths[0]; stops[0]++)
  for (stops[1] = 0; stops[1] < lengths[1]; stops[1]++)
    for (stops[2] = 0; stops[2] < lengths[2]; stops[2]++)
      for (stops[3] = 0; stops[3] < lengths[3]; stops[3]++)
        for (stops[4] = 0; stops[4] < lengths[4]; stops[4]++) {
          const pays = spinPays(stops);
          combos++;
          sum += pays;
          sumSq += pays * pays;
          if (pays > 0) hits++;
          if (pays > max) {
            max = pays;
            maxAt = stops.slice();
          }
          histogram.set(pays, (histogram.get(pays) ?? 0) + 1);
        }
// the sums are exact: integers far below 2^53
const rtp = fraction(BigInt(sum), BigInt(combos) * BigInt(SLOT_LINES));
const exact = slotRtp();
const mean = sum / combos / SLOT_LINES;
const variance = sumSq / combos / SLOT_LINES ** 2 - mean * mean;
console.log(`combinations        ${combos}`);
console.log(`RTP by enumeration  ${rtp.num}/${rtp.den} = ${toPercent(rtp, 6)} %`);
console.log(
  `RTP per line        ${exact.num}/${exact.den} = ${toPercent(exact, 6)} % (${exact.num === rtp.num && exact.den === rtp.den ? 'equal' : 'DIFFERENT'})`,
);
console.log(`hit frequency       ${((hits / combos) * 100).toFixed(3)} % of spins win something`);
console.log(`std deviation       ${Math.sqrt(variance).toFixed(4)} × stake per spin`);
console.log(`  of 1,000,000 spins' RTP: ${((Math.sqrt(variance) / 1000) * 100).toFixed(4)} percentage points`);
console.log(`largest win         ${max} line bets = ${(max / SLOT_LINES).toFixed(2)} × stake, at stops [${maxAt.join(', ')}]`);
const top = [...histogram].sort((a, b) => b[0] - a[0]).slice(0, 5);
console.log(`largest wins        ${top.map(([p, n]) => `${p}: ${n}×`).join(', ')}`);
console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
