export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface AccountUser {
  id: number;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  image: string | null;
  display_name: string;
  language: string | null;
  country: string | null;
  timezone: string | null;
}
