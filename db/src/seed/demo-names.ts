/** Invented artists, one sound each, so the demo catalog reads like a real one. */
export const DEMO_GENRES = [
  { name: 'electronic', display_name: 'Electronic' },
  { name: 'hip-hop', display_name: 'Hip Hop' },
  { name: 'jazz', display_name: 'Jazz' },
  { name: 'ambient', display_name: 'Ambient' },
  { name: 'rock', display_name: 'Rock' },
  { name: 'lo-fi', display_name: 'Lo-Fi' },
  { name: 'pop', display_name: 'Pop' },
  { name: 'classical', display_name: 'Classical' },
] as const;

export type DemoGenre = (typeof DEMO_GENRES)[number]['name'];

export const DEMO_ARTISTS: { name: string; genres: DemoGenre[]; bio: string; verified?: boolean }[] = [
  { name: 'Aurora Vale', genres: ['electronic', 'pop'], bio: 'Synth-pop from a bedroom studio in Reykjavík, built on analog pads and late-night melodies.', verified: true },
  { name: 'The Midnight Ferns', genres: ['rock'], bio: 'A four-piece that plays every song as if the venue is about to close.' },
  { name: 'Kairo Blue', genres: ['hip-hop', 'lo-fi'], bio: 'Producer and beatmaker. Dusty drums, warm keys, no skips.', verified: true },
  { name: 'Solenne', genres: ['ambient', 'classical'], bio: 'Slow music for fast days: long tones, soft pianos and field recordings.' },
  { name: 'Static Harbor', genres: ['electronic'], bio: 'Club tracks with a sea breeze. Four to the floor since 2014.' },
  { name: 'Mara Quinn', genres: ['pop'], bio: 'Songwriter with a weakness for big choruses and small details.', verified: true },
  { name: 'Low Orbit Club', genres: ['jazz'], bio: 'A trio that swings between standards and space-age originals.' },
  { name: 'Ivory Wolves', genres: ['rock', 'electronic'], bio: 'Loud guitars, louder synths, and drums recorded in a stairwell.' },
  { name: 'Pallas', genres: ['electronic', 'ambient'], bio: 'Hypnotic loops that unfold over a full side of vinyl.' },
  { name: 'Juniper & The Sails', genres: ['pop', 'rock'], bio: 'Sun-bleached indie pop from the coast.' },
  { name: 'Ocho Ritmo', genres: ['hip-hop', 'jazz'], bio: 'Horns, breaks and a crate of records from every decade.' },
  { name: 'Hollow Pines', genres: ['lo-fi', 'ambient'], bio: 'Tape-saturated sketches recorded in a cabin with one microphone.' },
];

export const ALBUM_WORDS = {
  first: ['Velvet', 'Neon', 'Paper', 'Quiet', 'Golden', 'Electric', 'Silver', 'Hidden', 'Northern', 'Distant', 'Wild', 'Slow', 'Crystal', 'Midnight', 'Blue', 'Open', 'Static', 'Lunar', 'Glass', 'Amber'],
  second: ['Horizon', 'Tides', 'Lanterns', 'Rooms', 'Hours', 'Gardens', 'Signals', 'Rivers', 'Weather', 'Postcards', 'Skylines', 'Echoes', 'Satellites', 'Harbours', 'Seasons', 'Mirrors', 'Orchards', 'Frequencies', 'Parades', 'Shores'],
};

export const TRACK_TEMPLATES = [
  '{adj} {noun}',
  '{noun} of {noun}',
  '{verb} the {noun}',
  'Under the {adj} {noun}',
  '{noun}',
  'All the {adj} {noun}s',
  'Last {noun}',
  '{verb} Home',
  'When the {noun} Falls',
  '{adj} Again',
];

export const TRACK_WORDS = {
  adj: ['Endless', 'Tender', 'Broken', 'Bright', 'Faded', 'Restless', 'Hollow', 'Sweet', 'Heavy', 'Simple', 'Burning', 'Secret', 'Lonely', 'Gentle', 'Golden', 'Strange', 'Lucky', 'Perfect', 'Electric', 'Empty'],
  noun: ['Light', 'Ocean', 'Summer', 'Window', 'Signal', 'Highway', 'Fever', 'Morning', 'Shadow', 'Heart', 'City', 'Thunder', 'Paradise', 'Stranger', 'Echo', 'Winter', 'Mountain', 'Satellite', 'Garden', 'Letter', 'Rain', 'Wire', 'Ghost', 'Harbour'],
  verb: ['Chasing', 'Running', 'Carry', 'Follow', 'Hold', 'Dancing', 'Drifting', 'Waiting for', 'Calling', 'Finding'],
};
