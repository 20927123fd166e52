import { between, group, n, pickOne, shade, type Scene } from './svg.js';

/** Plates, bowls, cups and cutlery seen from above, shared by the food and lifestyle scenes. */

const PLATE_COLORS = ['#fbfaf7', '#f3efe6', '#e9e4da', '#3a3d42', '#dfe6ea'] as const;

/** A metal fill (cutlery, watch cases, lamp arms). */
export function metal(s: Scene, tone = '#c9ced4'): string {
  return s.linear(
    [
      [0, shade(tone, 0.45)],
      [0.45, tone],
      [0.55, shade(tone, -0.25)],
      [1, shade(tone, 0.2)],
    ],
    0,
    0,
    1,
    0,
  );
}

/** A round plate; returns the radius of its flat well (where food goes). */
export function plate(s: Scene, cx: number, cy: number, radius: number, color?: string): number {
  const c = color ?? pickOne(s.r, PLATE_COLORS);
  s.shadow(cx + radius * 0.07, cy + radius * 0.12, radius * 1.12, radius * 1.1, 0.4);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${s.radial(
      [
        [0, shade(c, 0.1)],
        [0.8, c],
        [1, shade(c, -0.12)],
      ],
      0.45,
      0.4,
      0.6,
    )}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.7)}" fill="${s.radial(
      [
        [0, c],
        [0.85, shade(c, -0.05)],
        [1, shade(c, -0.14)],
      ],
      0.55,
      0.6,
      0.55,
    )}"/>`,
    // Glaze catching the light along the rim.
    `<path d="M${n(cx - radius * 0.85)} ${n(cy - radius * 0.35)} A${n(radius * 0.92)} ${n(radius * 0.92)} 0 0 1 ${n(cx + radius * 0.2)} ${n(cy - radius * 0.9)}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${n(radius * 0.035)}" stroke-linecap="round"/>`,
  );
  return radius * 0.7;
}

/** A deep bowl; returns the radius of its contents. */
export function bowl(s: Scene, cx: number, cy: number, radius: number, glaze: string): number {
  s.shadow(cx + radius * 0.08, cy + radius * 0.14, radius * 1.15, radius * 1.12, 0.45);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${s.radial(
      [
        [0, shade(glaze, 0.15)],
        [1, shade(glaze, -0.25)],
      ],
      0.35,
      0.3,
      0.8,
    )}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.88)}" fill="${shade(glaze, -0.35)}"/>`,
  );
  return radius * 0.86;
}

/** A cup with a saucer and a handle; `drink` fills the cup. Returns the drink's radius. */
export function cup(
  s: Scene,
  cx: number,
  cy: number,
  radius: number,
  opts: { body: string; drink: string; handleAngle: number; saucer?: boolean },
): number {
  if (opts.saucer !== false) plate(s, cx, cy, radius * 1.55, opts.body);
  const a = (opts.handleAngle * Math.PI) / 180;
  const hx = cx + Math.cos(a) * radius * 1.15;
  const hy = cy + Math.sin(a) * radius * 1.15;
  s.shadow(cx + radius * 0.12, cy + radius * 0.2, radius * 1.15, radius * 1.1, 0.45);
  s.add(
    `<rect x="${n(hx - radius * 0.32)}" y="${n(hy - radius * 0.14)}" width="${n(radius * 0.64)}" height="${n(radius * 0.28)}" rx="${n(radius * 0.14)}" fill="${shade(opts.body, -0.08)}" transform="rotate(${n(opts.handleAngle)} ${n(hx)} ${n(hy)})"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${s.radial(
      [
        [0, shade(opts.body, 0.1)],
        [1, shade(opts.body, -0.15)],
      ],
      0.4,
      0.35,
      0.7,
    )}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.84)}" fill="${s.radial(
      [
        [0, shade(opts.drink, 0.12)],
        [0.8, opts.drink],
        [1, shade(opts.drink, -0.3)],
      ],
      0.5,
      0.5,
      0.5,
    )}"/>`,
  );
  return radius * 0.84;
}

/** Latte art: a layered heart in milk foam on the coffee. */
export function latteArt(s: Scene, cx: number, cy: number, radius: number, angle: number): void {
  const foam = '#f1e2c8';
  const k = radius * 0.62;
  const heart = `M0 ${n(k * 0.75)} C${n(-k * 1.1)} ${n(k * 0.05)} ${n(-k * 0.75)} ${n(-k * 0.85)} 0 ${n(-k * 0.35)} C${n(k * 0.75)} ${n(-k * 0.85)} ${n(k * 1.1)} ${n(k * 0.05)} 0 ${n(k * 0.75)} Z`;
  s.add(
    group(
      `translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})`,
      `<path d="${heart}" fill="${foam}"/>`,
      `<path d="${heart}" fill="#c8955f" transform="scale(0.62) translate(0 ${n(-k * 0.1)})"/>`,
      `<path d="${heart}" fill="${foam}" transform="scale(0.36) translate(0 ${n(-k * 0.2)})"/>`,
      `<path d="M0 ${n(-k * 0.7)} L0 ${n(k * 0.8)}" stroke="#c8955f" stroke-width="${n(k * 0.05)}"/>`,
    ),
  );
}

type Utensil = 'fork' | 'knife' | 'spoon';

/** A utensil lying flat, its head at (x,y) pointing at `angle` degrees (0 = up). */
export function utensil(s: Scene, kind: Utensil, x: number, y: number, length: number, angle: number): void {
  const w = length * 0.075;
  const fill = metal(s);
  let head: string;
  switch (kind) {
    case 'fork': {
      const tines = Array.from({ length: 4 }, (_, i) => {
        const tx = -w * 0.85 + (i * w * 1.7) / 3;
        return `<rect x="${n(tx - w * 0.11)}" y="0" width="${n(w * 0.22)}" height="${n(length * 0.2)}" rx="${n(w * 0.1)}"/>`;
      }).join('');
      head = `${tines}<path d="M${n(-w)} ${n(length * 0.17)} Q${n(-w)} ${n(length * 0.3)} ${n(-w * 0.3)} ${n(length * 0.36)} L${n(w * 0.3)} ${n(length * 0.36)} Q${n(w)} ${n(length * 0.3)} ${n(w)} ${n(length * 0.17)} Z"/>`;
      break;
    }
    case 'knife':
      head = `<path d="M${n(-w * 0.2)} 0 Q${n(w * 0.9)} ${n(length * 0.05)} ${n(w * 0.75)} ${n(length * 0.42)} L${n(-w * 0.55)} ${n(length * 0.42)} Z"/>`;
      break;
    case 'spoon':
      head = `<ellipse cx="0" cy="${n(length * 0.14)}" rx="${n(w * 1.25)}" ry="${n(length * 0.15)}"/>`;
      break;
  }
  const handle = `<path d="M${n(-w * 0.28)} ${n(length * 0.34)} L${n(-w * 0.55)} ${n(length * 0.95)} Q0 ${n(length * 1.02)} ${n(w * 0.55)} ${n(length * 0.95)} L${n(w * 0.28)} ${n(length * 0.34)} Z"/>`;
  s.add(
    group(
      `translate(${n(x + length * 0.02)} ${n(y + length * 0.035)}) rotate(${n(angle)})`,
      `<g fill="#000000" opacity="0.22">${head}${handle}</g>`,
    ),
    group(`translate(${n(x)} ${n(y)}) rotate(${n(angle)})`, `<g fill="${fill}">${head}${handle}</g>`),
  );
}

/** A pair of chopsticks from (x,y) at `angle` degrees (0 = pointing right). */
export function chopsticks(
  s: Scene,
  x: number,
  y: number,
  length: number,
  angle: number,
  wood: string,
): void {
  const stick = (dy: number) =>
    `<path d="M0 ${n(dy - length * 0.012)} L${n(length)} ${n(dy - length * 0.006)} L${n(length)} ${n(dy + length * 0.006)} L0 ${n(dy + length * 0.012)} Z"/>`;
  s.add(
    group(
      `translate(${n(x + 8)} ${n(y + 14)}) rotate(${n(angle)})`,
      `<g fill="#000" opacity="0.25">${stick(0)}${stick(length * 0.05)}</g>`,
    ),
    group(
      `translate(${n(x)} ${n(y)}) rotate(${n(angle)})`,
      `<g fill="${s.linear([
        [0, shade(wood, 0.2)],
        [1, shade(wood, -0.2)],
      ])}">${stick(0)}${stick(length * 0.05)}</g>`,
    ),
  );
}

/** A folded cloth napkin, rotated. */
export function napkin(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  angle: number,
): void {
  const stripe = s.pattern(
    22,
    22,
    `<rect width="22" height="22" fill="${color}"/><rect y="9" width="22" height="4" fill="${shade(color, -0.18)}"/>`,
  );
  s.add(
    group(
      `translate(${n(x)} ${n(y)}) rotate(${n(angle)})`,
      `<rect x="6" y="10" width="${n(w)}" height="${n(h)}" rx="6" fill="#000" opacity="0.18"/>`,
      `<rect width="${n(w)}" height="${n(h)}" rx="6" fill="${s.r() < 0.5 ? stripe : color}"/>`,
      `<path d="M${n(w * 0.5)} 0 V${n(h)}" stroke="${shade(color, -0.2)}" stroke-width="3" opacity="0.6"/>`,
      `<rect width="${n(w * 0.5)}" height="${n(h)}" rx="6" fill="#ffffff" opacity="0.12"/>`,
    ),
  );
}

/** A drinking glass from above: rim ring, liquid, highlights. */
export function glass(s: Scene, cx: number, cy: number, radius: number, liquid: string): void {
  s.shadow(cx + radius * 0.25, cy + radius * 0.35, radius * 1.2, radius * 1.1, 0.25);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${liquid}" opacity="0.75"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="${n(radius * 0.08)}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.8)}" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="${n(radius * 0.05)}"/>`,
    `<ellipse cx="${n(cx - radius * 0.35)}" cy="${n(cy - radius * 0.4)}" rx="${n(radius * 0.25)}" ry="${n(radius * 0.12)}" fill="#ffffff" opacity="0.55" transform="rotate(-35 ${n(cx - radius * 0.35)} ${n(cy - radius * 0.4)})"/>`,
  );
}

/** Scattered crumbs, herbs or spices. */
export function sprinkle(
  s: Scene,
  cx: number,
  cy: number,
  radius: number,
  count: number,
  colors: readonly string[],
  size: [number, number],
): void {
  const r = s.r;
  for (let i = 0; i < count; i++) {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r()) * radius;
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    const rr = between(r, size[0], size[1]);
    s.add(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rr)}" ry="${n(rr * between(r, 0.5, 1))}" transform="rotate(${n(r() * 180)} ${n(x)} ${n(y)})" fill="${pickOne(r, colors)}"/>`,
    );
  }
}
