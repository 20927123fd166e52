import { tableTop, wallAndFloor } from './surfaces.js';
import { metal } from './tableware.js';
import { between, group, leafPath, n, pickOne, shade, type Scene } from './svg.js';

/** Clothes on a rail, an outfit laid flat, a figure in a studio: textiles with folds and shading. */

const TEXTILES = [
  '#c8553d',
  '#2f4858',
  '#f2e9dc',
  '#d9a441',
  '#7d8f69',
  '#1f1f24',
  '#e4b7b2',
  '#6b4f8a',
  '#a3b9c9',
  '#8c5a3c',
  '#f4f1ea',
  '#3e5c76',
  '#b5838d',
  '#556b2f',
] as const;

type Garment = 'shirt' | 'dress' | 'coat' | 'knit' | 'tee';

/** A fabric fill: plain with side shading, stripes or checks. */
function fabric(s: Scene, color: string): string {
  const r = s.r;
  const roll = r();
  if (roll < 0.18) {
    const other = shade(color, color > '#888888' ? -0.45 : 0.6);
    return s.pattern(
      18,
      18,
      `<rect width="18" height="18" fill="${color}"/><rect width="18" height="6" fill="${other}"/>`,
    );
  }
  if (roll < 0.3) {
    const other = shade(color, -0.3);
    return s.pattern(
      28,
      28,
      `<rect width="28" height="28" fill="${color}"/><rect width="28" height="9" fill="${other}" opacity="0.5"/><rect width="9" height="28" fill="${other}" opacity="0.5"/>`,
    );
  }
  return s.linear(
    [
      [0, shade(color, 0.12)],
      [0.5, color],
      [1, shade(color, -0.2)],
    ],
    0,
    0,
    1,
    0,
  );
}

/** Garment outline hanging from a hanger at (0,0); w = shoulder width, l = length. */
function garmentPath(kind: Garment, w: number, l: number): string {
  const sh = w / 2;
  switch (kind) {
    case 'tee':
      return `M${-sh * 0.35} 0 Q0 ${l * 0.06} ${sh * 0.35} 0 L${sh} ${l * 0.06} L${sh * 1.35} ${l * 0.28} L${sh * 1.02} ${l * 0.36} L${sh * 0.95} ${l * 0.25} L${sh * 0.95} ${l} L${-sh * 0.95} ${l} L${-sh * 0.95} ${l * 0.25} L${-sh * 1.02} ${l * 0.36} L${-sh * 1.35} ${l * 0.28} L${-sh} ${l * 0.06} Z`;
    case 'shirt':
    case 'knit':
      return `M${-sh * 0.3} 0 L${sh * 0.3} 0 L${sh} ${l * 0.05} L${sh * 1.12} ${l * 0.9} L${sh * 0.86} ${l * 0.92} L${sh * 0.9} ${l * 0.3} L${sh * 0.92} ${l} Q0 ${l * 1.04} ${-sh * 0.92} ${l} L${-sh * 0.9} ${l * 0.3} L${-sh * 0.86} ${l * 0.92} L${-sh * 1.12} ${l * 0.9} L${-sh} ${l * 0.05} Z`;
    case 'dress':
      return `M${-sh * 0.45} 0 L${-sh * 0.3} 0 Q0 ${l * 0.1} ${sh * 0.3} 0 L${sh * 0.45} 0 L${sh * 0.6} ${l * 0.3} Q${sh * 0.5} ${l * 0.38} ${sh * 0.62} ${l * 0.42} L${sh * 1.35} ${l} Q0 ${l * 1.05} ${-sh * 1.35} ${l} L${-sh * 0.62} ${l * 0.42} Q${-sh * 0.5} ${l * 0.38} ${-sh * 0.6} ${l * 0.3} Z`;
    case 'coat':
      return `M${-sh * 0.3} 0 L${sh * 0.3} 0 L${sh * 1.05} ${l * 0.05} L${sh * 1.2} ${l * 0.72} L${sh * 0.95} ${l * 0.74} L${sh * 0.98} ${l * 0.3} L${sh * 1.08} ${l} L${-sh * 1.08} ${l} L${-sh * 0.98} ${l * 0.3} L${-sh * 0.95} ${l * 0.74} L${-sh * 1.2} ${l * 0.72} L${-sh * 1.05} ${l * 0.05} Z`;
  }
}

function garmentDetails(kind: Garment, w: number, l: number, color: string): string {
  const sh = w / 2;
  const dark = shade(color, -0.35);
  const light = shade(color, 0.3);
  const folds = [-0.45, -0.1, 0.3, 0.6]
    .map(
      (f) =>
        `<path d="M${n(sh * f)} ${n(l * 0.35)} Q${n(sh * (f + 0.08))} ${n(l * 0.7)} ${n(sh * (f - 0.05))} ${n(l * 0.98)}" stroke="${dark}" stroke-opacity="0.25" stroke-width="${n(w * 0.03)}" fill="none"/>`,
    )
    .join('');
  switch (kind) {
    case 'shirt':
      return `${folds}<path d="M${n(-sh * 0.3)} 0 L0 ${n(l * 0.12)} L${n(sh * 0.3)} 0" fill="${light}" stroke="${dark}" stroke-opacity="0.4" stroke-width="2"/><path d="M0 ${n(l * 0.12)} V${n(l)}" stroke="${dark}" stroke-opacity="0.35" stroke-width="2"/>${[0.25, 0.42, 0.59, 0.76].map((y) => `<circle cx="${n(sh * 0.06)}" cy="${n(l * y)}" r="${n(w * 0.015)}" fill="${light}"/>`).join('')}`;
    case 'knit': {
      const ribs = Array.from(
        { length: 14 },
        (_, i) =>
          `<path d="M${n(-sh * 0.9 + (i * sh * 1.8) / 13)} ${n(l * 0.1)} V${n(l * 0.98)}" stroke="${dark}" stroke-opacity="0.18" stroke-width="3"/>`,
      ).join('');
      return `${ribs}<rect x="${n(-sh * 0.92)}" y="${n(l * 0.9)}" width="${n(sh * 1.84)}" height="${n(l * 0.1)}" fill="${dark}" opacity="0.25"/><path d="M${n(-sh * 0.3)} 0 Q0 ${n(l * 0.08)} ${n(sh * 0.3)} 0" stroke="${dark}" stroke-opacity="0.45" stroke-width="${n(w * 0.04)}" fill="none"/>`;
    }
    case 'coat':
      return `${folds}<path d="M${n(-sh * 0.3)} 0 L${n(-sh * 0.05)} ${n(l * 0.4)} L${n(-sh * 0.4)} ${n(l * 0.12)} Z M${n(sh * 0.3)} 0 L${n(sh * 0.05)} ${n(l * 0.4)} L${n(sh * 0.4)} ${n(l * 0.12)} Z" fill="${dark}" opacity="0.45"/><path d="M0 ${n(l * 0.4)} V${n(l)}" stroke="${dark}" stroke-opacity="0.5" stroke-width="2.5"/><rect x="${n(-sh * 0.95)}" y="${n(l * 0.45)}" width="${n(sh * 1.9)}" height="${n(l * 0.04)}" fill="${dark}" opacity="0.35"/><rect x="${n(sh * 0.35)}" y="${n(l * 0.58)}" width="${n(sh * 0.4)}" height="${n(l * 0.03)}" fill="${dark}" opacity="0.4"/>`;
    case 'dress':
      return `${folds}<path d="M${n(-sh * 0.62)} ${n(l * 0.42)} Q0 ${n(l * 0.46)} ${n(sh * 0.62)} ${n(l * 0.42)}" stroke="${dark}" stroke-opacity="0.4" stroke-width="${n(w * 0.03)}" fill="none"/>`;
    case 'tee':
      return `${folds}<path d="M${n(-sh * 0.35)} 0 Q0 ${n(l * 0.06)} ${n(sh * 0.35)} 0" stroke="${dark}" stroke-opacity="0.4" stroke-width="${n(w * 0.03)}" fill="none"/>`;
  }
}

function hanger(w: number): string {
  const sh = w / 2;
  return `<path d="M0 ${n(-w * 0.12)} q0 ${n(-w * 0.1)} ${n(w * 0.08)} ${n(-w * 0.12)} q${n(w * 0.1)} 0 ${n(w * 0.04)} ${n(-w * 0.12)}" fill="none" stroke="#9aa0a6" stroke-width="4"/><path d="M0 ${n(-w * 0.12)} L${n(sh * 1.05)} ${n(w * 0.03)} L${n(-sh * 1.05)} ${n(w * 0.03)} Z" fill="none" stroke="#b98b5e" stroke-width="${n(w * 0.035)}" stroke-linejoin="round"/>`;
}

/** Garments on a clothes rail against a wall, a plant and shoes on the floor. */
export function rack(s: Scene): void {
  const { width: w, height: h, r } = s;
  const floorY = h * between(r, 0.8, 0.86);
  wallAndFloor(s, {
    wall: s.vary(['#efe4d8', '#e3e8e4', '#f1dcd6', '#e6e1ef', '#f3efe6']),
    floor: pickOne(r, ['#b89270', '#d8c3a5', '#9a9893']),
    horizonY: floorY,
    floorKind: r() < 0.6 ? 'wood' : 'plain',
  });
  s.glow(w * between(r, 0.2, 0.8), h * 0.3, w * 0.4, '#ffffff', 0.35);
  const railY = h * 0.16;
  const x0 = w * 0.06;
  const x1 = w * 0.94;
  const steel = metal(s, '#2b2b2b');
  s.add(
    `<rect x="${n(x0 - 6)}" y="${n(railY)}" width="12" height="${n(floorY - railY)}" fill="${steel}"/>`,
    `<rect x="${n(x1 - 6)}" y="${n(railY)}" width="12" height="${n(floorY - railY)}" fill="${steel}"/>`,
    `<rect x="${n(x0 - 40)}" y="${n(floorY - 6)}" width="80" height="10" rx="4" fill="#222"/>`,
    `<rect x="${n(x1 - 40)}" y="${n(floorY - 6)}" width="80" height="10" rx="4" fill="#222"/>`,
    `<rect x="${n(x0 - 10)}" y="${n(railY - 6)}" width="${n(x1 - x0 + 20)}" height="12" rx="6" fill="${metal(s, '#3a3a3a')}"/>`,
  );
  const count = 5 + Math.floor(r() * 3);
  const palette = Array.from({ length: count }, () => pickOne(r, TEXTILES));
  const step = (x1 - x0) / (count + 0.2);
  for (let i = 0; i < count; i++) {
    const kind = pickOne(r, ['shirt', 'dress', 'coat', 'knit', 'tee'] as const);
    const gw = step * between(r, 1.05, 1.35);
    const gl = (kind === 'coat' || kind === 'dress' ? between(r, 0.5, 0.58) : between(r, 0.32, 0.4)) * h;
    const cx = x0 + step * (i + 0.6) + (r() - 0.5) * step * 0.2;
    const top = railY + gw * 0.12;
    const color = palette[i]!;
    const d = garmentPath(kind, gw, gl);
    s.add(
      group(`translate(${n(cx + 14)} ${n(top + 12)})`, `<path d="${d}" fill="#000" opacity="0.14"/>`),
      group(
        `translate(${n(cx)} ${n(top)})`,
        hanger(gw),
        `<path d="${d}" fill="${fabric(s, color)}"/>`,
        garmentDetails(kind, gw, gl, color),
      ),
    );
  }
  // Shoes under the rail, a plant at the side.
  const sx = w * between(r, 0.25, 0.55);
  const shoe = pickOne(r, ['#f4f1ea', '#1f1f24', '#8c5a3c', '#c8553d']);
  for (let k = 0; k < 2; k++) {
    const x = sx + k * w * 0.1;
    s.shadow(x + w * 0.04, floorY + h * 0.075, w * 0.07, h * 0.012, 0.45);
    s.add(
      `<path d="M${n(x)} ${n(floorY + h * 0.07)} q0 ${n(-h * 0.045)} ${n(w * 0.03)} ${n(-h * 0.05)} q${n(w * 0.03)} ${n(h * 0.01)} ${n(w * 0.05)} ${n(h * 0.03)} q${n(w * 0.02)} ${n(h * 0.005)} ${n(w * 0.02)} ${n(h * 0.02)} Z" fill="${shade(shoe, 0.05)}" stroke="${shade(shoe, -0.3)}" stroke-width="2"/>`,
      `<rect x="${n(x)}" y="${n(floorY + h * 0.066)}" width="${n(w * 0.1)}" height="${n(h * 0.008)}" fill="${shade(shoe, -0.4)}"/>`,
    );
  }
  const px = r() < 0.5 ? w * 0.88 : w * 0.12;
  potPlant(s, px, floorY + h * 0.06, h * 0.26);
  s.lightWash('#fff8ec', 0.2, 0, 0, 1, 0.6);
}

/** A potted plant with long leaves, base of the pot at (x, baseY). */
export function potPlant(s: Scene, x: number, baseY: number, height: number): void {
  const r = s.r;
  const potH = height * 0.3;
  const potW = height * 0.3;
  const pot = pickOne(r, ['#c46a4a', '#e9e4dc', '#2f3338', '#d8b48a']);
  s.shadow(x + potW * 0.2, baseY, potW * 0.9, potH * 0.12, 0.4);
  for (let i = 0; i < 11; i++) {
    const angle = -90 + (r() - 0.5) * 110;
    const len = height * between(r, 0.45, 0.8);
    s.add(
      `<path d="${leafPath(x, baseY - potH * 0.9, len, len * between(r, 0.12, 0.22), angle)}" fill="${shade(pickOne(r, ['#3f7d3a', '#2e6b3f', '#5c9a4a']), (r() - 0.5) * 0.2)}"/>`,
    );
  }
  s.add(
    `<path d="M${n(x - potW / 2)} ${n(baseY - potH)} h${n(potW)} l${n(-potW * 0.12)} ${n(potH)} h${n(-potW * 0.76)} Z" fill="${s.linear(
      [
        [0, shade(pot, 0.15)],
        [1, shade(pot, -0.25)],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
    `<rect x="${n(x - potW * 0.54)}" y="${n(baseY - potH - potH * 0.08)}" width="${n(potW * 1.08)}" height="${n(potH * 0.14)}" rx="3" fill="${shade(pot, 0.08)}"/>`,
  );
}

function sneaker(
  s: Scene,
  x: number,
  y: number,
  length: number,
  angle: number,
  color: string,
  mirror: boolean,
): void {
  const wd = length * 0.38;
  const sole = `M0 ${n(-length / 2)} C${n(wd * 0.6)} ${n(-length / 2)} ${n(wd * 0.62)} ${n(-length * 0.1)} ${n(wd * 0.5)} ${n(length * 0.2)} C${n(wd * 0.45)} ${n(length * 0.45)} ${n(wd * 0.3)} ${n(length / 2)} 0 ${n(length / 2)} C${n(-wd * 0.4)} ${n(length / 2)} ${n(-wd * 0.45)} ${n(length * 0.3)} ${n(-wd * 0.42)} ${n(length * 0.05)} C${n(-wd * 0.45)} ${n(-length * 0.3)} ${n(-wd * 0.5)} ${n(-length / 2)} 0 ${n(-length / 2)} Z`;
  const laces = Array.from(
    { length: 5 },
    (_, i) =>
      `<path d="M${n(-wd * 0.2)} ${n(-length * 0.18 + i * length * 0.07)} L${n(wd * 0.22)} ${n(-length * 0.15 + i * length * 0.07)}" stroke="#f8f8f8" stroke-width="${n(length * 0.018)}" stroke-linecap="round"/>`,
  ).join('');
  s.add(
    group(
      `translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${mirror ? -1 : 1} 1)`,
      `<path d="${sole}" fill="#000" opacity="0.2" transform="translate(8 12)"/>`,
      `<path d="${sole}" fill="#f2f0eb"/>`,
      `<path d="${sole}" fill="${s.radial([
        [0, shade(color, 0.15)],
        [1, shade(color, -0.15)],
      ])}" transform="scale(0.86)"/>`,
      `<ellipse cx="0" cy="${n(length * 0.15)}" rx="${n(wd * 0.28)}" ry="${n(length * 0.17)}" fill="${shade(color, -0.45)}"/>`,
      `<path d="M${n(-wd * 0.22)} ${n(-length * 0.25)} Q0 ${n(-length * 0.3)} ${n(wd * 0.24)} ${n(-length * 0.22)} L${n(wd * 0.2)} ${n(length * 0.05)} L${n(-wd * 0.2)} ${n(length * 0.05)} Z" fill="${shade(color, -0.12)}"/>`,
      laces,
    ),
  );
}

/** An outfit laid flat from above: top, jeans, sneakers, sunglasses, a watch and a bag. */
export function flatlay(s: Scene): void {
  const { width: w, height: h, r } = s;
  tableTop(s, s.vary(['linen', 'terrazzo', 'marble'] as const));
  const u = Math.min(w, h);
  const top = pickOne(r, TEXTILES);
  const jeans = pickOne(r, ['#3b5b85', '#2a3f5f', '#6d8db5', '#1f2630', '#c9b79c']);
  // Top, folded flat (tee or shirt), upper left.
  const tx = w * 0.3;
  const ty = h * 0.08;
  const kind = pickOne(r, ['tee', 'shirt', 'knit'] as const);
  const d = garmentPath(kind, u * 0.36, u * 0.46);
  s.add(
    group(`translate(${n(tx + 10)} ${n(ty + 14)})`, `<path d="${d}" fill="#000" opacity="0.16"/>`),
    group(
      `translate(${n(tx)} ${n(ty)})`,
      `<path d="${d}" fill="${fabric(s, top)}"/>`,
      garmentDetails(kind, u * 0.36, u * 0.46, top),
    ),
  );
  // Jeans, lower right.
  const jx = w * 0.7;
  const jy = h * 0.34;
  const jw = u * 0.3;
  const jl = h * 0.58;
  const legs = `M${n(-jw / 2)} 0 H${n(jw / 2)} L${n(jw * 0.56)} ${n(jl)} H${n(jw * 0.08)} L0 ${n(jl * 0.28)} L${n(-jw * 0.08)} ${n(jl)} H${n(-jw * 0.56)} Z`;
  s.add(
    group(`translate(${n(jx + 10)} ${n(jy + 14)})`, `<path d="${legs}" fill="#000" opacity="0.16"/>`),
    group(
      `translate(${n(jx)} ${n(jy)})`,
      `<path d="${legs}" fill="${s.linear(
        [
          [0, shade(jeans, 0.15)],
          [1, shade(jeans, -0.15)],
        ],
        0,
        0,
        1,
        1,
      )}"/>`,
      `<rect x="${n(-jw / 2)}" y="0" width="${n(jw)}" height="${n(jl * 0.05)}" fill="${shade(jeans, -0.2)}"/>`,
      `<path d="M${n(-jw * 0.45)} ${n(jl * 0.05)} Q${n(-jw * 0.3)} ${n(jl * 0.14)} ${n(-jw * 0.1)} ${n(jl * 0.06)} M${n(jw * 0.45)} ${n(jl * 0.05)} Q${n(jw * 0.3)} ${n(jl * 0.14)} ${n(jw * 0.1)} ${n(jl * 0.06)}" stroke="#e0a84f" stroke-width="2" fill="none"/>`,
      `<path d="M0 ${n(jl * 0.05)} V${n(jl * 0.27)}" stroke="${shade(jeans, -0.35)}" stroke-width="3"/>`,
      `<path d="M${n(-jw * 0.3)} ${n(jl * 0.35)} L${n(-jw * 0.32)} ${n(jl * 0.95)} M${n(jw * 0.3)} ${n(jl * 0.35)} L${n(jw * 0.32)} ${n(jl * 0.95)}" stroke="#ffffff" stroke-opacity="0.12" stroke-width="${n(jw * 0.08)}"/>`,
    ),
  );
  // Sneakers, lower left.
  const shoe = pickOne(r, ['#f4f1ea', '#1f1f24', '#c8553d', '#a3b9c9', '#d9a441']);
  sneaker(s, w * 0.16, h * 0.72, u * 0.3, -12, shoe, false);
  sneaker(s, w * 0.36, h * 0.76, u * 0.3, 8, shoe, true);
  // Sunglasses.
  const gx = w * 0.2;
  const gy = h * 0.5;
  const lens = u * 0.06;
  s.add(
    group(
      `translate(${n(gx)} ${n(gy)}) rotate(${n(between(r, -15, 15))})`,
      `<g transform="translate(6 8)" opacity="0.2"><ellipse cx="${n(-lens * 1.1)}" cy="0" rx="${n(lens)}" ry="${n(lens * 0.8)}"/><ellipse cx="${n(lens * 1.1)}" cy="0" rx="${n(lens)}" ry="${n(lens * 0.8)}"/></g>`,
      `<ellipse cx="${n(-lens * 1.1)}" cy="0" rx="${n(lens)}" ry="${n(lens * 0.8)}" fill="${s.linear([
        [0, '#5a4a3a'],
        [1, '#1a1410'],
      ])}" stroke="#2a1d14" stroke-width="5"/>`,
      `<ellipse cx="${n(lens * 1.1)}" cy="0" rx="${n(lens)}" ry="${n(lens * 0.8)}" fill="${s.linear([
        [0, '#5a4a3a'],
        [1, '#1a1410'],
      ])}" stroke="#2a1d14" stroke-width="5"/>`,
      `<path d="M${n(-lens * 0.2)} ${n(-lens * 0.2)} Q0 ${n(-lens * 0.45)} ${n(lens * 0.2)} ${n(-lens * 0.2)}" stroke="#2a1d14" stroke-width="5" fill="none"/>`,
      `<path d="M${n(-lens * 2.05)} ${n(-lens * 0.3)} L${n(-lens * 1.6)} ${n(lens * 1.9)} M${n(lens * 2.05)} ${n(-lens * 0.3)} L${n(lens * 1.6)} ${n(lens * 1.9)}" stroke="#2a1d14" stroke-width="5"/>`,
      `<ellipse cx="${n(-lens * 1.4)}" cy="${n(-lens * 0.35)}" rx="${n(lens * 0.35)}" ry="${n(lens * 0.15)}" fill="#ffffff" opacity="0.35"/>`,
    ),
  );
  // A watch or a small bag, top right.
  if (r() < 0.5) {
    const wx = w * 0.82;
    const wy = h * 0.14;
    const strap = pickOne(r, ['#6b4226', '#1f1f24', '#a3b9c9']);
    s.add(
      `<rect x="${n(wx - u * 0.03)}" y="${n(wy - u * 0.13)}" width="${n(u * 0.06)}" height="${n(u * 0.26)}" rx="${n(u * 0.02)}" fill="${strap}"/>`,
    );
    s.shadow(wx + 6, wy + 8, u * 0.065, u * 0.065, 0.35);
    s.add(
      `<circle cx="${n(wx)}" cy="${n(wy)}" r="${n(u * 0.055)}" fill="${metal(s, '#d4b06a')}"/>`,
      `<circle cx="${n(wx)}" cy="${n(wy)}" r="${n(u * 0.045)}" fill="#fbf8f1"/>`,
      `<path d="M${n(wx)} ${n(wy)} L${n(wx)} ${n(wy - u * 0.032)} M${n(wx)} ${n(wy)} L${n(wx + u * 0.022)} ${n(wy + u * 0.01)}" stroke="#222" stroke-width="3" stroke-linecap="round"/>`,
    );
  } else {
    const bx = w * 0.8;
    const by = h * 0.1;
    const bag = pickOne(r, ['#c8a27a', '#1f1f24', '#e4b7b2', '#7d8f69']);
    s.add(
      `<path d="M${n(bx - u * 0.06)} ${n(by + u * 0.04)} Q${n(bx)} ${n(by - u * 0.08)} ${n(bx + u * 0.06)} ${n(by + u * 0.04)}" stroke="${shade(bag, -0.3)}" stroke-width="${n(u * 0.015)}" fill="none"/>`,
      `<rect x="${n(bx - u * 0.11 + 10)}" y="${n(by + u * 0.04 + 12)}" width="${n(u * 0.22)}" height="${n(u * 0.16)}" rx="${n(u * 0.02)}" fill="#000" opacity="0.18"/>`,
      `<rect x="${n(bx - u * 0.11)}" y="${n(by + u * 0.04)}" width="${n(u * 0.22)}" height="${n(u * 0.16)}" rx="${n(u * 0.02)}" fill="${s.linear(
        [
          [0, shade(bag, 0.1)],
          [1, shade(bag, -0.15)],
        ],
      )}"/>`,
      `<path d="M${n(bx - u * 0.11)} ${n(by + u * 0.09)} H${n(bx + u * 0.11)}" stroke="${shade(bag, -0.25)}" stroke-width="3"/>`,
      `<rect x="${n(bx - u * 0.015)}" y="${n(by + u * 0.08)}" width="${n(u * 0.03)}" height="${n(u * 0.025)}" fill="${metal(s, '#d4b06a')}"/>`,
    );
  }
  s.lightWash('#fff8ec', 0.2, 0, 0, 1, 1);
}

/** A figure in a long coat in a photo studio: backdrop sweep, soft floor shadow. */
export function studio(s: Scene): void {
  const { width: w, height: h, r } = s;
  const backdrop = s.vary(['#e9dfd3', '#d9e2e6', '#efd9d1', '#d8d3e6', '#e5e0cf', '#c9d6c8']);
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear(
      [
        [0, shade(backdrop, 0.2)],
        [0.7, backdrop],
        [1, shade(backdrop, -0.2)],
      ],
      0.15,
      0,
      0.85,
      1,
    )}"/>`,
    `<rect y="${n(h * 0.78)}" width="${w}" height="${n(h * 0.22)}" fill="${s.linear([
      [0, backdrop, 0],
      [1, shade(backdrop, -0.18)],
    ])}"/>`,
  );
  const cx = w * between(r, 0.42, 0.58);
  const footY = h * 0.9;
  const H = h * 0.8; // figure height
  const head = H / 8.2;
  const skin = pickOne(r, ['#f1c7a5', '#d9a27e', '#b57a55', '#8d5a3b', '#f5d6bd', '#6b4430']);
  const hair = pickOne(r, ['#2a1d16', '#5a3a22', '#0f0c0b', '#a8743e', '#d8b27a']);
  const coat = s.vary(['#c19a6b', '#8c3b2e', '#2f3a4a', '#e8e2d6', '#4a5a3f', '#1f1f24']);
  const under = pickOne(r, ['#f4f1ea', '#1f1f24', '#d9a441', '#a3b9c9']);
  const trousers = pickOne(r, ['#1f1f24', '#e8e2d6', '#3b5b85', '#6b4f3a']);
  const topY = footY - H;
  const shoulderY = topY + head * 1.45;
  const shW = head * 1.05;
  s.shadow(cx + w * 0.05, footY + 6, w * 0.2, h * 0.022, 0.45);
  // Legs and shoes.
  s.add(
    `<path d="M${n(cx - shW * 0.45)} ${n(shoulderY + head * 3.2)} L${n(cx - shW * 0.38)} ${n(footY - head * 0.15)} H${n(cx - shW * 0.08)} L${n(cx - shW * 0.02)} ${n(shoulderY + head * 3.4)} Z M${n(cx + shW * 0.45)} ${n(shoulderY + head * 3.2)} L${n(cx + shW * 0.4)} ${n(footY - head * 0.15)} H${n(cx + shW * 0.1)} L${n(cx + shW * 0.02)} ${n(shoulderY + head * 3.4)} Z" fill="${s.linear(
      [
        [0, shade(trousers, 0.1)],
        [1, shade(trousers, -0.2)],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
    `<path d="M${n(cx - shW * 0.42)} ${n(footY - head * 0.18)} h${n(shW * 0.36)} q${n(shW * 0.02)} ${n(head * 0.2)} ${n(-shW * 0.05)} ${n(head * 0.2)} h${n(-shW * 0.42)} q0 ${n(-head * 0.12)} ${n(shW * 0.1)} ${n(-head * 0.2)} Z M${n(cx + shW * 0.08)} ${n(footY - head * 0.18)} h${n(shW * 0.36)} q${n(shW * 0.1)} ${n(head * 0.08)} ${n(shW * 0.12)} ${n(head * 0.2)} h${n(-shW * 0.46)} Z" fill="#1a1614"/>`,
  );
  // Coat body, open over the layer underneath.
  const hem = shoulderY + head * (r() < 0.5 ? 4.3 : 3.6);
  const coatPath = `M${n(cx - shW * 0.3)} ${n(shoulderY - head * 0.1)} L${n(cx - shW)} ${n(shoulderY + head * 0.1)} Q${n(cx - shW * 1.1)} ${n(shoulderY + head * 1.5)} ${n(cx - shW * 1.05)} ${n(hem)} L${n(cx + shW * 1.05)} ${n(hem)} Q${n(cx + shW * 1.1)} ${n(shoulderY + head * 1.5)} ${n(cx + shW)} ${n(shoulderY + head * 0.1)} L${n(cx + shW * 0.3)} ${n(shoulderY - head * 0.1)} Z`;
  s.add(
    `<path d="M${n(cx - shW * 0.35)} ${n(shoulderY)} L${n(cx + shW * 0.35)} ${n(shoulderY)} L${n(cx + shW * 0.3)} ${n(hem - head * 0.3)} L${n(cx - shW * 0.3)} ${n(hem - head * 0.3)} Z" fill="${under}"/>`,
    `<path d="${coatPath}" fill="${s.linear(
      [
        [0, shade(coat, 0.12)],
        [0.55, coat],
        [1, shade(coat, -0.22)],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
    // The opening, lapels and folds.
    `<path d="M${n(cx - shW * 0.3)} ${n(shoulderY - head * 0.05)} L${n(cx - shW * 0.08)} ${n(shoulderY + head * 1.6)} L${n(cx - shW * 0.12)} ${n(hem)} L${n(cx + shW * 0.12)} ${n(hem)} L${n(cx + shW * 0.08)} ${n(shoulderY + head * 1.6)} L${n(cx + shW * 0.3)} ${n(shoulderY - head * 0.05)} Z" fill="${under}"/>`,
    `<path d="M${n(cx - shW * 0.3)} ${n(shoulderY - head * 0.05)} L${n(cx - shW * 0.55)} ${n(shoulderY + head * 0.5)} L${n(cx - shW * 0.1)} ${n(shoulderY + head * 1.6)} Z M${n(cx + shW * 0.3)} ${n(shoulderY - head * 0.05)} L${n(cx + shW * 0.55)} ${n(shoulderY + head * 0.5)} L${n(cx + shW * 0.1)} ${n(shoulderY + head * 1.6)} Z" fill="${shade(coat, -0.12)}"/>`,
    `<path d="M${n(cx - shW * 0.6)} ${n(shoulderY + head * 1.8)} Q${n(cx - shW * 0.55)} ${n(hem - head)} ${n(cx - shW * 0.7)} ${n(hem)} M${n(cx + shW * 0.55)} ${n(shoulderY + head * 1.9)} Q${n(cx + shW * 0.6)} ${n(hem - head)} ${n(cx + shW * 0.5)} ${n(hem)}" stroke="${shade(coat, -0.35)}" stroke-opacity="0.35" stroke-width="${n(shW * 0.06)}" fill="none"/>`,
  );
  // Sleeves and hands.
  for (const side of [-1, 1]) {
    const sx = cx + side * shW * 0.98;
    s.add(
      `<path d="M${n(sx)} ${n(shoulderY + head * 0.05)} Q${n(sx + side * shW * 0.25)} ${n(shoulderY + head * 1.5)} ${n(sx + side * shW * 0.12)} ${n(shoulderY + head * 2.85)} L${n(sx - side * shW * 0.2)} ${n(shoulderY + head * 2.85)} Q${n(sx - side * shW * 0.12)} ${n(shoulderY + head * 1.5)} ${n(sx - side * shW * 0.25)} ${n(shoulderY + head * 0.4)} Z" fill="${shade(coat, side < 0 ? 0.02 : -0.18)}"/>`,
      `<ellipse cx="${n(sx - side * shW * 0.04)}" cy="${n(shoulderY + head * 3.05)}" rx="${n(head * 0.17)}" ry="${n(head * 0.28)}" fill="${skin}"/>`,
    );
  }
  // A shoulder bag on one side.
  if (r() < 0.65) {
    const bag = pickOne(r, ['#1f1f24', '#c8553d', '#d8b48a', '#f4f1ea']);
    const bx = cx + shW * 1.35;
    const by = shoulderY + head * 2.3;
    s.add(
      `<path d="M${n(cx + shW * 0.7)} ${n(shoulderY)} L${n(bx)} ${n(by)}" stroke="${shade(bag, -0.2)}" stroke-width="5"/>`,
      `<rect x="${n(bx - head * 0.45)}" y="${n(by)}" width="${n(head * 0.9)}" height="${n(head * 0.7)}" rx="${n(head * 0.1)}" fill="${s.linear(
        [
          [0, shade(bag, 0.15)],
          [1, shade(bag, -0.2)],
        ],
      )}"/>`,
    );
  }
  // Neck, head, hair.
  const hy = topY + head * 0.55;
  s.add(
    `<rect x="${n(cx - head * 0.16)}" y="${n(hy + head * 0.3)}" width="${n(head * 0.32)}" height="${n(head * 0.55)}" fill="${shade(skin, -0.1)}"/>`,
  );
  const long = r() < 0.55;
  if (long)
    s.add(
      `<path d="M${n(cx - head * 0.48)} ${n(hy - head * 0.1)} Q${n(cx - head * 0.62)} ${n(hy + head * 1.4)} ${n(cx - head * 0.5)} ${n(hy + head * 1.6)} L${n(cx + head * 0.5)} ${n(hy + head * 1.6)} Q${n(cx + head * 0.62)} ${n(hy + head * 1.4)} ${n(cx + head * 0.48)} ${n(hy - head * 0.1)} Z" fill="${hair}"/>`,
    );
  s.add(
    `<ellipse cx="${n(cx)}" cy="${n(hy)}" rx="${n(head * 0.36)}" ry="${n(head * 0.47)}" fill="${s.radial(
      [
        [0, shade(skin, 0.08)],
        [1, shade(skin, -0.12)],
      ],
      0.4,
      0.4,
      0.7,
    )}"/>`,
    `<path d="M${n(cx - head * 0.4)} ${n(hy - head * 0.02)} Q${n(cx - head * 0.44)} ${n(hy - head * 0.6)} ${n(cx)} ${n(hy - head * 0.56)} Q${n(cx + head * 0.46)} ${n(hy - head * 0.6)} ${n(cx + head * 0.4)} ${n(hy - head * 0.02)} Q${n(cx + head * 0.3)} ${n(hy - head * 0.3)} ${n(cx)} ${n(hy - head * 0.32)} Q${n(cx - head * 0.3)} ${n(hy - head * 0.3)} ${n(cx - head * 0.4)} ${n(hy - head * 0.02)} Z" fill="${hair}"/>`,
  );
  if (r() < 0.5)
    s.add(
      `<rect x="${n(cx - head * 0.3)}" y="${n(hy - head * 0.06)}" width="${n(head * 0.26)}" height="${n(head * 0.13)}" rx="${n(head * 0.05)}" fill="#151515"/><rect x="${n(cx + head * 0.04)}" y="${n(hy - head * 0.06)}" width="${n(head * 0.26)}" height="${n(head * 0.13)}" rx="${n(head * 0.05)}" fill="#151515"/><path d="M${n(cx - head * 0.04)} ${n(hy - head * 0.02)} h${n(head * 0.08)}" stroke="#151515" stroke-width="3"/>`,
    );
  s.lightWash('#ffffff', 0.22, 0, 0, 1, 0.5);
}
