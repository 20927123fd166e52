import { CATEGORIES, type Category } from '@glimpse/shared';

/** Words the bench dataset is built from (its own, so server-side demo changes never move the bench). */

export const FIRST_NAMES = [
  'ava', 'liam', 'mia', 'noah', 'zoe', 'ethan', 'lily', 'lucas', 'emma', 'leo', 'chloe', 'mason', 'nora', 'owen',
  'ruby', 'kai', 'isla', 'omar', 'hana', 'diego', 'maya', 'felix', 'aria', 'jonah', 'sofia', 'ravi', 'elena', 'theo',
  'yuki', 'amara', 'grace', 'samuel', 'ines', 'mateo', 'priya', 'arjun', 'clara', 'hugo', 'lena', 'marco', 'nadia',
  'oscar', 'paula', 'quinn', 'rosa', 'sami', 'tara', 'umar', 'vera', 'wei', 'ximena', 'yusuf', 'zara', 'bruno',
  'carmen', 'dmitri', 'esther', 'farah', 'gus', 'holly',
];

export const LAST_NAMES = [
  'chen', 'patel', 'rossi', 'kim', 'garcia', 'nguyen', 'okafor', 'silva', 'schmidt', 'tanaka', 'dubois', 'reyes',
  'haddad', 'murphy', 'andersen', 'wong', 'campbell', 'farouk', 'sato', 'morales', 'levi', 'weber', 'moreau',
  'brooks', 'costa', 'iyer', 'popescu', 'laurent', 'mori', 'diallo', 'novak', 'kowalski', 'jensen', 'alvarez',
  'fischer', 'ibrahim', 'johansson', 'khan', 'lopez', 'martin', 'nakamura', 'olsen', 'park', 'quintero', 'ruiz',
  'smith', 'taylor', 'ueda', 'vargas', 'walsh',
];

export const BIOS = [
  'Photographer', 'Home cook', 'Runner', 'Designer', 'Traveller', 'Engineer', 'Barista', 'Student', 'Teacher',
  'Climber', 'Writer', 'Gardener', 'Nurse', 'Architect', 'Musician',
];

export interface City {
  name: string;
  state: string;
  country: string;
  lat: number;
  lon: number;
}

/** ~40 cities; Irvine first (the Explore default) and over-weighted by the generator. */
export const CITIES: City[] = [
  { name: 'Irvine', state: 'CA', country: 'United States', lat: 33.6846, lon: -117.8265 },
  { name: 'Los Angeles', state: 'CA', country: 'United States', lat: 34.0522, lon: -118.2437 },
  { name: 'San Francisco', state: 'CA', country: 'United States', lat: 37.7749, lon: -122.4194 },
  { name: 'San Diego', state: 'CA', country: 'United States', lat: 32.7157, lon: -117.1611 },
  { name: 'New York', state: 'NY', country: 'United States', lat: 40.7128, lon: -74.006 },
  { name: 'Seattle', state: 'WA', country: 'United States', lat: 47.6062, lon: -122.3321 },
  { name: 'Chicago', state: 'IL', country: 'United States', lat: 41.8781, lon: -87.6298 },
  { name: 'Austin', state: 'TX', country: 'United States', lat: 30.2672, lon: -97.7431 },
  { name: 'Boston', state: 'MA', country: 'United States', lat: 42.3601, lon: -71.0589 },
  { name: 'Miami', state: 'FL', country: 'United States', lat: 25.7617, lon: -80.1918 },
  { name: 'Denver', state: 'CO', country: 'United States', lat: 39.7392, lon: -104.9903 },
  { name: 'Portland', state: 'OR', country: 'United States', lat: 45.5152, lon: -122.6784 },
  { name: 'Honolulu', state: 'HI', country: 'United States', lat: 21.3069, lon: -157.8583 },
  { name: 'Vancouver', state: 'BC', country: 'Canada', lat: 49.2827, lon: -123.1207 },
  { name: 'Toronto', state: 'ON', country: 'Canada', lat: 43.6532, lon: -79.3832 },
  { name: 'Montreal', state: 'QC', country: 'Canada', lat: 45.5019, lon: -73.5674 },
  { name: 'Mexico City', state: 'CDMX', country: 'Mexico', lat: 19.4326, lon: -99.1332 },
  { name: 'São Paulo', state: 'SP', country: 'Brazil', lat: -23.5558, lon: -46.6396 },
  { name: 'Buenos Aires', state: 'CABA', country: 'Argentina', lat: -34.6037, lon: -58.3816 },
  { name: 'London', state: 'England', country: 'United Kingdom', lat: 51.5072, lon: -0.1276 },
  { name: 'Edinburgh', state: 'Scotland', country: 'United Kingdom', lat: 55.9533, lon: -3.1883 },
  { name: 'Dublin', state: 'Leinster', country: 'Ireland', lat: 53.3498, lon: -6.2603 },
  { name: 'Paris', state: 'Île-de-France', country: 'France', lat: 48.8566, lon: 2.3522 },
  { name: 'Barcelona', state: 'Catalonia', country: 'Spain', lat: 41.3874, lon: 2.1686 },
  { name: 'Madrid', state: 'Madrid', country: 'Spain', lat: 40.4168, lon: -3.7038 },
  { name: 'Lisbon', state: 'Lisbon', country: 'Portugal', lat: 38.7223, lon: -9.1393 },
  { name: 'Rome', state: 'Lazio', country: 'Italy', lat: 41.9028, lon: 12.4964 },
  { name: 'Berlin', state: 'Berlin', country: 'Germany', lat: 52.52, lon: 13.405 },
  { name: 'Amsterdam', state: 'North Holland', country: 'Netherlands', lat: 52.3676, lon: 4.9041 },
  { name: 'Copenhagen', state: 'Capital Region', country: 'Denmark', lat: 55.6761, lon: 12.5683 },
  { name: 'Stockholm', state: 'Stockholm', country: 'Sweden', lat: 59.3293, lon: 18.0686 },
  { name: 'Istanbul', state: 'Istanbul', country: 'Turkey', lat: 41.0082, lon: 28.9784 },
  { name: 'Dubai', state: 'Dubai', country: 'United Arab Emirates', lat: 25.2048, lon: 55.2708 },
  { name: 'Mumbai', state: 'Maharashtra', country: 'India', lat: 19.076, lon: 72.8777 },
  { name: 'Singapore', state: 'Singapore', country: 'Singapore', lat: 1.3521, lon: 103.8198 },
  { name: 'Bangkok', state: 'Bangkok', country: 'Thailand', lat: 13.7563, lon: 100.5018 },
  { name: 'Seoul', state: 'Seoul', country: 'South Korea', lat: 37.5665, lon: 126.978 },
  { name: 'Tokyo', state: 'Tokyo', country: 'Japan', lat: 35.6762, lon: 139.6503 },
  { name: 'Shanghai', state: 'Shanghai', country: 'China', lat: 31.2304, lon: 121.4737 },
  { name: 'Sydney', state: 'NSW', country: 'Australia', lat: -33.8688, lon: 151.2093 },
  { name: 'Cape Town', state: 'Western Cape', country: 'South Africa', lat: -33.9249, lon: 18.4241 },
];

export interface Topic {
  titles: string[];
  tags: string[];
  lines: string[];
}

export const TOPICS: Record<Category, Topic> = {
  Fashion: {
    titles: ['Autumn layers I keep coming back to', 'Thrifted denim, three ways', 'Linen season is here', 'A capsule wardrobe in 12 pieces', 'Street style on a rainy day', 'Vintage market finds', 'Monochrome week'],
    tags: ['ootd', 'streetstyle', 'thrift', 'minimal', 'vintage', 'denim', 'fashion', 'style'],
    lines: ['Neutral tones, one bold accessory and comfortable shoes.', 'Everything here is second-hand except the socks.', 'Rolled sleeves and a long coat carried the whole outfit.', 'The market opens at seven and the good jackets are gone by eight.', 'Black on black, with one silver ring.'],
  },
  Travel: {
    titles: ['Sunrise from the old harbour', 'Three days on foot through the hills', 'The quiet side of the city', 'Night train diaries', 'A weekend by the coast', 'Lost in the old town', 'Island hopping on a budget'],
    tags: ['travel', 'wanderlust', 'roadtrip', 'sunset', 'hiking', 'citybreak', 'beach', 'mountains'],
    lines: ['We left before dawn and had the viewpoint to ourselves.', 'Take the small streets; the cafés there are twice as good.', 'Pack light, bring a good pair of shoes and an open afternoon.', 'The ferry was late and nobody minded.', 'Golden light over the rooftops at sunset.'],
  },
  Food: {
    titles: ['The best noodles I have had this year', 'Sunday brunch at home', 'A tiny bakery worth the queue', 'Homemade dumplings, step by step', 'Street food crawl', 'Sourdough, attempt number nine', 'Coffee tasting notes'],
    tags: ['foodie', 'brunch', 'homecooking', 'dessert', 'coffee', 'streetfood', 'baking', 'ramen'],
    lines: ['Crispy edges, soft middle and a sauce I want to drink.', 'Forty minutes from start to plate, and most of it is waiting.', 'Go early: by noon the sesame buns are gone.', 'The espresso here is bright and a little fruity.', 'A long ferment makes all the difference to the crumb.'],
  },
  Beauty: {
    titles: ['My five-minute morning routine', 'Sunscreen I actually enjoy wearing', 'Soft glam for a wedding', 'Skincare that survived winter', 'Nail art, autumn edition', 'Fragrance notes for spring', 'Curly hair wash day'],
    tags: ['skincare', 'makeup', 'glowup', 'nails', 'selfcare', 'beauty', 'haircare', 'fragrance'],
    lines: ['Gentle cleanser, serum, moisturiser, sunscreen — that is all.', 'Blend the edges and let the skin show through.', 'Patch test anything new, even when the reviews are great.', 'A drop of oil at the ends keeps the frizz away.', 'Citrus on top, cedar underneath.'],
  },
  Lifestyle: {
    titles: ['A slow Sunday at home', 'Reorganising the reading corner', 'Plants that survived my care', 'Morning pages, one year in', 'Small rituals that help', 'Balcony garden update', 'Decluttering the kitchen'],
    tags: ['lifestyle', 'homedecor', 'plants', 'reading', 'slowliving', 'wellness', 'garden', 'minimalism'],
    lines: ['Tea, a paperback and nowhere to be.', 'Moved the chair by the window and read twice as much.', 'Ten minutes of writing before the phone comes out.', 'The tomatoes finally turned red this week.', 'Fewer things, more space, calmer mornings.'],
  },
  Technology: {
    titles: ['My desk setup for deep work', 'Building a tiny weather station', 'Mechanical keyboard, finally finished', 'Photos from the maker fair', 'A week with a paper notebook and no apps', 'Film camera repair', 'Self-hosting my photos'],
    tags: ['tech', 'desksetup', 'maker', 'gadgets', 'coding', 'photography', 'keyboard', 'selfhosted'],
    lines: ['One screen, one lamp, one plant: fewer distractions.', 'Soldered the sensor board last night; it reports every minute.', 'Lubed switches make a difference you can hear.', 'A small server in the closet now keeps every photo we take.', 'Replaced the light seals and the shutter sings again.'],
  },
  Sports: {
    titles: ['First half marathon done', 'Morning swim before work', 'Climbing gym progress', 'Cycling the coast road', 'Pickup basketball, every Thursday', 'Trail running in the fog', 'Learning to surf at thirty'],
    tags: ['running', 'fitness', 'cycling', 'climbing', 'swimming', 'training', 'surfing', 'marathon'],
    lines: ['Negative splits and a very happy finish line.', 'Cold water, clear head, better day.', 'Sent the overhang after three weeks of trying.', 'Sixty kilometres of headwind and one excellent pastry.', 'Wiped out eleven times, stood up once, worth it.'],
  },
};

export const TOPIC_LIST: Array<{ name: Category } & Topic> = CATEGORIES.map((name) => ({ name, ...TOPICS[name] }));

export const GENERIC_TAGS = ['photooftheday', 'weekend', 'friends', 'goodvibes', 'nature', 'instadaily', 'local', 'summer', 'winter', 'love'];

export const COMMENTS = [
  'This is beautiful!', 'Saving this for later.', 'Where exactly is this?', 'Love the colours here.', 'Need to try this.',
  'So good!', 'Great shot.', 'Adding it to my list.', 'How long did it take?', 'Wow, the light!', 'Brilliant idea.',
  'Thanks for sharing this.', 'I was there last year!', 'Looks delicious.', 'Goals.',
];
