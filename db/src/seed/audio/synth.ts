import { createRandom, type Random } from './random.ts';

/**
 * A tiny arranger and synthesizer for the demo catalog: chord progressions, bass, drums and a
 * motif-based melody, rendered to mono PCM. It exists so that a fresh install plays real music
 * without downloading or committing any audio.
 */
export interface PieceStyle {
  bpm: number;
  /** MIDI note of the key's root, around the 3rd octave. */
  root: number;
  scale: 'major' | 'minor' | 'dorian';
  drums: 'four' | 'boombap' | 'rock' | 'swing' | 'none';
  pad: 'saw' | 'soft' | 'organ';
  lead: 'sine' | 'square' | 'pluck' | 'bell';
  bass: 'saw' | 'sine' | 'walking';
  /** 0 for straight eighths, up to ~0.33 for a triplet feel. */
  swing: number;
  /** Add sevenths to the chords. */
  sevenths: boolean;
  /** Warble and noise for a tape feel. */
  lofi: boolean;
}

const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
};

const PROGRESSIONS = {
  major: [[0, 4, 5, 3], [0, 5, 3, 4], [0, 3, 4, 4], [5, 3, 0, 4]],
  minor: [[0, 5, 2, 6], [0, 3, 4, 0], [0, 6, 5, 4], [0, 5, 3, 4]],
  dorian: [[0, 3, 0, 3], [0, 6, 3, 0], [0, 1, 3, 6]],
};

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

type Wave = 'sine' | 'saw' | 'square' | 'triangle';

function oscillator(wave: Wave, phase: number): number {
  const p = phase - Math.floor(phase);
  switch (wave) {
    case 'sine':
      return Math.sin(2 * Math.PI * p);
    case 'saw':
      return 2 * p - 1;
    case 'square':
      return p < 0.5 ? 1 : -1;
    case 'triangle':
      return 1 - 4 * Math.abs(p - 0.5);
  }
}

interface Voice {
  wave: Wave;
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  /** One-pole low-pass coefficient (0..1, lower is darker). */
  brightness: number;
  detune?: number;
  vibrato?: number;
  /** Exponential decay per second instead of a sustain, for plucked or struck sounds. */
  pluck?: number;
}

class Mixer {
  readonly buffer: Float32Array;
  readonly sampleRate: number;
  readonly random: Random;
  constructor(sampleRate: number, seconds: number, random: Random) {
    this.sampleRate = sampleRate;
    this.random = random;
    this.buffer = new Float32Array(Math.ceil(seconds * sampleRate));
  }

  note(start: number, length: number, midi: number, amp: number, voice: Voice): void {
    const sr = this.sampleRate;
    const from = Math.floor(start * sr);
    const total = Math.floor((length + voice.release) * sr);
    const hz = midiToHz(midi);
    const detunes = voice.detune ? [1 - voice.detune, 1 + voice.detune] : [1];
    let filtered = 0;
    // Random start phases keep stacked voices from sounding like one; seeded so pieces are reproducible.
    const phases = detunes.map(() => this.random.next());
    for (let i = 0; i < total && from + i < this.buffer.length; i++) {
      const t = i / sr;
      let env: number;
      if (t < voice.attack) env = t / voice.attack;
      else if (voice.pluck) env = Math.exp(-(t - voice.attack) * voice.pluck);
      else if (t < voice.attack + voice.decay) env = 1 - (1 - voice.sustain) * ((t - voice.attack) / voice.decay);
      else env = voice.sustain;
      if (t > length) env *= Math.max(0, 1 - (t - length) / voice.release);
      const vibrato = voice.vibrato ? 1 + voice.vibrato * Math.sin(2 * Math.PI * 5.5 * t) : 1;
      let sample = 0;
      for (let d = 0; d < detunes.length; d++) {
        phases[d] += (hz * detunes[d] * vibrato) / sr;
        sample += oscillator(voice.wave, phases[d]);
      }
      sample /= detunes.length;
      filtered += voice.brightness * (sample - filtered);
      this.buffer[from + i] += filtered * env * amp;
    }
  }

  kick(start: number, amp: number): void {
    const sr = this.sampleRate;
    const from = Math.floor(start * sr);
    let phase = 0;
    for (let i = 0; i < 0.35 * sr && from + i < this.buffer.length; i++) {
      const t = i / sr;
      phase += (45 + 110 * Math.exp(-t * 30)) / sr;
      this.buffer[from + i] += Math.sin(2 * Math.PI * phase) * Math.exp(-t * 9) * amp;
    }
  }

  snare(start: number, amp: number, random: Random): void {
    const sr = this.sampleRate;
    const from = Math.floor(start * sr);
    let phase = 0;
    for (let i = 0; i < 0.22 * sr && from + i < this.buffer.length; i++) {
      const t = i / sr;
      phase += 185 / sr;
      const noise = (random.next() * 2 - 1) * Math.exp(-t * 22);
      const tone = Math.sin(2 * Math.PI * phase) * Math.exp(-t * 30);
      this.buffer[from + i] += (noise * 0.7 + tone * 0.5) * amp;
    }
  }

  hat(start: number, amp: number, random: Random, open = false): void {
    const sr = this.sampleRate;
    const from = Math.floor(start * sr);
    let previous = 0;
    const decay = open ? 14 : 70;
    for (let i = 0; i < (open ? 0.25 : 0.06) * sr && from + i < this.buffer.length; i++) {
      const t = i / sr;
      const noise = random.next() * 2 - 1;
      // The difference of successive noise samples is a cheap high-pass: it keeps the hiss, drops the thud.
      this.buffer[from + i] += (noise - previous) * 0.5 * Math.exp(-t * decay) * amp;
      previous = noise;
    }
  }
}

const PADS: Record<PieceStyle['pad'], Voice> = {
  saw: { wave: 'saw', attack: 0.4, decay: 0.5, sustain: 0.7, release: 0.6, brightness: 0.08, detune: 0.004 },
  soft: { wave: 'triangle', attack: 0.8, decay: 0.5, sustain: 0.8, release: 1.2, brightness: 0.2, detune: 0.003 },
  organ: { wave: 'square', attack: 0.05, decay: 0.2, sustain: 0.6, release: 0.2, brightness: 0.05, detune: 0.002 },
};
const LEADS: Record<PieceStyle['lead'], Voice> = {
  sine: { wave: 'sine', attack: 0.02, decay: 0.1, sustain: 0.8, release: 0.15, brightness: 1, vibrato: 0.004 },
  square: { wave: 'square', attack: 0.01, decay: 0.1, sustain: 0.6, release: 0.1, brightness: 0.15, vibrato: 0.003 },
  pluck: { wave: 'saw', attack: 0.003, decay: 0, sustain: 0, release: 0.1, brightness: 0.25, pluck: 5 },
  bell: { wave: 'sine', attack: 0.002, decay: 0, sustain: 0, release: 0.3, brightness: 1, pluck: 3.5, detune: 0.0015 },
};
const BASSES: Record<PieceStyle['bass'], Voice> = {
  saw: { wave: 'saw', attack: 0.005, decay: 0.15, sustain: 0.7, release: 0.05, brightness: 0.06 },
  sine: { wave: 'sine', attack: 0.01, decay: 0.2, sustain: 0.8, release: 0.08, brightness: 1 },
  walking: { wave: 'triangle', attack: 0.005, decay: 0, sustain: 0, release: 0.08, brightness: 0.5, pluck: 4 },
};

function scaleNote(style: PieceStyle, degree: number): number {
  const steps = SCALES[style.scale];
  const octave = Math.floor(degree / steps.length);
  const index = ((degree % steps.length) + steps.length) % steps.length;
  return style.root + octave * 12 + steps[index];
}

/** Bars of the arrangement: intro, groove, melody, variation, outro. */
function sections(bars: number) {
  const intro = 2;
  const outro = 2;
  const body = bars - intro - outro;
  return { intro, groove: Math.floor(body / 4), outroStart: bars - outro };
}

export function renderPiece(style: PieceStyle, seed: number, sampleRate: number, targetSeconds: number): Float32Array {
  const random = createRandom(seed);
  const beat = 60 / style.bpm;
  const barLength = beat * 4;
  const bars = Math.max(8, Math.round(targetSeconds / barLength / 4) * 4);
  const seconds = bars * barLength + 1.5;
  const mix = new Mixer(sampleRate, seconds, random);
  const progression = random.pick(PROGRESSIONS[style.scale]);
  const { intro, groove, outroStart } = sections(bars);
  const swingOffset = (eighth: number) => (eighth % 2 === 1 ? style.swing * beat * 0.5 : 0);

  // Two-bar motif: rhythm in eighths and scale degrees relative to the chord root, reused with variations.
  const motif: { at: number; length: number; degree: number }[] = [];
  for (let eighth = 0; eighth < 16; ) {
    const length = random.pick([1, 1, 2, 2, 3, 4]);
    if (random.chance(0.78)) motif.push({ at: eighth, length: Math.min(length, 16 - eighth), degree: random.pick([0, 2, 4, 4, 2, 1, 3, 5, 7]) });
    eighth += length;
  }

  for (let bar = 0; bar < bars; bar++) {
    const start = bar * barLength;
    const chordDegree = progression[bar % progression.length];
    const chord = [0, 2, 4, ...(style.sevenths ? [6] : [])].map((step) => scaleNote(style, chordDegree + step) + 12);
    const inOutro = bar >= outroStart;
    const fade = inOutro ? 1 - (bar - outroStart) / 2.5 : 1;

    for (const note of chord) mix.note(start, barLength * 0.98, note, 0.07 * fade, PADS[style.pad]);

    if (bar >= intro && !inOutro) {
      const rootNote = scaleNote(style, chordDegree) - 12;
      const bassVoice = BASSES[style.bass];
      if (style.bass === 'walking') {
        for (let q = 0; q < 4; q++) {
          const walk = scaleNote(style, chordDegree + [0, 2, 4, 5][q]) - 12;
          mix.note(start + q * beat, beat * 0.9, walk, 0.28, bassVoice);
        }
      } else {
        for (let e = 0; e < 8; e++) {
          if (style.drums === 'boombap' && e % 4 === 3) continue;
          const octave = style.drums === 'four' && e % 2 === 1 ? 12 : 0;
          mix.note(start + e * beat * 0.5 + swingOffset(e), beat * 0.42, rootNote + octave, 0.22, bassVoice);
        }
      }
      drumBar(mix, style, start, beat, random, swingOffset);
    }

    const melodyBar = bar - intro - groove;
    if (melodyBar >= 0 && !inOutro) {
      const half = (bar % 2) * 8;
      const variation = melodyBar >= 8 ? random.int(-1, 1) : 0;
      for (const n of motif) {
        if (n.at < half || n.at >= half + 8) continue;
        const at = start + (n.at - half) * beat * 0.5 + swingOffset(n.at);
        const pitch = scaleNote(style, chordDegree + n.degree + variation) + 24;
        mix.note(at, n.length * beat * 0.5 * 0.9, pitch, 0.16, LEADS[style.lead]);
      }
    }
  }

  return master(mix.buffer, sampleRate, style, random);
}

function drumBar(mix: Mixer, style: PieceStyle, start: number, beat: number, random: Random, swingOffset: (e: number) => number) {
  switch (style.drums) {
    case 'four':
      for (let q = 0; q < 4; q++) mix.kick(start + q * beat, 0.6);
      for (let q = 0; q < 4; q++) mix.hat(start + q * beat + beat / 2, 0.35, random, true);
      mix.snare(start + beat, 0.25, random);
      mix.snare(start + 3 * beat, 0.25, random);
      break;
    case 'boombap':
      mix.kick(start, 0.65);
      mix.kick(start + 1.75 * beat, 0.45);
      mix.kick(start + 2.5 * beat, 0.55);
      mix.snare(start + beat, 0.4, random);
      mix.snare(start + 3 * beat, 0.4, random);
      for (let e = 0; e < 8; e++) mix.hat(start + e * beat * 0.5 + swingOffset(e), e % 2 ? 0.2 : 0.3, random);
      break;
    case 'rock':
      mix.kick(start, 0.6);
      mix.kick(start + 2 * beat, 0.6);
      mix.kick(start + 2.5 * beat, 0.45);
      mix.snare(start + beat, 0.5, random);
      mix.snare(start + 3 * beat, 0.5, random);
      for (let e = 0; e < 8; e++) mix.hat(start + e * beat * 0.5, 0.3, random);
      break;
    case 'swing':
      for (let q = 0; q < 4; q++) {
        mix.hat(start + q * beat, 0.25, random, true);
        if (q % 2 === 1) mix.hat(start + q * beat + beat * 0.66, 0.18, random);
      }
      mix.kick(start, 0.3);
      mix.snare(start + 3.66 * beat, 0.12, random);
      break;
    case 'none':
      break;
  }
}

function master(buffer: Float32Array, sampleRate: number, style: PieceStyle, random: Random): Float32Array {
  // A short feedback echo gives the dry synths some room.
  const delay = Math.floor(sampleRate * 0.23);
  for (let i = delay; i < buffer.length; i++) buffer[i] += buffer[i - delay] * 0.22;
  if (style.lofi) {
    for (let i = 0; i < buffer.length; i++) buffer[i] = buffer[i] * (1 + 0.02 * Math.sin((2 * Math.PI * 0.7 * i) / sampleRate)) + (random.next() * 2 - 1) * 0.004;
  }
  let peak = 0;
  for (let i = 0; i < buffer.length; i++) {
    buffer[i] = Math.tanh(buffer[i] * 1.2);
    peak = Math.max(peak, Math.abs(buffer[i]));
  }
  const gain = peak > 0 ? 0.89 / peak : 1;
  const fadeIn = Math.floor(sampleRate * 0.05);
  const fadeOut = Math.floor(sampleRate * 1.2);
  for (let i = 0; i < buffer.length; i++) {
    let env = gain;
    if (i < fadeIn) env *= i / fadeIn;
    if (i > buffer.length - fadeOut) env *= (buffer.length - i) / fadeOut;
    buffer[i] *= env;
  }
  return buffer;
}

export function toInt16(buffer: Float32Array): Int16Array {
  const out = new Int16Array(buffer.length);
  for (let i = 0; i < buffer.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(buffer[i] * 32767)));
  return out;
}
