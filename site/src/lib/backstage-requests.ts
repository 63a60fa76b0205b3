import { msg } from './i18n.ts';

export type BackstageRequestStatus = 'pending' | 'approved' | 'denied';

/** How a request's status reads to its author, kept as catalogue lines to translate where shown. */
export const STATUS_LABELS: Record<BackstageRequestStatus, string> = {
  pending: msg('Pending'),
  approved: msg('Approved'),
  denied: msg('Denied'),
};

/** Whether the visitor may ask for artist access (the claim-artist permission of the spec). */
export function mayRequestArtist(permissions: { name: string }[]): boolean {
  return permissions.some((p) => p.name === 'admin' || p.name === 'backstageRequests.create');
}

/**
 * The Backstage entry of the user menu: shown to users who manage an artist. It opens the upload
 * page for those who may upload (music.create), their requests for the others.
 */
export function backstageMenuItems(user: { artist_ids: number[] } | null | undefined, permissions: { name: string }[] = []) {
  if (!user?.artist_ids.length) return [];
  const uploads = permissions.some((p) => p.name === 'admin' || p.name === 'music.create');
  return [{ id: 'backstage', label: msg('Backstage'), action: uploads ? '/backstage/upload' : '/backstage/requests', icon: 'music', target: undefined }];
}
