import type { CurrentUser } from '@app/api';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The part of the logged-in user (the bootstrap's) that the account settings page hands its island. */
export type AccountUser = Pick<CurrentUser, 'id' | 'name' | 'first_name' | 'last_name' | 'email' | 'image' | 'display_name' | 'language' | 'country' | 'timezone'>;
