import { between, n, pickOne, shade, type Scene } from './svg.js';

/** Table tops, walls and floors shared by the still-life scenes. */

export type SurfaceKind = 'wood' | 'marble' | 'linen' | 'slate' | 'terrazzo';

const WOODS = ['#b07a4f', '#8a5a3b', '#c89a6a', '#6e4630', '#d4b28c'] as const;
const MARBLES = ['#f2efea', '#ebe6e1', '#f5f1ee', '#e9ecef'] as const;
const LINENS = ['#efe6da', '#dfe7e4', '#f1dcd3', '#e4e0ef', '#e9e2cf'] as const;
const SLATES = ['#2f3338', '#3a3f3a', '#33302e', '#26303a'] as const;

/** A wavy line across the frame (wood grain, marble vein, linen fold). */
function wave(s: Scene, y: number, amp: number, horizontal: boolean): string {
  const { width: w, height: h, r } = s;
  const len = horizontal ? w : h;
  const seg = len / 4;
  let d = horizontal ? `M-20 ${n(y)}` : `M${n(y)} -20`;
  for (let i = 1; i <= 5; i++) {
    const p = i * seg;
    const off = y + (r() - 0.5) * amp;
    d += horizontal
      ? ` Q${n(p - seg / 2)} ${n(off)} ${n(p)} ${n(y + (r() - 0.5) * amp * 0.4)}`
      : ` Q${n(off)} ${n(p - seg / 2)} ${n(y + (r() - 0.5) * amp * 0.4)} ${n(p)}`;
  }
  return d;
}

function wood(s: Scene, base: string, horizontal: boolean): void {
  const { width: w, height: h, r } = s;
  s.add(`<rect width="${w}" height="${h}" fill="${base}"/>`);
  const across = horizontal ? h : w;
  const plank = across / Math.round(between(r, 4, 7));
  for (let p = 0; p < across; p += plank) {
    const tone = shade(base, (r() - 0.5) * 0.22);
    const rect = horizontal
      ? `<rect x="0" y="${n(p)}" width="${w}" height="${n(plank)}"`
      : `<rect x="${n(p)}" y="0" width="${n(plank)}" height="${h}"`;
    s.add(`${rect} fill="${tone}"/>`);
    // Grain: thin, low-contrast waves along the plank.
    for (let g = 0; g < 9; g++) {
      const at = p + r() * plank;
      s.add(
        `<path d="${wave(s, at, plank * 0.25, horizontal)}" fill="none" stroke="${shade(base, -0.3)}" stroke-opacity="${n(between(r, 0.12, 0.3))}" stroke-width="${n(between(r, 1, 3.5))}"/>`,
      );
    }
    // The seam between planks.
    const seam = horizontal
      ? `<rect x="0" y="${n(p)}" width="${w}" height="3"`
      : `<rect x="${n(p)}" y="0" width="3" height="${h}"`;
    s.add(`${seam} fill="${shade(base, -0.5)}" opacity="0.55"/>`);
  }
}

function marble(s: Scene, base: string): void {
  const { width: w, height: h, r } = s;
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear(
      [
        [0, shade(base, 0.3)],
        [1, shade(base, -0.04)],
      ],
      0,
      0,
      1,
      1,
    )}"/>`,
  );
  for (let v = 0; v < 7; v++) {
    const y = r() * h;
    const d = wave(s, y, h * 0.3, true);
    const tone = shade(base, -between(r, 0.25, 0.45));
    s.add(
      `<path d="${d}" fill="none" stroke="${tone}" stroke-opacity="0.12" stroke-width="${n(between(r, 8, 16))}"/>`,
      `<path d="${d}" fill="none" stroke="${tone}" stroke-opacity="0.35" stroke-width="${n(between(r, 1, 2.5))}"/>`,
    );
  }
}

function linen(s: Scene, base: string): void {
  const { width: w, height: h, r } = s;
  s.add(`<rect width="${w}" height="${h}" fill="${base}"/>`);
  const weave = s.pattern(
    6,
    6,
    `<path d="M0 0.5H6M0.5 0V6" stroke="${shade(base, -0.25)}" stroke-width="0.8" stroke-opacity="0.35"/>`,
  );
  s.add(`<rect width="${w}" height="${h}" fill="${weave}"/>`);
  // Soft folds: broad light and dark bands.
  for (let f = 0; f < 4; f++) {
    const y = r() * h;
    s.add(
      `<path d="${wave(s, y, h * 0.15, r() < 0.5)}" fill="none" stroke="${r() < 0.5 ? '#ffffff' : shade(base, -0.4)}" stroke-opacity="0.14" stroke-width="${n(between(r, 30, 70))}"/>`,
    );
  }
}

function slate(s: Scene, base: string): void {
  const { width: w, height: h, r } = s;
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear(
      [
        [0, shade(base, 0.12)],
        [1, shade(base, -0.15)],
      ],
      0.15,
      0,
      0.85,
      1,
    )}"/>`,
  );
  for (let i = 0; i < 160; i++) {
    s.add(
      `<circle cx="${n(r() * w)}" cy="${n(r() * h)}" r="${n(between(r, 0.6, 2.2))}" fill="${r() < 0.5 ? '#ffffff' : '#000000'}" opacity="${n(between(r, 0.04, 0.12))}"/>`,
    );
  }
}

function terrazzo(s: Scene, base: string): void {
  const { width: w, height: h, r } = s;
  s.add(`<rect width="${w}" height="${h}" fill="${base}"/>`);
  const chips = ['#d98e73', '#8fb3a8', '#e8c07a', '#9a9fb5', '#ffffff'];
  for (let i = 0; i < 110; i++) {
    const x = r() * w;
    const y = r() * h;
    const rr = between(r, 3, 11);
    s.add(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rr)}" ry="${n(rr * between(r, 0.5, 1))}" transform="rotate(${n(r() * 180)} ${n(x)} ${n(y)})" fill="${pickOne(r, chips)}" opacity="0.75"/>`,
    );
  }
}

/** Fills the whole frame with a table top seen from above. */
export function tableTop(s: Scene, kind: SurfaceKind): void {
  const r = s.r;
  switch (kind) {
    case 'wood':
      wood(s, pickOne(r, WOODS), r() < 0.5);
      break;
    case 'marble':
      marble(s, pickOne(r, MARBLES));
      break;
    case 'linen':
      linen(s, pickOne(r, LINENS));
      break;
    case 'slate':
      slate(s, pickOne(r, SLATES));
      break;
    case 'terrazzo':
      terrazzo(s, pickOne(r, ['#efe9e1', '#f3ede6', '#e6e2dc']));
      break;
  }
}

/** A wall and a floor meeting at `horizonY` (front views: shelves, desks, rooms). */
export function wallAndFloor(
  s: Scene,
  opts: { wall: string; floor: string; horizonY: number; floorKind?: 'wood' | 'plain' },
): void {
  const { width: w, height: h, r } = s;
  s.add(
    `<rect width="${w}" height="${n(opts.horizonY)}" fill="${s.linear(
      [
        [0, shade(opts.wall, 0.08)],
        [1, shade(opts.wall, -0.08)],
      ],
      0,
      0,
      1,
      0.6,
    )}"/>`,
  );
  s.add(
    `<rect y="${n(opts.horizonY)}" width="${w}" height="${n(h - opts.horizonY)}" fill="${s.linear([
      [0, shade(opts.floor, -0.1)],
      [1, shade(opts.floor, 0.06)],
    ])}"/>`,
  );
  if (opts.floorKind === 'wood') {
    // Floorboards converge a little towards the back.
    for (let i = -8; i <= 16; i++) {
      const xb = (i / 8) * w;
      const xt = w / 2 + (xb - w / 2) * 0.55;
      s.add(
        `<path d="M${n(xt)} ${n(opts.horizonY)} L${n(xb)} ${h}" stroke="${shade(opts.floor, -0.35)}" stroke-opacity="0.35" stroke-width="2"/>`,
      );
    }
    for (let i = 0; i < 30; i++) {
      const y = opts.horizonY + r() * (h - opts.horizonY);
      s.add(
        `<path d="M${n(r() * w)} ${n(y)} h${n(between(r, 40, 160))}" stroke="${shade(opts.floor, -0.25)}" stroke-opacity="0.25" stroke-width="1.5"/>`,
      );
    }
  }
  // Skirting board and the contact shadow where wall meets floor.
  s.add(`<rect y="${n(opts.horizonY - 14)}" width="${w}" height="14" fill="${shade(opts.wall, 0.2)}"/>`);
  s.add(
    `<rect y="${n(opts.horizonY)}" width="${w}" height="40" fill="${s.linear([
      [0, '#000000', 0.22],
      [1, '#000000', 0],
    ])}"/>`,
  );
}
