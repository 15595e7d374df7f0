// Captcha images drawn by the server. The characters are drawn as jittered stroke paths, never as
// <text>: an SVG with the answer in its markup would be read by any script. Each image is single
// use, lives 2 minutes and is bound to the IP it was drawn for; only a hash of its answer is kept.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/db';

export const CAPTCHA_TTL_S = 120;
export const CAPTCHA_LENGTH = 4;
/** No 0/O, 1/I/L, 2/Z, 5/S, 8/B: every character is unmistakable. */
export const CAPTCHA_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

type Stroke = [number, number][];
// A stroke font on a 10 × 14 grid (y down).
const GLYPHS: Record<string, Stroke[]> = {
  A: [
    [
      [0, 14],
      [5, 0],
      [10, 14],
    ],
    [
      [2, 9],
      [8, 9],
    ],
  ],
  C: [
    [
      [10, 2],
      [8, 0],
      [2, 0],
      [0, 3],
      [0, 11],
      [2, 14],
      [8, 14],
      [10, 12],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 14],
      [6, 14],
      [10, 10],
      [10, 4],
      [6, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
      [10, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  F: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  G: [
    [
      [10, 2],
      [8, 0],
      [2, 0],
      [0, 3],
      [0, 11],
      [2, 14],
      [8, 14],
      [10, 12],
      [10, 8],
      [6, 8],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [10, 14],
    ],
    [
      [0, 7],
      [10, 7],
    ],
  ],
  J: [
    [
      [3, 0],
      [10, 0],
    ],
    [
      [8, 0],
      [8, 11],
      [6, 14],
      [2, 14],
      [0, 11],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [0, 9],
    ],
    [
      [3, 6],
      [10, 14],
    ],
  ],
  M: [
    [
      [0, 14],
      [0, 0],
      [5, 8],
      [10, 0],
      [10, 14],
    ],
  ],
  N: [
    [
      [0, 14],
      [0, 0],
      [10, 14],
      [10, 0],
    ],
  ],
  P: [
    [
      [0, 14],
      [0, 0],
      [8, 0],
      [10, 2],
      [10, 5],
      [8, 7],
      [0, 7],
    ],
  ],
  Q: [
    [
      [2, 0],
      [8, 0],
      [10, 3],
      [10, 11],
      [8, 14],
      [2, 14],
      [0, 11],
      [0, 3],
      [2, 0],
    ],
    [
      [6, 10],
      [10, 15],
    ],
  ],
  R: [
    [
      [0, 14],
      [0, 0],
      [8, 0],
      [10, 2],
      [10, 5],
      [8, 7],
      [0, 7],
    ],
    [
      [5, 7],
      [10, 14],
    ],
  ],
  T: [
    [
      [0, 0],
      [10, 0],
    ],
    [
      [5, 0],
      [5, 14],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 11],
      [2, 14],
      [8, 14],
      [10, 11],
      [10, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [5, 14],
      [10, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2, 14],
      [5, 5],
      [8, 14],
      [10, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [10, 14],
    ],
    [
      [10, 0],
      [0, 14],
    ],
  ],
  Y: [
    [
      [0, 0],
      [5, 7],
      [10, 0],
    ],
    [
      [5, 7],
      [5, 14],
    ],
  ],
  '3': [
    [
      [0, 1],
      [2, 0],
      [8, 0],
      [10, 2],
      [10, 5],
      [7, 7],
      [3, 7],
    ],
    [
      [7, 7],
      [10, 9],
      [10, 12],
      [8, 14],
      [2, 14],
      [0, 13],
    ],
  ],
  '4': [
    [
      [7, 14],
      [7, 0],
      [0, 10],
      [10, 10],
    ],
  ],
  '6': [
    [
      [9, 1],
      [7, 0],
      [3, 0],
      [0, 4],
      [0, 11],
      [2, 14],
      [8, 14],
      [10, 12],
      [10, 9],
      [8, 7],
      [2, 7],
      [0, 9],
    ],
  ],
  '7': [
    [
      [0, 0],
      [10, 0],
      [4, 14],
    ],
  ],
  '9': [
    [
      [10, 5],
      [8, 7],
      [2, 7],
      [0, 5],
      [0, 2],
      [2, 0],
      [8, 0],
      [10, 2],
      [10, 10],
      [7, 14],
      [3, 14],
      [1, 13],
    ],
  ],
};

const WIDTH = 120;
const HEIGHT = 40;
const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const fmt = (n: number) => n.toFixed(1);
const colour = (lightness: [number, number]) =>
  `hsl(${randomInt(0, 360)},${randomInt(40, 80)}%,${randomInt(lightness[0], lightness[1])}%)`;

export function randomAnswer(length = CAPTCHA_LENGTH): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return s;
}

/** The SVG of an answer: each glyph scaled, rotated, sheared and jittered, under and over noise curves. */
export function drawCaptcha(answer: string): string {
  const parts: string[] = [];
  const noise = (n: number, width: [number, number]) => {
    for (let i = 0; i < n; i++) {
      const d = `M${fmt(rand(-5, 20))} ${fmt(rand(0, HEIGHT))}C${fmt(rand(20, 60))} ${fmt(rand(-10, HEIGHT + 10))} ${fmt(rand(60, 100))} ${fmt(rand(-10, HEIGHT + 10))} ${fmt(rand(100, WIDTH + 5))} ${fmt(rand(0, HEIGHT))}`;
      parts.push(
        `<path d="${d}" fill="none" stroke="${colour([35, 70])}" stroke-width="${fmt(rand(width[0], width[1]))}" stroke-linecap="round"/>`,
      );
    }
  };
  noise(3, [0.8, 1.6]);
  const slot = (WIDTH - 16) / answer.length;
  [...answer].forEach((ch, i) => {
    const strokes = GLYPHS[ch];
    if (!strokes) throw new Error(`no glyph for ${ch}`);
    const sx = rand(1.4, 1.8);
    const sy = rand(1.5, 1.8);
    const angle = (rand(-18, 18) * Math.PI) / 180;
    const shear = rand(-0.3, 0.3);
    const cx = 8 + slot * i + slot / 2 + rand(-3, 3);
    const cy = HEIGHT / 2 + rand(-3, 3);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const place = ([gx, gy]: [number, number]): [number, number] => {
      const x = (gx + rand(-0.6, 0.6) - 5) * sx;
      const y = (gy + rand(-0.6, 0.6) - 7) * sy;
      const xs = x + shear * y;
      return [cx + xs * cos - y * sin, cy + xs * sin + y * cos];
    };
    const d = strokes
      .map((stroke) =>
        stroke
          .map(place)
          .map(([x, y], j) => `${j ? 'L' : 'M'}${fmt(x)} ${fmt(y)}`)
          .join(''),
      )
      .join('');
    parts.push(
      `<path d="${d}" fill="none" stroke="${colour([15, 40])}" stroke-width="${fmt(rand(2.2, 3.2))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  noise(3, [1, 2]);
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<circle cx="${fmt(rand(0, WIDTH))}" cy="${fmt(rand(0, HEIGHT))}" r="${fmt(rand(0.5, 1.4))}" fill="${colour([20, 70])}"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${colour([90, 97])}"/>${parts.join('')}</svg>`
  );
}

const answerHash = (id: string, answer: string) => createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest();

/** Draws and stores a new captcha for `ip`: its id (the Captcha-Id header) and image (a data URL). */
export async function issueCaptcha(q: Queryable, ip: string): Promise<{ id: string; image: string; answer: string }> {
  // `answer` is for the caller's test hook only: never send it
  const id = randomBytes(16).toString('base64url');
  const answer = randomAnswer();
  await q.query(`INSERT INTO captchas (id, answer_hash, ip, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [
    id,
    answerHash(id, answer).toString('hex'),
    ip,
    CAPTCHA_TTL_S,
  ]);
  if (randomInt(50) === 0) {
    await q.query(`DELETE FROM captchas WHERE expires_at < now() - interval '1 hour'`);
  }
  const image = `data:image/svg+xml;base64,${Buffer.from(drawCaptcha(answer)).toString('base64')}`;
  return { id, image, answer };
}

const ID_FORMAT = /^[A-Za-z0-9_-]{22}$/;

/**
 * Checks an answer and uses the captcha up, right or wrong: one image, one attempt. False for a
 * missing, unknown, expired, used or foreign (another IP's) captcha. Case does not matter.
 */
export async function consumeCaptcha(
  q: Queryable,
  id: string | undefined,
  answer: string | undefined,
  ip: string,
): Promise<boolean> {
  if (!id || !answer || !ID_FORMAT.test(id) || answer.length > 16) return false;
  const row = await q.one<{ answer_hash: string; live: boolean }>(
    `UPDATE captchas SET used_at = now() WHERE id = $1 AND ip = $2 AND used_at IS NULL
     RETURNING answer_hash, expires_at > now() AS live`,
    [id, ip],
  );
  if (!row?.live) return false;
  return timingSafeEqual(Buffer.from(row.answer_hash, 'hex'), answerHash(id, answer));
}
