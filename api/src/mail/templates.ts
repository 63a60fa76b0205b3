/** The app's mails, each as plain text and simple HTML. */

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

function layout(siteName: string, paragraphs: string[], action?: { label: string; url: string }) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222;max-width:560px;margin:0 auto;padding:24px">
<h2 style="margin-top:0">${escapeHtml(siteName)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;border-radius:999px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#666">${escapeHtml(action.url)}</p>` : ''}
</body></html>`;
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n');
  return { html, text };
}

export function passwordResetMail(siteName: string, url: string, minutes: number) {
  return {
    subject: `Reset your ${siteName} password`,
    ...layout(
      siteName,
      [
        'You are receiving this email because we received a password reset request for your account.',
        `This password reset link will expire in ${minutes} minutes.`,
        'If you did not request a password reset, no further action is required.',
      ],
      { label: 'Reset password', url },
    ),
  };
}

export function verificationCodeMail(siteName: string, code: string, minutes: number) {
  return {
    subject: `${code} is your ${siteName} verification code`,
    ...layout(siteName, [`Your verification code is ${code}.`, `It expires in ${minutes} minutes. If you did not create an account, ignore this email.`]),
  };
}

export function workspaceInviteMail(siteName: string, invite: { workspaceName: string; inviterName: string; url: string; days: number; hasAccount: boolean }) {
  return {
    subject: `Join ${invite.workspaceName} on ${siteName}`,
    ...layout(
      siteName,
      [
        `${invite.inviterName} invited you to join the "${invite.workspaceName}" workspace on ${siteName}.`,
        invite.hasAccount ? 'Log in with your account to accept the invitation.' : 'Create your account with this email address to accept the invitation.',
        `This invitation expires in ${invite.days} days. If you were not expecting it, you can ignore this email.`,
      ],
      { label: 'Join workspace', url: invite.url },
    ),
  };
}

export function paymentFailedMail(siteName: string, details: { planName: string | null; url: string }) {
  return {
    subject: 'Your payment failed',
    ...layout(
      siteName,
      [
        details.planName ? `We could not take the payment for your ${details.planName} subscription on ${siteName}.` : `We could not take the payment for your subscription on ${siteName}.`,
        'We will try again in a few days. To keep your plan, update your payment method before then.',
      ],
      { label: 'Update payment method', url: details.url },
    ),
  };
}

export function backstageRequestApprovedMail(siteName: string, details: { artistName: string; url: string }) {
  return {
    subject: `You are now ${details.artistName} on ${siteName}`,
    ...layout(
      siteName,
      [
        `Your request for the artist profile "${details.artistName}" on ${siteName} was approved.`,
        'Your artist page now shows the verified badge. Choose Backstage in your account menu to upload your music.',
      ],
      { label: 'See your artist page', url: details.url },
    ),
  };
}

export function backstageRequestDeniedMail(siteName: string, details: { artistName: string; url: string }) {
  return {
    subject: `Your request for ${details.artistName} was denied`,
    ...layout(
      siteName,
      [
        `Your request for the artist profile "${details.artistName}" on ${siteName} was denied: we could not confirm that you are, or represent, this artist.`,
        'You can send a new request with another proof of identity, such as a link to your official social profile.',
      ],
      { label: 'See your requests', url: details.url },
    ),
  };
}

export function contactMessageMail(siteName: string, details: { name: string; email: string; message: string }) {
  return {
    subject: `New message from ${details.name} via ${siteName}`,
    ...layout(siteName, [`${details.name} <${details.email}> wrote through the contact page:`, ...details.message.split(/\n{2,}/)]),
  };
}

/** A notification's mail when its kind has no mail of its own: its lines, and its main action as the button. */
export function notificationMail(siteName: string, lines: string[], action?: { label: string; url: string }) {
  return { subject: lines[0] ?? siteName, ...layout(siteName, lines, action) };
}
