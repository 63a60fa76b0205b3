import type { PieceStyle } from './audio/synth.ts';
import type { DemoGenre } from './demo-names.ts';

/** The sound of each genre; every demo piece varies key, tempo and melody around it. */
export const GENRE_STYLES: Record<DemoGenre, Omit<PieceStyle, 'root'>> = {
  electronic: { bpm: 124, scale: 'minor', drums: 'four', pad: 'saw', lead: 'pluck', bass: 'saw', swing: 0, sevenths: false, lofi: false },
  'hip-hop': { bpm: 90, scale: 'minor', drums: 'boombap', pad: 'soft', lead: 'bell', bass: 'sine', swing: 0.18, sevenths: true, lofi: false },
  jazz: { bpm: 132, scale: 'dorian', drums: 'swing', pad: 'organ', lead: 'sine', bass: 'walking', swing: 0.33, sevenths: true, lofi: false },
  ambient: { bpm: 70, scale: 'major', drums: 'none', pad: 'soft', lead: 'bell', bass: 'sine', swing: 0, sevenths: true, lofi: false },
  rock: { bpm: 118, scale: 'major', drums: 'rock', pad: 'saw', lead: 'square', bass: 'saw', swing: 0, sevenths: false, lofi: false },
  'lo-fi': { bpm: 78, scale: 'dorian', drums: 'boombap', pad: 'soft', lead: 'sine', bass: 'sine', swing: 0.25, sevenths: true, lofi: true },
  pop: { bpm: 108, scale: 'major', drums: 'four', pad: 'soft', lead: 'square', bass: 'sine', swing: 0, sevenths: false, lofi: false },
  classical: { bpm: 84, scale: 'minor', drums: 'none', pad: 'soft', lead: 'pluck', bass: 'walking', swing: 0, sevenths: false, lofi: false },
};

/** Pieces rendered per genre; tracks of that genre take turns using them. */
export const PIECES_PER_GENRE = 2;
