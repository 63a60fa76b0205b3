import { describe, expect, it } from 'vitest';
import { backstageRequestApprovedMail, backstageRequestDeniedMail } from './templates.ts';

describe('backstage decision mails', () => {
  it('name the artist and link where the user goes next', () => {
    const approved = backstageRequestApprovedMail('Cadence', { artistName: 'Night Owls', url: 'https://music.example.com/artist/7' });
    expect(approved.subject).toBe('You are now Night Owls on Cadence');
    expect(approved.text).toContain('See your artist page: https://music.example.com/artist/7');
    const denied = backstageRequestDeniedMail('Cadence', { artistName: 'Night Owls', url: 'https://music.example.com/backstage/requests' });
    expect(denied.subject).toBe('Your request for Night Owls was denied');
    expect(denied.text).toContain('See your requests: https://music.example.com/backstage/requests');
  });

  it('show the artist name the user typed as text, never as markup', () => {
    const mail = backstageRequestApprovedMail('Cadence', { artistName: '<img src=x onerror=alert(1)>', url: 'https://music.example.com/artist/7' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
