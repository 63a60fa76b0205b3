import sharp from 'sharp';

/** The largest cover sent: past any phone or desktop app's artwork view. */
export const COVER_MAX_SIZE = 2048;

/** Rendered covers kept in memory; a cover's bytes never change under its stored name, so nothing goes stale. */
const CACHE_MAX_BYTES = 32 * 1024 * 1024;
const cache = new Map<string, RasterCover>();
let cachedBytes = 0;

export interface RasterCover {
  bytes: Uint8Array<ArrayBuffer>;
  type: 'image/jpeg' | 'image/png';
}

/**
 * A stored image as PNG or JPEG, `size` pixels on its longer side: music apps on phones draw only
 * raster images, and the site's generated covers are SVG. A vector image is drawn at the size
 * asked (or its own size); a raster one is scaled down, never up. Images with transparency stay
 * PNG, the rest become JPEG.
 */
export async function rasterCover(key: string, size: number | undefined, load: () => Promise<Uint8Array>): Promise<RasterCover> {
  const cacheKey = `${key}\n${size ?? ''}`;
  const cached = cache.get(cacheKey);
  if (cached) {
    // Most recently used last, so the oldest is the first to go.
    cache.delete(cacheKey);
    cache.set(cacheKey, cached);
    return cached;
  }
  const cover = await render(await load(), size);
  remember(cacheKey, cover);
  return cover;
}

async function render(source: Uint8Array, size: number | undefined): Promise<RasterCover> {
  const meta = await sharp(source).metadata();
  const longer = Math.max(meta.autoOrient?.width ?? meta.width ?? 0, meta.autoOrient?.height ?? meta.height ?? 0) || COVER_MAX_SIZE;
  const vector = meta.format === 'svg';
  const target = Math.min(size ?? longer, vector ? COVER_MAX_SIZE : longer, COVER_MAX_SIZE);
  // An SVG is drawn at the density that gives the target size, not drawn small and enlarged.
  const pipeline = sharp(source, vector ? { density: Math.max(1, Math.min(100_000, (72 * target) / longer)) } : {})
    .autoOrient()
    .resize(target, target, { fit: 'inside' });
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
  if (opaque(data)) return { bytes: new Uint8Array(await raw.removeAlpha().jpeg({ quality: 85, mozjpeg: true }).toBuffer()), type: 'image/jpeg' };
  return { bytes: new Uint8Array(await raw.png({ compressionLevel: 9 }).toBuffer()), type: 'image/png' };
}

function opaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

function remember(key: string, cover: RasterCover): void {
  if (cover.bytes.byteLength > CACHE_MAX_BYTES / 8) return;
  cache.set(key, cover);
  cachedBytes += cover.bytes.byteLength;
  for (const [oldest, value] of cache) {
    if (cachedBytes <= CACHE_MAX_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= value.bytes.byteLength;
  }
}
