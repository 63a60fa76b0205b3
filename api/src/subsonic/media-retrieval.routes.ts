import { audioResponse } from '../http/audio-response.ts';
import { msg } from '../i18n/msg.ts';
import { COVER_MAX_SIZE, rasterCover } from './cover-art.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { idOf } from './ids.ts';
import { coverImage, lyricsOfSong, songAudio } from './media-retrieval.service.ts';
import { method, type Call, type Methods } from './respond.ts';

/** Stored originals larger than this are no cover an app should be sent. */
const COVER_SOURCE_MAX_BYTES = 32 * 1024 * 1024;

async function coverArt({ c, deps, auth, params }: Call): Promise<Response> {
  const image = await coverImage(deps, auth, params.required('id'));
  const size = params.int('size', { min: 1, max: Number.MAX_SAFE_INTEGER });
  const uploaded = /^\/uploads\/([A-Za-z0-9][A-Za-z0-9._-]{0,200})$/.exec(image);
  if (uploaded) {
    const key = uploaded[1];
    const stored = await deps.storage.size('public', key);
    if (stored === undefined || stored > COVER_SOURCE_MAX_BYTES) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This cover does not exist.'));
    const cover = await rasterCover(key, size === undefined ? undefined : Math.min(size, COVER_MAX_SIZE), async () => new Uint8Array(await new Response(deps.storage.read('public', key)).arrayBuffer()));
    return new Response(c.req.method === 'HEAD' ? null : cover.bytes, {
      headers: { 'Content-Type': cover.type, 'Content-Length': String(cover.bytes.byteLength), 'Cache-Control': 'private, max-age=86400' },
    });
  }
  if (URL.canParse(image) && /^https?:$/.test(new URL(image).protocol)) return c.redirect(new URL(image).href, 302);
  throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This cover does not exist.'));
}

export const mediaRetrievalMethods: Methods = {
  // The file as stored: no transcoding, so maxBitRate and format are ignored (apps read the
  // song's real bitRate and suffix). Streaming counts no play: scrobble does.
  stream: method(true, async ({ c, deps, auth, params }) => audioResponse(c, await songAudio(deps, auth, idOf(params.required('id'), 'track')))),
  download: method(true, async ({ c, deps, auth, params }) => {
    const audio = await songAudio(deps, auth, idOf(params.required('id'), 'track'));
    const name = `${audio.track.name}.${audio.entry?.extension ?? 'mp3'}`;
    return audioResponse(c, audio, { 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` });
  }),
  getCoverArt: method(true, coverArt),
  getLyricsBySongId: method(true, async ({ deps, params }) => ({ lyricsList: { structuredLyrics: await lyricsOfSong(deps, idOf(params.required('id'), 'track')) } })),
};
