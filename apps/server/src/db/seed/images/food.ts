import { tableTop } from './surfaces.js';
import { between, blobPath, leafPath, n, pickOne, shade, type Scene } from './svg.js';
import { bowl, chopsticks, cup, glass, latteArt, napkin, plate, sprinkle, utensil } from './tableware.js';

/** Food, shot from above the table the way people photograph their plates. */

function basil(s: Scene, x: number, y: number, size: number, angle: number): void {
  s.add(
    `<path d="${leafPath(x, y, size, size * 0.32, angle)}" fill="${s.linear([
      [0, '#4f8f3a'],
      [1, '#2f6b27'],
    ])}"/>`,
    `<path d="${leafPath(x, y, size, 0.5, angle)}" stroke="#8cc46a" stroke-width="1.5" fill="none" opacity="0.7"/>`,
  );
}

/** Twirled pasta with sauce and basil on a plate, cutlery beside. */
export function pasta(s: Scene): void {
  const { width: w, height: h, r } = s;
  tableTop(s, s.vary(['slate', 'wood', 'marble', 'linen'] as const));
  const cx = w * between(r, 0.44, 0.56);
  const cy = h * between(r, 0.45, 0.55);
  const R = Math.min(w, h) * 0.42;
  if (r() < 0.7)
    napkin(
      s,
      cx - R * 1.6,
      cy + R * 0.5,
      R * 0.9,
      R * 1.3,
      pickOne(r, ['#e9e1d3', '#c9d6cf', '#e7c9b9']),
      -12,
    );
  const well = plate(s, cx, cy, R);
  const sauce = pickOne(r, [
    { noodle: '#f0cf83', sauce: '#b8361f' },
    { noodle: '#efd28f', sauce: '#e7d6a8' },
    { noodle: '#f2d68e', sauce: '#5a8f3a' },
  ]);
  // The nest: many arcs around the centre, darker strands under lighter ones for depth.
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < 55; i++) {
      const rad = between(r, 0.12, 0.9) * well;
      const start = r() * Math.PI * 2;
      const sweep = between(r, 0.8, 2.6);
      const ox = cx + (r() - 0.5) * well * 0.15;
      const oy = cy + (r() - 0.5) * well * 0.15;
      const x1 = ox + Math.cos(start) * rad;
      const y1 = oy + Math.sin(start) * rad;
      const x2 = ox + Math.cos(start + sweep) * rad;
      const y2 = oy + Math.sin(start + sweep) * rad;
      s.add(
        `<path d="M${n(x1)} ${n(y1)} A${n(rad)} ${n(rad)} 0 ${sweep > Math.PI ? 1 : 0} 1 ${n(x2)} ${n(y2)}" fill="none" stroke="${pass === 0 ? shade(sauce.noodle, -0.3) : shade(sauce.noodle, (r() - 0.5) * 0.15)}" stroke-width="${n(pass === 0 ? well * 0.05 : well * 0.035)}" stroke-linecap="round"/>`,
      );
    }
  }
  const sx = cx + (r() - 0.5) * well * 0.2;
  const sy = cy + (r() - 0.5) * well * 0.2;
  s.add(
    `<path d="${blobPath(r, sx, sy, well * 0.36, well * 0.32, 0.25)}" fill="${s.radial(
      [
        [0, shade(sauce.sauce, 0.15)],
        [0.8, sauce.sauce],
        [1, shade(sauce.sauce, -0.25)],
      ],
      0.4,
      0.35,
      0.7,
    )}"/>`,
    `<ellipse cx="${n(sx - well * 0.1)}" cy="${n(sy - well * 0.1)}" rx="${n(well * 0.08)}" ry="${n(well * 0.04)}" fill="#ffffff" opacity="0.45" transform="rotate(-30 ${n(sx)} ${n(sy)})"/>`,
  );
  const toppings = pickOne(r, ['tomato', 'meatball', 'none'] as const);
  for (let i = 0; i < (toppings === 'none' ? 0 : 3 + Math.floor(r() * 3)); i++) {
    const a = r() * Math.PI * 2;
    const x = sx + Math.cos(a) * well * between(r, 0.2, 0.5);
    const y = sy + Math.sin(a) * well * between(r, 0.2, 0.5);
    const c = toppings === 'tomato' ? '#d8321e' : '#7a3b22';
    s.add(
      `<circle cx="${n(x + 4)}" cy="${n(y + 6)}" r="${n(well * 0.11)}" fill="#000" opacity="0.25"/>`,
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(well * 0.11)}" fill="${s.radial(
        [
          [0, shade(c, 0.35)],
          [0.7, c],
          [1, shade(c, -0.35)],
        ],
        0.35,
        0.3,
        0.7,
      )}"/>`,
    );
  }
  sprinkle(s, cx, cy, well * 0.55, 45, ['#fbf3d9', '#f4e6b8'], [2, 5]);
  for (let i = 0; i < 3; i++)
    basil(s, sx + (r() - 0.5) * well * 0.3, sy + (r() - 0.5) * well * 0.3, well * 0.28, r() * 360);
  utensil(s, 'fork', cx + R * 1.22, cy - R * 0.75, R * 1.55, between(r, -6, 6));
  if (r() < 0.6) utensil(s, 'knife', cx + R * 1.48, cy - R * 0.6, R * 1.5, between(r, -4, 4));
  if (r() < 0.75)
    glass(s, cx - R * 0.95, cy - R * 1.12, R * 0.3, pickOne(r, ['#7a1f2b', '#e6eef2', '#f2c14e']));
  s.lightWash('#fff3da', 0.18, 0, 0, 1, 1);
}

/** A bowl of ramen: broth, noodles, egg, chashu, nori, scallions, with chopsticks. */
export function ramen(s: Scene): void {
  const { width: w, height: h, r } = s;
  tableTop(s, s.vary(['wood', 'slate', 'linen'] as const));
  const cx = w * between(r, 0.45, 0.55);
  const cy = h * between(r, 0.46, 0.54);
  const R = Math.min(w, h) * 0.38;
  const inner = bowl(s, cx, cy, R, pickOne(r, ['#2d2a28', '#e9e4dc', '#1f3a5a', '#8a3b26']));
  const broth = pickOne(r, ['#d9a15b', '#c98c4a', '#e6c089', '#b8562e']);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(inner)}" fill="${s.radial(
      [
        [0, shade(broth, 0.2)],
        [0.75, broth],
        [1, shade(broth, -0.3)],
      ],
      0.45,
      0.4,
      0.6,
    )}"/>`,
  );
  // Noodles surfacing on one side.
  for (let i = 0; i < 26; i++) {
    const y = cy + inner * between(r, 0.02, 0.8);
    const half = Math.sqrt(Math.max(0, inner * inner - (y - cy) ** 2)) * between(r, 0.5, 0.9);
    const x0 = cx - half + (r() - 0.5) * inner * 0.2;
    const amp = between(r, 4, 12);
    const steps = 5 + Math.floor(r() * 5);
    let d = `M${n(x0)} ${n(y)}`;
    for (let k = 1; k <= steps; k++) {
      const yy = y + (r() - 0.5) * amp;
      d += ` Q${n(x0 + ((k - 0.5) * 2 * half) / steps)} ${n(yy + (k % 2 ? amp : -amp))} ${n(x0 + (k * 2 * half) / steps)} ${n(yy)}`;
    }
    s.add(
      `<path d="${d}" fill="none" stroke="${shade(broth, -0.25)}" stroke-width="${n(inner * 0.038)}" stroke-linecap="round" opacity="0.6"/>`,
      `<path d="${d}" fill="none" stroke="${shade('#f1d79a', (r() - 0.5) * 0.2)}" stroke-width="${n(inner * 0.026)}" stroke-linecap="round"/>`,
    );
  }
  // Chashu slices.
  for (let i = 0; i < 2 + Math.floor(r() * 2); i++) {
    const a = -2.6 + i * 0.55 + r() * 0.2;
    const x = cx + Math.cos(a) * inner * 0.5;
    const y = cy + Math.sin(a) * inner * 0.5;
    s.add(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(inner * 0.25)}" fill="#8a4b2d"/>`,
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(inner * 0.22)}" fill="${s.radial([
        [0, '#e9b7a0'],
        [0.7, '#d8957a'],
        [1, '#f3dccd'],
      ])}"/>`,
    );
  }
  // Two halves of a soft egg.
  for (let i = 0; i < 2; i++) {
    const x = cx + inner * (0.32 + i * 0.3);
    const y = cy - inner * (0.38 - i * 0.18);
    s.add(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(inner * 0.17)}" ry="${n(inner * 0.22)}" fill="#fbf6ea" transform="rotate(${n(30 + i * 20)} ${n(x)} ${n(y)})"/>`,
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(inner * 0.1)}" fill="${s.radial([
        [0, '#f7a21b'],
        [0.7, '#f08a12'],
        [1, '#f5c15a'],
      ])}"/>`,
    );
  }
  // Nori against the rim.
  s.add(
    `<rect x="${n(cx + inner * 0.35)}" y="${n(cy - inner * 0.95)}" width="${n(inner * 0.42)}" height="${n(inner * 0.6)}" fill="#1d2b22" transform="rotate(28 ${n(cx + inner * 0.5)} ${n(cy - inner * 0.6)})"/>`,
  );
  sprinkle(s, cx, cy, inner * 0.75, 70, ['#7dbb4a', '#5e9e35', '#a9d77b'], [3, 7]);
  sprinkle(s, cx, cy, inner * 0.8, 40, ['#f5ecd8'], [1.2, 2.2]);
  if (r() < 0.6) sprinkle(s, cx, cy, inner * 0.85, 30, ['#c0261b', '#e04a23'], [2, 6]);
  chopsticks(s, cx - R * 1.1, cy + R * 1.15, R * 2.3, -18, pickOne(r, ['#c8a27a', '#3b2a20', '#a0522d']));
  if (r() < 0.7) {
    const dx = cx + R * 0.95;
    const dy = cy + R * 1.05;
    bowl(s, dx, dy, R * 0.28, '#f1ede5');
    s.add(`<circle cx="${n(dx)}" cy="${n(dy)}" r="${n(R * 0.22)}" fill="#3a1e12"/>`);
  }
  s.lightWash('#ffe9c4', 0.15, 0, 0, 1, 1);
}

function croissant(s: Scene, cx: number, cy: number, size: number, angle: number): void {
  // A crescent outline, then the rolled layers as curved bands across it.
  const outline = `M${n(-size)} ${n(size * 0.35)} Q${n(-size * 0.95)} ${n(-size * 0.55)} 0 ${n(-size * 0.5)} Q${n(size * 0.95)} ${n(-size * 0.55)} ${n(size)} ${n(size * 0.35)} Q${n(size * 0.55)} ${n(size * 0.05)} 0 ${n(size * 0.12)} Q${n(-size * 0.55)} ${n(size * 0.05)} ${n(-size)} ${n(size * 0.35)} Z`;
  const bands = Array.from({ length: 6 }, (_, i) => {
    const x = -size * 0.68 + i * size * 0.27;
    return `<path d="M${n(x - size * 0.06)} ${n(-size * 0.55)} Q${n(x + size * 0.12)} ${n(-size * 0.15)} ${n(x - size * 0.02)} ${n(size * 0.25)}" fill="none" stroke="#8a4a16" stroke-opacity="0.45" stroke-width="${n(size * 0.035)}" stroke-linecap="round"/>`;
  }).join('');
  s.shadow(cx + size * 0.1, cy + size * 0.2, size * 1.25, size * 0.65, 0.4);
  const inside = s.clip(`<path d="${outline}"/>`);
  s.add(
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})"><path d="${outline}" fill="${s.radial(
      [
        [0, '#f6cf8a'],
        [0.6, '#df9a45'],
        [1, '#a8601f'],
      ],
      0.45,
      0.25,
      0.75,
    )}"/><g clip-path="${inside}">${bands}</g><path d="M${n(-size * 0.5)} ${n(-size * 0.38)} Q0 ${n(-size * 0.55)} ${n(size * 0.5)} ${n(-size * 0.38)}" fill="none" stroke="#ffe6b8" stroke-opacity="0.5" stroke-width="${n(size * 0.05)}" stroke-linecap="round"/></g>`,
  );
}

function avocadoToast(s: Scene, cx: number, cy: number, size: number): void {
  const r = s.r;
  const tw = size * 1.3;
  const th = size;
  s.add(
    `<rect x="${n(cx - tw / 2)}" y="${n(cy - th / 2)}" width="${n(tw)}" height="${n(th)}" rx="${n(size * 0.22)}" fill="#a8672e"/>`,
    `<rect x="${n(cx - tw / 2 + size * 0.07)}" y="${n(cy - th / 2 + size * 0.07)}" width="${n(tw - size * 0.14)}" height="${n(th - size * 0.14)}" rx="${n(size * 0.17)}" fill="${s.radial(
      [
        [0, '#edcf97'],
        [1, '#d9ad6a'],
      ],
    )}"/>`,
  );
  // A fan of avocado slices.
  for (let i = 0; i < 6; i++) {
    const x = cx - tw * 0.3 + i * tw * 0.11;
    s.add(
      `<ellipse cx="${n(x)}" cy="${n(cy)}" rx="${n(size * 0.09)}" ry="${n(size * 0.36)}" transform="rotate(${n(-18 + i * 4)} ${n(x)} ${n(cy)})" fill="${s.linear(
        [
          [0, '#cfe08a'],
          [0.7, '#9cbf4f'],
          [1, '#4c6b22'],
        ],
        0,
        0,
        1,
        0,
      )}"/>`,
    );
  }
  sprinkle(s, cx, cy, size * 0.45, 25, ['#c62d1f', '#e0b040', '#f5f0e6'], [1.5, 3.5]);
  if (r() < 0.6) {
    const ex = cx + tw * 0.22;
    s.add(
      `<path d="${blobPath(r, ex, cy - th * 0.05, size * 0.3, size * 0.26, 0.22)}" fill="#fbfaf4"/>`,
      `<circle cx="${n(ex)}" cy="${n(cy - th * 0.05)}" r="${n(size * 0.12)}" fill="${s.radial(
        [
          [0, '#ffc93a'],
          [1, '#f29d12'],
        ],
        0.4,
        0.4,
        0.6,
      )}"/>`,
    );
  }
}

function berries(s: Scene, cx: number, cy: number, radius: number): void {
  const inner = bowl(s, cx, cy, radius, pickOne(s.r, ['#f3efe8', '#b9d3de', '#e8c9b5']));
  const r = s.r;
  for (let i = 0; i < 26; i++) {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r()) * inner * 0.8;
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    const c = pickOne(r, ['#3b3f8c', '#2e335f', '#c2213a', '#8e1631']);
    s.add(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(inner * 0.16)}" fill="${c}"/>`,
      `<circle cx="${n(x - inner * 0.05)}" cy="${n(y - inner * 0.05)}" r="${n(inner * 0.04)}" fill="#ffffff" opacity="0.45"/>`,
    );
  }
}

/** Brunch: a latte, avocado toast, a croissant, berries and juice. */
export function brunch(s: Scene): void {
  const { width: w, height: h, r } = s;
  tableTop(s, s.vary(['marble', 'wood', 'terrazzo', 'linen'] as const));
  const u = Math.min(w, h);
  const px = w * between(r, 0.36, 0.46);
  const py = h * between(r, 0.5, 0.6);
  plate(s, px, py, u * 0.3);
  avocadoToast(s, px, py, u * 0.28);
  const cx = w * 0.78;
  const cy = h * 0.24;
  const drink = cup(s, cx, cy, u * 0.11, {
    body: pickOne(r, ['#f4f1ea', '#2f4858', '#d8c3a5', '#9fb8ad']),
    drink: '#a86b3c',
    handleAngle: 40,
  });
  latteArt(s, cx, cy, drink, between(r, -20, 20));
  croissant(s, w * 0.22, h * 0.18, u * 0.16, between(r, 160, 210));
  if (r() < 0.7) berries(s, w * 0.8, h * 0.72, u * 0.12);
  else glass(s, w * 0.8, h * 0.72, u * 0.1, '#f39a1e');
  utensil(s, 'knife', px + u * 0.36, py - u * 0.25, u * 0.45, 8);
  if (r() < 0.5) napkin(s, w * 0.05, h * 0.78, u * 0.25, u * 0.3, pickOne(r, ['#f0e2cf', '#dbe4d7']), 18);
  s.lightWash('#fff6e2', 0.22, 0, 0, 1, 0.8);
}
