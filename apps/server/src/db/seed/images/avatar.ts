import { between, n, pickOne, shade, type Rand, type Scene } from './svg.js';

/**
 * Head-and-shoulders portraits for demo members, drawn on a 400 px canvas: skin tone, hair style
 * and colour, clothing, background and a few accessories vary, so a feed of members looks like
 * people rather than a column of initials.
 */

export const SKIN_TONES = [
  '#f6d7c3',
  '#f1c7a5',
  '#e8b894',
  '#d9a27e',
  '#c68a62',
  '#a86e4a',
  '#8a5638',
  '#6a3f28',
] as const;
export const HAIR_COLORS = {
  black: '#1b1512',
  darkBrown: '#3b2618',
  brown: '#5e3b22',
  auburn: '#7c3519',
  blonde: '#c79a5a',
  platinum: '#e4cf9e',
  grey: '#b9b4ac',
  red: '#a2471f',
} as const;
export type HairColor = keyof typeof HAIR_COLORS;
export const HAIR_STYLES = [
  'short',
  'side',
  'buzz',
  'long',
  'bob',
  'curly',
  'afro',
  'bun',
  'bald',
  'wavy',
  'hijab',
] as const;
export type HairStyle = (typeof HAIR_STYLES)[number];
export const NECKLINES = ['crew', 'v', 'collar', 'hoodie', 'turtleneck'] as const;
export type Neckline = (typeof NECKLINES)[number];

export interface AvatarLook {
  /** Index into SKIN_TONES, light to deep. */
  skin: number;
  hair: HairStyle;
  hairColor: HairColor;
  /** Clothing colour. */
  top: string;
  neckline: Neckline;
  background: string;
  glasses?: boolean;
  beard?: 'stubble' | 'full' | 'moustache';
  earrings?: boolean;
}

const TOPS = [
  '#2f4858',
  '#c8553d',
  '#f4f1ea',
  '#7d8f69',
  '#1f1f24',
  '#d9a441',
  '#6b4f8a',
  '#a3b9c9',
  '#b5838d',
  '#3e5c76',
];
const BACKDROPS = [
  '#f2d7c9',
  '#d7e3ea',
  '#e3ead7',
  '#efe2f0',
  '#f5e6c8',
  '#d5d9ee',
  '#cfe6df',
  '#f0d2d2',
  '#dcd3c7',
];

/** A random look, for members beyond the hand-written demo cast. */
export function randomLook(r: Rand): AvatarLook {
  // A headscarf for about one in twenty; the other styles share the rest.
  const hair =
    r() < 0.05
      ? 'hijab'
      : pickOne(
          r,
          HAIR_STYLES.filter((h) => h !== 'hijab'),
        );
  const roll = r();
  return {
    skin: Math.floor(r() * SKIN_TONES.length),
    hair,
    hairColor: pickOne(r, [
      'black',
      'black',
      'darkBrown',
      'brown',
      'brown',
      'auburn',
      'blonde',
      'platinum',
      'grey',
      'red',
    ] as const),
    top: pickOne(r, TOPS),
    neckline: pickOne(r, NECKLINES),
    background: pickOne(r, BACKDROPS),
    glasses: r() < 0.25,
    beard:
      ['short', 'buzz', 'side', 'bald', 'curly'].includes(hair) && roll < 0.35
        ? pickOne(r, ['stubble', 'full', 'moustache'] as const)
        : undefined,
    earrings: ['long', 'bob', 'bun', 'wavy', 'afro'].includes(hair) && roll > 0.5,
  };
}

// The face's frame on the 400 px canvas.
const CX = 200;
const CY = 178;
const RX = 70;
const RY = 88;

function backdrop(s: Scene, color: string): void {
  const r = s.r;
  s.add(
    `<rect width="400" height="400" fill="${s.radial(
      [
        [0, shade(color, 0.25)],
        [1, shade(color, -0.12)],
      ],
      0.35,
      0.3,
      0.9,
    )}"/>`,
  );
  // Out-of-focus light behind the sitter, like a portrait lens.
  for (let i = 0; i < 4; i++)
    s.glow(between(r, 0, 400), between(r, 0, 260), between(r, 40, 90), '#ffffff', between(r, 0.15, 0.35));
}

function body(s: Scene, look: AvatarLook, skin: string): void {
  const top = look.top;
  const fill = s.linear(
    [
      [0, shade(top, 0.12)],
      [1, shade(top, -0.2)],
    ],
    0,
    0,
    1,
    1,
  );
  // Neck, with the chin's shadow.
  s.add(
    `<path d="M172 230 L172 300 Q200 316 228 300 L228 230 Z" fill="${shade(skin, -0.12)}"/>`,
    `<ellipse cx="200" cy="252" rx="32" ry="16" fill="#000" opacity="0.14"/>`,
  );
  if (look.neckline === 'hoodie') {
    s.add(`<path d="M118 300 Q200 250 282 300 L290 330 L110 330 Z" fill="${shade(top, -0.15)}"/>`);
  }
  s.add(`<path d="M20 400 Q26 322 112 300 Q200 280 288 300 Q374 322 380 400 Z" fill="${fill}"/>`);
  switch (look.neckline) {
    case 'crew':
      s.add(
        `<path d="M166 292 Q200 318 234 292" stroke="${shade(top, -0.25)}" stroke-width="7" fill="none"/>`,
        `<path d="M170 292 Q200 312 230 292 Q200 300 170 292 Z" fill="${shade(skin, -0.12)}"/>`,
      );
      break;
    case 'v':
      s.add(
        `<path d="M164 292 L200 346 L236 292 Z" fill="${shade(skin, -0.08)}"/>`,
        `<path d="M164 292 L200 346 L236 292" stroke="${shade(top, -0.25)}" stroke-width="6" fill="none"/>`,
      );
      break;
    case 'collar':
      s.add(
        `<path d="M168 290 L200 330 L232 290 Z" fill="${shade(skin, -0.08)}"/>`,
        `<path d="M160 286 L200 330 L178 344 L148 304 Z M240 286 L200 330 L222 344 L252 304 Z" fill="${top === '#f4f1ea' ? '#dcd6cc' : '#f7f5f0'}"/>`,
      );
      break;
    case 'hoodie':
      s.add(
        `<path d="M170 292 Q200 320 230 292" stroke="${shade(top, -0.3)}" stroke-width="8" fill="none"/>`,
        `<path d="M186 312 L184 360 M214 312 L216 360" stroke="#f4f1ea" stroke-width="4"/>`,
      );
      break;
    case 'turtleneck':
      s.add(
        `<path d="M168 262 Q200 274 232 262 L236 306 Q200 320 164 306 Z" fill="${shade(top, 0.05)}"/>`,
        `<path d="M168 276 Q200 288 232 276 M166 290 Q200 302 234 290" stroke="${shade(top, -0.2)}" stroke-width="3" fill="none"/>`,
      );
      break;
  }
}

/** Hair drawn behind the head (length, volume). */
function hairBack(s: Scene, look: AvatarLook, color: string): void {
  const r = s.r;
  switch (look.hair) {
    case 'long':
      s.add(
        `<path d="M124 170 Q118 80 200 78 Q282 80 276 170 L290 330 Q200 350 110 330 Z" fill="${color}"/>`,
      );
      break;
    case 'wavy': {
      let d = 'M122 160 Q118 78 200 76 Q282 78 278 160';
      for (let y = 180; y <= 320; y += 28)
        d += ` Q${y % 56 ? 300 : 286} ${y - 14} ${290 + (y % 56 ? 6 : -4)} ${y}`;
      d += ' Q200 352 106 320';
      for (let y = 300; y >= 180; y -= 28)
        d += ` Q${y % 56 ? 96 : 112} ${y - 14} ${110 + (y % 56 ? -6 : 4)} ${y - 28}`;
      s.add(`<path d="${d} Z" fill="${color}"/>`);
      break;
    }
    case 'bob':
      s.add(
        `<path d="M122 170 Q118 82 200 80 Q282 82 278 170 L284 262 Q250 276 236 262 L164 262 Q150 276 116 262 Z" fill="${color}"/>`,
      );
      break;
    case 'afro':
      for (let i = 0; i < 26; i++) {
        const a = (i / 26) * Math.PI * 2;
        s.add(
          `<circle cx="${n(CX + Math.cos(a) * 100)}" cy="${n(150 + Math.sin(a) * 92)}" r="${n(between(r, 34, 46))}" fill="${color}"/>`,
        );
      }
      s.add(`<ellipse cx="200" cy="150" rx="112" ry="104" fill="${color}"/>`);
      break;
    case 'curly':
      for (let i = 0; i < 22; i++) {
        const a = Math.PI + (i / 21) * Math.PI;
        s.add(
          `<circle cx="${n(CX + Math.cos(a) * 78)}" cy="${n(CY - 10 + Math.sin(a) * 92)}" r="${n(between(r, 22, 30))}" fill="${color}"/>`,
        );
      }
      break;
    case 'hijab':
      s.add(
        `<path d="M200 70 Q300 72 300 200 Q304 290 330 330 L70 330 Q96 290 100 200 Q100 72 200 70 Z" fill="${shade(look.top, 0.15)}"/>`,
      );
      break;
    case 'short':
    case 'side':
    case 'buzz':
    case 'bun':
    case 'bald':
      // Nothing falls behind the head: these styles sit on top of it (hairFront).
      break;
  }
}

/** Hair over the forehead (fringe, cap, bun). */
function hairFront(s: Scene, look: AvatarLook, color: string): void {
  const highlight = shade(color, 0.25);
  switch (look.hair) {
    case 'short':
      s.add(
        `<path d="M128 172 Q120 92 200 86 Q280 92 272 172 Q266 128 244 118 Q200 132 152 118 Q134 130 128 172 Z" fill="${color}"/>`,
      );
      break;
    case 'side':
      s.add(
        `<path d="M128 176 Q116 84 206 82 Q286 88 274 170 Q262 124 226 116 Q180 140 140 132 Q132 150 128 176 Z" fill="${color}"/>`,
        `<path d="M160 104 Q200 92 246 110" stroke="${highlight}" stroke-width="5" fill="none" opacity="0.6"/>`,
      );
      break;
    case 'buzz':
      s.add(
        `<path d="M132 160 Q128 94 200 90 Q272 94 268 160 Q240 118 200 116 Q160 118 132 160 Z" fill="${color}" opacity="0.8"/>`,
      );
      break;
    case 'long':
    case 'wavy':
      s.add(
        `<path d="M126 200 Q116 86 200 84 Q284 86 274 200 Q268 130 214 112 Q180 150 132 150 Q128 170 126 200 Z" fill="${color}"/>`,
        `<path d="M170 98 Q210 90 250 112" stroke="${highlight}" stroke-width="6" fill="none" opacity="0.5"/>`,
      );
      break;
    case 'bob':
      s.add(
        `<path d="M124 196 Q116 86 200 84 Q284 86 276 196 Q272 140 250 124 L150 124 Q128 140 124 196 Z" fill="${color}"/>`,
        `<path d="M146 124 H254 L250 140 Q200 130 150 140 Z" fill="${color}"/>`,
      );
      break;
    case 'curly':
      s.add(
        `<path d="M130 168 Q124 92 200 88 Q276 92 270 168 Q250 120 200 124 Q150 120 130 168 Z" fill="${color}"/>`,
      );
      for (let i = 0; i < 9; i++)
        s.add(`<circle cx="${138 + i * 15.5}" cy="${n(116 + Math.abs(i - 4) * 5)}" r="16" fill="${color}"/>`);
      break;
    case 'afro':
      s.add(
        `<path d="M134 160 Q130 104 200 100 Q270 104 266 160 Q240 126 200 128 Q160 126 134 160 Z" fill="${color}"/>`,
      );
      break;
    case 'bun':
      s.add(
        `<circle cx="200" cy="78" r="34" fill="${color}"/>`,
        `<path d="M130 170 Q122 92 200 88 Q278 92 270 170 Q262 120 200 114 Q138 120 130 170 Z" fill="${color}"/>`,
        `<path d="M168 80 Q200 62 232 80" stroke="${highlight}" stroke-width="5" fill="none" opacity="0.5"/>`,
      );
      break;
    case 'hijab':
      s.add(
        `<path d="M200 80 Q286 82 282 190 Q276 130 200 120 Q124 130 118 190 Q114 82 200 80 Z" fill="${look.top}"/>`,
        `<path d="M118 190 Q120 262 170 290 Q140 250 132 200 Z M282 190 Q280 262 230 290 Q260 250 268 200 Z" fill="${look.top}"/>`,
      );
      break;
    case 'bald':
      s.add(`<ellipse cx="180" cy="112" rx="30" ry="14" fill="#ffffff" opacity="0.18"/>`);
      break;
  }
}

function face(s: Scene, look: AvatarLook, skin: string, hairColor: string): void {
  const r = s.r;
  // Ears, head, cheeks.
  if (look.hair !== 'hijab') {
    s.add(
      `<ellipse cx="${CX - RX + 2}" cy="${CY + 6}" rx="13" ry="20" fill="${shade(skin, -0.06)}"/>`,
      `<ellipse cx="${CX + RX - 2}" cy="${CY + 6}" rx="13" ry="20" fill="${shade(skin, -0.06)}"/>`,
    );
  }
  s.add(
    `<path d="M${CX - RX} ${CY - 20} Q${CX - RX} ${CY - RY} ${CX} ${CY - RY} Q${CX + RX} ${CY - RY} ${CX + RX} ${CY - 20} Q${CX + RX} ${CY + 50} ${CX + 24} ${CY + RY - 8} Q${CX} ${CY + RY + 4} ${CX - 24} ${CY + RY - 8} Q${CX - RX} ${CY + 50} ${CX - RX} ${CY - 20} Z" fill="${s.radial(
      [
        [0, shade(skin, 0.1)],
        [0.75, skin],
        [1, shade(skin, -0.15)],
      ],
      0.42,
      0.38,
      0.7,
    )}"/>`,
    `<circle cx="${CX - 40}" cy="${CY + 30}" r="20" fill="${s.radial([
      [0, '#e86a6a', 0.22],
      [1, '#e86a6a', 0],
    ])}"/>`,
    `<circle cx="${CX + 40}" cy="${CY + 30}" r="20" fill="${s.radial([
      [0, '#e86a6a', 0.22],
      [1, '#e86a6a', 0],
    ])}"/>`,
  );
  if (look.earrings && look.hair !== 'hijab') {
    s.add(
      `<circle cx="${CX - RX + 2}" cy="${CY + 30}" r="5" fill="#e2c06e"/>`,
      `<circle cx="${CX + RX - 2}" cy="${CY + 30}" r="5" fill="#e2c06e"/>`,
    );
  }
  // Eyes, brows, nose, mouth.
  const iris = pickOne(r, ['#3b2618', '#2a1a10', '#4a6a8a', '#5a6b3a', '#3b2618']);
  const eyeY = CY + 2;
  for (const side of [-1, 1]) {
    const ex = CX + side * 29;
    s.add(
      `<ellipse cx="${ex}" cy="${eyeY}" rx="12" ry="7.5" fill="#fbfaf7"/>`,
      `<circle cx="${ex + side * -1}" cy="${eyeY}" r="6.2" fill="${iris}"/>`,
      `<circle cx="${ex + side * -1}" cy="${eyeY}" r="3" fill="#0d0a08"/>`,
      `<circle cx="${ex + 2}" cy="${eyeY - 2.5}" r="1.8" fill="#ffffff"/>`,
      `<path d="M${ex - 13} ${eyeY - 1} Q${ex} ${eyeY - 12} ${ex + 13} ${eyeY - 1}" stroke="#2a1a12" stroke-width="3" fill="none" stroke-linecap="round"/>`,
      `<path d="M${ex - 15} ${eyeY - 20} Q${ex} ${eyeY - 28 - between(r, 0, 3)} ${ex + 15} ${eyeY - 21}" stroke="${look.hair === 'bald' || look.hair === 'hijab' ? '#3b2618' : hairColor}" stroke-width="5.5" fill="none" stroke-linecap="round"/>`,
    );
  }
  s.add(
    `<path d="M${CX - 2} ${CY + 10} Q${CX - 9} ${CY + 34} ${CX - 7} ${CY + 38} Q${CX} ${CY + 43} ${CX + 8} ${CY + 38}" stroke="${shade(skin, -0.3)}" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.7"/>`,
  );
  const lip = shade(skin, -0.28);
  const smile = between(r, 4, 10);
  s.add(
    `<path d="M${CX - 20} ${CY + 56} Q${CX} ${CY + 56 + smile * 2} ${CX + 20} ${CY + 56} Q${CX} ${CY + 58 + smile} ${CX - 20} ${CY + 56} Z" fill="${lip}"/>`,
    `<path d="M${CX - 20} ${CY + 56} Q${CX} ${CY + 60 + smile} ${CX + 20} ${CY + 56}" stroke="${shade(skin, -0.45)}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
  );
  if (look.beard) {
    const beard = look.beard === 'stubble' ? `opacity="0.3"` : `opacity="0.95"`;
    if (look.beard === 'moustache') {
      s.add(
        `<path d="M${CX - 22} ${CY + 52} Q${CX} ${CY + 40} ${CX + 22} ${CY + 52} Q${CX} ${CY + 48} ${CX - 22} ${CY + 52} Z" fill="${hairColor}"/>`,
      );
    } else {
      s.add(
        `<path d="M${CX - RX + 4} ${CY + 10} Q${CX - RX + 10} ${CY + 70} ${CX} ${CY + RY + 8} Q${CX + RX - 10} ${CY + 70} ${CX + RX - 4} ${CY + 10} L${CX + RX - 12} ${CY + 20} Q${CX + 30} ${CY + 48} ${CX} ${CY + 46} Q${CX - 30} ${CY + 48} ${CX - RX + 12} ${CY + 20} Z M${CX - 16} ${CY + 62} Q${CX} ${CY + 70} ${CX + 16} ${CY + 62} L${CX + 14} ${CY + 54} Q${CX} ${CY + 64} ${CX - 14} ${CY + 54} Z" fill="${hairColor}" ${beard} fill-rule="evenodd"/>`,
      );
    }
  }
  if (look.glasses) {
    const frame = pickOne(r, ['#1d1d1f', '#6b4226', '#b8a07a']);
    s.add(
      `<rect x="${CX - 50}" y="${eyeY - 16}" width="42" height="32" rx="10" fill="#ffffff" fill-opacity="0.12" stroke="${frame}" stroke-width="4.5"/>`,
      `<rect x="${CX + 8}" y="${eyeY - 16}" width="42" height="32" rx="10" fill="#ffffff" fill-opacity="0.12" stroke="${frame}" stroke-width="4.5"/>`,
      `<path d="M${CX - 8} ${eyeY - 4} Q${CX} ${eyeY - 10} ${CX + 8} ${eyeY - 4} M${CX - 50} ${eyeY - 6} L${CX - RX + 2} ${eyeY - 10} M${CX + 50} ${eyeY - 6} L${CX + RX - 2} ${eyeY - 10}" stroke="${frame}" stroke-width="4.5" fill="none"/>`,
    );
  }
}

/** Draws the portrait for `look` on a 400x400 scene. */
export function renderAvatarSvg(s: Scene, look: AvatarLook): void {
  const skin = SKIN_TONES[Math.max(0, Math.min(SKIN_TONES.length - 1, look.skin))]!;
  const hairColor = HAIR_COLORS[look.hairColor];
  backdrop(s, look.background);
  // The sitter fills the frame a little more than the drawing's own coordinates do, so the face
  // still reads inside a 32 px circle.
  s.add('<g transform="translate(200 236) scale(1.16) translate(-200 -236)">');
  hairBack(s, look, hairColor);
  body(s, look, skin);
  face(s, look, skin, hairColor);
  hairFront(s, look, hairColor);
  s.add('</g>');
  s.lightWash('#fff6e8', 0.16, 0, 0, 1, 1);
  s.vignette(0.18);
}
