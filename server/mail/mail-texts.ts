import { type CatalogueLanguage, catalogueLanguages } from '../i18n/request-language';
import { SITE_NAME } from '../site-configuration';

export interface MailText {
  subject: string;
  text: string;
}

interface ResetMailWords {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  validity: string;
  ignore: string;
}

/** The password-reset mail in the nine portal languages ({site} is the supplier's name). */
const resetMail: Record<CatalogueLanguage, ResetMailWords> = {
  en: {
    subject: 'Your password reset code',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    intro: 'your security code for resetting your password at {site} is:',
    validity: 'The code is valid for 15 minutes.',
    ignore: 'If you did not ask for a new password, ignore this e-mail; your password stays as it is.',
  },
  tr: {
    subject: 'Şifre sıfırlama kodunuz',
    greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
    intro: '{site} şifrenizi sıfırlamak için güvenlik kodunuz:',
    validity: 'Kod 15 dakika geçerlidir.',
    ignore: 'Yeni bir şifre istemediyseniz bu e-postayı dikkate almayın; şifreniz değişmeden kalır.',
  },
  de: {
    subject: 'Ihr Code zum Zurücksetzen des Passworts',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    intro: 'Ihr Sicherheitscode zum Zurücksetzen Ihres Passworts bei {site} lautet:',
    validity: 'Der Code ist 15 Minuten lang gültig.',
    ignore:
      'Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
  },
  ar: {
    subject: 'رمز إعادة تعيين كلمة المرور',
    greeting: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    intro: 'رمز الأمان لإعادة تعيين كلمة المرور في {site} هو:',
    validity: 'الرمز صالح لمدة 15 دقيقة.',
    ignore: 'إذا لم تطلب كلمة مرور جديدة، فتجاهل هذه الرسالة؛ ستبقى كلمة المرور كما هي.',
  },
  es: {
    subject: 'Tu código para restablecer la contraseña',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    intro: 'tu código de seguridad para restablecer la contraseña en {site} es:',
    validity: 'El código es válido durante 15 minutos.',
    ignore: 'Si no has pedido una contraseña nueva, ignora este correo; tu contraseña no cambiará.',
  },
  fr: {
    subject: 'Votre code de réinitialisation du mot de passe',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: 'voici votre code de sécurité pour réinitialiser votre mot de passe sur {site} :',
    validity: 'Le code est valable 15 minutes.',
    ignore:
      'Si vous n’avez pas demandé de nouveau mot de passe, ignorez cet e-mail ; votre mot de passe reste inchangé.',
  },
  it: {
    subject: 'Il tuo codice per reimpostare la password',
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    intro: 'il tuo codice di sicurezza per reimpostare la password su {site} è:',
    validity: 'Il codice è valido per 15 minuti.',
    ignore: 'Se non hai richiesto una nuova password, ignora questa e-mail; la tua password resta invariata.',
  },
  nn: {
    subject: 'Koden din for å nullstille passordet',
    greeting: (name) => (name ? `Hei ${name},` : 'Hei,'),
    intro: 'tryggingskoden din for å nullstille passordet hos {site} er:',
    validity: 'Koden er gyldig i 15 minutt.',
    ignore:
      'Viss du ikkje har bede om eit nytt passord, kan du sjå bort frå denne e-posten; passordet ditt blir ikkje endra.',
  },
  sv: {
    subject: 'Din kod för att återställa lösenordet',
    greeting: (name) => (name ? `Hej ${name}!` : 'Hej!'),
    intro: 'Din säkerhetskod för att återställa lösenordet hos {site} är:',
    validity: 'Koden gäller i 15 minuter.',
    ignore:
      'Om du inte har begärt ett nytt lösenord kan du bortse från det här mejlet; ditt lösenord ändras inte.',
  },
};

const isLanguage = (code: string): code is CatalogueLanguage =>
  (catalogueLanguages as readonly string[]).includes(code);

/** The password-reset mail with its code, in the user's language (English for an unknown code). */
export function passwordResetMail(
  language: string,
  name: string,
  code: string,
): MailText & { language: CatalogueLanguage } {
  const chosen = isLanguage(language) ? language : 'en';
  const words = resetMail[chosen];
  const text = [
    words.greeting(name.trim()),
    '',
    words.intro.replace('{site}', SITE_NAME),
    '',
    `    ${code}`,
    '',
    words.validity,
    words.ignore,
    '',
    SITE_NAME,
    '',
  ].join('\n');
  return { subject: `${words.subject} (${SITE_NAME})`, text, language: chosen };
}
