import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngImage } from '../testing-audio.ts';
import { COVER_MAX_SIZE, rasterCover } from './cover-art.ts';

const sizeOf = async (bytes: Uint8Array) => {
  const meta = await sharp(bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
};
const svg = (width: number, height: number, fill: string) =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="${fill}"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#123"/></svg>`);

describe('cover art for apps', () => {
  it('draws an SVG at the size asked, keeping its shape, as JPEG when opaque', async () => {
    const cover = await rasterCover('wide.svg', 300, async () => svg(600, 300, '#c33'));
    expect(cover.type).toBe('image/jpeg');
    expect(await sizeOf(cover.bytes)).toEqual({ format: 'jpeg', width: 300, height: 150 });
    expect(await sizeOf((await rasterCover('wide.svg', 5000, async () => svg(600, 300, '#c33'))).bytes)).toMatchObject({ width: COVER_MAX_SIZE });
  });

  it('keeps transparency as PNG', async () => {
    const cover = await rasterCover('clear.svg', 64, async () => svg(100, 100, 'transparent'));
    expect(cover.type).toBe('image/png');
    expect(await sizeOf(cover.bytes)).toEqual({ format: 'png', width: 64, height: 64 });
  });

  it('scales an uploaded picture down, never up, and reads it once per size', async () => {
    let reads = 0;
    const load = async () => {
      reads++;
      return pngImage(40);
    };
    expect(await sizeOf((await rasterCover('small.png', 20, load)).bytes)).toMatchObject({ width: 20, height: 20 });
    expect(await sizeOf((await rasterCover('small.png', 400, load)).bytes)).toMatchObject({ width: 40, height: 40 });
    await rasterCover('small.png', 20, load);
    expect(reads).toBe(2);
  });
});
