/**
 * A tiny SVG drawing kit for the demo photos: a seeded random source, colour arithmetic and a
 * scene builder that collects gradients in <defs>. Everything renders with librsvg (through
 * sharp) without filters: a Gaussian blur over a 1 MP scene costs ~1 s, a radial-gradient "soft
 * shadow" costs nothing, so shadows, glows and light are gradients here.
 */

export type Rand = () => number;

/** mulberry32: small, fast, and the same sequence on every machine for a given seed. */
export function seededRandom(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (r: Rand, min: number, max: number): number => min + r() * (max - min);
export const pickOne = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** Rounds for compact SVG text (sub-pixel precision is invisible after JPEG). */
export const n = (v: number): string => (Math.round(v * 10) / 10).toString();

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Linear mix of two colours, t = 0 gives `a`. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex(ca.map((v, i) => v + (cb[i]! - v) * t));
}

/** Positive amounts lighten towards white, negative darken towards black. */
export function shade(color: string, amount: number): string {
  return amount >= 0 ? mix(color, '#ffffff', amount) : mix(color, '#000000', -amount);
}

export function hsl(h: number, s: number, l: number): string {
  const hue = (((h % 360) + 360) % 360) / 360;
  const f = (p: number, q: number, t: number) => {
    const tt = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (tt < 1 / 6) return p + (q - p) * 6 * tt;
    if (tt < 1 / 2) return q;
    if (tt < 2 / 3) return p + (q - p) * (2 / 3 - tt) * 6;
    return p;
  };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return toHex([f(p, q, hue + 1 / 3), f(p, q, hue), f(p, q, hue - 1 / 3)].map((v) => v * 255));
}

export type Stop = [offset: number, color: string, opacity?: number];

function stopsXml(stops: Stop[]): string {
  return stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${n(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${n(a)}"`}/>`,
    )
    .join('');
}

/** Collects elements and their gradients; `toString()` gives the finished document. */
export class Scene {
  private defs: string[] = [];
  private body: string[] = [];
  private nextId = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly r: Rand,
    /** Which photo of its scene this is: variants take different looks from `vary`. */
    readonly variant = 0,
  ) {}

  /**
   * The scene's dominant choice (surface, sky, wall) by variant rather than by chance, so the
   * photos of one scene never come out in the same light or on the same table.
   */
  vary<T>(list: readonly T[]): T {
    return list[this.variant % list.length]!;
  }

  /** Appends raw SVG markup. */
  add(...parts: string[]): this {
    this.body.push(...parts);
    return this;
  }

  /** A linear gradient from (x1,y1) to (x2,y2) in object-bounding-box units (0..1). */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = `g${this.nextId++}`;
    this.defs.push(
      `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A radial gradient centred at (cx,cy) of the shape's box, with an optional focal point. */
  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const id = `g${this.nextId++}`;
    this.defs.push(
      `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fx="${n(fx)}" fy="${n(fy)}">${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A repeating pattern tile (stripes, checks, weave). */
  pattern(width: number, height: number, content: string, transform = ''): string {
    const id = `p${this.nextId++}`;
    this.defs.push(
      `<pattern id="${id}" width="${n(width)}" height="${n(height)}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${content}</pattern>`,
    );
    return `url(#${id})`;
  }

  /** A clip path; returns the attribute value for clip-path. */
  clip(shape: string): string {
    const id = `c${this.nextId++}`;
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  /** A soft elliptical shadow: dark in the middle, fading to nothing at the rim. */
  shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.35, color = '#000000'): this {
    const fill = this.radial([
      [0, color, opacity],
      [0.55, color, opacity * 0.6],
      [1, color, 0],
    ]);
    return this.add(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`);
  }

  /** A soft glow (light pool, sun halo, lamp). */
  glow(cx: number, cy: number, radius: number, color: string, opacity = 0.6): this {
    const fill = this.radial([
      [0, color, opacity],
      [0.4, color, opacity * 0.45],
      [1, color, 0],
    ]);
    return this.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${fill}"/>`);
  }

  /** Darkened corners and a gentle light falloff, like a real lens. */
  vignette(strength = 0.35): this {
    const fill = this.radial(
      [
        [0.55, '#000000', 0],
        [1, '#000000', strength],
      ],
      0.5,
      0.5,
      0.75,
    );
    return this.add(`<rect width="${this.width}" height="${this.height}" fill="${fill}"/>`);
  }

  /** A directional wash of light across the frame (window light, golden hour). */
  lightWash(color: string, opacity: number, fromX = 0, fromY = 0, toX = 1, toY = 1): this {
    const fill = this.linear(
      [
        [0, color, opacity],
        [0.6, color, opacity * 0.25],
        [1, color, 0],
      ],
      fromX,
      fromY,
      toX,
      toY,
    );
    return this.add(`<rect width="${this.width}" height="${this.height}" fill="${fill}"/>`);
  }

  /** The document; `outWidth` renders the same drawing at another pixel width. */
  toString(outWidth = this.width): string {
    const outHeight = Math.round((this.height * outWidth) / this.width);
    let body = flattenOpacity(this.body.join(''));
    // Odd variants are mirrored: the same scene photographed from its other side.
    if (this.variant % 2 === 1) body = `<g transform="translate(${this.width} 0) scale(-1 1)">${body}</g>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${body}</svg>`;
  }
}

/**
 * Rewrites `opacity` as `fill-opacity`/`stroke-opacity`. librsvg paints an element with
 * `opacity` into an offscreen surface and composites it (a hundred translucent specks cost
 * ~30 ms at 640x800); the paint opacities draw directly. For a single shape the result is the
 * same; on a group each child becomes translucent on its own, which only differs where children
 * overlap, and the scenes are drawn so that does not matter.
 */
export function flattenOpacity(svg: string): string {
  return svg.replace(
    /<(rect|circle|ellipse|path|g)\b([^>]*?) opacity="([\d.]+)"/g,
    (_, tag: string, attrs: string, value: string) => {
      const strokeOnly = /fill="none"/.test(attrs);
      const stroked = /stroke="(?!none)/.test(attrs) || tag === 'g';
      const paint = strokeOnly
        ? `stroke-opacity="${value}"`
        : stroked
          ? `fill-opacity="${value}" stroke-opacity="${value}"`
          : `fill-opacity="${value}"`;
      return `<${tag}${attrs} ${paint}`;
    },
  );
}

/** `<g transform=...>` around parts. */
export function group(transform: string, ...parts: string[]): string {
  return `<g transform="${transform}">${parts.join('')}</g>`;
}

/** A closed smooth blob through points around (cx,cy): food, leaves of foliage, clouds. */
export function blobPath(
  r: Rand,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  wobble = 0.18,
  points = 9,
): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const k = 1 + (r() - 0.5) * 2 * wobble;
    pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  // Catmull-Rom through the points, as cubic Béziers.
  let d = `M${n(pts[0]![0])} ${n(pts[0]![1])}`;
  for (let i = 0; i < points; i++) {
    const p0 = pts[(i - 1 + points) % points]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % points]!;
    const p3 = pts[(i + 2) % points]!;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${n(c1[0]!)} ${n(c1[1]!)} ${n(c2[0]!)} ${n(c2[1]!)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d} Z`;
}

/** A leaf (two arcs meeting at the tips) from (x,y) pointing at `angle` degrees. */
export function leafPath(x: number, y: number, length: number, width: number, angle: number): string {
  const a = (angle * Math.PI) / 180;
  const tx = x + Math.cos(a) * length;
  const ty = y + Math.sin(a) * length;
  const nx = -Math.sin(a) * width;
  const ny = Math.cos(a) * width;
  const mx = (x + tx) / 2;
  const my = (y + ty) / 2;
  return `M${n(x)} ${n(y)} Q${n(mx + nx)} ${n(my + ny)} ${n(tx)} ${n(ty)} Q${n(mx - nx)} ${n(my - ny)} ${n(x)} ${n(y)} Z`;
}

/** A ridge line across the width: a mountain range or dunes, closed down to `bottom`. */
export function ridgePath(
  r: Rand,
  width: number,
  baseY: number,
  amplitude: number,
  bottom: number,
  opts: { peaks?: number; jagged?: number } = {},
): { d: string; peaks: Array<[number, number]> } {
  const peaks = opts.peaks ?? 4;
  const jagged = opts.jagged ?? 0.35;
  const steps = peaks * 6;
  const tops: Array<[number, number]> = [];
  const heights = Array.from({ length: peaks + 1 }, () => 0.35 + r() * 0.65);
  let d = `M-10 ${n(bottom)} L-10 ${n(baseY)}`;
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * (width + 20) - 10;
    const t = (i / steps) * peaks;
    const k = Math.floor(t);
    const f = t - k;
    // A peak's height falls off towards the saddles; jitter makes rock, not a sine.
    const h =
      (heights[k]! * (1 - f) + heights[Math.min(k + 1, peaks)]! * f) * Math.abs(Math.sin(f * Math.PI));
    const y = baseY - amplitude * h - (r() - 0.5) * amplitude * jagged * 0.4;
    if (f > 0.4 && f < 0.6) tops.push([x, y]);
    d += ` L${n(x)} ${n(y)}`;
  }
  d += ` L${n(width + 10)} ${n(bottom)} Z`;
  return { d, peaks: tops };
}
