/** "jo****@example.com"; a row of stars when there is no usable address (spec §2, gates). */
export function maskEmail(email: string | null | undefined): string {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 1) return '********';
  return `${email.slice(0, Math.min(2, at))}****${email.slice(at)}`;
}
