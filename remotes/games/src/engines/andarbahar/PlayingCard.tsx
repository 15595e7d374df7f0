import type { TFunction } from 'i18next';
import type { Card } from '@khela/games-math';

const SUIT_GLYPH: Record<Card['suit'], string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** "Ace of spades" / "ইস্কাপনের টেক্কা". */
export function cardName(card: Card, t: TFunction): string {
  const rank = t(`andarbahar.ranks.${card.rank}`, { defaultValue: card.rank });
  return t('andarbahar.card', { rank, suit: t(`andarbahar.suits.${card.suit}`) });
}

/** One card face (or its back), with its name for assistive technology. */
export function PlayingCard({ card, t, highlight, back }: { card?: Card; t: TFunction; highlight?: boolean; back?: boolean }) {
  if (back || !card) return <span className="kg-card kg-card--back" aria-hidden="true" />;
  const red = card.suit === 'H' || card.suit === 'D';
  return (
    <span
      className={`kg-card${red ? ' kg-card--red' : ''}${highlight ? ' is-match' : ''}`}
      role="img"
      aria-label={cardName(card, t)}
      data-card={`${card.rank}${card.suit}`}
    >
      <span className="kg-card__rank">{card.rank}</span>
      <span className="kg-card__suit">{SUIT_GLYPH[card.suit]}</span>
    </span>
  );
}
