import { CATEGORIES, type Category } from '@glimpse/shared';

/** Words the demo generator combines. Deterministic given the random source, no network. */

export const DEMO_PEOPLE = [
  ['ava', 'Ava', 'Chen'],
  ['liam', 'Liam', 'Patel'],
  ['mia', 'Mia', 'Rossi'],
  ['noah', 'Noah', 'Kim'],
  ['zoe', 'Zoe', 'Garcia'],
  ['ethan', 'Ethan', 'Nguyen'],
  ['lily', 'Lily', 'Okafor'],
  ['lucas', 'Lucas', 'Silva'],
  ['emma', 'Emma', 'Schmidt'],
  ['leo', 'Leo', 'Tanaka'],
  ['chloe', 'Chloe', 'Dubois'],
  ['mason', 'Mason', 'Reyes'],
  ['nora', 'Nora', 'Haddad'],
  ['owen', 'Owen', 'Murphy'],
  ['ruby', 'Ruby', 'Andersen'],
  ['kai', 'Kai', 'Wong'],
  ['isla', 'Isla', 'Campbell'],
  ['omar', 'Omar', 'Farouk'],
  ['hana', 'Hana', 'Sato'],
  ['diego', 'Diego', 'Morales'],
  ['maya', 'Maya', 'Levi'],
  ['felix', 'Felix', 'Weber'],
  ['aria', 'Aria', 'Moreau'],
  ['jonah', 'Jonah', 'Brooks'],
  ['sofia', 'Sofia', 'Costa'],
  ['ravi', 'Ravi', 'Iyer'],
  ['elena', 'Elena', 'Popescu'],
  ['theo', 'Theo', 'Laurent'],
  ['yuki', 'Yuki', 'Mori'],
  ['amara', 'Amara', 'Diallo'],
] as const;

export interface DemoCity {
  name: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
}

export const DEMO_CITIES: DemoCity[] = [
  { name: 'Irvine', state: 'CA', country: 'United States', latitude: 33.6846, longitude: -117.8265 },
  { name: 'Los Angeles', state: 'CA', country: 'United States', latitude: 34.0522, longitude: -118.2437 },
  { name: 'San Francisco', state: 'CA', country: 'United States', latitude: 37.7749, longitude: -122.4194 },
  { name: 'New York', state: 'NY', country: 'United States', latitude: 40.7128, longitude: -74.006 },
  { name: 'Seattle', state: 'WA', country: 'United States', latitude: 47.6062, longitude: -122.3321 },
  { name: 'Chicago', state: 'IL', country: 'United States', latitude: 41.8781, longitude: -87.6298 },
  { name: 'London', state: 'England', country: 'United Kingdom', latitude: 51.5072, longitude: -0.1276 },
  { name: 'Paris', state: 'Île-de-France', country: 'France', latitude: 48.8566, longitude: 2.3522 },
  { name: 'Tokyo', state: 'Tokyo', country: 'Japan', latitude: 35.6762, longitude: 139.6503 },
  { name: 'Shanghai', state: 'Shanghai', country: 'China', latitude: 31.2304, longitude: 121.4737 },
  { name: 'Sydney', state: 'NSW', country: 'Australia', latitude: -33.8688, longitude: 151.2093 },
  { name: 'Barcelona', state: 'Catalonia', country: 'Spain', latitude: 41.3874, longitude: 2.1686 },
  { name: 'Vancouver', state: 'BC', country: 'Canada', latitude: 49.2827, longitude: -123.1207 },
  { name: 'Lisbon', state: 'Lisbon', country: 'Portugal', latitude: 38.7223, longitude: -9.1393 },
];

const TOPICS: Record<Category, { titles: string[]; tags: string[]; lines: string[] }> = {
  Fashion: {
    titles: [
      'Autumn layers I keep coming back to',
      'Thrifted denim, three ways',
      'Linen season is here',
      'A capsule wardrobe in 12 pieces',
      'Street style on a rainy day',
    ],
    tags: ['ootd', 'streetstyle', 'thrift', 'minimal', 'vintage', 'denim'],
    lines: [
      'Neutral tones, one bold accessory and comfortable shoes.',
      'Everything here is second-hand except the socks.',
      'Rolled sleeves and a long coat carried the whole outfit.',
    ],
  },
  Travel: {
    titles: [
      'Sunrise from the old harbour',
      'Three days on foot through the hills',
      'The quiet side of the city',
      'Night train diaries',
      'A weekend by the coast',
    ],
    tags: ['travel', 'wanderlust', 'roadtrip', 'sunset', 'hiking', 'citybreak'],
    lines: [
      'We left before dawn and had the viewpoint to ourselves.',
      'Take the small streets; the cafés there are twice as good.',
      'Pack light, bring a good pair of shoes and an open afternoon.',
    ],
  },
  Food: {
    titles: [
      'The best noodles I have had this year',
      'Sunday brunch at home',
      'A tiny bakery worth the queue',
      'Homemade dumplings, step by step',
      'Street food crawl',
    ],
    tags: ['foodie', 'brunch', 'homecooking', 'dessert', 'coffee', 'streetfood'],
    lines: [
      'Crispy edges, soft middle and a sauce I want to drink.',
      'Forty minutes from start to plate, and most of it is waiting.',
      'Go early: by noon the sesame buns are gone.',
    ],
  },
  Beauty: {
    titles: [
      'My five-minute morning routine',
      'Sunscreen I actually enjoy wearing',
      'Soft glam for a friend’s wedding',
      'Skincare that survived winter',
      'Nail art, autumn edition',
    ],
    tags: ['skincare', 'makeup', 'glowup', 'nails', 'selfcare', 'beauty'],
    lines: [
      'Gentle cleanser, serum, moisturiser, sunscreen — that is all.',
      'Blend the edges and let the skin show through.',
      'Patch test anything new, even when the reviews are great.',
    ],
  },
  Lifestyle: {
    titles: [
      'A slow Sunday at home',
      'Reorganising the reading corner',
      'Plants that survived my care',
      'Morning pages, one year in',
      'Small rituals that help',
    ],
    tags: ['lifestyle', 'homedecor', 'plants', 'reading', 'slowliving', 'wellness'],
    lines: [
      'Tea, a paperback and nowhere to be.',
      'Moved the chair by the window and read twice as much.',
      'Ten minutes of writing before the phone comes out.',
    ],
  },
  Technology: {
    titles: [
      'My desk setup for deep work',
      'Building a tiny weather station',
      'Mechanical keyboard, finally finished',
      'Photos from the maker fair',
      'A week with a paper notebook and no apps',
    ],
    tags: ['tech', 'desksetup', 'maker', 'gadgets', 'coding', 'photography'],
    lines: [
      'One screen, one lamp, one plant: fewer distractions.',
      'Soldered the sensor board last night; it reports every minute.',
      'Lubed switches make a difference you can hear.',
    ],
  },
  Sports: {
    titles: [
      'First half marathon done',
      'Morning swim before work',
      'Climbing gym progress',
      'Cycling the coast road',
      'Pickup basketball, every Thursday',
    ],
    tags: ['running', 'fitness', 'cycling', 'climbing', 'swimming', 'training'],
    lines: [
      'Negative splits and a very happy finish line.',
      'Cold water, clear head, better day.',
      'Sent the overhang after three weeks of trying.',
    ],
  },
};

export const DEMO_COMMENTS = [
  'This is beautiful!',
  'Saving this for later.',
  'Where exactly is this?',
  'Love the colours here.',
  'So inspiring, thank you for sharing.',
  'I need to try this.',
  'Great shot!',
  'Adding it to my list.',
  'How long did this take?',
  'Wow, the light!',
  'This made my day.',
  'Totally agree with you.',
];

export const DEMO_CHAT_LINES = [
  'Hey! Loved your last post.',
  'Thanks! It was such a good day.',
  'Where was that taken?',
  'Let me send you the spot later.',
  'We should go together next time.',
  'Deal. Next weekend?',
];

export function topicFor(category: Category) {
  return TOPICS[category];
}

export { CATEGORIES };
