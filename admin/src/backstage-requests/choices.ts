import { msg } from '../i18n/messages.ts';

export const STATUSES = [
  { id: 'pending', name: msg('Pending') },
  { id: 'approved', name: msg('Approved') },
  { id: 'denied', name: msg('Denied') },
];

export const ROLES = [
  { id: 'artist', name: msg('The artist') },
  { id: 'manager', name: msg('Manager') },
  { id: 'label', name: msg('Label') },
  { id: 'other', name: msg('Other') },
];
