import { artistUrl } from '../lib/slug.ts';

/** "Artist A, Artist B", each a link to the artist's page. */
export default function ArtistLinks({ artists }: { artists: { id: number; name: string }[] }) {
  return (
    <>
      {artists.map((artist, i) => (
        <span key={artist.id}>
          {i > 0 && ', '}
          <a href={artistUrl(artist)}>{artist.name}</a>
        </span>
      ))}
    </>
  );
}
