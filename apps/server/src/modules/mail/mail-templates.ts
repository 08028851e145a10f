// The portal's e-mails in Swedish and English, each as a subject, a plain-text body and an HTML
// body built from the same sentences, so the two versions never say different things.
import type { Language, Role } from '@portal/contracts/domain';

/** How long a signup link (invitation or registration) works; the auth module issues the key. */
export const SIGNUP_LINK_VALID_DAYS = 7;
/** How long a password reset link works. */
export const PASSWORD_RESET_LINK_VALID_HOURS = 1;

export type MailTemplate =
  /** Invited by a site manager, with the role they will have; link =
   * PUBLIC_URL/portal/signup/{key}/{email}. */
  | {
      kind: 'invitation';
      link: string;
      inviterName: string;
      organizationName: string;
      role: Role;
    }
  /** A visitor registered with their address; same link shape as an invitation. */
  | { kind: 'registration'; link: string }
  /** Someone tried to register an address that has an account; link = PUBLIC_URL/portal/reset-password-email. */
  | { kind: 'already-registered'; link: string }
  /** link = PUBLIC_URL/portal/reset-password-email/{key}/{email}. */
  | { kind: 'password-reset'; link: string };

export type RenderedMail = { subject: string; text: string; html: string };

/** What one mail says, in one language; user-supplied values are still raw here. */
type MailContent = {
  subject: string;
  paragraphs: string[];
  /** Leads to the bare link in the plain-text version. */
  actionText: string;
  /** The button in the HTML version. */
  actionLabel: string;
  /** Validity of the link and what to do if the mail was unexpected. */
  notes: string[];
};

/** The role names as the portal shows them, so a mail and the screens call a role the same. */
export const ROLE_NAMES: Record<Language, Record<Role, string>> = {
  sv: { 'site-manager': 'Förvaltare', user: 'Användare' },
  en: { 'site-manager': 'Site manager', user: 'User' },
};

type Phrases = {
  productName: string;
  greeting: string;
  signOff: string;
  copyHint: string;
  someone: string;
  /** What the role lets them do, in the mails that give one. */
  roleSentence(role: Role): string;
  content(template: MailTemplate, inviterName: string): MailContent;
};

const PHRASES: Record<Language, Phrases> = {
  sv: {
    productName: 'Fastighetsportalen',
    greeting: 'Hej!',
    signOff: 'Vänliga hälsningar,\nFastighetsportalen',
    copyHint: 'Fungerar inte knappen? Kopiera länken och klistra in den i webbläsaren:',
    someone: 'En förvaltare',
    roleSentence: (role) =>
      `Du får rollen ${ROLE_NAMES.sv[role]}: ${
        role === 'site-manager'
          ? 'du kan lägga upp och ändra fastigheter, lägenheter och mätare och bjuda in fler.'
          : 'du kan se fastigheterna och deras förbrukning och ta ut rapporter.'
      }`,
    content(template, inviterName) {
      switch (template.kind) {
        case 'invitation':
          return {
            subject: 'Du är inbjuden till Fastighetsportalen',
            paragraphs: [
              `${inviterName} har bjudit in dig till ${template.organizationName} i Fastighetsportalen. Där håller ni ordning på fastigheter, lägenheter och mätare och följer upp energi- och vattenförbrukningen.`,
              this.roleSentence(template.role),
            ],
            actionText: 'Välj namn och lösenord för att skapa ditt konto:',
            actionLabel: 'Skapa mitt konto',
            notes: [
              `Länken gäller i ${SIGNUP_LINK_VALID_DAYS} dagar.`,
              'Väntade du dig inte den här inbjudan kan du bortse från mejlet.',
            ],
          };
        case 'registration':
          return {
            subject: 'Slutför din registrering i Fastighetsportalen',
            paragraphs: [
              'Tack för att du vill använda Fastighetsportalen! Bekräfta din e-postadress och välj namn och lösenord för att slutföra registreringen.',
            ],
            actionText: 'Slutför registreringen här:',
            actionLabel: 'Slutför registreringen',
            notes: [
              `Länken gäller i ${SIGNUP_LINK_VALID_DAYS} dagar.`,
              'Var det inte du som registrerade dig kan du bortse från mejlet – inget konto skapas utan att länken används.',
            ],
          };
        case 'already-registered':
          return {
            subject: 'Du har redan ett konto i Fastighetsportalen',
            paragraphs: [
              'Någon försökte nyss registrera den här e-postadressen i Fastighetsportalen, men adressen har redan ett konto.',
              'Har du glömt ditt lösenord kan du välja ett nytt.',
            ],
            actionText: 'Återställ lösenordet här:',
            actionLabel: 'Återställ lösenordet',
            notes: [
              'Var det inte du kan du bortse från mejlet. Ditt konto och ditt lösenord är oförändrade.',
            ],
          };
        case 'password-reset':
          return {
            subject: 'Återställ ditt lösenord',
            paragraphs: [
              'Vi har fått en begäran om att återställa lösenordet till ditt konto i Fastighetsportalen.',
            ],
            actionText: 'Välj ett nytt lösenord här:',
            actionLabel: 'Välj nytt lösenord',
            notes: [
              `Länken gäller i ${PASSWORD_RESET_LINK_VALID_HOURS} timme och kan bara användas en gång.`,
              'Har du inte bett om ett nytt lösenord kan du bortse från mejlet – ditt nuvarande lösenord fortsätter att gälla.',
            ],
          };
      }
    },
  },
  en: {
    productName: 'Property Portal',
    greeting: 'Hello,',
    signOff: 'Kind regards,\nThe Property Portal',
    copyHint: 'If the button does not work, copy the link and paste it into your browser:',
    someone: 'A site manager',
    roleSentence: (role) =>
      `Your role will be ${ROLE_NAMES.en[role]}: ${
        role === 'site-manager'
          ? 'you can set up and change properties, apartments and meters and invite others.'
          : 'you can see the properties and their energy and water use and export reports.'
      }`,
    content(template, inviterName) {
      switch (template.kind) {
        case 'invitation':
          return {
            subject: 'You are invited to the Property Portal',
            paragraphs: [
              `${inviterName} has invited you to join ${template.organizationName} on the Property Portal, where you keep track of properties, apartments and meters and follow up energy and water use together.`,
              this.roleSentence(template.role),
            ],
            actionText: 'Choose your name and password to create your account:',
            actionLabel: 'Create my account',
            notes: [
              `The link is valid for ${SIGNUP_LINK_VALID_DAYS} days.`,
              'If you were not expecting this invitation, you can ignore this e-mail.',
            ],
          };
        case 'registration':
          return {
            subject: 'Complete your registration with the Property Portal',
            paragraphs: [
              'Thank you for signing up for the Property Portal! Confirm your e-mail address and choose your name and password to complete your registration.',
            ],
            actionText: 'Complete your registration here:',
            actionLabel: 'Complete registration',
            notes: [
              `The link is valid for ${SIGNUP_LINK_VALID_DAYS} days.`,
              'If you did not sign up, you can ignore this e-mail – no account is created unless the link is used.',
            ],
          };
        case 'already-registered':
          return {
            subject: 'You already have a Property Portal account',
            paragraphs: [
              'Someone just tried to register this e-mail address with the Property Portal, but the address already has an account.',
              'If you have forgotten your password, you can choose a new one.',
            ],
            actionText: 'Reset your password here:',
            actionLabel: 'Reset password',
            notes: [
              'If this was not you, you can ignore this e-mail. Your account and your password are unchanged.',
            ],
          };
        case 'password-reset':
          return {
            subject: 'Reset your password',
            paragraphs: [
              'We received a request to reset the password of your Property Portal account.',
            ],
            actionText: 'Choose a new password here:',
            actionLabel: 'Choose a new password',
            notes: [
              `The link is valid for ${PASSWORD_RESET_LINK_VALID_HOURS} hour and can only be used once.`,
              'If you did not ask for a new password, you can ignore this e-mail – your current password stays the same.',
            ],
          };
      }
    },
  },
};

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Makes text safe inside HTML element content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}

/** A link in a mail must be a web address: never javascript:, data: or a relative path. */
function checkedLink(link: string): string {
  let protocol: string;
  try {
    protocol = new URL(link).protocol;
  } catch {
    throw new TypeError('A mail link must be an absolute http(s) URL');
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new TypeError('A mail link must be an absolute http(s) URL');
  }
  return link;
}

const STYLE = {
  // Attribute values are double-quoted, so a font name inside one takes single quotes.
  body: "margin:0;padding:24px 12px;background:#f1f3f5;color:#212529;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;",
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px 28px;',
  brand: 'margin:0 0 24px;font-size:14px;font-weight:700;letter-spacing:0.04em;color:#1864ab;',
  paragraph: 'margin:0 0 16px;',
  button:
    'display:inline-block;background:#1971c2;color:#ffffff;padding:12px 22px;border-radius:6px;text-decoration:none;font-weight:600;',
  small: 'margin:0 0 16px;font-size:13px;color:#495057;',
  link: 'color:#1971c2;word-break:break-all;',
};

export function renderMail(template: MailTemplate, language: Language): RenderedMail {
  const phrases = PHRASES[language];
  const link = checkedLink(template.link);
  const inviterName =
    template.kind === 'invitation' && template.inviterName.trim() !== ''
      ? template.inviterName.trim()
      : phrases.someone;
  const content = phrases.content(template, inviterName);

  const text = [
    phrases.greeting,
    ...content.paragraphs,
    `${content.actionText}\n${link}`,
    ...content.notes,
    phrases.signOff,
  ].join('\n\n');

  const paragraph = (value: string, style = STYLE.paragraph) =>
    `<p style="${style}">${escapeHtml(value).replace(/\n/g, '<br>')}</p>`;
  const href = escapeHtml(link);
  const html = [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title>`,
    '</head>',
    `<body style="${STYLE.body}">`,
    `<div style="${STYLE.card}">`,
    `<p style="${STYLE.brand}">${escapeHtml(phrases.productName)}</p>`,
    paragraph(phrases.greeting),
    ...content.paragraphs.map((value) => paragraph(value)),
    `<p style="margin:24px 0;"><a href="${href}" style="${STYLE.button}">${escapeHtml(content.actionLabel)}</a></p>`,
    `<p style="${STYLE.small}">${escapeHtml(phrases.copyHint)}<br><a href="${href}" style="${STYLE.link}">${href}</a></p>`,
    ...content.notes.map((value) => paragraph(value)),
    paragraph(phrases.signOff),
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');

  return { subject: content.subject, text, html };
}
