import type { AppDeps } from '../context.ts';
import { TooManyAttemptsError } from '../common/errors.ts';
import { sendMail, siteContactAddress } from '../mail/mail.service.ts';
import { contactMessageMail } from '../mail/templates.ts';
import { loadSettings } from './settings.service.ts';
import { requireHuman } from '../accounts/recaptcha.service.ts';
import { hit, throttleNetwork } from '../common/throttle.service.ts';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  token?: string;
}

export const CONTACT_SENT = 'Your message has been submitted.';

/** A person writes a few messages an hour at most; more from one network is a flood. */
const contactLimit = (ip: string) => ({ key: `contact:${throttleNetwork(ip)}`, max: 5, windowMs: 60 * 60_000 });

/**
 * Mails a visitor's message to the site's address, with Reply-To set to the visitor, after the
 * human check when it is on for the contact page. Like every mail it is kept in the
 * outgoing-email log, so a site without a mail server still reads its messages there.
 */
export async function sendContactMessage(deps: AppDeps, input: ContactMessage, ip: string | null): Promise<void> {
  await requireHuman(deps, 'contact', input.token, ip);
  if (ip && !(await hit(deps, contactLimit(ip)))) throw new TooManyAttemptsError('Too many messages. Please try again later.');
  const siteName = (await loadSettings(deps.db))['branding.site_name'];
  const mail = contactMessageMail(siteName, input);
  await sendMail(deps, { to: await siteContactAddress(deps), replyTo: input.email, secrets: [], ...mail });
}
