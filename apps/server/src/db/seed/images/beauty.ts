import { tableTop } from './surfaces.js';
import { metal } from './tableware.js';
import { between, group, leafPath, mix, n, pickOne, shade, type Scene } from './svg.js';

/** Cosmetics: an eyeshadow palette and lipsticks from above, skincare bottles on a plinth, a vanity. */

const SHADOWS = [
  ['#f3d9c8', '#e8b9a0', '#d48c70', '#b5654a', '#8a4030', '#5a2a20', '#f2c4b9', '#c97c7c', '#9c4f5f'],
  ['#f4e3d0', '#e0c09a', '#c9975e', '#a8743e', '#7a5230', '#4a3020', '#e6d2b5', '#b89a7a', '#6f5a4a'],
  ['#f6dfe6', '#e6b4c6', '#c77d9e', '#9b4f7a', '#6b2f5a', '#3a1a35', '#d4c4e8', '#9c89c4', '#5e4d8a'],
] as const;
const LIPSTICKS = ['#b3202e', '#c9485b', '#8e2438', '#d9707a', '#a8423a', '#6e1f2f'] as const;

function lipstick(s: Scene, x: number, y: number, length: number, angle: number, shadeColor: string): void {
  const wd = length * 0.22;
  const gold = metal(s, '#d4b06a');
  s.add(
    group(
      `translate(${n(x)} ${n(y)}) rotate(${n(angle)})`,
      `<rect x="${n(-wd / 2 + 8)}" y="${n(-length * 0.1 + 12)}" width="${n(wd)}" height="${n(length * 1.1)}" rx="${n(wd * 0.2)}" fill="#000" opacity="0.2"/>`,
      `<path d="M${n(-wd * 0.36)} ${n(length * 0.1)} L${n(-wd * 0.36)} ${n(-length * 0.08)} Q${n(-wd * 0.3)} ${n(-length * 0.2)} ${n(wd * 0.36)} ${n(-length * 0.26)} L${n(wd * 0.36)} ${n(length * 0.1)} Z" fill="${s.linear(
        [
          [0, shade(shadeColor, 0.25)],
          [0.5, shadeColor],
          [1, shade(shadeColor, -0.3)],
        ],
        0,
        0,
        1,
        0,
      )}"/>`,
      `<rect x="${n(-wd * 0.42)}" y="${n(length * 0.08)}" width="${n(wd * 0.84)}" height="${n(length * 0.22)}" fill="${gold}"/>`,
      `<rect x="${n(-wd / 2)}" y="${n(length * 0.3)}" width="${n(wd)}" height="${n(length * 0.62)}" rx="${n(wd * 0.12)}" fill="${metal(s, pickOne(s.r, ['#1d1d1f', '#d4b06a', '#e9e4dc', '#7a1f2b']))}"/>`,
    ),
  );
}

function brush(s: Scene, x: number, y: number, length: number, angle: number): void {
  const handle = pickOne(s.r, ['#1d1d1f', '#e9e4dc', '#c8a27a', '#e4b7b2']);
  s.add(
    group(
      `translate(${n(x)} ${n(y)}) rotate(${n(angle)})`,
      `<g transform="translate(8 12)" opacity="0.18"><path d="M${n(-length * 0.05)} 0 Q0 ${n(-length * 0.25)} ${n(length * 0.05)} 0 L${n(length * 0.025)} ${n(length)} L${n(-length * 0.025)} ${n(length)} Z"/></g>`,
      `<path d="M${n(-length * 0.07)} ${n(length * 0.05)} Q${n(-length * 0.06)} ${n(-length * 0.22)} 0 ${n(-length * 0.24)} Q${n(length * 0.06)} ${n(-length * 0.22)} ${n(length * 0.07)} ${n(length * 0.05)} Z" fill="${s.linear(
        [
          [0, '#e6cdb8'],
          [1, '#8a6a58'],
        ],
      )}"/>`,
      `<rect x="${n(-length * 0.045)}" y="${n(length * 0.04)}" width="${n(length * 0.09)}" height="${n(length * 0.16)}" fill="${metal(s)}"/>`,
      `<path d="M${n(-length * 0.04)} ${n(length * 0.2)} L${n(-length * 0.022)} ${n(length)} L${n(length * 0.022)} ${n(length)} L${n(length * 0.04)} ${n(length * 0.2)} Z" fill="${s.linear(
        [
          [0, shade(handle, 0.2)],
          [1, shade(handle, -0.2)],
        ],
        0,
        0,
        1,
        0,
      )}"/>`,
    ),
  );
}

function petals(s: Scene, x: number, y: number, size: number, color: string): void {
  for (let i = 0; i < 5; i++) {
    s.add(
      `<path d="${leafPath(x, y, size, size * 0.45, i * 72 + s.r() * 20)}" fill="${shade(color, (s.r() - 0.5) * 0.2)}" opacity="0.92"/>`,
    );
  }
  s.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(size * 0.18)}" fill="#f2c14e"/>`);
}

/** Flat lay: an eyeshadow palette, lipsticks, brushes, a compact and petals. */
export function makeup(s: Scene): void {
  const { width: w, height: h, r } = s;
  tableTop(s, s.vary(['marble', 'linen', 'terrazzo'] as const));
  const u = Math.min(w, h);
  // Palette: a case with a 3x3 grid of pans.
  const pw = u * 0.5;
  const ph = u * 0.42;
  const px = w * between(r, 0.15, 0.25);
  const py = h * between(r, 0.12, 0.2);
  const colors = pickOne(r, SHADOWS);
  const caseColor = pickOne(r, ['#1d1d1f', '#f2e6df', '#c9a38a', '#2f3a4a']);
  s.add(
    `<rect x="${n(px + 12)}" y="${n(py + 16)}" width="${n(pw)}" height="${n(ph)}" rx="${n(u * 0.02)}" fill="#000" opacity="0.2"/>`,
    `<rect x="${n(px)}" y="${n(py)}" width="${n(pw)}" height="${n(ph)}" rx="${n(u * 0.02)}" fill="${s.linear(
      [
        [0, shade(caseColor, 0.15)],
        [1, shade(caseColor, -0.12)],
      ],
      0,
      0,
      1,
      1,
    )}"/>`,
  );
  const pan = pw / 3.4;
  for (let i = 0; i < 9; i++) {
    const cx = px + pw * 0.5 + ((i % 3) - 1) * pan * 1.08;
    const cy = py + ph * 0.5 + (Math.floor(i / 3) - 1) * pan * 0.9;
    const c = colors[i]!;
    s.add(
      `<rect x="${n(cx - pan * 0.46)}" y="${n(cy - pan * 0.4)}" width="${n(pan * 0.92)}" height="${n(pan * 0.8)}" rx="${n(pan * 0.08)}" fill="${metal(s)}"/>`,
      `<rect x="${n(cx - pan * 0.42)}" y="${n(cy - pan * 0.36)}" width="${n(pan * 0.84)}" height="${n(pan * 0.72)}" rx="${n(pan * 0.06)}" fill="${s.radial(
        [
          [0, shade(c, 0.12)],
          [1, shade(c, -0.08)],
        ],
      )}"/>`,
    );
    // A finger swipe on a few pans, like a used palette.
    if (r() < 0.4)
      s.add(
        `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(pan * 0.22)}" ry="${n(pan * 0.14)}" fill="${shade(c, -0.15)}" opacity="0.6"/>`,
      );
  }
  // Lipsticks, a compact, brushes.
  const lx = w * between(r, 0.72, 0.82);
  for (let i = 0; i < 3; i++)
    lipstick(
      s,
      lx + i * u * 0.08 - u * 0.08,
      h * 0.22 + i * u * 0.03,
      u * 0.26,
      between(r, -12, 12),
      pickOne(r, LIPSTICKS),
    );
  const cx = w * between(r, 0.28, 0.38);
  const cy = h * between(r, 0.66, 0.74);
  s.shadow(cx + 12, cy + 16, u * 0.15, u * 0.15, 0.35);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(u * 0.13)}" fill="${metal(s, '#d4b06a')}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(u * 0.115)}" fill="${s.radial([
      [0, '#f1d3bf'],
      [1, '#d9a98a'],
    ])}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(u * 0.08)}" fill="#ffffff" opacity="0.12"/>`,
  );
  brush(s, w * 0.66, h * 0.58, u * 0.42, between(r, 20, 40));
  brush(s, w * 0.78, h * 0.6, u * 0.36, between(r, 10, 30));
  const flower = pickOne(r, ['#f2a6b5', '#fbe3e8', '#e8c1d9', '#ffffff']);
  for (let i = 0; i < 3; i++)
    petals(s, w * between(r, 0.05, 0.95), h * between(r, 0.82, 0.95), u * 0.05, flower);
  s.lightWash('#fff4f2', 0.25, 0, 0, 1, 1);
}

interface Bottle {
  kind: 'dropper' | 'pump' | 'jar' | 'tube';
  glass: string;
  height: number;
  width: number;
}

function drawBottle(s: Scene, b: Bottle, x: number, baseY: number): void {
  const { width: bw, height: bh } = b;
  const body = s.linear(
    [
      [0, shade(b.glass, -0.15)],
      [0.25, shade(b.glass, 0.35)],
      [0.4, b.glass],
      [1, shade(b.glass, -0.3)],
    ],
    0,
    0,
    1,
    0,
  );
  const label = `<rect x="${n(x - bw * 0.36)}" y="${n(baseY - bh * 0.62)}" width="${n(bw * 0.72)}" height="${n(bh * 0.3)}" fill="#fbf8f3" opacity="0.92"/><rect x="${n(x - bw * 0.25)}" y="${n(baseY - bh * 0.55)}" width="${n(bw * 0.5)}" height="${n(bh * 0.035)}" fill="#3a3a3a"/><rect x="${n(x - bw * 0.2)}" y="${n(baseY - bh * 0.47)}" width="${n(bw * 0.4)}" height="${n(bh * 0.02)}" fill="#8a8a8a"/><rect x="${n(x - bw * 0.2)}" y="${n(baseY - bh * 0.43)}" width="${n(bw * 0.32)}" height="${n(bh * 0.02)}" fill="#8a8a8a"/>`;
  s.shadow(x + bw * 0.35, baseY, bw * 0.9, bw * 0.12, 0.45);
  switch (b.kind) {
    case 'dropper':
      s.add(
        `<rect x="${n(x - bw / 2)}" y="${n(baseY - bh * 0.75)}" width="${n(bw)}" height="${n(bh * 0.75)}" rx="${n(bw * 0.14)}" fill="${body}"/>`,
        label,
        `<rect x="${n(x - bw * 0.2)}" y="${n(baseY - bh * 0.85)}" width="${n(bw * 0.4)}" height="${n(bh * 0.12)}" fill="${metal(s, '#2b2b2b')}"/>`,
        `<path d="M${n(x - bw * 0.16)} ${n(baseY - bh * 0.85)} Q${n(x - bw * 0.2)} ${n(baseY - bh)} ${n(x)} ${n(baseY - bh)} Q${n(x + bw * 0.2)} ${n(baseY - bh)} ${n(x + bw * 0.16)} ${n(baseY - bh * 0.85)} Z" fill="#1d1d1f"/>`,
      );
      break;
    case 'pump':
      s.add(
        `<rect x="${n(x - bw / 2)}" y="${n(baseY - bh * 0.8)}" width="${n(bw)}" height="${n(bh * 0.8)}" rx="${n(bw * 0.08)}" fill="${body}"/>`,
        label,
        `<rect x="${n(x - bw * 0.18)}" y="${n(baseY - bh * 0.88)}" width="${n(bw * 0.36)}" height="${n(bh * 0.08)}" fill="${metal(s, '#e9e4dc')}"/>`,
        `<rect x="${n(x - bw * 0.06)}" y="${n(baseY - bh * 0.97)}" width="${n(bw * 0.12)}" height="${n(bh * 0.1)}" fill="#e9e4dc"/>`,
        `<rect x="${n(x - bw * 0.06)}" y="${n(baseY - bh)}" width="${n(bw * 0.4)}" height="${n(bh * 0.04)}" rx="4" fill="#e9e4dc"/>`,
      );
      break;
    case 'jar':
      s.add(
        `<rect x="${n(x - bw / 2)}" y="${n(baseY - bh * 0.75)}" width="${n(bw)}" height="${n(bh * 0.75)}" rx="${n(bw * 0.1)}" fill="${body}"/>`,
        `<rect x="${n(x - bw * 0.52)}" y="${n(baseY - bh)}" width="${n(bw * 1.04)}" height="${n(bh * 0.3)}" rx="${n(bw * 0.06)}" fill="${metal(s, pickOne(s.r, ['#d4b06a', '#e9e4dc', '#2b2b2b']))}"/>`,
        `<rect x="${n(x - bw * 0.3)}" y="${n(baseY - bh * 0.5)}" width="${n(bw * 0.6)}" height="${n(bh * 0.1)}" fill="#fbf8f3" opacity="0.85"/>`,
      );
      break;
    case 'tube':
      s.add(
        `<path d="M${n(x - bw * 0.45)} ${n(baseY - bh * 0.15)} L${n(x - bw / 2)} ${n(baseY - bh)} L${n(x + bw / 2)} ${n(baseY - bh)} L${n(x + bw * 0.45)} ${n(baseY - bh * 0.15)} Z" fill="${body}"/>`,
        `<rect x="${n(x - bw * 0.3)}" y="${n(baseY - bh * 0.15)}" width="${n(bw * 0.6)}" height="${n(bh * 0.15)}" rx="4" fill="${metal(s, '#e9e4dc')}"/>`,
        `<rect x="${n(x - bw * 0.3)}" y="${n(baseY - bh * 0.8)}" width="${n(bw * 0.6)}" height="${n(bh * 0.04)}" fill="#3a3a3a" opacity="0.7"/>`,
      );
      break;
  }
}

/** Skincare bottles on a plinth, a eucalyptus sprig, soft daylight. */
export function skincare(s: Scene): void {
  const { width: w, height: h, r } = s;
  const wall = s.vary(['#efe3da', '#e1e8e3', '#ead9d3', '#dfe3ea', '#f2ebe0']);
  const surfaceY = h * between(r, 0.66, 0.74);
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear(
      [
        [0, shade(wall, 0.15)],
        [1, shade(wall, -0.12)],
      ],
      0.15,
      0,
      0.85,
      1,
    )}"/>`,
  );
  // Window light falling across the wall.
  for (let i = 0; i < 3; i++) {
    const x = w * (0.1 + i * 0.28) + r() * w * 0.05;
    s.add(
      `<path d="M${n(x)} 0 h${n(w * 0.16)} l${n(-w * 0.25)} ${n(surfaceY)} h${n(-w * 0.16)} Z" fill="#ffffff" opacity="0.14"/>`,
    );
  }
  const stone = pickOne(r, ['#d9cfc4', '#c9b8a6', '#e8e2da', '#b9b1a8']);
  s.add(
    `<rect y="${n(surfaceY)}" width="${w}" height="${n(h - surfaceY)}" fill="${s.linear([
      [0, shade(stone, 0.1)],
      [1, shade(stone, -0.15)],
    ])}"/>`,
    `<rect y="${n(surfaceY)}" width="${w}" height="4" fill="#ffffff" opacity="0.5"/>`,
  );
  const glasses = ['#c77f3a', '#e9e4dc', '#f4f1ea', '#a3b9c9', '#e4b7b2', '#2f3a4a', '#d9c2a7'];
  const kinds: Bottle['kind'][] = ['dropper', 'pump', 'jar', 'tube', 'dropper'];
  const count = 3 + Math.floor(r() * 2);
  const slot = (w * 0.8) / count;
  const bottles = Array.from({ length: count }, (_, i): Bottle => {
    const kind = kinds[(i + Math.floor(r() * 5)) % kinds.length]!;
    const height = kind === 'jar' ? h * between(r, 0.14, 0.19) : h * between(r, 0.32, 0.5);
    return {
      kind,
      glass: pickOne(r, glasses),
      height,
      width: kind === 'jar' ? slot * 0.85 : slot * between(r, 0.55, 0.72),
    };
  });
  // A eucalyptus sprig leaning behind.
  const sx = w * between(r, 0.15, 0.85);
  for (let i = 0; i < 12; i++) {
    const t = i / 12;
    const lx = sx + t * w * 0.05;
    const ly = surfaceY - t * h * 0.5;
    s.add(
      `<ellipse cx="${n(lx + (i % 2 ? 18 : -18))}" cy="${n(ly)}" rx="${n(w * 0.03)}" ry="${n(w * 0.022)}" fill="${mix('#7f9c8a', wall, 0.1)}"/>`,
    );
  }
  s.add(
    `<path d="M${n(sx)} ${n(surfaceY)} L${n(sx + w * 0.05)} ${n(surfaceY - h * 0.5)}" stroke="#6b7f70" stroke-width="3"/>`,
  );
  bottles.forEach((b, i) => drawBottle(s, b, w * 0.1 + slot * (i + 0.5), surfaceY + h * 0.03));
  s.lightWash('#ffffff', 0.2, 0, 0, 1, 1);
}

/** A vanity: a round mirror reflecting the room, perfume and lipstick on a tray. */
export function vanity(s: Scene): void {
  const { width: w, height: h, r } = s;
  const wall = s.vary(['#f1e4e0', '#3f5a50', '#e5e9ee', '#efe8dc']);
  const tableY = h * 0.7;
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear(
      [
        [0, shade(wall, 0.1)],
        [1, shade(wall, -0.1)],
      ],
      0,
      0,
      1,
      1,
    )}"/>`,
  );
  // Mirror with a reflected window.
  const mx = w * between(r, 0.42, 0.58);
  const my = h * 0.36;
  const mr = Math.min(w, h) * 0.3;
  s.shadow(mx + mr * 0.08, my + mr * 0.1, mr * 1.1, mr * 1.1, 0.25);
  s.add(
    `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr)}" fill="${metal(s, '#d4b06a')}"/>`,
    `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr * 0.94)}" fill="${s.linear(
      [
        [0, '#cfd8dc'],
        [1, '#8fa0a8'],
      ],
      0,
      0,
      1,
      1,
    )}"/>`,
  );
  const clip = s.clip(`<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr * 0.94)}"/>`);
  s.add(
    `<g clip-path="${clip}"><rect x="${n(mx - mr * 0.6)}" y="${n(my - mr * 0.8)}" width="${n(mr * 0.7)}" height="${n(mr * 1.1)}" fill="#f8fbfc" opacity="0.7"/><path d="M${n(mx - mr * 0.25)} ${n(my - mr * 0.8)} v${n(mr * 1.1)}" stroke="#b7c2c7" stroke-width="8"/><path d="M${n(mx - mr)} ${n(my + mr * 0.5)} h${n(mr * 2)}" stroke="#7d8b91" stroke-width="${n(mr * 0.5)}"/><path d="M${n(mx + mr * 0.2)} ${n(my - mr)} l${n(mr * 0.5)} ${n(mr * 2)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${n(mr * 0.12)}"/></g>`,
  );
  // The table.
  const top = s.vary(['#f4f1ea', '#d8c3a5', '#e9dcd5']);
  s.add(
    `<rect y="${n(tableY)}" width="${w}" height="${n(h - tableY)}" fill="${s.linear([
      [0, shade(top, 0.05)],
      [1, shade(top, -0.2)],
    ])}"/>`,
  );
  // Tray, perfume bottle, lipstick standing.
  const tx = w * between(r, 0.3, 0.4);
  const ty = tableY + h * 0.12;
  s.add(
    `<ellipse cx="${n(tx + w * 0.2)}" cy="${n(ty + 8)}" rx="${n(w * 0.3)}" ry="${n(h * 0.04)}" fill="#000" opacity="0.18"/>`,
    `<ellipse cx="${n(tx + w * 0.2)}" cy="${n(ty)}" rx="${n(w * 0.3)}" ry="${n(h * 0.04)}" fill="${metal(s, '#d4b06a')}"/>`,
  );
  const perfume = pickOne(r, ['#f2c6d3', '#f6d58a', '#cfe3f0', '#e8d5f2', '#f3b38a']);
  const bx = tx + w * 0.08;
  const bw = w * 0.16;
  const bh = h * 0.2;
  s.add(
    `<rect x="${n(bx - bw / 2)}" y="${n(ty - bh)}" width="${n(bw)}" height="${n(bh)}" rx="${n(bw * 0.12)}" fill="${s.linear(
      [
        [0, shade(perfume, -0.1)],
        [0.3, shade(perfume, 0.45)],
        [1, shade(perfume, -0.2)],
      ],
      0,
      0,
      1,
      0,
    )}" opacity="0.95"/>`,
    `<rect x="${n(bx - bw * 0.4)}" y="${n(ty - bh * 0.7)}" width="${n(bw * 0.8)}" height="${n(bh * 0.62)}" rx="${n(bw * 0.08)}" fill="${shade(perfume, -0.12)}" opacity="0.6"/>`,
    `<rect x="${n(bx - bw * 0.12)}" y="${n(ty - bh * 1.12)}" width="${n(bw * 0.24)}" height="${n(bh * 0.14)}" fill="${metal(s, '#d4b06a')}"/>`,
    `<rect x="${n(bx - bw * 0.22)}" y="${n(ty - bh * 1.35)}" width="${n(bw * 0.44)}" height="${n(bh * 0.25)}" rx="${n(bw * 0.05)}" fill="${shade(perfume, -0.35)}"/>`,
  );
  lipstick(s, tx + w * 0.3, ty - h * 0.11, h * 0.12, 0, pickOne(r, LIPSTICKS));
  brush(s, tx + w * 0.42, ty - h * 0.01, h * 0.2, 80);
  if (r() < 0.7) {
    const vx = w * 0.86;
    s.add(
      `<path d="M${n(vx - w * 0.05)} ${n(tableY + h * 0.06)} q${n(-w * 0.01)} ${n(-h * 0.12)} ${n(w * 0.02)} ${n(-h * 0.16)} h${n(w * 0.06)} q${n(w * 0.03)} ${n(h * 0.04)} ${n(w * 0.02)} ${n(h * 0.16)} Z" fill="${s.linear(
        [
          [0, '#e9e4dc'],
          [1, '#bfb6aa'],
        ],
        0,
        0,
        1,
        0,
      )}"/>`,
    );
    for (let i = 0; i < 3; i++)
      petals(
        s,
        vx + (i - 1) * w * 0.05,
        tableY - h * (0.14 + r() * 0.06),
        w * 0.045,
        pickOne(r, ['#f2a6b5', '#fbe3e8', '#f6c28b']),
      );
  }
  s.lightWash('#fff6f0', 0.22, 0, 0, 1, 1);
}
