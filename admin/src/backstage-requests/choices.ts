export const STATUSES = [
  { id: 'pending', name: 'Pending' },
  { id: 'approved', name: 'Approved' },
  { id: 'denied', name: 'Denied' },
];

export const ROLES = [
  { id: 'artist', name: 'The artist' },
  { id: 'manager', name: 'Manager' },
  { id: 'label', name: 'Label' },
  { id: 'other', name: 'Other' },
];
