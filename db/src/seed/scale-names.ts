import type { Random } from './audio/random.ts';

/**
 * Word lists of the scale catalogue. Real words are drawn with Zipf-like weights in the order
 * listed, so the first ones are as common as "love" is in real song titles; invented words from
 * syllables make a long tail in which most words occur only a handful of times.
 */
export const TITLE_WORDS = [
  'Love', 'Night', 'Heart', 'Time', 'Light', 'Dream', 'Home', 'Fire', 'Rain', 'Blue', 'Summer', 'Girl', 'Baby', 'World', 'Life',
  'Moon', 'Road', 'Sun', 'Day', 'Dance', 'Gold', 'River', 'Sky', 'Song', 'Midnight', 'Forever', 'Star', 'City', 'Shadow', 'Ocean',
  'Wild', 'Golden', 'Summertime', 'Heaven', 'Angel', 'Stranger', 'Morning', 'Winter', 'Highway', 'Thunder', 'Fever', 'Paradise',
  'Window', 'Signal', 'Echo', 'Mountain', 'Satellite', 'Garden', 'Letter', 'Wire', 'Ghost', 'Harbour', 'Tonight', 'Yesterday',
  'Tomorrow', 'Silver', 'Electric', 'Velvet', 'Neon', 'Paper', 'Quiet', 'Hidden', 'Northern', 'Distant', 'Slow', 'Crystal', 'Open',
  'Static', 'Lunar', 'Glass', 'Amber', 'Horizon', 'Tides', 'Lanterns', 'Rooms', 'Hours', 'Gardens', 'Signals', 'Rivers', 'Weather',
  'Postcards', 'Skylines', 'Echoes', 'Satellites', 'Seasons', 'Mirrors', 'Orchards', 'Frequencies', 'Parades', 'Shores', 'Endless',
  'Tender', 'Broken', 'Bright', 'Faded', 'Restless', 'Hollow', 'Sweet', 'Heavy', 'Simple', 'Burning', 'Secret', 'Lonely', 'Gentle',
  'Strange', 'Lucky', 'Perfect', 'Empty', 'Chasing', 'Running', 'Carry', 'Follow', 'Hold', 'Dancing', 'Drifting', 'Waiting', 'Calling',
  'Finding', 'Falling', 'Flying', 'Burn', 'Shine', 'Kiss', 'Tears', 'Eyes', 'Hands', 'Soul', 'Spirit', 'Storm', 'Wind', 'Snow', 'Ice',
  'Stone', 'Bones', 'Blood', 'Wolves', 'Birds', 'Horses', 'Lions', 'Tiger', 'Dragon', 'Phoenix', 'Butterfly', 'Rose', 'Lily', 'Violet',
  'Cherry', 'Honey', 'Sugar', 'Candy', 'Wine', 'Whiskey', 'Coffee', 'Cigarettes', 'Diamonds', 'Pearls', 'Silk', 'Satin', 'Lace',
  'Chains', 'Wheels', 'Engines', 'Trains', 'Station', 'Airport', 'Runway', 'Bridge', 'Tunnel', 'Tower', 'Castle', 'Palace', 'Kingdom',
  'Empire', 'Republic', 'Nation', 'Border', 'Desert', 'Forest', 'Valley', 'Canyon', 'Island', 'Lagoon', 'Coast', 'Harbor', 'Lighthouse',
  'Compass', 'Anchor', 'Sailor', 'Captain', 'Pilot', 'Driver', 'Dancer', 'Singer', 'Poet', 'Prophet', 'Saint', 'Sinner', 'Devil',
  'Monster', 'Hero', 'Outlaw', 'Rebel', 'Runaway', 'Wanderer', 'Traveler', 'Dreamer', 'Lover', 'Fighter', 'Queen', 'King', 'Prince',
  'Princess', 'Child', 'Mother', 'Father', 'Brother', 'Sister', 'Friend', 'Neighbor', 'Ordinary', 'Magic', 'Mystery', 'Miracle',
  'Wonder', 'Glory', 'Freedom', 'Liberty', 'Justice', 'Truth', 'Honest', 'Crazy', 'Sorry', 'Happy', 'Sad', 'Young', 'Old', 'New',
  'Last', 'First', 'Only', 'Every', 'Nothing', 'Everything', 'Something', 'Somewhere', 'Nowhere', 'Anywhere', 'Always', 'Never',
  'Again', 'Alone', 'Together', 'Apart', 'Inside', 'Outside', 'Under', 'Over', 'Between', 'Beyond', 'Across', 'Around', 'Through',
  'Cosmic', 'Orbit', 'Galaxy', 'Nebula', 'Comet', 'Meteor', 'Eclipse', 'Aurora', 'Solstice', 'Equinox', 'Twilight', 'Dawn', 'Dusk',
  'Sunrise', 'Sunset', 'Afterglow', 'Wavelength', 'Stereo', 'Radio', 'Television', 'Telephone', 'Cassette', 'Vinyl', 'Jukebox',
  'Disco', 'Boogie', 'Groove', 'Rhythm', 'Melody', 'Harmony', 'Symphony', 'Lullaby', 'Serenade', 'Ballad', 'Anthem', 'Hymn', 'Prayer',
  'Mantra', 'Chant', 'Whisper', 'Scream', 'Shout', 'Silence', 'Noise', 'Sound', 'Voices', 'Colors', 'Crimson', 'Scarlet', 'Indigo',
  'Emerald', 'Sapphire', 'Ivory', 'Ebony', 'Copper', 'Chrome', 'Marble', 'Concrete', 'Asphalt', 'Dust', 'Smoke', 'Ashes', 'Embers',
] as const;

export const TITLE_TEMPLATES = [
  '{w}',
  '{w} {w}',
  '{w} {w}',
  '{w} of {w}',
  'The {w} {w}',
  '{w} in the {w}',
  'Under the {w} {w}',
  'All the {w} {w}',
  'When the {w} Falls',
  '{w} Again',
  '{w} & {w}',
  'Into the {w}',
  'No More {w}',
  '{w} ({w} Mix)',
  '{w} {w} {w}',
];

export const FIRST_NAMES = [
  'Ada', 'Alba', 'Amir', 'Ana', 'Anika', 'Arlo', 'Aya', 'Bea', 'Ben', 'Bruno', 'Cara', 'Cass', 'Chen', 'Cleo', 'Dana', 'Dario', 'Dev',
  'Eli', 'Elin', 'Emil', 'Ena', 'Esme', 'Ezra', 'Faye', 'Felix', 'Finn', 'Gia', 'Gus', 'Hana', 'Hugo', 'Ida', 'Ilse', 'Iris', 'Ivan',
  'Jada', 'Jonas', 'Juno', 'Kai', 'Kenji', 'Kira', 'Lars', 'Lea', 'Leon', 'Lila', 'Lior', 'Luca', 'Lupe', 'Mae', 'Malik', 'Mara',
  'Marco', 'Maya', 'Milo', 'Mira', 'Nadia', 'Nico', 'Nina', 'Noor', 'Oda', 'Omar', 'Otto', 'Paz', 'Pia', 'Quinn', 'Rafa', 'Rae',
  'Remy', 'Rhea', 'Rio', 'Rosa', 'Rui', 'Sade', 'Sami', 'Sana', 'Saul', 'Selma', 'Simone', 'Sol', 'Tara', 'Teo', 'Tess', 'Theo',
  'Uma', 'Vera', 'Vik', 'Wren', 'Xavi', 'Yara', 'Yuki', 'Zane', 'Zara', 'Zoe', 'Alex', 'Jamie', 'Robin', 'Sam', 'Jordan', 'Taylor',
  'Morgan', 'Casey', 'Riley', 'Avery', 'Parker', 'Rowan', 'Sage', 'Blair', 'Dallas', 'Harper', 'Jules', 'Lou', 'Max', 'Nova', 'Ray',
] as const;

export const LAST_NAMES = [
  'Abara', 'Adler', 'Alvarez', 'Andersen', 'Baker', 'Banks', 'Barros', 'Bell', 'Berg', 'Blake', 'Bloom', 'Brooks', 'Byrne', 'Cabral',
  'Carter', 'Castro', 'Chase', 'Cole', 'Cruz', 'Dahl', 'Diaz', 'Duval', 'Ellis', 'Engel', 'Evans', 'Falk', 'Ferreira', 'Fox', 'Frost',
  'Garcia', 'Gray', 'Greene', 'Haas', 'Hale', 'Hart', 'Hayes', 'Holm', 'Hughes', 'Ito', 'Jensen', 'Jones', 'Kane', 'Kato', 'Keller',
  'Khan', 'King', 'Klein', 'Koch', 'Lane', 'Lang', 'Lopez', 'Lund', 'Mack', 'Marsh', 'Mendes', 'Meyer', 'Mills', 'Moreau', 'Mori',
  'Nash', 'Neri', 'Nilsen', 'Novak', 'Okafor', 'Olsen', 'Ortiz', 'Park', 'Pereira', 'Pike', 'Price', 'Quinn', 'Reed', 'Reyes', 'Rios',
  'Rossi', 'Ruiz', 'Sato', 'Schmidt', 'Shaw', 'Silva', 'Soto', 'Stone', 'Strand', 'Suzuki', 'Tanaka', 'Torres', 'Vance', 'Varga',
  'Vega', 'Voss', 'Wade', 'Walsh', 'Weber', 'West', 'Wilde', 'Winter', 'Wolf', 'Wong', 'Young', 'Zeller',
] as const;

export const TAG_NAMES = [
  'chill', 'summer', 'workout', 'focus', 'party', 'roadtrip', 'rainy-day', 'late-night', 'acoustic', 'instrumental', 'live', 'remix',
  'cover', 'vocal', 'upbeat', 'melancholic', 'dreamy', 'dark', 'happy', 'romantic', 'study', 'sleep', 'morning', 'evening',
  '60s', '70s', '80s', '90s', '00s', '10s', 'retro', 'vintage', 'modern', 'experimental', 'minimal', 'cinematic', 'epic', 'groovy',
  'funky', 'soulful', 'heavy', 'soft', 'loud', 'slow', 'fast', 'dance', 'indie', 'underground', 'classic', 'festival',
] as const;

export const PLAYLIST_TEMPLATES = ['{w} Mix', 'My {w} Playlist', '{w} & {w}', 'Songs for {w}', '{w} Vibes', 'Best of {w}', '{w} Radio', 'Late {w}', '{w} Favourites'];

const ONSETS = ['b', 'br', 'c', 'ch', 'd', 'dr', 'f', 'g', 'gr', 'h', 'j', 'k', 'kr', 'l', 'm', 'n', 'p', 'pr', 'r', 's', 'sh', 'st', 't', 'tr', 'v', 'w', 'z', ''];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou', 'y'];
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 'm', 'th', 'x', 'nd', 'rk'];

/** `count` distinct invented words of two or three syllables, such as "Velmora", capitalised. */
export function inventedWords(random: Random, count: number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = random.chance(0.6) ? 2 : 3;
    let word = '';
    for (let s = 0; s < syllables; s++) word += random.pick(ONSETS) + random.pick(VOWELS) + (s === syllables - 1 ? random.pick(CODAS) : '');
    if (word.length < 5 || word.length > 11) continue;
    words.add(word[0].toUpperCase() + word.slice(1));
  }
  return [...words];
}

/**
 * Draws ranks 0..n-1 with probability proportional to 1/(rank+1)^s, by binary search in a
 * cumulative table: fast enough for millions of draws.
 */
export function zipf(random: Random, n: number, s: number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative[i] = sum += 1 / (i + 1) ** s;
  return () => {
    const target = random.next() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (cumulative[mid] < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}
