/** What a name is made of, as every user row and public user row has it. */
export interface NamedUser {
  id: number;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The one name a person goes by, wherever it shows: the navbar, account settings, their playlists,
 * comments, search and workspace members. The name they chose, else their first and last names.
 * Registering gives an account a name (startingName), so only accounts made without one (in the
 * back office) fall back to "Listener {id}": a name other people see is never worked out from the
 * email address behind the person's back.
 */
export function displayName(user: NamedUser): string {
  return user.name || [user.first_name, user.last_name].filter(Boolean).join(' ') || `Listener ${user.id}`;
}

/**
 * The name a new account starts with when it brings none: the part of the email address before
 * the @. It is the account's own name from then on, shown in account settings where the person
 * sees it and may change it.
 */
export function startingName(email: string): string {
  const at = email.lastIndexOf('@');
  return (at > 0 ? email.slice(0, at) : email).slice(0, 255);
}
