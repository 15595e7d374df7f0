/** Playing cards of one 52-card deck. A card's index is suit × 13 + rank (♠ A…K, ♥, ♦, ♣). */
export type Rank = 'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'J' | 'Q' | 'K';
export type Suit = 'S' | 'H' | 'D' | 'C';

export const RANKS: readonly Rank[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];

export interface Card {
  rank: Rank;
  suit: Suit;
}

const DECK: readonly Card[] = Array.from({ length: 52 }, (_, i) =>
  Object.freeze({ rank: RANKS[i % 13], suit: SUITS[Math.floor(i / 13)] }),
);

/** The card of an index (one shared, frozen object per card). */
export const cardOf = (index: number): Card => DECK[index];
export const cardIndex = (c: Card) => SUITS.indexOf(c.suit) * 13 + RANKS.indexOf(c.rank);
export const cardText = (c: Card) => `${c.rank}${{ S: '♠', H: '♥', D: '♦', C: '♣' }[c.suit]}`;
