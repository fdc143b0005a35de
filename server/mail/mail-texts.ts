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

/** The user's language, English for a code the portal does not speak. */
export const mailLanguage = (language: string): CatalogueLanguage => (isLanguage(language) ? language : 'en');

/** A mail to a user, with the language it is written in. */
export type AccountMail = MailText & { language: CatalogueLanguage };

/**
 * Every account mail reads alike: the greeting by name, blocks of lines with a blank line between,
 * the supplier's name last; the subject names the supplier too.
 */
export function accountMail(
  language: CatalogueLanguage,
  name: string,
  subject: string,
  blocks: string[][],
): AccountMail {
  const text = `${[[resetMail[language].greeting(name.trim())], ...blocks, [SITE_NAME]]
    .map((lines) => lines.join('\n'))
    .join('\n\n')}\n`;
  return { subject: `${subject} (${SITE_NAME})`, text, language };
}

/**
 * A mail that carries a code: what the code is for, the code on a line of its own, how long it
 * holds and what to do when it was not asked for.
 */
function codeMail(
  language: CatalogueLanguage,
  name: string,
  words: { subject: string; validity: string; ignore: string },
  intro: string,
  code: string,
): AccountMail {
  return accountMail(language, name, words.subject, [
    [intro],
    [`    ${code}`],
    [words.validity, words.ignore],
  ]);
}

/** The password-reset mail with its code, in the user's language (English for an unknown code). */
export function passwordResetMail(language: string, name: string, code: string): AccountMail {
  const chosen = mailLanguage(language);
  const words = resetMail[chosen];
  return codeMail(chosen, name, words, words.intro.replace('{site}', SITE_NAME), code);
}

interface EmailChangeWords {
  subject: string;
  intro: string;
  validity: string;
  ignore: string;
  changedSubject: string;
  changed: string;
  notYou: string;
}

/** The confirmation of a new e-mail address ({email}: the new address) in the nine languages. */
const emailChangeMail: Record<CatalogueLanguage, EmailChangeWords> = {
  en: {
    subject: 'Confirm your new e-mail address',
    intro: 'to confirm {email} as the e-mail address of your account at {site}, enter this code:',
    validity: 'The code is valid for 30 minutes. Until then your account keeps its current address.',
    ignore: 'If you did not ask for this change, ignore this e-mail; nothing changes.',
    changedSubject: 'Your e-mail address was changed',
    changed:
      'the e-mail address of your account at {site} is now {email}. From now on mails, password reset codes included, go to the new address.',
    notYou: 'If you did not make this change, contact the main user of your company or {site} at once.',
  },
  tr: {
    subject: 'Yeni e-posta adresinizi onaylayın',
    intro: '{site} hesabınızın e-posta adresi olarak {email} adresini onaylamak için şu kodu girin:',
    validity: 'Kod 30 dakika geçerlidir. O zamana kadar hesabınız mevcut adresini korur.',
    ignore: 'Bu değişikliği siz istemediyseniz bu e-postayı dikkate almayın; hiçbir şey değişmez.',
    changedSubject: 'E-posta adresiniz değiştirildi',
    changed:
      '{site} hesabınızın e-posta adresi artık {email}. Bundan sonra e-postalar, şifre sıfırlama kodları da dahil, yeni adrese gider.',
    notYou:
      'Bu değişikliği siz yapmadıysanız hemen şirketinizin ana kullanıcısıyla veya {site} ile iletişime geçin.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    intro: 'um {email} als E-Mail-Adresse Ihres Kontos bei {site} zu bestätigen, geben Sie diesen Code ein:',
    validity: 'Der Code ist 30 Minuten lang gültig. Bis dahin behält Ihr Konto seine bisherige Adresse.',
    ignore:
      'Wenn Sie diese Änderung nicht angefordert haben, ignorieren Sie diese E-Mail; es ändert sich nichts.',
    changedSubject: 'Ihre E-Mail-Adresse wurde geändert',
    changed:
      'die E-Mail-Adresse Ihres Kontos bei {site} lautet jetzt {email}. Ab sofort gehen E-Mails, auch Codes zum Zurücksetzen des Passworts, an die neue Adresse.',
    notYou:
      'Wenn Sie diese Änderung nicht vorgenommen haben, wenden Sie sich sofort an den Hauptbenutzer Ihres Unternehmens oder an {site}.',
  },
  ar: {
    subject: 'أكّد عنوان بريدك الإلكتروني الجديد',
    intro: 'لتأكيد {email} عنوانًا للبريد الإلكتروني لحسابك في {site}، أدخل هذا الرمز:',
    validity: 'الرمز صالح لمدة 30 دقيقة. وحتى ذلك الحين يحتفظ حسابك بعنوانه الحالي.',
    ignore: 'إذا لم تطلب هذا التغيير، فتجاهل هذه الرسالة؛ لن يتغير شيء.',
    changedSubject: 'تم تغيير عنوان بريدك الإلكتروني',
    changed:
      'أصبح عنوان البريد الإلكتروني لحسابك في {site} الآن {email}. من الآن فصاعدًا تُرسل الرسائل، ومنها رموز إعادة تعيين كلمة المرور، إلى العنوان الجديد.',
    notYou: 'إذا لم تُجرِ هذا التغيير بنفسك، فاتصل فورًا بالمستخدم الرئيسي لشركتك أو بـ {site}.',
  },
  es: {
    subject: 'Confirma tu nueva dirección de correo electrónico',
    intro: 'para confirmar {email} como dirección de correo de tu cuenta en {site}, introduce este código:',
    validity:
      'El código es válido durante 30 minutos. Hasta entonces, tu cuenta conserva su dirección actual.',
    ignore: 'Si no has pedido este cambio, ignora este correo; no cambiará nada.',
    changedSubject: 'Tu dirección de correo electrónico ha cambiado',
    changed:
      'la dirección de correo de tu cuenta en {site} es ahora {email}. A partir de ahora, los correos, también los códigos para restablecer la contraseña, irán a la nueva dirección.',
    notYou:
      'Si no has hecho este cambio, ponte en contacto de inmediato con el usuario principal de tu empresa o con {site}.',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    intro: 'pour confirmer {email} comme adresse e-mail de votre compte sur {site}, saisissez ce code :',
    validity: 'Le code est valable 30 minutes. D’ici là, votre compte conserve son adresse actuelle.',
    ignore: 'Si vous n’avez pas demandé ce changement, ignorez cet e-mail ; rien ne change.',
    changedSubject: 'Votre adresse e-mail a été modifiée',
    changed:
      'l’adresse e-mail de votre compte sur {site} est désormais {email}. Les e-mails, y compris les codes de réinitialisation du mot de passe, seront envoyés à la nouvelle adresse.',
    notYou:
      'Si vous n’êtes pas à l’origine de ce changement, contactez immédiatement l’utilisateur principal de votre entreprise ou {site}.',
  },
  it: {
    subject: 'Conferma il tuo nuovo indirizzo e-mail',
    intro: 'per confermare {email} come indirizzo e-mail del tuo account su {site}, inserisci questo codice:',
    validity: 'Il codice è valido per 30 minuti. Fino ad allora il tuo account mantiene l’indirizzo attuale.',
    ignore: 'Se non hai richiesto questa modifica, ignora questa e-mail; non cambia nulla.',
    changedSubject: 'Il tuo indirizzo e-mail è stato modificato',
    changed:
      'l’indirizzo e-mail del tuo account su {site} ora è {email}. D’ora in poi le e-mail, anche i codici per reimpostare la password, arriveranno al nuovo indirizzo.',
    notYou:
      'Se non hai fatto tu questa modifica, contatta subito l’utente principale della tua azienda o {site}.',
  },
  nn: {
    subject: 'Stadfest den nye e-postadressa di',
    intro: 'for å stadfeste {email} som e-postadressa til kontoen din hos {site}, skriv inn denne koden:',
    validity: 'Koden er gyldig i 30 minutt. Fram til då held kontoen fram med den noverande adressa.',
    ignore:
      'Viss du ikkje har bede om denne endringa, kan du sjå bort frå denne e-posten; ingenting blir endra.',
    changedSubject: 'E-postadressa di er endra',
    changed:
      'e-postadressa til kontoen din hos {site} er no {email}. Frå no av går e-postar, òg kodar for å nullstille passordet, til den nye adressa.',
    notYou:
      'Viss det ikkje var du som gjorde denne endringa, ta straks kontakt med hovudbrukaren i verksemda di eller med {site}.',
  },
  sv: {
    subject: 'Bekräfta din nya e-postadress',
    intro: 'Ange den här koden för att bekräfta {email} som e-postadress för ditt konto hos {site}:',
    validity: 'Koden gäller i 30 minuter. Fram till dess behåller ditt konto sin nuvarande adress.',
    ignore: 'Om du inte har begärt den här ändringen kan du bortse från det här mejlet; ingenting ändras.',
    changedSubject: 'Din e-postadress har ändrats',
    changed:
      'E-postadressen för ditt konto hos {site} är nu {email}. Från och med nu skickas mejl, även koder för att återställa lösenordet, till den nya adressen.',
    notYou:
      'Om det inte var du som gjorde ändringen, kontakta genast huvudanvändaren i ditt företag eller {site}.',
  },
};

const fill = (text: string, email: string) => text.replace('{site}', SITE_NAME).replace('{email}', email);

/** The code that confirms a new e-mail address, sent to that address in the user's language. */
export function emailChangeCodeMail(
  language: string,
  name: string,
  newEmail: string,
  code: string,
): AccountMail {
  const chosen = mailLanguage(language);
  const words = emailChangeMail[chosen];
  return codeMail(chosen, name, words, fill(words.intro, newEmail), code);
}

/** The notice to the former address that the account's address was changed (and to what). */
export function emailChangedMail(language: string, name: string, newEmail: string): AccountMail {
  const chosen = mailLanguage(language);
  const words = emailChangeMail[chosen];
  return accountMail(chosen, name, words.changedSubject, [
    [fill(words.changed, newEmail), fill(words.notYou, newEmail)],
  ]);
}
