import type { Category } from '@glimpse/shared';
import { makeup, skincare, vanity } from './beauty.js';
import { flatlay, rack, studio } from './fashion.js';
import { brunch, pasta, ramen } from './food.js';
import { city, coast, mountains } from './travel.js';
import { bookCoffee, livingRoom, windowsill } from './lifestyle.js';
import { hoop, tennis, track } from './sports.js';
import type { Scene } from './svg.js';
import { desk, gadgets, keyboard } from './technology.js';

/** One kind of picture of a category, drawn afresh (layout, palette, surface) for every seed. */
export interface PhotoScene {
  /** Stable name; posts pick titles written for their photo's scene. */
  id: string;
  category: Category;
  /** Output sizes to choose from (the feed is a masonry grid: mixed shapes look natural). */
  sizes: ReadonlyArray<readonly [number, number]>;
  draw(s: Scene): void;
  /** Alt text: what the photo shows. */
  alt: string;
}

const PORTRAIT = [1080, 1350] as const;
const SQUARE = [1080, 1080] as const;
const TALL = [1080, 1440] as const;
const WIDE = [1080, 810] as const;

export const SCENES: PhotoScene[] = [
  {
    id: 'pasta',
    category: 'Food',
    sizes: [PORTRAIT, SQUARE],
    draw: pasta,
    alt: 'A plate of pasta with sauce and basil, seen from above, with a fork beside it',
  },
  {
    id: 'ramen',
    category: 'Food',
    sizes: [SQUARE, PORTRAIT],
    draw: ramen,
    alt: 'A bowl of ramen with egg, pork and scallions, chopsticks beside it',
  },
  {
    id: 'brunch',
    category: 'Food',
    sizes: [PORTRAIT, TALL],
    draw: brunch,
    alt: 'Brunch from above: avocado toast, a latte, a croissant and berries',
  },
  {
    id: 'mountains',
    category: 'Travel',
    sizes: [PORTRAIT, WIDE, SQUARE],
    draw: mountains,
    alt: 'Mountains above a still lake, pines on the shore',
  },
  {
    id: 'coast',
    category: 'Travel',
    sizes: [PORTRAIT, WIDE, TALL],
    draw: coast,
    alt: 'The sea at sunset from a sandy beach, a palm tree in silhouette',
  },
  {
    id: 'city',
    category: 'Travel',
    sizes: [PORTRAIT, WIDE, SQUARE],
    draw: city,
    alt: 'A city skyline at dusk with lit windows reflected in the water',
  },
  {
    id: 'rack',
    category: 'Fashion',
    sizes: [PORTRAIT, SQUARE],
    draw: rack,
    alt: 'Shirts, dresses and coats on a clothes rail against a wall',
  },
  {
    id: 'flatlay',
    category: 'Fashion',
    sizes: [PORTRAIT, TALL],
    draw: flatlay,
    alt: 'An outfit laid flat: a top, jeans, sneakers, sunglasses and accessories',
  },
  {
    id: 'studio',
    category: 'Fashion',
    sizes: [TALL, PORTRAIT],
    draw: studio,
    alt: 'A model in a long coat against a studio backdrop',
  },
  {
    id: 'makeup',
    category: 'Beauty',
    sizes: [PORTRAIT, SQUARE],
    draw: makeup,
    alt: 'An eyeshadow palette, lipsticks, brushes and a compact laid out from above',
  },
  {
    id: 'skincare',
    category: 'Beauty',
    sizes: [PORTRAIT, SQUARE],
    draw: skincare,
    alt: 'Skincare bottles and jars on a stone shelf in soft daylight',
  },
  {
    id: 'vanity',
    category: 'Beauty',
    sizes: [PORTRAIT, TALL],
    draw: vanity,
    alt: 'A round vanity mirror with perfume and lipstick on a gold tray',
  },
  {
    id: 'desk',
    category: 'Technology',
    sizes: [PORTRAIT, SQUARE, WIDE],
    draw: desk,
    alt: 'A desk setup: a monitor showing code, keyboard, lamp, plant and a mug',
  },
  {
    id: 'gadgets',
    category: 'Technology',
    sizes: [PORTRAIT, SQUARE],
    draw: gadgets,
    alt: 'A keyboard, phone, headphones, notebook and coffee on a desk mat, from above',
  },
  {
    id: 'keyboard',
    category: 'Technology',
    sizes: [SQUARE, PORTRAIT],
    draw: keyboard,
    alt: 'A mechanical keyboard with coloured keycaps and a coiled cable',
  },
  {
    id: 'hoop',
    category: 'Sports',
    sizes: [PORTRAIT, SQUARE, TALL],
    draw: hoop,
    alt: 'A basketball dropping towards the hoop against the sky',
  },
  {
    id: 'track',
    category: 'Sports',
    sizes: [PORTRAIT, SQUARE, WIDE],
    draw: track,
    alt: 'A runner mid-stride on a running track at sunrise',
  },
  {
    id: 'tennis',
    category: 'Sports',
    sizes: [PORTRAIT, SQUARE],
    draw: tennis,
    alt: 'A tennis racket and balls on a court, seen from above',
  },
  {
    id: 'livingroom',
    category: 'Lifestyle',
    sizes: [PORTRAIT, SQUARE, WIDE],
    draw: livingRoom,
    alt: 'A sunny living room with a sofa, cushions, a plant and a floor lamp',
  },
  {
    id: 'bookcoffee',
    category: 'Lifestyle',
    sizes: [PORTRAIT, SQUARE],
    draw: bookCoffee,
    alt: 'An open book, a coffee and reading glasses, seen from above',
  },
  {
    id: 'windowsill',
    category: 'Lifestyle',
    sizes: [PORTRAIT, TALL],
    draw: windowsill,
    alt: 'Potted plants on a bright windowsill',
  },
];
