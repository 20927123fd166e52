import { potPlant } from './fashion.js';
import { tableTop, wallAndFloor } from './surfaces.js';
import { cup, latteArt, metal } from './tableware.js';
import { between, group, n, pickOne, shade, type Scene } from './svg.js';

/** Desks and devices: a monitor with code, a tech flat lay, a mechanical keyboard. */

const SYNTAX = ['#c678dd', '#61afef', '#98c379', '#e5c07b', '#e06c75', '#56b6c2', '#abb2bf'] as const;

/** A dark code editor filling the rectangle: gutter, indented coloured lines, a tab bar. */
function codeScreen(s: Scene, x: number, y: number, w: number, h: number): string {
  const r = s.r;
  const line = h / 26;
  let out = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="#1e222a"/><rect x="${n(x)}" y="${n(y)}" width="${n(w * 0.18)}" height="${n(h)}" fill="#21252d"/><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(line * 1.4)}" fill="#181a1f"/><rect x="${n(x + w * 0.18)}" y="${n(y)}" width="${n(w * 0.16)}" height="${n(line * 1.4)}" fill="#1e222a"/>`;
  for (let i = 0; i < 10; i++) {
    out += `<rect x="${n(x + w * 0.02)}" y="${n(y + line * (2.2 + i * 1.3))}" width="${n(w * between(r, 0.06, 0.13))}" height="${n(line * 0.45)}" rx="2" fill="#5c6370" opacity="0.8"/>`;
  }
  let indent = 0;
  for (let i = 0; i < 22; i++) {
    const ly = y + line * (2.2 + i * 1.05);
    if (ly > y + h - line) break;
    indent = Math.max(0, Math.min(4, indent + (r() < 0.3 ? 1 : r() < 0.3 ? -1 : 0)));
    let lx = x + w * 0.21 + indent * w * 0.03;
    const words = 1 + Math.floor(r() * 4);
    for (let k = 0; k < words && r() > 0.08; k++) {
      const ww = w * between(r, 0.03, 0.12);
      if (lx + ww > x + w * 0.97) break;
      out += `<rect x="${n(lx)}" y="${n(ly)}" width="${n(ww)}" height="${n(line * 0.5)}" rx="2" fill="${pickOne(r, SYNTAX)}"/>`;
      lx += ww + w * 0.012;
    }
  }
  return out;
}

/** A wallpaper: a gradient with soft hills, for screens that are not editors. */
function wallpaperScreen(s: Scene, x: number, y: number, w: number, h: number): string {
  const r = s.r;
  const hue = pickOne(r, [
    ['#1b2a6b', '#6b3fa0', '#f08a5d'],
    ['#0f4c5c', '#2a9d8f', '#e9c46a'],
    ['#2b2d42', '#8d99ae', '#edf2f4'],
  ]);
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${s.linear([
    [0, hue[0]!],
    [0.6, hue[1]!],
    [1, hue[2]!],
  ])}"/><path d="M${n(x)} ${n(y + h * 0.75)} Q${n(x + w * 0.3)} ${n(y + h * 0.55)} ${n(x + w * 0.6)} ${n(y + h * 0.7)} T${n(x + w)} ${n(y + h * 0.65)} V${n(y + h)} H${n(x)} Z" fill="#000" opacity="0.25"/>`;
}

/** A monitor on a desk against a wall: lamp, keyboard, mouse, plant, mug. */
export function desk(s: Scene): void {
  const { width: w, height: h, r } = s;
  const deskY = h * between(r, 0.62, 0.68);
  wallAndFloor(s, {
    wall: s.vary(['#2f3640', '#e9e4dc', '#dfe5ea', '#e8dfd2', '#d5dccf']),
    floor: pickOne(r, ['#b07a4f', '#d4b28c', '#8a5a3b', '#f2efea', '#3a3f44']),
    horizonY: deskY,
  });
  s.glow(w * 0.5, deskY - h * 0.25, w * 0.4, pickOne(r, ['#8fb8ff', '#ffb38a', '#b48aff']), 0.35);
  // Desk front edge.
  s.add(`<rect y="${n(deskY)}" width="${w}" height="${n(h * 0.018)}" fill="#000" opacity="0.18"/>`);
  // Monitor.
  const mw = w * between(r, 0.58, 0.68);
  const mh = mw * 0.58;
  const mx = w / 2 - mw / 2 + (r() - 0.5) * w * 0.08;
  const my = deskY - h * 0.08 - mh;
  s.add(
    `<rect x="${n(mx + mw / 2 - w * 0.015)}" y="${n(my + mh)}" width="${n(w * 0.03)}" height="${n(h * 0.08)}" fill="${metal(s, '#9aa0a6')}"/>`,
    `<ellipse cx="${n(mx + mw / 2)}" cy="${n(deskY - 3)}" rx="${n(w * 0.09)}" ry="${n(h * 0.012)}" fill="${metal(s, '#b0b6bc')}"/>`,
    `<rect x="${n(mx - 8)}" y="${n(my - 8)}" width="${n(mw + 16)}" height="${n(mh + 16)}" rx="10" fill="#141414"/>`,
    r() < 0.65 ? codeScreen(s, mx, my, mw, mh) : wallpaperScreen(s, mx, my, mw, mh),
    `<path d="M${n(mx + mw * 0.6)} ${n(my)} l${n(mw * 0.25)} 0 l${n(-mw * 0.3)} ${n(mh)} l${n(-mw * 0.25)} 0 Z" fill="#ffffff" opacity="0.05"/>`,
  );
  // Keyboard and mouse in front, seen slightly from above.
  const kw = mw * 0.7;
  const kx = w / 2 - kw / 2;
  const ky = deskY + h * 0.06;
  const kc = pickOne(r, ['#e9e4dc', '#2b2b2b', '#c9ced4']);
  s.add(
    `<rect x="${n(kx + 10)}" y="${n(ky + 14)}" width="${n(kw)}" height="${n(h * 0.07)}" rx="10" fill="#000" opacity="0.2"/>`,
    `<rect x="${n(kx)}" y="${n(ky)}" width="${n(kw)}" height="${n(h * 0.07)}" rx="10" fill="${kc}"/>`,
  );
  for (let row = 0; row < 4; row++) {
    for (let k = 0; k < 14; k++) {
      s.add(
        `<rect x="${n(kx + kw * 0.025 + (k * kw * 0.95) / 14)}" y="${n(ky + h * 0.007 + row * h * 0.015)}" width="${n((kw * 0.95) / 14 - 4)}" height="${n(h * 0.011)}" rx="2" fill="${shade(kc, kc === '#2b2b2b' ? 0.15 : -0.08)}"/>`,
      );
    }
  }
  const mouseX = kx + kw + w * 0.06;
  s.add(
    `<ellipse cx="${n(mouseX + 6)}" cy="${n(ky + h * 0.04 + 8)}" rx="${n(w * 0.028)}" ry="${n(h * 0.03)}" fill="#000" opacity="0.2"/>`,
    `<ellipse cx="${n(mouseX)}" cy="${n(ky + h * 0.04)}" rx="${n(w * 0.028)}" ry="${n(h * 0.03)}" fill="${kc}"/>`,
  );
  // Desk lamp with a pool of light.
  const lampLeft = r() < 0.5;
  const lx = lampLeft ? w * 0.1 : w * 0.9;
  const dir = lampLeft ? 1 : -1;
  s.glow(lx + dir * w * 0.12, deskY + h * 0.02, w * 0.25, '#fff1c9', 0.5);
  s.add(
    `<ellipse cx="${n(lx)}" cy="${n(deskY - 4)}" rx="${n(w * 0.05)}" ry="${n(h * 0.01)}" fill="#222"/>`,
    `<path d="M${n(lx)} ${n(deskY - 4)} L${n(lx + dir * w * 0.03)} ${n(deskY - h * 0.25)} L${n(lx + dir * w * 0.12)} ${n(deskY - h * 0.3)}" stroke="#222" stroke-width="7" fill="none" stroke-linejoin="round"/>`,
    `<path d="M${n(lx + dir * w * 0.1)} ${n(deskY - h * 0.33)} l${n(dir * w * 0.1)} ${n(h * 0.05)} l${n(-dir * w * 0.03)} ${n(h * 0.035)} l${n(-dir * w * 0.1)} ${n(-h * 0.05)} Z" fill="#222"/>`,
  );
  s.glow(lx + dir * w * 0.16, deskY - h * 0.24, w * 0.08, '#fff6d8', 0.8);
  potPlant(s, lampLeft ? w * 0.88 : w * 0.12, deskY - 2, h * 0.22);
  // Mug.
  const cx = lampLeft ? w * 0.22 : w * 0.78;
  const mugColor = pickOne(r, ['#f4f1ea', '#c8553d', '#2f4858', '#d9a441']);
  s.add(
    `<rect x="${n(cx - w * 0.03)}" y="${n(deskY + h * 0.02)}" width="${n(w * 0.06)}" height="${n(h * 0.065)}" rx="6" fill="${s.linear(
      [
        [0, shade(mugColor, 0.15)],
        [1, shade(mugColor, -0.2)],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
    `<path d="M${n(cx + w * 0.03)} ${n(deskY + h * 0.035)} q${n(w * 0.025)} 0 ${n(w * 0.02)} ${n(h * 0.02)} q-4 ${n(h * 0.015)} ${n(-w * 0.02)} ${n(h * 0.015)}" stroke="${mugColor}" stroke-width="6" fill="none"/>`,
  );
  s.lightWash('#ffffff', 0.1, 0.5, 0, 0.5, 1);
}

function phone(s: Scene, x: number, y: number, pw: number, angle: number): void {
  const ph = pw * 2.05;
  const r = s.r;
  const icons = Array.from({ length: 20 }, (_, i) => {
    const col = i % 4;
    const row = Math.floor(i / 4);
    return `<rect x="${n(-pw * 0.38 + col * pw * 0.2)}" y="${n(-ph * 0.34 + row * pw * 0.24)}" width="${n(pw * 0.14)}" height="${n(pw * 0.14)}" rx="${n(pw * 0.035)}" fill="${pickOne(r, ['#ff5f57', '#febc2e', '#28c840', '#0a84ff', '#bf5af2', '#ff9f0a', '#64d2ff', '#f2f2f7'])}"/>`;
  }).join('');
  s.add(
    group(
      `translate(${n(x)} ${n(y)}) rotate(${n(angle)})`,
      `<rect x="${n(-pw / 2 + 10)}" y="${n(-ph / 2 + 14)}" width="${n(pw)}" height="${n(ph)}" rx="${n(pw * 0.14)}" fill="#000" opacity="0.25"/>`,
      `<rect x="${n(-pw / 2)}" y="${n(-ph / 2)}" width="${n(pw)}" height="${n(ph)}" rx="${n(pw * 0.14)}" fill="${metal(s, '#4a4d52')}"/>`,
      `<rect x="${n(-pw / 2 + 6)}" y="${n(-ph / 2 + 6)}" width="${n(pw - 12)}" height="${n(ph - 12)}" rx="${n(pw * 0.12)}" fill="${s.linear(
        [
          [0, pickOne(r, ['#2b3a67', '#1f4037', '#3a1c71'])],
          [1, pickOne(r, ['#f4a261', '#99f2c8', '#d76d77'])],
        ],
        0,
        0,
        1,
        1,
      )}"/>`,
      icons,
      `<rect x="${n(-pw * 0.14)}" y="${n(-ph / 2 + 14)}" width="${n(pw * 0.28)}" height="${n(pw * 0.07)}" rx="${n(pw * 0.035)}" fill="#000"/>`,
    ),
  );
}

function headphones(s: Scene, x: number, y: number, size: number, angle: number): void {
  const c = pickOne(s.r, ['#1d1d1f', '#e9e4dc', '#c9ced4', '#2f4858']);
  s.add(
    group(
      `translate(${n(x)} ${n(y)}) rotate(${n(angle)})`,
      `<path d="M${n(-size * 0.55)} 0 A${n(size * 0.55)} ${n(size * 0.6)} 0 0 1 ${n(size * 0.55)} 0" stroke="#000" stroke-opacity="0.2" stroke-width="${n(size * 0.09)}" fill="none" transform="translate(8 12)"/>`,
      `<path d="M${n(-size * 0.55)} 0 A${n(size * 0.55)} ${n(size * 0.6)} 0 0 1 ${n(size * 0.55)} 0" stroke="${shade(c, -0.1)}" stroke-width="${n(size * 0.09)}" fill="none" stroke-linecap="round"/>`,
      ...[-1, 1].map(
        (side) =>
          `<ellipse cx="${n(side * size * 0.55)}" cy="${n(size * 0.12)}" rx="${n(size * 0.17)}" ry="${n(size * 0.24)}" fill="${s.radial(
            [
              [0, shade(c, 0.15)],
              [1, shade(c, -0.25)],
            ],
          )}"/>`,
      ),
    ),
  );
}

function keyboardKeys(
  s: Scene,
  x: number,
  y: number,
  kw: number,
  opts: { rows: number; cols: number; base: string; caps: string[]; accent: string },
): void {
  const unit = kw / opts.cols;
  const r = s.r;
  const kh = unit * opts.rows + unit * 0.6;
  s.add(
    `<rect x="${n(x + 12)}" y="${n(y + 16)}" width="${n(kw + unit * 0.6)}" height="${n(kh)}" rx="${n(unit * 0.3)}" fill="#000" opacity="0.25"/>`,
    `<rect x="${n(x)}" y="${n(y)}" width="${n(kw + unit * 0.6)}" height="${n(kh)}" rx="${n(unit * 0.3)}" fill="${metal(s, opts.base)}"/>`,
  );
  for (let row = 0; row < opts.rows; row++) {
    let cx = x + unit * 0.3;
    const cy = y + unit * 0.3 + row * unit;
    const widths: number[] = [];
    let used = 0;
    while (used < opts.cols - 0.01) {
      const edge = widths.length === 0 || used > opts.cols - 2.3;
      let kwid = edge && row > 0 ? Math.min(opts.cols - used, 1 + row * 0.25) : 1;
      if (row === opts.rows - 1 && used > opts.cols * 0.3 && used < opts.cols * 0.35) kwid = 6;
      kwid = Math.min(kwid, opts.cols - used);
      widths.push(kwid);
      used += kwid;
    }
    for (const kwid of widths) {
      const accent = kwid > 1.2 || (row === 0 && cx === x + unit * 0.3) || r() < 0.04;
      const cap = accent ? opts.accent : pickOne(r, opts.caps);
      const kx = cx + unit * 0.06;
      const ky = cy + unit * 0.06;
      const ww = kwid * unit - unit * 0.12;
      const hh = unit * 0.88;
      s.add(
        `<rect x="${n(kx)}" y="${n(ky)}" width="${n(ww)}" height="${n(hh)}" rx="${n(unit * 0.12)}" fill="${shade(cap, -0.25)}"/>`,
        `<rect x="${n(kx + unit * 0.1)}" y="${n(ky + unit * 0.05)}" width="${n(ww - unit * 0.2)}" height="${n(hh - unit * 0.22)}" rx="${n(unit * 0.1)}" fill="${s.linear(
          [
            [0, shade(cap, 0.12)],
            [1, cap],
          ],
        )}"/>`,
      );
      cx += kwid * unit;
    }
  }
}

/** Devices from above on a desk mat: keyboard, phone, headphones, notebook, coffee. */
export function gadgets(s: Scene): void {
  const { width: w, height: h, r } = s;
  tableTop(s, s.vary(['wood', 'slate', 'linen'] as const));
  const u = Math.min(w, h);
  // Desk mat.
  const mat = pickOne(r, ['#2b2f36', '#3d4a3d', '#5a4a42', '#1f2a38']);
  s.add(
    `<rect x="${n(w * 0.04 + 10)}" y="${n(h * 0.24 + 14)}" width="${n(w * 0.92)}" height="${n(w * 0.4)}" rx="18" fill="#000" opacity="0.25"/>`,
    `<rect x="${n(w * 0.04)}" y="${n(h * 0.24)}" width="${n(w * 0.92)}" height="${n(w * 0.4)}" rx="18" fill="${mat}"/>`,
  );
  const caps = pickOne(r, [
    { base: '#3a3d42', caps: ['#e9e4dc', '#dcd6cc'], accent: '#c8553d' },
    { base: '#d9dde2', caps: ['#f4f1ea', '#e9e4dc'], accent: '#3e5c76' },
    { base: '#2b2b2b', caps: ['#4a4d52', '#3d4045'], accent: '#e5c07b' },
    { base: '#e8d5c4', caps: ['#f2e6df', '#e4b7b2'], accent: '#8fb3a8' },
  ]);
  keyboardKeys(s, w * 0.08, h * 0.24 + w * 0.07, w * 0.64, { rows: 5, cols: 15, ...caps });
  phone(s, w * 0.85, h * 0.24 + w * 0.2, u * 0.14, between(r, -12, 12));
  headphones(s, w * 0.3, h * 0.08, u * 0.26, between(r, -20, 20));
  // Notebook and pen.
  const nx = w * 0.12;
  const ny = h * 0.76;
  s.add(
    `<rect x="${n(nx + 10)}" y="${n(ny + 12)}" width="${n(u * 0.34)}" height="${n(u * 0.24)}" rx="6" fill="#000" opacity="0.2"/>`,
    `<rect x="${n(nx)}" y="${n(ny)}" width="${n(u * 0.34)}" height="${n(u * 0.24)}" rx="6" fill="#fbf8f1"/>`,
    `<path d="M${n(nx + u * 0.17)} ${n(ny)} v${n(u * 0.24)}" stroke="#d8d2c6" stroke-width="4"/>`,
    ...Array.from(
      { length: 7 },
      (_, i) =>
        `<path d="M${n(nx + u * 0.02)} ${n(ny + u * (0.04 + i * 0.028))} h${n(u * (0.08 + r() * 0.06))} M${n(nx + u * 0.19)} ${n(ny + u * (0.04 + i * 0.028))} h${n(u * (0.06 + r() * 0.08))}" stroke="#8a8f99" stroke-width="3" stroke-linecap="round"/>`,
    ),
    `<path d="M${n(nx + u * 0.38)} ${n(ny + u * 0.02)} l${n(u * 0.04)} ${n(u * 0.22)}" stroke="${metal(s, '#3a3a3a')}" stroke-width="9" stroke-linecap="round"/>`,
  );
  const coffee = cup(s, w * 0.8, h * 0.83, u * 0.08, {
    body: pickOne(r, ['#f4f1ea', '#2f4858', '#c8553d']),
    drink: '#8a5a3b',
    handleAngle: -30,
  });
  if (r() < 0.5) latteArt(s, w * 0.8, h * 0.83, coffee, 10);
  s.lightWash('#fff6e6', 0.16, 0, 0, 1, 1);
}

/** A mechanical keyboard filling the frame, cable coiled beside it. */
export function keyboard(s: Scene): void {
  const { width: w, height: h, r } = s;
  const mat = s.vary(['#2b2f36', '#e8e2d6', '#3d4a3d', '#d6dde4', '#5a4a42']);
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear(
      [
        [0, shade(mat, 0.1)],
        [1, shade(mat, -0.15)],
      ],
      0.15,
      0,
      0.85,
      1,
    )}"/>`,
  );
  const theme = pickOne(r, [
    { base: '#3a3d42', caps: ['#e9e4dc', '#dcd6cc', '#c9c2b5'], accent: '#c8553d' },
    { base: '#f4f1ea', caps: ['#f4f1ea', '#e4b7b2', '#b5d3e7'], accent: '#6b4f8a' },
    { base: '#1f2630', caps: ['#2f3a4a', '#3e5c76'], accent: '#e5c07b' },
    { base: '#c9ced4', caps: ['#f2e6df', '#8fb3a8', '#e9e4dc'], accent: '#d9a441' },
  ]);
  const kw = w * 1.05;
  keyboardKeys(s, -w * 0.08, h * between(r, 0.22, 0.32), kw, { rows: 5, cols: 13, ...theme });
  // Coiled cable.
  const cx = w * 0.8;
  const cy = h * 0.12;
  let coil = `M${n(cx)} ${n(cy)}`;
  for (let i = 0; i < 18; i++)
    coil += ` q${n(w * 0.02)} ${n(h * 0.02)} 0 ${n(h * 0.03)} q${n(-w * 0.02)} ${n(h * 0.005)} 0 ${n(-h * 0.01)}`;
  s.add(
    `<path d="M${n(cx - w * 0.3)} -20 Q${n(cx - w * 0.2)} ${n(cy)} ${n(cx)} ${n(cy)}" stroke="${theme.accent}" stroke-width="10" fill="none"/>`,
    `<path d="${coil}" stroke="${theme.accent}" stroke-width="10" fill="none" transform="rotate(-70 ${n(cx)} ${n(cy)})"/>`,
  );
  s.glow(w * 0.2, h * 0.15, w * 0.4, '#ffffff', 0.18);
  s.lightWash('#fff6e6', 0.12, 0, 0, 1, 1);
}
