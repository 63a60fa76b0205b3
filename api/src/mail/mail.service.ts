import * as accountSecurityRepository from '@app/db/accounts/account-security';
import type { AppDeps } from '../context.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { logger } from '../logging/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Values that must never be stored or printed: reset links, codes. */
  secrets: string[];
  /** Where answers go when it is not the sender, e.g. the visitor who wrote through the contact page. */
  replyTo?: string;
}

export type MailStatus = 'sent' | 'logged' | 'failed';

export const REDACTED = '[hidden]';

function redact(text: string, secrets: string[]): string {
  return secrets.filter(Boolean).reduce((result, secret) => result.split(secret).join(REDACTED), text);
}

type Settings = Awaited<ReturnType<typeof loadSettings>>;

function fromAddress(deps: AppDeps, settings: Settings): string {
  return deps.config.mail.fromAddress ?? (settings['mail.from_address'] || `no-reply@${new URL(deps.config.appUrl).hostname}`);
}

/** The site's own mailbox: where the contact page's messages go (its own setting, else the from address). */
export async function siteContactAddress(deps: AppDeps): Promise<string> {
  const settings = await loadSettings(deps.db);
  return settings['mail.contact_address'] || fromAddress(deps, settings);
}

/** SMTP settings: MAIL_* environment variables first, then the back office's outgoing-email settings. */
async function smtpSettings(deps: AppDeps) {
  const settings = await loadSettings(deps.db);
  const env = deps.config.mail;
  const host = env.host ?? settings['mail.host'];
  if (!host) return null;
  const encryption = env.encryption ?? settings['mail.encryption'];
  const username = env.username ?? settings['mail.username'];
  return {
    transport: {
      host,
      port: env.port ?? settings['mail.port'],
      secure: encryption === 'ssl',
      requireTLS: encryption === 'tls',
      ignoreTLS: encryption === 'none',
      auth: username ? { user: username, pass: env.password ?? settings['mail.password'] } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
    },
    from: {
      address: fromAddress(deps, settings),
      name: env.fromName ?? (settings['mail.from_name'] || settings['branding.site_name']),
    },
  };
}

/**
 * Sends a mail through SMTP when a server is configured. Every mail is recorded in the
 * outgoing-email log with its secrets redacted; without a server it is only recorded (and shown,
 * redacted, in the process log outside production), so nothing fails for lack of a mail server.
 */
export async function sendMail(deps: AppDeps, message: MailMessage): Promise<MailStatus> {
  const smtp = await smtpSettings(deps);
  const body = redact(message.text, message.secrets);
  const subject = redact(message.subject, message.secrets);
  if (!smtp) {
    await accountSecurityRepository.logOutgoingEmail(deps.db, { to_address: message.to, subject, body, status: 'logged', error: null });
    if (!deps.config.production) logger.info({ to: message.to, subject, body }, 'No mail server configured; the mail was not sent');
    return 'logged';
  }
  try {
    // Loaded with the first mail sent (some 4 MB of memory a server without mail never needs).
    const { default: nodemailer } = await import('nodemailer');
    await nodemailer.createTransport(smtp.transport).sendMail({ from: smtp.from, to: message.to, replyTo: message.replyTo, subject: message.subject, text: message.text, html: message.html });
    await accountSecurityRepository.logOutgoingEmail(deps.db, { to_address: message.to, subject, body, status: 'sent', error: null });
    return 'sent';
  } catch (error) {
    const reason = redact(error instanceof Error ? error.message : String(error), message.secrets);
    await accountSecurityRepository.logOutgoingEmail(deps.db, { to_address: message.to, subject, body, status: 'failed', error: reason });
    logger.error({ to: message.to, subject, reason }, 'Sending a mail failed');
    return 'failed';
  }
}
