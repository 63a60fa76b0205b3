import './backstage.css';
import { useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { describedBy, FieldError, GenrePicker, ImageField, useSave, type Genre } from './shared.tsx';

interface Artist {
  id: number;
  name: string;
  image: string | null;
  description: string | null;
  links: { url: string; title: string }[];
  genre_ids: number[];
}

/** An artist's public profile: name, bio, image, links and genres. */
export default function ArtistEditor({ lines, artist, genres }: { lines: Lines; artist: Artist; genres: Genre[] }) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const { errors, busy, run } = useSave(t);
  const [name, setName] = useState(artist.name);
  const [description, setDescription] = useState(artist.description ?? '');
  const [image, setImage] = useState(artist.image);
  const [links, setLinks] = useState(artist.links);
  const [genreIds, setGenreIds] = useState(artist.genre_ids);

  const setLink = (index: number, change: Partial<Artist['links'][number]>) => setLinks(links.map((link, i) => (i === index ? { ...link, ...change } : link)));

  const save = (event: React.SubmitEvent) => {
    event.preventDefault();
    void run(
      () => ok(islandApi.backstage.artists[':id'].$put({ param: { id: String(artist.id) }, json: { name, description, image: image ?? '', links, genre_ids: genreIds } })),
      'Artist saved',
    );
  };

  return (
    <form className="backstage-form" onSubmit={save} noValidate data-testid="artist-editor">
      <div className="field">
        <label htmlFor="artist-name">{t('Name')}</label>
        <input id="artist-name" type="text" value={name} required maxLength={255} onChange={(e) => setName(e.currentTarget.value)} {...describedBy('name', errors.name)} />
        <FieldError id="name" error={errors.name} />
      </div>
      <ImageField t={t} id="artist-image" label={t('Image')} value={image} onChange={setImage} />
      <FieldError id="image" error={errors.image} />
      <div className="field">
        <label htmlFor="artist-bio">{t('Biography')}</label>
        <textarea id="artist-bio" rows={6} maxLength={10000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} {...describedBy('description', errors.description)} />
        <FieldError id="description" error={errors.description} />
      </div>
      <fieldset className="field">
        <legend>{t('Links')}</legend>
        {links.map((link, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: link rows are addressed by position (field ids, the API's links.N errors) and their inputs are controlled
          <div key={index} className="backstage-link-row">
            <label className="visually-hidden" htmlFor={`link-title-${index}`}>
              {t('Link text')}
            </label>
            <input id={`link-title-${index}`} type="text" placeholder={t('Link text')} value={link.title} maxLength={100} onChange={(e) => setLink(index, { title: e.currentTarget.value })} {...describedBy(`links.${index}.title`, errors[`links.${index}.title`])} />
            <label className="visually-hidden" htmlFor={`link-url-${index}`}>
              {t('Address')}
            </label>
            <input id={`link-url-${index}`} type="url" placeholder="https://" value={link.url} maxLength={1000} onChange={(e) => setLink(index, { url: e.currentTarget.value })} {...describedBy(`links.${index}.url`, errors[`links.${index}.url`])} />
            <button type="button" className="button" onClick={() => setLinks(links.filter((_, i) => i !== index))}>
              {t('Remove')}
            </button>
            <FieldError id={`links.${index}.title`} error={errors[`links.${index}.title`]} />
            <FieldError id={`links.${index}.url`} error={errors[`links.${index}.url`]} />
          </div>
        ))}
        {links.length < 20 && (
          <button type="button" className="button" onClick={() => setLinks([...links, { title: '', url: '' }])}>
            {t('Add link')}
          </button>
        )}
      </fieldset>
      <GenrePicker t={t} genres={genres} value={genreIds} onChange={setGenreIds} error={errors.genre_ids} />
      <div className="backstage-actions">
        <button type="submit" className="button primary" disabled={!hydrated || busy}>
          {t('Save')}
        </button>
        <a className="button" href={`/backstage/artists/${artist.id}/insights`}>
          {t('Insights')}
        </a>
      </div>
    </form>
  );
}
