import { between, mix, n, pickOne, ridgePath, shade, type Scene } from './svg.js';

/** Landscapes and cityscapes: layered depth (far things paler), light from the sky, reflections. */

interface Sky {
  stops: string[];
  sun: string;
  land: string;
  water: string;
}

const SKIES: Record<'dawn' | 'noon' | 'dusk' | 'mist', Sky> = {
  dawn: {
    stops: ['#2c3e70', '#a86f94', '#f4b98a', '#fde3b6'],
    sun: '#fff1d0',
    land: '#3a3350',
    water: '#6f6f95',
  },
  noon: {
    stops: ['#2f6fc1', '#6fa8e0', '#b9dcf5', '#e6f3fb'],
    sun: '#ffffff',
    land: '#2f4f4a',
    water: '#2f7fa6',
  },
  dusk: {
    stops: ['#1b2450', '#6b2c5c', '#e0664a', '#ffc26b'],
    sun: '#ffe0a0',
    land: '#2a1e33',
    water: '#5a3a5a',
  },
  mist: {
    stops: ['#8fa5ba', '#b7c7d4', '#dbe3e8', '#eef1f2'],
    sun: '#ffffff',
    land: '#4d5d66',
    water: '#9db0bd',
  },
};

function skyFill(s: Scene, sky: Sky, horizonY: number): void {
  const stops = sky.stops.map((c, i) => [(i / (sky.stops.length - 1)) * 0.98, c] as [number, string]);
  s.add(`<rect width="${s.width}" height="${n(horizonY + 4)}" fill="${s.linear(stops)}"/>`);
}

function clouds(s: Scene, sky: Sky, maxY: number, count: number): void {
  const r = s.r;
  const tint = mix('#ffffff', sky.stops[2]!, 0.35);
  for (let i = 0; i < count; i++) {
    const cx = r() * s.width;
    const cy = between(r, 0.05, 1) * maxY;
    const w = between(r, 0.12, 0.3) * s.width;
    for (let k = 0; k < 5; k++) {
      const fill = s.radial([
        [0, tint, 0.55],
        [1, tint, 0],
      ]);
      s.add(
        `<ellipse cx="${n(cx + (k - 2) * w * 0.22)}" cy="${n(cy + (r() - 0.5) * w * 0.08)}" rx="${n(w * between(r, 0.25, 0.45))}" ry="${n(w * between(r, 0.08, 0.14))}" fill="${fill}"/>`,
      );
    }
  }
}

function pine(x: number, baseY: number, height: number, color: string): string {
  const tiers = 4;
  let d = `M${n(x - height * 0.02)} ${n(baseY)} h${n(height * 0.04)} v${n(-height * 0.15)} h${n(-height * 0.04)} Z`;
  for (let t = 0; t < tiers; t++) {
    const y = baseY - height * 0.12 - (t * height * 0.8) / tiers;
    const half = height * 0.2 * (1 - t / (tiers + 1));
    d += ` M${n(x - half)} ${n(y)} L${n(x)} ${n(y - height * 0.38)} L${n(x + half)} ${n(y)} Z`;
  }
  return `<path d="${d}" fill="${color}"/>`;
}

/** A mountain lake: ridges fading into the sky, snow on the far peaks, pines and a reflection. */
export function mountains(s: Scene): void {
  const { width: w, height: h, r } = s;
  const sky = SKIES[s.vary(['dusk', 'noon', 'dawn', 'mist'] as const)];
  const waterY = h * between(r, 0.62, 0.7);
  skyFill(s, sky, waterY);
  const sunX = w * between(r, 0.25, 0.75);
  const sunY = waterY * between(r, 0.35, 0.6);
  s.glow(sunX, sunY, w * 0.4, sky.sun, 0.55);
  s.add(`<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(w * 0.045)}" fill="${sky.sun}" opacity="0.95"/>`);
  clouds(s, sky, waterY * 0.45, 3);
  const horizon = sky.stops[sky.stops.length - 2]!;
  const ridges: string[] = [];
  const layers = 4;
  for (let i = 0; i < layers; i++) {
    const depth = 1 - i / (layers - 1); // 1 = farthest
    const color = mix(sky.land, horizon, depth * 0.7);
    const baseY = waterY - h * (0.02 + (1 - depth) * 0.0);
    const amp = h * (0.42 - i * 0.08) * between(r, 0.85, 1.1);
    const ridge = ridgePath(r, w, baseY, amp, waterY + 2, { peaks: 2 + i, jagged: 0.9 });
    const fill = s.linear(
      [
        [0, shade(color, 0.08)],
        [1, shade(color, -0.1)],
      ],
      0,
      0,
      1,
      1,
    );
    s.add(`<path d="${ridge.d}" fill="${fill}"/>`);
    if (i < 2) {
      // Snow: the same ridge, clipped, above a snow line.
      const clip = s.clip(`<path d="${ridge.d}"/>`);
      s.add(
        `<g clip-path="${clip}"><rect width="${w}" height="${n(baseY - amp * 0.55)}" fill="${s.linear([
          [0, '#ffffff', 0.95],
          [0.8, '#ffffff', 0.8],
          [1, '#ffffff', 0],
        ])}"/><path d="${ridge.d}" fill="${horizon}" opacity="0.25" transform="translate(${n(w * 0.04)} 0)"/></g>`,
      );
    }
    ridges.push(ridge.d);
  }
  // Water: the sky mirrored and darker, the nearest ridges reflected upside down.
  s.add(
    `<rect y="${n(waterY)}" width="${w}" height="${n(h - waterY)}" fill="${s.linear([
      [0, shade(horizon, -0.05)],
      [1, shade(sky.water, -0.35)],
    ])}"/>`,
    `<g transform="translate(0 ${n(waterY * 2)}) scale(1 -1)" opacity="0.35">${ridges
      .slice(-2)
      .map((d) => `<path d="${d}" fill="${shade(sky.land, 0.1)}"/>`)
      .join('')}</g>`,
  );
  for (let i = 0; i < 40; i++) {
    const y = waterY + Math.pow(r(), 1.6) * (h - waterY);
    const len = between(r, 20, 140) * (1 + (y - waterY) / h);
    const x = sunX + (r() - 0.5) * w * 0.5;
    s.add(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(len)}" height="2" fill="${sky.sun}" opacity="${n(between(r, 0.15, 0.45))}"/>`,
    );
  }
  // Shore with pines, darkest, in front.
  const shoreY = h * between(r, 0.86, 0.93);
  const shore = ridgePath(r, w, shoreY, h * 0.04, h + 5, { peaks: 3, jagged: 0.2 });
  const dark = shade(sky.land, -0.45);
  s.add(`<path d="${shore.d}" fill="${dark}"/>`);
  for (let i = 0; i < 14; i++) {
    const x = r() < 0.5 ? r() * w * 0.35 : w - r() * w * 0.35;
    s.add(pine(x, shoreY + h * 0.02, h * between(r, 0.12, 0.3), dark));
  }
  s.lightWash(sky.sun, 0.18, sunX / w, sunY / h, 1 - sunX / w, 1);
}

function palm(s: Scene, x: number, baseY: number, height: number, lean: number, color: string): void {
  const r = s.r;
  const topX = x + lean * height;
  const topY = baseY - height;
  s.add(
    `<path d="M${n(x - 10)} ${n(baseY)} Q${n(x + lean * height * 0.2)} ${n(baseY - height * 0.5)} ${n(topX - 4)} ${n(topY)} L${n(topX + 4)} ${n(topY)} Q${n(x + lean * height * 0.2 + 14)} ${n(baseY - height * 0.5)} ${n(x + 12)} ${n(baseY)} Z" fill="${color}"/>`,
  );
  // Fronds: a drooping spine with leaflets hanging off both sides.
  for (let i = 0; i < 9; i++) {
    const angle = ((-175 + i * 21 + (r() - 0.5) * 10) * Math.PI) / 180;
    const len = height * between(r, 0.3, 0.42);
    const droop = len * between(r, 0.35, 0.6);
    const pt = (t: number): [number, number] => [
      topX + Math.cos(angle) * len * t,
      topY + Math.sin(angle) * len * t + droop * t * t,
    ];
    const [mx, my] = pt(0.5);
    const [ex, ey] = pt(1);
    let leaflets = '';
    for (let k = 1; k <= 14; k++) {
      const t = k / 15;
      const [px, py] = pt(t);
      const size = len * 0.2 * Math.sin(t * Math.PI * 0.9 + 0.2);
      for (const side of [-1, 1]) {
        const la = angle + side * 1.1 + 0.5;
        leaflets += `M${n(px)} ${n(py)} l${n(Math.cos(la) * size)} ${n(Math.sin(la) * size + size * 0.6)}`;
      }
    }
    s.add(
      `<path d="M${n(topX)} ${n(topY)} Q${n(mx)} ${n(my - droop * 0.35)} ${n(ex)} ${n(ey)}" fill="none" stroke="${color}" stroke-width="${n(height * 0.012)}" stroke-linecap="round"/>`,
      `<path d="${leaflets}" fill="none" stroke="${color}" stroke-width="${n(height * 0.009)}" stroke-linecap="round"/>`,
    );
  }
}

/** The sea at golden hour: sun glitter, a headland, a beach with foam and a palm. */
export function coast(s: Scene): void {
  const { width: w, height: h, r } = s;
  const sky = SKIES[s.vary(['dusk', 'noon', 'dawn'] as const)];
  const horizonY = h * between(r, 0.42, 0.52);
  skyFill(s, sky, horizonY);
  const sunX = w * between(r, 0.3, 0.7);
  const sunY = horizonY - h * between(r, 0.04, 0.18);
  s.glow(sunX, sunY, w * 0.4, sky.sun, 0.6);
  s.add(`<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(w * 0.05)}" fill="${sky.sun}"/>`);
  clouds(s, sky, horizonY * 0.6, 4);
  const sea = sky.water;
  s.add(
    `<rect y="${n(horizonY)}" width="${w}" height="${n(h - horizonY)}" fill="${s.linear([
      [0, mix(sea, sky.stops[2]!, 0.55)],
      [0.35, sea],
      [1, shade(sea, -0.35)],
    ])}"/>`,
  );
  // Headland on one side.
  const left = r() < 0.5;
  const cliff = `M${left ? -10 : w + 10} ${n(horizonY + 2)} L${left ? -10 : w + 10} ${n(horizonY - h * 0.12)} Q${n(left ? w * 0.15 : w * 0.85)} ${n(horizonY - h * 0.14)} ${n(left ? w * 0.32 : w * 0.68)} ${n(horizonY + 2)} Z`;
  s.add(`<path d="${cliff}" fill="${mix(sky.land, sky.stops[2]!, 0.35)}"/>`);
  // Sun glitter: short bright dashes under the sun, wider towards the viewer.
  for (let i = 0; i < 90; i++) {
    const t = Math.pow(r(), 1.4);
    const y = horizonY + t * (h - horizonY) * 0.75;
    const spread = w * (0.04 + t * 0.3);
    const x = sunX + (r() - 0.5) * spread * 2;
    s.add(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(between(r, 8, 40) * (1 + t * 2))}" height="${n(1.5 + t * 3)}" fill="${sky.sun}" opacity="${n(between(r, 0.3, 0.8))}"/>`,
    );
  }
  if (r() < 0.7) {
    const bx = w * between(r, 0.15, 0.85);
    const by = horizonY + h * 0.015;
    s.add(
      `<path d="M${n(bx)} ${n(by - h * 0.05)} L${n(bx)} ${n(by)} L${n(bx + w * 0.03)} ${n(by)} Z" fill="#ffffff" opacity="0.9"/>`,
      `<path d="M${n(bx - w * 0.02)} ${n(by)} h${n(w * 0.055)} l${n(-w * 0.008)} ${n(h * 0.008)} h${n(-w * 0.04)} Z" fill="${shade(sky.land, -0.2)}"/>`,
    );
  }
  // Beach: wet sand, foam edge, dry sand.
  const beachY = h * between(r, 0.72, 0.8);
  let edge = `M-10 ${n(beachY)}`;
  for (let i = 1; i <= 6; i++)
    edge += ` Q${n((i - 0.5) * (w / 6))} ${n(beachY + (r() - 0.5) * h * 0.05)} ${n(i * (w / 6) + 5)} ${n(beachY + (r() - 0.5) * h * 0.02)}`;
  const sand = pickOne(r, ['#e8cfa2', '#dcbf8f', '#f0dcb8']);
  s.add(
    `<path d="${edge} L${w + 10} ${h + 10} L-10 ${h + 10} Z" fill="${s.linear([
      [0, shade(sand, -0.2)],
      [0.25, sand],
      [1, shade(sand, 0.1)],
    ])}"/>`,
    `<path d="${edge}" fill="none" stroke="#ffffff" stroke-width="${n(h * 0.012)}" opacity="0.85" stroke-linecap="round"/>`,
    `<path d="${edge}" fill="none" stroke="#ffffff" stroke-width="${n(h * 0.004)}" opacity="0.6" transform="translate(0 ${n(-h * 0.02)})"/>`,
  );
  for (let i = 0; i < 60; i++) {
    s.add(
      `<circle cx="${n(r() * w)}" cy="${n(beachY + r() * (h - beachY))}" r="${n(between(r, 1, 3))}" fill="${shade(sand, -0.3)}" opacity="0.4"/>`,
    );
  }
  if (r() < 0.75)
    palm(
      s,
      left ? w * 0.82 : w * 0.18,
      h + 10,
      h * between(r, 0.55, 0.75),
      left ? -0.18 : 0.18,
      shade(sky.land, -0.4),
    );
  s.lightWash(sky.sun, 0.2, sunX / w, 0.3, 0.5, 1);
}

/** A skyline at blue hour: three layers of towers, lit windows, and their reflection. */
export function city(s: Scene): void {
  const { width: w, height: h, r } = s;
  const sky = s.vary([
    { ...SKIES.dusk, stops: ['#0e1633', '#263a73', '#6b5b95', '#f29e6d'] },
    SKIES.dusk,
    SKIES.dawn,
  ]);
  const waterY = h * between(r, 0.66, 0.74);
  skyFill(s, sky, waterY);
  for (let i = 0; i < 60; i++) {
    s.add(
      `<circle cx="${n(r() * w)}" cy="${n(r() * waterY * 0.4)}" r="${n(between(r, 0.8, 2))}" fill="#ffffff" opacity="${n(between(r, 0.3, 0.9))}"/>`,
    );
  }
  if (r() < 0.6) {
    const mx = w * between(r, 0.15, 0.85);
    const my = h * between(r, 0.08, 0.2);
    s.glow(mx, my, w * 0.12, '#fff6df', 0.4);
    s.add(
      `<path d="M${n(mx)} ${n(my - w * 0.03)} A${n(w * 0.03)} ${n(w * 0.03)} 0 1 0 ${n(mx)} ${n(my + w * 0.03)} A${n(w * 0.024)} ${n(w * 0.03)} 0 1 1 ${n(mx)} ${n(my - w * 0.03)} Z" fill="#fff6df"/>`,
    );
  }
  const towers: string[] = [];
  const windowColors = ['#ffd98a', '#ffe9b8', '#fff3d6', '#9fd3ff'];
  for (let layer = 0; layer < 3; layer++) {
    const depth = 1 - layer / 2;
    const base = mix('#141a2e', sky.stops[2]!, depth * 0.45);
    let x = -20;
    while (x < w + 20) {
      const bw = between(r, 0.05, 0.11) * w * (1 + layer * 0.3);
      const bh = between(r, 0.12, 0.42) * h * (1 - layer * 0.15) * (r() < 0.15 ? 1.4 : 1);
      const top = waterY - bh;
      const fill = shade(base, (r() - 0.5) * 0.15);
      let tower = `<rect x="${n(x)}" y="${n(top)}" width="${n(bw)}" height="${n(bh + 2)}" fill="${fill}"/>`;
      if (r() < 0.25)
        tower += `<rect x="${n(x + bw * 0.2)}" y="${n(top - bh * 0.08)}" width="${n(bw * 0.6)}" height="${n(bh * 0.08 + 1)}" fill="${fill}"/>`;
      if (r() < 0.2) {
        tower += `<rect x="${n(x + bw / 2 - 1.5)}" y="${n(top - bh * 0.2)}" width="3" height="${n(bh * 0.2)}" fill="${fill}"/><circle cx="${n(x + bw / 2)}" cy="${n(top - bh * 0.2)}" r="3" fill="#ff4040"/>`;
      }
      // Windows: a grid, some lit; one path per brightness (thousands of <rect>s render slowly).
      const cols = Math.max(2, Math.floor(bw / 14));
      const rows = Math.floor(bh / 18);
      const lit = between(r, 0.15, 0.55) * (layer === 0 ? 0.6 : 1);
      const warm = pickOne(r, windowColors);
      const panes = ['', ''];
      const paneW = Math.max(2, (bw - 8) / cols - 4);
      for (let cy = 0; cy < rows; cy++) {
        for (let cx = 0; cx < cols; cx++) {
          if (r() > lit) continue;
          panes[r() < 0.5 ? 0 : 1] +=
            `M${n(x + 4 + (cx * (bw - 8)) / cols)} ${n(top + 8 + cy * 18)}h${n(paneW)}v8h${n(-paneW)}Z`;
        }
      }
      const glowOpacity = 0.5 + layer * 0.25;
      panes.forEach((d, k) => {
        if (d) tower += `<path d="${d}" fill="${warm}" opacity="${n(glowOpacity * (k === 0 ? 1 : 0.6))}"/>`;
      });
      towers.push(tower);
      s.add(tower);
      x += bw + between(r, -4, 6);
    }
  }
  // Water with a darkened, streaked reflection.
  s.add(
    `<rect y="${n(waterY)}" width="${w}" height="${n(h - waterY)}" fill="${s.linear([
      [0, shade(sky.stops[1]!, -0.3)],
      [1, '#070a16'],
    ])}"/>`,
    `<g transform="translate(0 ${n(waterY * 2)}) scale(1 -1)" opacity="0.28">${towers.slice(-12).join('')}</g>`,
  );
  for (let i = 0; i < 120; i++) {
    const y = waterY + Math.pow(r(), 1.3) * (h - waterY);
    s.add(
      `<rect x="${n(r() * w)}" y="${n(y)}" width="${n(between(r, 10, 60))}" height="2" fill="${pickOne(r, windowColors)}" opacity="${n(between(r, 0.1, 0.4))}"/>`,
    );
  }
  s.add(`<rect y="${n(waterY - 2)}" width="${w}" height="5" fill="#05070f" opacity="0.6"/>`);
  s.lightWash(sky.stops[3]!, 0.12, 0.5, 1, 0.5, 0);
}
