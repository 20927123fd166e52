import { metal } from './tableware.js';
import { between, group, mix, n, pickOne, shade, type Scene } from './svg.js';

/** Sport: a basketball hoop against the sky, a runner on a track, a tennis court from above. */

function basketball(s: Scene, cx: number, cy: number, radius: number): void {
  const seams = '#2a140a';
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${s.radial(
      [
        [0, '#f6a15a'],
        [0.6, '#e06d24'],
        [1, '#8f3a0c'],
      ],
      0.35,
      0.3,
      0.75,
    )}"/>`,
    `<g stroke="${seams}" stroke-width="${n(radius * 0.05)}" fill="none" opacity="0.85">` +
      `<path d="M${n(cx - radius)} ${n(cy)} H${n(cx + radius)}"/>` +
      `<path d="M${n(cx)} ${n(cy - radius)} V${n(cy + radius)}"/>` +
      `<path d="M${n(cx - radius * 0.7)} ${n(cy - radius * 0.72)} Q${n(cx - radius * 0.25)} ${n(cy)} ${n(cx - radius * 0.7)} ${n(cy + radius * 0.72)}"/>` +
      `<path d="M${n(cx + radius * 0.7)} ${n(cy - radius * 0.72)} Q${n(cx + radius * 0.25)} ${n(cy)} ${n(cx + radius * 0.7)} ${n(cy + radius * 0.72)}"/></g>`,
    `<ellipse cx="${n(cx - radius * 0.35)}" cy="${n(cy - radius * 0.4)}" rx="${n(radius * 0.3)}" ry="${n(radius * 0.18)}" fill="#ffffff" opacity="0.25" transform="rotate(-35 ${n(cx)} ${n(cy)})"/>`,
  );
}

/** A hoop seen from below against the sky, a ball on its way in. */
export function hoop(s: Scene): void {
  const { width: w, height: h, r } = s;
  const sky = s.vary([
    ['#2f6fc1', '#7fb3e8', '#d7ecfa'],
    ['#1b2450', '#b0527a', '#ffb36b'],
    ['#4a90c2', '#a6d1ee', '#f3f8fb'],
  ]);
  s.add(
    `<rect width="${w}" height="${h}" fill="${s.linear([
      [0, sky[0]!],
      [0.6, sky[1]!],
      [1, sky[2]!],
    ])}"/>`,
  );
  s.glow(w * between(r, 0.1, 0.9), h * 0.2, w * 0.4, '#fff4d6', 0.4);
  // Trees or buildings low on the horizon.
  const skyline = shade(sky[0]!, -0.4);
  for (let x = -20; x < w + 20;) {
    const bw = between(r, 0.06, 0.14) * w;
    const bh = between(r, 0.06, 0.2) * h;
    s.add(
      r() < 0.5
        ? `<rect x="${n(x)}" y="${n(h - bh)}" width="${n(bw)}" height="${n(bh)}" fill="${skyline}" opacity="0.7"/>`
        : `<ellipse cx="${n(x + bw / 2)}" cy="${n(h - bh * 0.6)}" rx="${n(bw * 0.7)}" ry="${n(bh * 0.7)}" fill="${mix(skyline, '#2f5d3a', 0.5)}" opacity="0.75"/>`,
    );
    x += bw;
  }
  // Pole and arm.
  const bx = w * between(r, 0.14, 0.34);
  const by = h * between(r, 0.14, 0.22);
  const bw = w * 0.52;
  const bh = bw * 0.6;
  const poleX = bx + bw * 0.7;
  s.add(
    `<rect x="${n(poleX - w * 0.025)}" y="${n(by + bh * 0.5)}" width="${n(w * 0.05)}" height="${n(h)}" fill="${metal(s, '#3b4a5a')}"/>`,
    `<path d="M${n(poleX)} ${n(by + bh * 0.6)} L${n(bx + bw * 0.5)} ${n(by + bh * 0.5)}" stroke="#3b4a5a" stroke-width="${n(w * 0.03)}"/>`,
  );
  // Backboard: glass with a white border and the shooter's square.
  s.add(
    `<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" rx="6" fill="#ffffff" opacity="0.35"/>`,
    `<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" rx="6" fill="none" stroke="#f5f5f5" stroke-width="${n(w * 0.015)}"/>`,
    `<rect x="${n(bx + bw * 0.33)}" y="${n(by + bh * 0.38)}" width="${n(bw * 0.34)}" height="${n(bh * 0.42)}" fill="none" stroke="#d9472b" stroke-width="${n(w * 0.011)}"/>`,
    `<path d="M${n(bx + bw * 0.1)} ${n(by)} l${n(bw * 0.25)} 0 l${n(-bw * 0.15)} ${n(bh)} l${n(-bw * 0.25)} 0 Z" fill="#ffffff" opacity="0.2"/>`,
  );
  // Rim and net.
  const rimX = bx + bw / 2;
  const rimY = by + bh * 0.86;
  const rimR = bw * 0.26;
  let net = '';
  for (let i = 0; i <= 10; i++) {
    const t = i / 10;
    const topX = rimX - rimR + t * rimR * 2;
    const botX = rimX - rimR * 0.55 + t * rimR * 1.1;
    const nextBot = rimX - rimR * 0.55 + Math.min(1, t + 0.1) * rimR * 1.1;
    net += `M${n(topX)} ${n(rimY)} L${n(botX)} ${n(rimY + rimR * 1.1)} M${n(topX)} ${n(rimY)} L${n(nextBot)} ${n(rimY + rimR * 1.1)}`;
  }
  s.add(
    `<path d="${net}" stroke="#ffffff" stroke-width="3" opacity="0.9" fill="none"/>`,
    `<ellipse cx="${n(rimX)}" cy="${n(rimY)}" rx="${n(rimR)}" ry="${n(rimR * 0.22)}" fill="none" stroke="#e0531f" stroke-width="${n(w * 0.012)}"/>`,
  );
  const ballR = rimR * 0.62;
  basketball(s, rimX + between(r, -1, 1) * rimR * 0.5, rimY - ballR * between(r, 1.2, 2.8), ballR);
}

/** A runner mid-stride on a track that runs to the horizon. */
export function track(s: Scene): void {
  const { width: w, height: h, r } = s;
  const horizonY = h * between(r, 0.36, 0.44);
  const sky = s.vary([
    ['#f7b267', '#f79d84', '#f4e1c1'],
    ['#5aa0d8', '#a7d0ef', '#eaf4fb'],
    ['#2c3e70', '#d9777a', '#fbd4a0'],
  ]);
  s.add(
    `<rect width="${w}" height="${n(horizonY + 2)}" fill="${s.linear([
      [0, sky[0]!],
      [0.7, sky[1]!],
      [1, sky[2]!],
    ])}"/>`,
  );
  const sunX = w * between(r, 0.2, 0.8);
  s.glow(sunX, horizonY - h * 0.06, w * 0.4, '#fff2cc', 0.7);
  // Stands and floodlights along the horizon.
  s.add(
    `<rect y="${n(horizonY - h * 0.07)}" width="${w}" height="${n(h * 0.07)}" fill="${shade(sky[0]!, -0.45)}" opacity="0.75"/>`,
  );
  for (let i = 0; i < 3; i++) {
    const fx = w * (0.15 + i * 0.35 + r() * 0.1);
    s.add(
      `<rect x="${n(fx - 3)}" y="${n(horizonY - h * 0.22)}" width="6" height="${n(h * 0.15)}" fill="${shade(sky[0]!, -0.5)}"/>`,
      `<rect x="${n(fx - w * 0.03)}" y="${n(horizonY - h * 0.24)}" width="${n(w * 0.06)}" height="${n(h * 0.025)}" fill="#fffbe6"/>`,
    );
  }
  // Grass, then the lanes converging to a vanishing point.
  s.add(
    `<rect y="${n(horizonY)}" width="${w}" height="${n(h - horizonY)}" fill="${s.linear([
      [0, '#6f9a4a'],
      [1, '#3f6b2a'],
    ])}"/>`,
  );
  const vx = w * between(r, 0.4, 0.6);
  const lanes = 6;
  const left = -w * 0.6;
  const right = w * 1.3;
  const surface = pickOne(r, ['#c4553b', '#b5482f', '#3d6fb0', '#c96a3f']);
  s.add(
    `<path d="M${n(vx - w * 0.02)} ${n(horizonY)} L${n(vx + w * 0.05)} ${n(horizonY)} L${n(right)} ${h} L${n(left)} ${h} Z" fill="${s.linear(
      [
        [0, shade(surface, 0.2)],
        [1, shade(surface, -0.1)],
      ],
    )}"/>`,
  );
  for (let i = 0; i <= lanes; i++) {
    const t = i / lanes;
    const top = vx - w * 0.02 + t * w * 0.07;
    const bottom = left + t * (right - left);
    s.add(
      `<path d="M${n(top)} ${n(horizonY)} L${n(bottom)} ${h}" stroke="#ffffff" stroke-width="${n(2 + t * 0)}" stroke-opacity="0.9"/>`,
    );
  }
  // Lane numbers near the bottom.
  for (let i = 0; i < lanes; i++) {
    const t = (i + 0.5) / lanes;
    const x = left + t * (right - left) + (vx - (left + t * (right - left))) * 0.12;
    s.add(
      `<rect x="${n(x - w * 0.02)}" y="${n(h * 0.93)}" width="${n(w * 0.04)}" height="${n(h * 0.03)}" fill="#ffffff" opacity="0.85"/>`,
    );
  }
  // The runner: a silhouette built from limbs with round joints.
  const scale = h * between(r, 0.36, 0.44);
  const rx = w * between(r, 0.35, 0.65);
  const ry = h * 0.92;
  const kit = pickOne(r, ['#1f1f24', '#c8553d', '#2f4858', '#f4f1ea']);
  const skin = pickOne(r, ['#f1c7a5', '#b57a55', '#8d5a3b', '#d9a27e', '#5c3a24']);
  const limb = (pts: Array<[number, number]>, width: number, color: string) =>
    `<path d="M${pts.map(([x, y]) => `${n(rx + x * scale)} ${n(ry - y * scale)}`).join(' L')}" stroke="${color}" stroke-width="${n(width * scale)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
  s.shadow(rx, ry + 6, scale * 0.35, scale * 0.04, 0.4);
  s.add(
    limb(
      [
        [0.06, 0.76],
        [0.19, 0.64],
        [0.3, 0.71],
      ],
      0.05,
      shade(skin, -0.2),
    ),
    limb(
      [
        [0.02, 0.5],
        [0.2, 0.34],
        [0.15, 0.05],
      ],
      0.075,
      shade(skin, -0.2),
    ),
    limb(
      [
        [0.15, 0.05],
        [0.23, 0.04],
      ],
      0.06,
      '#f4f1ea',
    ),
    limb(
      [
        [0.03, 0.52],
        [0.09, 0.8],
      ],
      0.16,
      kit,
    ),
    limb(
      [
        [0.02, 0.5],
        [-0.07, 0.3],
        [-0.25, 0.26],
      ],
      0.08,
      skin,
    ),
    limb(
      [
        [-0.25, 0.26],
        [-0.3, 0.31],
      ],
      0.06,
      '#f4f1ea',
    ),
    limb(
      [
        [0.01, 0.53],
        [-0.03, 0.44],
      ],
      0.13,
      shade(kit, -0.3),
    ),
    limb(
      [
        [0.09, 0.77],
        [-0.06, 0.66],
        [-0.02, 0.56],
      ],
      0.055,
      skin,
    ),
    `<circle cx="${n(rx + 0.125 * scale)}" cy="${n(ry - 0.9 * scale)}" r="${n(0.065 * scale)}" fill="${skin}"/>`,
    `<path d="M${n(rx + 0.065 * scale)} ${n(ry - 0.92 * scale)} a${n(0.065 * scale)} ${n(0.065 * scale)} 0 0 1 ${n(0.12 * scale)} ${n(-0.01 * scale)}" stroke="#1a1410" stroke-width="${n(0.04 * scale)}" fill="none"/>`,
  );
  s.lightWash('#fff2cc', 0.2, sunX / w, 0.2, 0.5, 1);
}

function tennisBall(s: Scene, cx: number, cy: number, radius: number): void {
  s.shadow(cx + radius * 0.3, cy + radius * 0.4, radius * 1.2, radius * 1.1, 0.45);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${s.radial(
      [
        [0, '#f1ff8a'],
        [0.7, '#d4e635'],
        [1, '#93a318'],
      ],
      0.38,
      0.35,
      0.7,
    )}"/>`,
    `<path d="M${n(cx - radius * 0.95)} ${n(cy - radius * 0.3)} Q${n(cx - radius * 0.1)} ${n(cy - radius * 0.05)} ${n(cx - radius * 0.3)} ${n(cy + radius * 0.95)} M${n(cx + radius * 0.3)} ${n(cy - radius * 0.95)} Q${n(cx + radius * 0.1)} ${n(cy + radius * 0.05)} ${n(cx + radius * 0.95)} ${n(cy + radius * 0.3)}" stroke="#fbfbf2" stroke-width="${n(radius * 0.12)}" fill="none" stroke-linecap="round"/>`,
  );
}

/** A corner of a tennis court from above: lines, a racket and balls. */
export function tennis(s: Scene): void {
  const { width: w, height: h, r } = s;
  const surface = s.vary([
    { court: '#3f7cae', out: '#4f8a5a' },
    { court: '#c86a3f', out: '#b55c34' },
    { court: '#4d8a4a', out: '#3f733d' },
    { court: '#5870b8', out: '#c9534a' },
  ]);
  s.add(`<rect width="${w}" height="${h}" fill="${surface.out}"/>`);
  const cx = w * between(r, 0.12, 0.25);
  const cy = h * between(r, 0.1, 0.2);
  s.add(`<rect x="${n(cx)}" y="${n(cy)}" width="${w}" height="${h}" fill="${surface.court}"/>`);
  // Court texture: faint speckle.
  for (let i = 0; i < 140; i++) {
    s.add(
      `<circle cx="${n(r() * w)}" cy="${n(r() * h)}" r="${n(between(r, 1, 2.5))}" fill="#ffffff" opacity="0.05"/>`,
    );
  }
  const line = w * 0.018;
  s.add(
    `<g fill="#f7f7f2"><rect x="${n(cx)}" y="${n(cy)}" width="${w}" height="${n(line)}"/><rect x="${n(cx)}" y="${n(cy)}" width="${n(line)}" height="${h}"/><rect x="${n(cx + w * 0.18)}" y="${n(cy)}" width="${n(line)}" height="${h}"/><rect x="${n(cx + w * 0.18)}" y="${n(cy + h * 0.52)}" width="${w}" height="${n(line)}"/><rect x="${n(cx + w * 0.62)}" y="${n(cy + h * 0.52)}" width="${n(line)}" height="${h}"/></g>`,
  );
  // Racket: frame, strings, throat and a wrapped grip.
  const rx = w * between(r, 0.48, 0.58);
  const ry = h * between(r, 0.32, 0.42);
  const head = Math.min(w, h) * 0.2;
  const frame = pickOne(r, ['#1d1d1f', '#c8553d', '#f4f1ea', '#2f4858', '#d9a441']);
  const strings = s.pattern(
    14,
    14,
    `<path d="M0 0.5H14M0.5 0V14" stroke="#f4f1ea" stroke-width="1.6" opacity="0.85"/>`,
  );
  const angle = between(r, -35, 35);
  s.add(
    group(
      `translate(${n(rx + 14)} ${n(ry + 20)}) rotate(${n(angle)})`,
      `<g fill="#000" opacity="0.25"><ellipse cx="0" cy="0" rx="${n(head * 0.78)}" ry="${n(head)}"/><rect x="${n(-head * 0.1)}" y="${n(head)}" width="${n(head * 0.2)}" height="${n(head * 1.5)}" rx="8"/></g>`,
    ),
    group(
      `translate(${n(rx)} ${n(ry)}) rotate(${n(angle)})`,
      `<ellipse cx="0" cy="0" rx="${n(head * 0.72)}" ry="${n(head * 0.94)}" fill="${strings}"/>`,
      `<ellipse cx="0" cy="0" rx="${n(head * 0.75)}" ry="${n(head * 0.97)}" fill="none" stroke="${frame}" stroke-width="${n(head * 0.09)}"/>`,
      `<path d="M${n(-head * 0.35)} ${n(head * 0.85)} L${n(-head * 0.08)} ${n(head * 1.45)} M${n(head * 0.35)} ${n(head * 0.85)} L${n(head * 0.08)} ${n(head * 1.45)}" stroke="${frame}" stroke-width="${n(head * 0.08)}" stroke-linecap="round"/>`,
      `<rect x="${n(-head * 0.1)}" y="${n(head * 1.4)}" width="${n(head * 0.2)}" height="${n(head * 1.15)}" rx="${n(head * 0.05)}" fill="${pickOne(r, ['#f4f1ea', '#1d1d1f', '#c8553d'])}"/>`,
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `<path d="M${n(-head * 0.1)} ${n(head * (1.5 + i * 0.13))} l${n(head * 0.2)} ${n(head * 0.06)}" stroke="#000" stroke-opacity="0.2" stroke-width="3"/>`,
      ),
    ),
  );
  const balls = 1 + Math.floor(r() * 3);
  for (let i = 0; i < balls; i++)
    tennisBall(s, w * between(r, 0.2, 0.85), h * between(r, 0.65, 0.9), Math.min(w, h) * 0.045);
  s.lightWash('#fff4d6', 0.22, 0, 0, 1, 1);
}
