import { potPlant } from './fashion.js';
import { tableTop, wallAndFloor } from './surfaces.js';
import { cup, latteArt } from './tableware.js';
import { between, group, leafPath, n, pickOne, shade, type Scene } from './svg.js';

/** Home: a sunny living room, coffee and a book from above, plants on a windowsill. */

/** A window with sky behind and the light it throws across the floor. */
function windowFrame(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  floorY: number,
  sky: string,
): void {
  s.add(
    `<rect x="${n(x - 10)}" y="${n(y - 10)}" width="${n(w + 20)}" height="${n(h + 20)}" fill="#f7f4ee"/>`,
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${s.linear([
      [0, sky],
      [1, shade(sky, 0.5)],
    ])}"/>`,
    `<rect x="${n(x + w / 2 - 5)}" y="${n(y)}" width="10" height="${n(h)}" fill="#f7f4ee"/>`,
    `<rect x="${n(x)}" y="${n(y + h * 0.45)}" width="${n(w)}" height="10" fill="#f7f4ee"/>`,
  );
  // Sunlight: the window's shape thrown onto the floor, skewed.
  s.add(
    `<path d="M${n(x)} ${n(floorY + 4)} h${n(w)} l${n(w * 0.9)} ${n(s.height - floorY)} h${n(-w * 1.3)} Z" fill="#fff6d8" opacity="0.35"/>`,
  );
}

/** A living room: sofa with cushions, window light, a plant, a lamp, framed print, rug. */
export function livingRoom(s: Scene): void {
  const { width: w, height: h, r } = s;
  const floorY = h * between(r, 0.66, 0.72);
  const wall = s.vary(['#efe7dc', '#e4e9e4', '#f2e2d6', '#e6e2ea', '#dfe6ee']);
  wallAndFloor(s, {
    wall,
    floor: pickOne(r, ['#c8a27a', '#b08463', '#d9c2a7', '#9a7b62']),
    horizonY: floorY,
    floorKind: 'wood',
  });
  const winLeft = r() < 0.5;
  const wx = winLeft ? w * 0.06 : w * 0.64;
  windowFrame(s, wx, h * 0.12, w * 0.3, h * 0.38, floorY, pickOne(r, ['#9cc9ea', '#f6c79a', '#b8d8e8']));
  s.glow(wx + w * 0.15, h * 0.3, w * 0.4, '#fff3d1', 0.35);
  // Framed print on the other side.
  const fx = winLeft ? w * 0.56 : w * 0.14;
  const art = pickOne(r, [
    ['#e07a5f', '#3d405b', '#f2cc8f'],
    ['#264653', '#2a9d8f', '#e9c46a'],
    ['#6d597a', '#b56576', '#eaac8b'],
  ]);
  s.add(
    `<rect x="${n(fx + 8)}" y="${n(h * 0.14 + 10)}" width="${n(w * 0.26)}" height="${n(h * 0.24)}" fill="#000" opacity="0.12"/>`,
    `<rect x="${n(fx)}" y="${n(h * 0.14)}" width="${n(w * 0.26)}" height="${n(h * 0.24)}" fill="#2b2b2b"/>`,
    `<rect x="${n(fx + w * 0.02)}" y="${n(h * 0.155)}" width="${n(w * 0.22)}" height="${n(h * 0.21)}" fill="#fbf8f1"/>`,
    `<circle cx="${n(fx + w * 0.1)}" cy="${n(h * 0.23)}" r="${n(w * 0.05)}" fill="${art[0]}"/>`,
    `<path d="M${n(fx + w * 0.03)} ${n(h * 0.35)} Q${n(fx + w * 0.1)} ${n(h * 0.25)} ${n(fx + w * 0.23)} ${n(h * 0.33)} V${n(h * 0.355)} H${n(fx + w * 0.03)} Z" fill="${art[1]}"/>`,
    `<rect x="${n(fx + w * 0.15)}" y="${n(h * 0.19)}" width="${n(w * 0.06)}" height="${n(h * 0.09)}" fill="${art[2]}"/>`,
  );
  // Rug.
  const rug = pickOne(r, ['#d9c8b4', '#c9d6cf', '#e8d5c4', '#b7c4d6']);
  s.add(
    `<ellipse cx="${n(w * 0.5)}" cy="${n(floorY + (h - floorY) * 0.55)}" rx="${n(w * 0.5)}" ry="${n((h - floorY) * 0.35)}" fill="${rug}"/>`,
    `<ellipse cx="${n(w * 0.5)}" cy="${n(floorY + (h - floorY) * 0.55)}" rx="${n(w * 0.42)}" ry="${n((h - floorY) * 0.27)}" fill="none" stroke="${shade(rug, -0.15)}" stroke-width="6"/>`,
  );
  // Sofa: back, seat, arms, cushions, legs.
  const sofa = pickOne(r, ['#7d8f69', '#c19a6b', '#3e5c76', '#b5838d', '#d8cfc4', '#8c5a3c']);
  const sx = w * 0.12;
  const sw = w * 0.76;
  const sy = floorY - h * 0.2;
  s.shadow(sx + sw / 2, floorY + h * 0.02, sw * 0.55, h * 0.03, 0.45);
  const body = (x: number, y: number, ww: number, hh: number, tone: number, rad = 18) =>
    `<rect x="${n(x)}" y="${n(y)}" width="${n(ww)}" height="${n(hh)}" rx="${rad}" fill="${s.linear([
      [0, shade(sofa, tone + 0.1)],
      [1, shade(sofa, tone - 0.1)],
    ])}"/>`;
  s.add(
    `<rect x="${n(sx + sw * 0.08)}" y="${n(floorY - 8)}" width="10" height="${n(h * 0.03)}" fill="#3a2a20"/>`,
    `<rect x="${n(sx + sw * 0.9)}" y="${n(floorY - 8)}" width="10" height="${n(h * 0.03)}" fill="#3a2a20"/>`,
    body(sx + sw * 0.05, sy - h * 0.1, sw * 0.9, h * 0.16, -0.05),
    body(sx + sw * 0.05, sy + h * 0.04, sw * 0.9, h * 0.1, 0.05),
    body(sx, sy - h * 0.03, sw * 0.1, h * 0.18, -0.1),
    body(sx + sw * 0.9, sy - h * 0.03, sw * 0.1, h * 0.18, -0.1),
  );
  for (let i = 0; i < 2 + Math.floor(r() * 2); i++) {
    const c = pickOne(r, ['#f2cc8f', '#e07a5f', '#f4f1ea', '#264653', '#eaac8b']);
    const cx = sx + sw * (0.2 + i * 0.22);
    s.add(
      group(
        `rotate(${n(between(r, -10, 10))} ${n(cx)} ${n(sy)})`,
        `<rect x="${n(cx - w * 0.07)}" y="${n(sy - h * 0.07)}" width="${n(w * 0.14)}" height="${n(h * 0.11)}" rx="20" fill="${s.radial(
          [
            [0, shade(c, 0.15)],
            [1, shade(c, -0.15)],
          ],
        )}"/>`,
      ),
    );
  }
  // Floor lamp and plant.
  const lx = winLeft ? w * 0.94 : w * 0.06;
  s.add(
    `<rect x="${n(lx - 3)}" y="${n(h * 0.3)}" width="6" height="${n(floorY - h * 0.3)}" fill="#2b2b2b"/>`,
    `<ellipse cx="${n(lx)}" cy="${n(floorY)}" rx="${n(w * 0.04)}" ry="8" fill="#2b2b2b"/>`,
    `<path d="M${n(lx - w * 0.06)} ${n(h * 0.34)} L${n(lx - w * 0.04)} ${n(h * 0.26)} H${n(lx + w * 0.04)} L${n(lx + w * 0.06)} ${n(h * 0.34)} Z" fill="#f3e6cc"/>`,
  );
  s.glow(lx, h * 0.34, w * 0.15, '#fff1c9', 0.5);
  potPlant(s, winLeft ? w * 0.28 : w * 0.72, h * 0.985, h * 0.3);
  s.lightWash('#fff6e0', 0.2, winLeft ? 0 : 1, 0, winLeft ? 1 : 0, 1);
}

function openBook(s: Scene, cx: number, cy: number, pw: number, ph: number, angle: number): void {
  const r = s.r;
  const lines = (x0: number) =>
    Array.from({ length: 16 }, (_, i) => {
      const len = i === 15 ? pw * 0.4 : pw * between(r, 0.62, 0.78);
      return `<rect x="${n(x0)}" y="${n(-ph * 0.4 + i * ph * 0.05)}" width="${n(len)}" height="${n(ph * 0.012)}" fill="#7a7a7a" opacity="0.55"/>`;
    }).join('');
  s.add(
    group(
      `translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})`,
      `<rect x="${n(-pw + 14)}" y="${n(-ph / 2 + 18)}" width="${n(pw * 2)}" height="${n(ph)}" fill="#000" opacity="0.2"/>`,
      `<rect x="${n(-pw - 6)}" y="${n(-ph / 2 - 4)}" width="${n(pw * 2 + 12)}" height="${n(ph + 8)}" rx="4" fill="${pickOne(r, ['#2f4858', '#8c3b2e', '#3d5a3a', '#1f1f24'])}"/>`,
      `<path d="M0 ${n(-ph / 2)} Q${n(-pw * 0.5)} ${n(-ph / 2 - 10)} ${n(-pw)} ${n(-ph / 2 + 4)} V${n(ph / 2)} Q${n(-pw * 0.5)} ${n(ph / 2 - 10)} 0 ${n(ph / 2)} Z" fill="${s.linear(
        [
          [0, '#f4efe4'],
          [0.85, '#fbf8f1'],
          [1, '#d8d0bf'],
        ],
        0,
        0,
        1,
        0,
      )}"/>`,
      `<path d="M0 ${n(-ph / 2)} Q${n(pw * 0.5)} ${n(-ph / 2 - 10)} ${n(pw)} ${n(-ph / 2 + 4)} V${n(ph / 2)} Q${n(pw * 0.5)} ${n(ph / 2 - 10)} 0 ${n(ph / 2)} Z" fill="${s.linear(
        [
          [0, '#d8d0bf'],
          [0.15, '#fbf8f1'],
          [1, '#f4efe4'],
        ],
        0,
        0,
        1,
        0,
      )}"/>`,
      lines(-pw * 0.88),
      lines(pw * 0.12),
    ),
  );
}

/** Coffee and an open book on a blanket or a table, from above, with glasses and a sprig. */
export function bookCoffee(s: Scene): void {
  const { width: w, height: h, r } = s;
  tableTop(s, s.vary(['linen', 'wood', 'marble'] as const));
  const u = Math.min(w, h);
  openBook(s, w * between(r, 0.4, 0.5), h * between(r, 0.5, 0.58), u * 0.36, u * 0.5, between(r, -14, 14));
  const cx = w * 0.78;
  const cy = h * 0.2;
  const drink = cup(s, cx, cy, u * 0.1, {
    body: pickOne(r, ['#f4f1ea', '#d8c3a5', '#2f4858', '#b5838d']),
    drink: '#8a5a3b',
    handleAngle: 30,
  });
  if (r() < 0.7) latteArt(s, cx, cy, drink, between(r, -30, 30));
  // Reading glasses.
  const gx = w * 0.22;
  const gy = h * 0.18;
  const lens = u * 0.055;
  s.add(
    group(
      `translate(${n(gx)} ${n(gy)}) rotate(${n(between(r, -25, 25))})`,
      `<circle cx="${n(-lens * 1.15)}" cy="0" r="${n(lens)}" fill="#ffffff" fill-opacity="0.15" stroke="#2a1d14" stroke-width="4"/>`,
      `<circle cx="${n(lens * 1.15)}" cy="0" r="${n(lens)}" fill="#ffffff" fill-opacity="0.15" stroke="#2a1d14" stroke-width="4"/>`,
      `<path d="M${n(-lens * 0.15)} 0 Q0 ${n(-lens * 0.3)} ${n(lens * 0.15)} 0 M${n(-lens * 2.15)} 0 l${n(-lens * 0.3)} ${n(lens * 1.8)} M${n(lens * 2.15)} 0 l${n(lens * 0.3)} ${n(lens * 1.8)}" stroke="#2a1d14" stroke-width="4" fill="none"/>`,
    ),
  );
  // A sprig of leaves and a candle.
  const lx = w * between(r, 0.1, 0.25);
  const ly = h * 0.85;
  for (let i = 0; i < 7; i++) {
    s.add(
      `<path d="${leafPath(lx + i * u * 0.03, ly - i * u * 0.02, u * 0.08, u * 0.025, -40 + (i % 2 ? 50 : -20))}" fill="${pickOne(r, ['#6b8f5e', '#7f9c6a', '#557a4a'])}"/>`,
    );
  }
  s.add(`<path d="M${n(lx)} ${n(ly)} l${n(u * 0.22)} ${n(-u * 0.15)}" stroke="#5a6b4a" stroke-width="3"/>`);
  if (r() < 0.6) {
    const kx = w * 0.82;
    const ky = h * 0.82;
    s.shadow(kx + 8, ky + 10, u * 0.08, u * 0.08, 0.35);
    s.add(
      `<circle cx="${n(kx)}" cy="${n(ky)}" r="${n(u * 0.07)}" fill="${pickOne(r, ['#e9e4dc', '#d8c3a5', '#c9d6cf'])}"/>`,
      `<circle cx="${n(kx)}" cy="${n(ky)}" r="${n(u * 0.055)}" fill="#f8f1e0"/>`,
      `<circle cx="${n(kx)}" cy="${n(ky)}" r="3" fill="#2b2b2b"/>`,
    );
    s.glow(kx, ky, u * 0.09, '#ffd98a', 0.5);
  }
  s.lightWash('#fff4dc', 0.25, 0, 0, 1, 1);
}

function monstera(s: Scene, x: number, y: number, size: number, angle: number, color: string): void {
  // A heart-shaped leaf with a few splits, on a stalk.
  const a = (angle * Math.PI) / 180;
  const tx = x + Math.cos(a) * size;
  const ty = y + Math.sin(a) * size;
  s.add(
    `<path d="M${n(x)} ${n(y)} L${n(tx)} ${n(ty)}" stroke="${shade(color, -0.2)}" stroke-width="${n(size * 0.04)}"/>`,
    group(
      `translate(${n(tx)} ${n(ty)}) rotate(${n(angle + 90)})`,
      `<path d="M0 ${n(size * 0.1)} C${n(-size * 0.55)} ${n(size * 0.05)} ${n(-size * 0.5)} ${n(-size * 0.6)} 0 ${n(-size * 0.7)} C${n(size * 0.5)} ${n(-size * 0.6)} ${n(size * 0.55)} ${n(size * 0.05)} 0 ${n(size * 0.1)} Z" fill="${s.linear(
        [
          [0, shade(color, 0.15)],
          [1, shade(color, -0.15)],
        ],
        0,
        0,
        1,
        1,
      )}"/>`,
      `<path d="M0 ${n(size * 0.1)} V${n(-size * 0.65)}" stroke="${shade(color, 0.3)}" stroke-width="3"/>`,
      ...[-1, 1].flatMap((side) =>
        [0.15, 0.35].map(
          (t) =>
            `<path d="M${n(side * size * 0.52)} ${n(-size * t)} L${n(side * size * 0.15)} ${n(-size * (t + 0.05))}" stroke="${s.r() < 0.5 ? '#f3efe6' : shade(color, 0.4)}" stroke-width="${n(size * 0.05)}" opacity="0.9"/>`,
        ),
      ),
    ),
  );
}

/** Plants on a windowsill: a monstera, a snake plant, trailing pothos, terracotta pots. */
export function windowsill(s: Scene): void {
  const { width: w, height: h, r } = s;
  const sky = s.vary(['#a9d0ee', '#f7d4a8', '#c9dbe6', '#e4c8d8']);
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear([
      [0, sky],
      [1, shade(sky, 0.55)],
    ])}"/>`,
  );
  // Soft buildings or trees beyond the glass.
  for (let i = 0; i < 6; i++) {
    const bx = r() * w;
    s.add(
      `<rect x="${n(bx)}" y="${n(h * between(r, 0.35, 0.55))}" width="${n(w * between(r, 0.1, 0.2))}" height="${n(h)}" fill="#ffffff" opacity="0.25"/>`,
    );
  }
  // Window frame.
  const frame = '#f7f4ee';
  s.add(
    `<rect width="${w}" height="${n(h * 0.05)}" fill="${frame}"/>`,
    `<rect width="${n(w * 0.05)}" height="${h}" fill="${frame}"/>`,
    `<rect x="${n(w * 0.95)}" width="${n(w * 0.05)}" height="${h}" fill="${frame}"/>`,
    `<rect x="${n(w * 0.49)}" width="${n(w * 0.025)}" height="${n(h * 0.7)}" fill="${frame}"/>`,
  );
  const sillY = h * 0.7;
  s.add(
    `<rect y="${n(sillY)}" width="${w}" height="${n(h * 0.05)}" fill="${s.linear([
      [0, '#ffffff'],
      [1, '#e6e0d6'],
    ])}"/>`,
    `<rect y="${n(sillY + h * 0.05)}" width="${w}" height="${n(h * 0.25)}" fill="${s.linear([
      [0, shade(pickOne(r, ['#e9e1d3', '#dfe6e4', '#efe2da']), -0.1)],
      [1, '#bfb6aa'],
    ])}"/>`,
  );
  const pots = 3;
  for (let i = 0; i < pots; i++) {
    const px = w * (0.2 + i * 0.3) + (r() - 0.5) * w * 0.05;
    const potW = w * between(r, 0.14, 0.2);
    const potH = potW * between(r, 0.8, 1.1);
    const base = sillY + h * 0.03;
    const color = ['#3f7d3a', '#2e6b3f', '#4f8a3a'][i]!;
    const kind = (i + Math.floor(r() * 3)) % 3;
    if (kind === 0) {
      for (let k = 0; k < 5; k++)
        monstera(
          s,
          px,
          base - potH,
          w * between(r, 0.16, 0.24),
          -90 + (k - 2) * 28 + (r() - 0.5) * 10,
          color,
        );
    } else if (kind === 1) {
      for (let k = 0; k < 7; k++) {
        const lx = px + (k - 3) * potW * 0.1;
        s.add(
          `<path d="${leafPath(lx, base - potH, h * between(r, 0.22, 0.38), potW * 0.09, -90 + (k - 3) * 5)}" fill="${s.linear(
            [
              [0, '#c8d66a'],
              [0.2, '#3f6b2f'],
              [1, '#2f5a2a'],
            ],
            0,
            0,
            1,
            0,
          )}"/>`,
        );
      }
    } else {
      for (let k = 0; k < 3; k++) {
        const side = k - 1;
        let vine = `M${n(px + side * potW * 0.3)} ${n(base - potH)}`;
        for (let j = 1; j <= 3; j++) {
          const vx = px + side * potW * (0.4 + j * 0.05);
          const vy = base - potH + j * h * 0.045;
          vine += ` L${n(vx)} ${n(vy)}`;
          s.add(
            `<path d="${leafPath(vx, vy, potW * 0.28, potW * 0.12, j % 2 ? 20 : 160)}" fill="${shade(color, (r() - 0.5) * 0.3)}"/>`,
          );
        }
        s.add(`<path d="${vine}" stroke="${shade(color, -0.2)}" stroke-width="3" fill="none"/>`);
      }
    }
    const pot = pickOne(r, ['#c46a4a', '#e9e4dc', '#d8b48a', '#2f3338', '#b5838d']);
    s.shadow(px + potW * 0.2, base, potW * 0.7, h * 0.012, 0.4);
    s.add(
      `<path d="M${n(px - potW / 2)} ${n(base - potH)} h${n(potW)} l${n(-potW * 0.1)} ${n(potH)} h${n(-potW * 0.8)} Z" fill="${s.linear(
        [
          [0, shade(pot, 0.15)],
          [1, shade(pot, -0.25)],
        ],
        0,
        0,
        1,
        0,
      )}"/>`,
      `<rect x="${n(px - potW * 0.54)}" y="${n(base - potH - potH * 0.1)}" width="${n(potW * 1.08)}" height="${n(potH * 0.16)}" rx="4" fill="${shade(pot, 0.08)}"/>`,
    );
  }
  s.lightWash('#fff8e6', 0.25, 0.5, 0, 0.5, 1);
}
