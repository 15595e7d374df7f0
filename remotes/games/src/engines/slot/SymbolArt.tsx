import type { ReactElement } from 'react';

/**
 * The slot's symbols as small inline SVGs (one viewBox, 0–100), drawn in the platform's emblem
 * style: flat shapes with a white outline. An unknown symbol id draws its initials, so a symbol a
 * newer engine adds still shows until it gets its art.
 */
const O = { stroke: '#fff', strokeWidth: 3, strokeLinejoin: 'round' as const };

const ART: Record<string, () => ReactElement> = {
  TIGER: () => (
    <>
      <circle cx="24" cy="26" r="11" fill="#f08a24" {...O} />
      <circle cx="76" cy="26" r="11" fill="#f08a24" {...O} />
      <ellipse cx="50" cy="55" rx="36" ry="34" fill="#f59b2f" {...O} />
      <path
        d="M50 22v14M36 26l4 12M64 26l-4 12M16 52h14M84 52H70M18 66l12-4M82 66l-12-4"
        stroke="#1b1b1b"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <ellipse cx="50" cy="70" rx="16" ry="12" fill="#fff4e0" />
      <circle cx="37" cy="50" r="5" fill="#1b1b1b" />
      <circle cx="63" cy="50" r="5" fill="#1b1b1b" />
      <path d="M44 62h12l-6 7z" fill="#3a1f12" />
      <text x="50" y="97" textAnchor="middle" fontSize="15" fontWeight="900" fill="#ffd34d" stroke="#3a1f12" strokeWidth="1">
        WILD
      </text>
    </>
  ),
  HILSA: () => (
    <>
      <path d="M10 52C26 30 58 28 78 44L94 30V74L78 60C58 76 26 74 10 52Z" fill="#c9d6e3" {...O} />
      <path d="M30 40C46 36 62 38 74 46" stroke="#8aa3bd" strokeWidth="3" fill="none" />
      <path d="M28 60C44 64 60 62 74 56" stroke="#8aa3bd" strokeWidth="3" fill="none" />
      <circle cx="24" cy="49" r="4" fill="#1b2a3a" />
    </>
  ),
  LILY: () => (
    <>
      {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
        <ellipse key={a} cx="50" cy="28" rx="9" ry="22" fill="#f27fb2" {...O} strokeWidth={2} transform={`rotate(${a} 50 50)`} />
      ))}
      <circle cx="50" cy="50" r="11" fill="#ffd34d" {...O} strokeWidth={2} />
    </>
  ),
  BOAT: () => (
    <>
      <path d="M50 10V62" stroke="#fff" strokeWidth="4" />
      <path d="M52 14C72 26 78 44 76 58H52Z" fill="#e9554a" {...O} />
      <path d="M8 62H92C84 80 70 86 50 86S16 80 8 62Z" fill="#8b5a2b" {...O} />
      <path d="M4 92C20 86 34 96 50 90S80 86 96 92" stroke="#4fb3ff" strokeWidth="4" fill="none" />
    </>
  ),
  RICKSHAW: () => (
    <>
      <path d="M30 22C30 14 70 14 70 22V50H30Z" fill="#2fb36b" {...O} />
      <path d="M26 50H76L84 62H26Z" fill="#e9554a" {...O} />
      <circle cx="30" cy="76" r="14" fill="none" {...O} strokeWidth={5} />
      <circle cx="76" cy="76" r="14" fill="none" {...O} strokeWidth={5} />
      <path d="M30 76L30 62M76 76L76 62M84 62L94 46" stroke="#fff" strokeWidth="4" />
      <path d="M34 30h32" stroke="#ffd34d" strokeWidth="4" />
    </>
  ),
  MANGO: () => (
    <>
      <path d="M54 18C80 22 92 48 80 70C68 92 30 92 20 70C12 50 28 20 54 18Z" fill="#ffc23d" {...O} />
      <path d="M30 50C30 66 44 78 62 78" stroke="#f08a24" strokeWidth="4" fill="none" opacity="0.7" />
      <path d="M54 18C56 10 62 6 70 6C72 14 64 20 54 18Z" fill="#3fbf5f" {...O} strokeWidth={2} />
    </>
  ),
  JACKFRUIT: () => (
    <>
      <ellipse cx="50" cy="54" rx="30" ry="38" fill="#9cc93a" {...O} />
      {[
        [40, 32],
        [56, 30],
        [34, 48],
        [50, 46],
        [66, 46],
        [38, 64],
        [54, 62],
        [66, 66],
        [46, 78],
        [60, 80],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="3.5" fill="#5f7d1e" />
      ))}
      <path d="M50 16V4" stroke="#7a4d1c" strokeWidth="5" strokeLinecap="round" />
    </>
  ),
  DOEL: () => (
    <>
      <path
        d="M16 58C16 38 32 28 50 30L70 22C78 22 84 28 84 34L72 40C72 60 58 72 38 72L14 86L22 66C18 64 16 62 16 58Z"
        fill="#1f2a36"
        {...O}
      />
      <path d="M30 50C40 46 54 48 62 56C52 64 38 64 30 58Z" fill="#fff" />
      <circle cx="72" cy="31" r="3.5" fill="#fff" />
      <path d="M84 34L94 36L84 40Z" fill="#ffd34d" />
    </>
  ),
  TEA: () => (
    <>
      <path
        d="M36 14C30 20 42 24 36 30M50 12C44 18 56 22 50 28M64 14C58 20 70 24 64 30"
        stroke="#dfe8f1"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M20 38H76V58C76 72 64 80 48 80S20 72 20 58Z" fill="#f4f1ea" {...O} />
      <path d="M76 44C90 44 90 62 76 62" fill="none" {...O} strokeWidth={5} />
      <rect x="24" y="42" width="48" height="8" fill="#b5651d" />
      <ellipse cx="48" cy="86" rx="36" ry="6" fill="#c98f4d" {...O} strokeWidth={2} />
    </>
  ),
};

const TINTS: Record<string, string> = { WILD: '#3a1f12', HIGH: '#26163f', LOW: '#10283d' };

export function SymbolArt({ id, kind, title }: { id: string; kind?: string; title?: string }) {
  const art = ART[id];
  return (
    <svg
      className="kg-symbol"
      viewBox="0 0 100 100"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      data-symbol={id}
    >
      {title ? <title>{title}</title> : null}
      <rect x="2" y="2" width="96" height="96" rx="18" fill={TINTS[kind ?? 'LOW'] ?? TINTS.LOW} />
      {art ? (
        art()
      ) : (
        <text x="50" y="62" textAnchor="middle" fontSize="34" fontWeight="800" fill="#fff">
          {id.slice(0, 2)}
        </text>
      )}
    </svg>
  );
}
