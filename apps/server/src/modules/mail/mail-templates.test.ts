import { LANGUAGES } from '@portal/contracts/domain';
import { describe, expect, it } from 'vitest';
import { escapeHtml, type MailTemplate, renderMail } from './mail-templates';

const PUBLIC_URL = 'https://portal.example.se';
const SIGNUP_LINK = `${PUBLIC_URL}/portal/signup/Zm9vYmFyYmF6/anna%40example.se`;
const RESET_LINK = `${PUBLIC_URL}/portal/reset-password-email/cXV4cXV4/anna%40example.se`;

const TEMPLATES: MailTemplate[] = [
  {
    kind: 'invitation',
    link: SIGNUP_LINK,
    inviterName: 'Karin Lund',
    organizationName: 'BRF Solgläntan',
    role: 'user',
  },
  { kind: 'registration', link: SIGNUP_LINK },
  { kind: 'already-registered', link: `${PUBLIC_URL}/portal/reset-password-email` },
  { kind: 'password-reset', link: RESET_LINK },
];

const CASES = TEMPLATES.flatMap((template) =>
  LANGUAGES.map((language) => ({ kind: template.kind, language, template })),
);

describe('renderMail', () => {
  it.each(CASES)(
    'renders $kind in $language with its link and no gaps',
    ({ template, language }) => {
      const mail = renderMail(template, language);
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain(template.link);
      expect(mail.html).toContain(`href="${template.link}"`);
      expect(mail.html).toContain(`lang="${language}"`);
      for (const body of [mail.subject, mail.text, mail.html]) {
        expect(body).not.toContain('{{');
        expect(body).not.toContain('undefined');
        expect(body).not.toContain('null');
        expect(body).not.toContain('[object');
      }
      // Nothing that loads from elsewhere or runs: the only URL is the link itself.
      expect(mail.html).not.toMatch(/<script|<img|<iframe|<link|url\(|\son\w+=/i);
      const urls = mail.html.match(/https?:\/\/[^"<\s]+/g) ?? [];
      expect(new Set(urls)).toEqual(new Set([template.link]));
      // The product is named in every mail, in the mail's language.
      const product = language === 'sv' ? 'Fastighetsportalen' : 'Property Portal';
      expect(mail.text).toContain(product);
      expect(mail.html).toContain(product);
    },
  );

  it.each([
    ['invitation', 'sv', 'Du är inbjuden till Fastighetsportalen', 'Länken gäller i 7 dagar.'],
    ['invitation', 'en', 'You are invited to the Property Portal', 'The link is valid for 7 days.'],
    ['registration', 'sv', 'Slutför din registrering i Fastighetsportalen', '7 dagar'],
    ['registration', 'en', 'Complete your registration with the Property Portal', '7 days'],
    ['password-reset', 'sv', 'Återställ ditt lösenord', 'Länken gäller i 1 timme'],
    ['password-reset', 'en', 'Reset your password', 'The link is valid for 1 hour'],
  ] as const)(
    'gives %s in %s the subject "%s" and says how long the link works',
    (kind, language, subject, validity) => {
      const template = TEMPLATES.find((candidate) => candidate.kind === kind) as MailTemplate;
      const mail = renderMail(template, language);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(validity);
      expect(mail.html).toContain(validity);
    },
  );

  it.each(CASES)(
    'tells the reader of $kind in $language that an unexpected mail can be ignored',
    ({ template, language }) => {
      const mail = renderMail(template, language);
      expect(mail.text).toMatch(language === 'sv' ? /bortse från mejlet/ : /ignore this e-mail/);
    },
  );

  it('names the inviter and the organization of an invitation', () => {
    const mail = renderMail(TEMPLATES[0] as MailTemplate, 'sv');
    expect(mail.text).toContain('Karin Lund har bjudit in dig till BRF Solgläntan');
    expect(mail.html).toContain('Karin Lund har bjudit in dig till BRF Solgläntan');
  });

  it('escapes every interpolated value in the HTML and leaves the text as written', () => {
    const mail = renderMail(
      {
        kind: 'invitation',
        link: `${PUBLIC_URL}/portal/signup/a"b/x?y=1&z=<2>`,
        inviterName: 'Eve "<b>bold</b>"',
        organizationName: 'BRF <script>alert(1)</script> & Co',
        role: 'user',
      },
      'en',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('BRF &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('Eve &quot;&lt;b&gt;bold&lt;/b&gt;&quot;');
    expect(mail.html).toContain(
      'href="https://portal.example.se/portal/signup/a&quot;b/x?y=1&amp;z=&lt;2&gt;"',
    );
    expect(mail.text).toContain('BRF <script>alert(1)</script> & Co');
  });

  it.each([
    ['sv', 'site-manager', 'Du får rollen Förvaltare:'],
    ['sv', 'user', 'Du får rollen Användare:'],
    ['en', 'site-manager', 'Your role will be Site manager:'],
    ['en', 'user', 'Your role will be User:'],
  ] as const)(
    'tells an invitee in %s what the role %s lets them do',
    (language, role, sentence) => {
      const mail = renderMail(
        { ...(TEMPLATES[0] as MailTemplate), role } as MailTemplate,
        language,
      );
      expect(mail.text).toContain(sentence);
      expect(mail.html).toContain(sentence);
    },
  );

  it('falls back to a neutral inviter when the inviter has no name', () => {
    const template: MailTemplate = {
      ...(TEMPLATES[0] as MailTemplate),
      inviterName: '  ',
    } as MailTemplate;
    expect(renderMail(template, 'sv').text).toContain('En förvaltare har bjudit in dig');
    expect(renderMail(template, 'en').text).toContain('A site manager has invited you');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    '/portal/signup/key/anna%40example.se',
    'not a url',
  ])('refuses the link %s', (link) => {
    expect(() => renderMail({ kind: 'registration', link }, 'sv')).toThrow(TypeError);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
