// The raffle's draw: weighted by tickets, one place per member, never more winners than places.
import fc from 'fast-check';
import { drawWinners, ticketsFor } from './raffles';

describe('drawWinners', () => {
  it('distinct winners with tickets, as many as places allow', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 50 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 10 }),
        fc.infiniteStream(fc.double({ min: 0, max: 0.999999, noNaN: true })),
        (tickets, places, stream) => {
          const it = stream[Symbol.iterator]();
          const entries = tickets.map((n, id) => ({ id, tickets: n }));
          const won = drawWinners(entries, places, (n) => Math.floor(it.next().value * n));
          expect(new Set(won.map((w) => w.id)).size).toBe(won.length);
          expect(won.every((w) => w.tickets > 0)).toBe(true);
          expect(won.length).toBe(Math.min(places, tickets.filter((n) => n > 0).length));
        },
      ),
    );
  });

  it('the pick falls on the entry whose tickets cover it', () => {
    const entries = [
      { id: 'a', tickets: 1 },
      { id: 'b', tickets: 3 },
      { id: 'c', tickets: 0 },
      { id: 'd', tickets: 2 },
    ];
    expect(drawWinners(entries, 1, () => 0)[0].id).toBe('a');
    expect(drawWinners(entries, 1, () => 3)[0].id).toBe('b');
    expect(drawWinners(entries, 1, () => 4)[0].id).toBe('d');
    expect(drawWinners(entries, 3, () => 0).map((w) => w.id)).toEqual(['a', 'b', 'd']);
  });
});

describe('ticketsFor', () => {
  it('one per ratio, capped', () => {
    expect(ticketsFor(BigInt(999), BigInt(1000), 5)).toBe(0);
    expect(ticketsFor(BigInt(3500), BigInt(1000), 5)).toBe(3);
    expect(ticketsFor(BigInt(99999), BigInt(1000), 5)).toBe(5);
  });
});
