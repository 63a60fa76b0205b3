import { crc32, deflateSync } from 'node:zlib';
import { Mp3Encoder } from '@breezystack/lamejs';

/**
 * Real audio files for tests: MP3 encoded from a synthesised tone, with an ID3v2.4 tag written
 * here frame by frame (title, artists, album, album artist, track number, genre, year, cover),
 * so upload and import tests read what a music player would.
 */
export interface Id3Tags {
  title?: string;
  /** Several artists are written as one multi-value TPE1 frame. */
  artists?: string[];
  album?: string;
  albumArtist?: string;
  /** `3` or `3/12`. */
  track?: string;
  genre?: string;
  year?: string;
  cover?: { mime: string; data: Uint8Array };
  /** Zero bytes after the frames, as taggers leave room to grow; makes a large file cheaply. */
  padding?: number;
}

const SAMPLE_RATE = 22050;

/** A mono MP3 of a soft tone, `seconds` long, without tags. */
export function toneMp3(seconds: number, frequency = 440): Uint8Array<ArrayBuffer> {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const pcm = new Int16Array(samples);
  for (let i = 0; i < samples; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * 8000);
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, 64);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < samples; i += 1152 * 16) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + 1152 * 16));
    if (chunk.length) parts.push(new Uint8Array(chunk));
  }
  const last = encoder.flush();
  if (last.length) parts.push(new Uint8Array(last));
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

function syncsafe(n: number): Uint8Array {
  return new Uint8Array([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}

const utf8 = (text: string) => new TextEncoder().encode(text);

function frame(id: string, body: Uint8Array): Uint8Array {
  return concat([utf8(id), syncsafe(body.byteLength), new Uint8Array([0, 0]), body]);
}

/** Text frame in UTF-8 (encoding 3); several values are separated by a zero byte (ID3v2.4). */
function textFrame(id: string, values: string[]): Uint8Array {
  return frame(id, concat([new Uint8Array([3]), ...values.flatMap((value, i) => (i ? [new Uint8Array([0]), utf8(value)] : [utf8(value)]))]));
}

export function id3v2Tag(tags: Id3Tags): Uint8Array<ArrayBuffer> {
  const frames: Uint8Array[] = [];
  if (tags.title) frames.push(textFrame('TIT2', [tags.title]));
  if (tags.artists?.length) frames.push(textFrame('TPE1', tags.artists));
  if (tags.album) frames.push(textFrame('TALB', [tags.album]));
  if (tags.albumArtist) frames.push(textFrame('TPE2', [tags.albumArtist]));
  if (tags.track) frames.push(textFrame('TRCK', [tags.track]));
  if (tags.genre) frames.push(textFrame('TCON', [tags.genre]));
  if (tags.year) frames.push(textFrame('TDRC', [tags.year]));
  if (tags.cover) {
    // Encoding, mime, picture type 3 (front cover), empty description, picture.
    frames.push(frame('APIC', concat([new Uint8Array([3]), utf8(tags.cover.mime), new Uint8Array([0, 3, 0]), tags.cover.data])));
  }
  const body = concat([...frames, new Uint8Array(tags.padding ?? 0)]);
  return concat([utf8('ID3'), new Uint8Array([4, 0, 0]), syncsafe(body.byteLength), body]);
}

/** An MP3 with these tags in front of `seconds` of tone. */
export function taggedMp3(tags: Id3Tags, seconds = 3, frequency = 440): Uint8Array<ArrayBuffer> {
  return concat([id3v2Tag(tags), toneMp3(seconds, frequency)]);
}

/** A real PNG: a `size`×`size` gradient in the given colour. */
export function pngImage(size = 16, rgb: [number, number, number] = [200, 80, 40]): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Uint8Array) => {
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, data.byteLength);
    const typed = concat([utf8(type), data]);
    const crc = new Uint8Array(4);
    new DataView(crc.buffer).setUint32(0, crc32(typed));
    return concat([length, typed, crc]);
  };
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = new Uint8Array(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) {
      const shade = (x + y) / (2 * size);
      rows.set(rgb.map((c) => Math.round(c * (0.5 + shade / 2))), row + 1 + x * 3);
    }
  }
  return concat([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', new Uint8Array())]);
}

/** A WAV file of `bytes` length (PCM, mono, 16 bit) whose samples follow a seeded pattern. */
export function wavFile(bytes: number, seed = 1): Uint8Array<ArrayBuffer> {
  const data = bytes - 44;
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  out.set(utf8('RIFF'), 0);
  view.setUint32(4, bytes - 8, true);
  out.set(utf8('WAVEfmt '), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 44100, true);
  view.setUint32(28, 88200, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  out.set(utf8('data'), 36);
  view.setUint32(40, data, true);
  let state = seed >>> 0;
  for (let i = 44; i < bytes; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}
