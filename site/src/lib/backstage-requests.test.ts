import { describe, expect, it } from 'vitest';
import { backstageMenuItems, mayRequestArtist } from './backstage-requests.ts';

describe('backstage on the site', () => {
  it('offers Backstage in the user menu only to users who manage an artist', () => {
    expect(backstageMenuItems(null)).toEqual([]);
    expect(backstageMenuItems({ artist_ids: [] })).toEqual([]);
    expect(backstageMenuItems({ artist_ids: [4] })).toEqual([expect.objectContaining({ label: 'Backstage', action: '/backstage/requests' })]);
    expect(backstageMenuItems({ artist_ids: [] }, [{ name: 'music.create' }])).toEqual([]);
  });

  it('leads artists who may upload to the upload page', () => {
    expect(backstageMenuItems({ artist_ids: [4] }, [{ name: 'music.create' }])).toEqual([expect.objectContaining({ action: '/backstage/upload' })]);
    expect(backstageMenuItems({ artist_ids: [4] }, [{ name: 'admin' }])).toEqual([expect.objectContaining({ action: '/backstage/upload' })]);
  });

  it('lets users with the claim permission, or admins, ask for artist access', () => {
    expect(mayRequestArtist([{ name: 'music.view' }])).toBe(false);
    expect(mayRequestArtist([{ name: 'backstageRequests.create' }])).toBe(true);
    expect(mayRequestArtist([{ name: 'admin' }])).toBe(true);
  });
});
