import type { Language } from '#shared/languages.ts'

/**
 * What the USSD menus say, in every language Sabi speaks (docs/ussd.md "Texts"). A USSD screen
 * holds at most 182 characters with its `CON `/`END `, and French and Hausa run longer than
 * English, so every text is terse; `tests/api/ussd.test.ts` renders each one in each language
 * with the longest values it can be given and holds it to the limit. Texts stay plain: feature
 * phones show little beyond GSM's own characters.
 */
const ENGLISH = {
  main: 'Sabi\n1 Balance\n2 Send money\n3 Buy airtime\n4 Mini statement\n5 Change PIN\n6 Language\n7 Freeze account',
  invalidChoice: 'Invalid choice.',
  enterPin: 'Enter your PIN:',
  wrongPin: 'Wrong PIN. Tries left: {left}',
  pinLocked: 'PIN locked after too many wrong tries. Try again in {minutes} min.',
  pinNotSet: 'Create a transaction PIN in the Sabi app first.',
  balance: 'Balance: {amount}',
  balances: 'Balance:',
  noWallet: 'You have no wallet yet. Open the Sabi app to add one.',
  sendTo: 'Send to (phone number or @username):',
  recipientNotFound: 'No Sabi user found.',
  recipientLookupsSpent: 'Too many numbers looked up. Try again later, or send by username.',
  recipientSelf: 'You cannot send money to yourself.',
  sendAmount: 'To {name}\nAmount in {currency}:',
  invalidAmount: 'Invalid amount.',
  sendConfirm: 'Send {amount} to {name}?\nEnter PIN to confirm, 0 to cancel:',
  sent: 'Sent {amount} to {name}. Ref {reference}',
  cancelled: 'Cancelled. Nothing was sent.',
  airtimeFor: 'Airtime for:\n1 My number\n2 Another number',
  airtimeNumber: 'Phone number:',
  invalidNumber: 'Invalid Nigerian number.',
  ownNumberNotNigerian: 'Airtime is for Nigerian numbers only.',
  airtimeNetwork: 'Network:\n1 MTN\n2 Airtel\n3 Glo\n4 9mobile',
  airtimeAmount: 'Amount in NGN:',
  airtimeConfirm: 'Airtime {amount} for {phone} ({network})?\nEnter PIN to confirm, 0 to cancel:',
  airtimeSent: 'Airtime {amount} for {phone} is on its way. Ref {reference}',
  noNairaWallet: 'Airtime is paid from a naira wallet. Open the Sabi app to add one.',
  statementTitle: 'Last {count}:',
  statementEmpty: 'No transactions yet.',
  currentPin: 'Enter your current PIN:',
  newPin: 'Enter a new 4-digit PIN:',
  pinFormat: 'A PIN is 4 digits.',
  weakPin: 'Too easy to guess: no 1111 or 1234.',
  confirmPin: 'Enter the new PIN again:',
  pinMismatch: 'The PINs did not match. Nothing changed.',
  pinChanged: 'Your PIN is changed.',
  language: 'Language:',
  languageSet: 'Language changed.',
  freezeConfirm:
    'Freeze your account? Every session ends and no money can leave until you unfreeze it in the app.\n1 Freeze\n0 Cancel',
  frozen: 'Your account is frozen. Unfreeze it in the Sabi app.',
  freezeCancelled: 'Cancelled. Your account is not frozen.',
  unknownCaller:
    'This number is not on Sabi yet. Sign up in the Sabi app, then verify your phone number in your profile.',
  expired: 'Your session timed out. Please dial again.',
  sessionEnded: 'This session has ended. Please dial again.',
  tooMany: 'Too many requests. Please try again in a minute.',
  failed: 'Sorry, that did not work. Please try again later.',
  unavailable: 'Sorry, Sabi is busy. Please try again later.',
}

export type TextKey = keyof typeof ENGLISH
type Catalog = Record<TextKey, string>

const FRENCH: Catalog = {
  main: 'Sabi\n1 Solde\n2 Envoyer\n3 Credit telephone\n4 Mini releve\n5 Changer PIN\n6 Langue\n7 Geler le compte',
  invalidChoice: 'Choix invalide.',
  enterPin: 'Entrez votre PIN :',
  wrongPin: 'PIN incorrect. Essais restants : {left}',
  pinLocked: "PIN bloque apres trop d'erreurs. Reessayez dans {minutes} min.",
  pinNotSet: "Creez d'abord un PIN de transaction dans l'app Sabi.",
  balance: 'Solde : {amount}',
  balances: 'Solde :',
  noWallet: "Vous n'avez pas de portefeuille. Ouvrez l'app Sabi pour en ajouter un.",
  sendTo: 'Envoyer a (numero ou @pseudo) :',
  recipientNotFound: 'Aucun utilisateur Sabi trouve.',
  recipientLookupsSpent:
    "Trop de numeros cherches. Reessayez plus tard, ou envoyez par nom d'utilisateur.",
  recipientSelf: "Vous ne pouvez pas vous envoyer de l'argent.",
  sendAmount: 'A {name}\nMontant en {currency} :',
  invalidAmount: 'Montant invalide.',
  sendConfirm: 'Envoyer {amount} a {name} ?\nPIN pour confirmer, 0 pour annuler :',
  sent: '{amount} envoye a {name}. Ref {reference}',
  cancelled: "Annule. Rien n'a ete envoye.",
  airtimeFor: 'Credit pour :\n1 Mon numero\n2 Un autre numero',
  airtimeNumber: 'Numero de telephone :',
  invalidNumber: 'Numero nigerian invalide.',
  ownNumberNotNigerian: 'Le credit est pour les numeros nigerians seulement.',
  airtimeNetwork: 'Reseau :\n1 MTN\n2 Airtel\n3 Glo\n4 9mobile',
  airtimeAmount: 'Montant en NGN :',
  airtimeConfirm:
    'Credit {amount} pour {phone} ({network}) ?\nPIN pour confirmer, 0 pour annuler :',
  airtimeSent: 'Credit {amount} pour {phone} en cours. Ref {reference}',
  noNairaWallet: "Le credit se paie en naira. Ouvrez l'app Sabi pour ajouter ce portefeuille.",
  statementTitle: '{count} dernieres :',
  statementEmpty: 'Aucune transaction.',
  currentPin: 'Entrez votre PIN actuel :',
  newPin: 'Nouveau PIN a 4 chiffres :',
  pinFormat: 'Un PIN a 4 chiffres.',
  weakPin: 'Trop facile : pas de 1111 ni 1234.',
  confirmPin: 'Confirmez le nouveau PIN :',
  pinMismatch: "Les PIN ne correspondent pas. Rien n'a change.",
  pinChanged: 'Votre PIN est change.',
  language: 'Langue :',
  languageSet: 'Langue changee.',
  freezeConfirm:
    "Geler votre compte ? Toutes les sessions se ferment et aucun argent ne sort avant le degel dans l'appli.\n1 Geler\n0 Annuler",
  frozen: "Votre compte est gele. Degelez-le dans l'appli Sabi.",
  freezeCancelled: "Annule. Votre compte n'est pas gele.",
  unknownCaller:
    "Ce numero n'est pas sur Sabi. Inscrivez-vous dans l'app Sabi, puis verifiez votre numero dans votre profil.",
  expired: 'Session expiree. Recomposez le code.',
  sessionEnded: 'Cette session est terminee. Recomposez le code.',
  tooMany: 'Trop de demandes. Reessayez dans une minute.',
  failed: "Desole, cela n'a pas marche. Reessayez plus tard.",
  unavailable: 'Desole, Sabi est occupe. Reessayez plus tard.',
}

const SPANISH: Catalog = {
  main: 'Sabi\n1 Saldo\n2 Enviar dinero\n3 Recarga\n4 Mini extracto\n5 Cambiar PIN\n6 Idioma\n7 Congelar cuenta',
  invalidChoice: 'Opcion no valida.',
  enterPin: 'Introduce tu PIN:',
  wrongPin: 'PIN incorrecto. Intentos: {left}',
  pinLocked: 'PIN bloqueado tras demasiados errores. Prueba en {minutes} min.',
  pinNotSet: 'Crea antes un PIN de transaccion en la app Sabi.',
  balance: 'Saldo: {amount}',
  balances: 'Saldo:',
  noWallet: 'Aun no tienes cartera. Abre la app Sabi para crear una.',
  sendTo: 'Enviar a (telefono o @usuario):',
  recipientNotFound: 'No hay ningun usuario de Sabi.',
  recipientLookupsSpent:
    'Demasiados numeros buscados. Prueba mas tarde, o envia por nombre de usuario.',
  recipientSelf: 'No puedes enviarte dinero a ti mismo.',
  sendAmount: 'A {name}\nImporte en {currency}:',
  invalidAmount: 'Importe no valido.',
  sendConfirm: 'Enviar {amount} a {name}?\nPIN para confirmar, 0 para cancelar:',
  sent: 'Enviado {amount} a {name}. Ref {reference}',
  cancelled: 'Cancelado. No se envio nada.',
  airtimeFor: 'Recarga para:\n1 Mi numero\n2 Otro numero',
  airtimeNumber: 'Numero de telefono:',
  invalidNumber: 'Numero nigeriano no valido.',
  ownNumberNotNigerian: 'La recarga es solo para numeros de Nigeria.',
  airtimeNetwork: 'Red:\n1 MTN\n2 Airtel\n3 Glo\n4 9mobile',
  airtimeAmount: 'Importe en NGN:',
  airtimeConfirm:
    'Recarga {amount} para {phone} ({network})?\nPIN para confirmar, 0 para cancelar:',
  airtimeSent: 'Recarga {amount} para {phone} en camino. Ref {reference}',
  noNairaWallet: 'La recarga se paga en nairas. Abre la app Sabi para crear esa cartera.',
  statementTitle: 'Ultimas {count}:',
  statementEmpty: 'Aun no hay movimientos.',
  currentPin: 'Introduce tu PIN actual:',
  newPin: 'Nuevo PIN de 4 cifras:',
  pinFormat: 'Un PIN tiene 4 cifras.',
  weakPin: 'Muy facil: ni 1111 ni 1234.',
  confirmPin: 'Repite el nuevo PIN:',
  pinMismatch: 'Los PIN no coinciden. No se cambio nada.',
  pinChanged: 'Tu PIN ha cambiado.',
  language: 'Idioma:',
  languageSet: 'Idioma cambiado.',
  freezeConfirm:
    'Congelar tu cuenta? Se cierran todas las sesiones y no sale dinero hasta que la descongeles en la app.\n1 Congelar\n0 Cancelar',
  frozen: 'Tu cuenta esta congelada. Descongelala en la app Sabi.',
  freezeCancelled: 'Cancelado. Tu cuenta no esta congelada.',
  unknownCaller:
    'Este numero no esta en Sabi. Registrate en la app Sabi y verifica tu telefono en tu perfil.',
  expired: 'La sesion caduco. Marca de nuevo.',
  sessionEnded: 'Esta sesion ha terminado. Marca de nuevo.',
  tooMany: 'Demasiadas solicitudes. Prueba en un minuto.',
  failed: 'Lo sentimos, no funciono. Prueba mas tarde.',
  unavailable: 'Lo sentimos, Sabi esta ocupado. Prueba mas tarde.',
}

const HAUSA: Catalog = {
  main: 'Sabi\n1 Ragowar kudi\n2 Aika kudi\n3 Sayi kati\n4 Bayanan baya\n5 Canza PIN\n6 Harshe\n7 Daskarar da asusu',
  invalidChoice: 'Zabin bai dace ba.',
  enterPin: 'Shigar da PIN dinka:',
  wrongPin: 'PIN ba daidai ba. Sauran gwaji: {left}',
  pinLocked: 'An kulle PIN saboda kuskure da yawa. Sake gwadawa bayan minti {minutes}.',
  pinNotSet: 'Ka fara kirkiro PIN a manhajar Sabi.',
  balance: 'Ragowar kudi: {amount}',
  balances: 'Ragowar kudi:',
  noWallet: 'Ba ka da walat tukuna. Bude manhajar Sabi don kara daya.',
  sendTo: 'Aika wa (lambar waya ko @suna):',
  recipientNotFound: 'Ba a sami mai amfani da Sabi ba.',
  recipientLookupsSpent:
    'An nemi lambobi da yawa. Sake gwadawa anjima, ko aika da sunan mai amfani.',
  recipientSelf: 'Ba za ka aika wa kanka kudi ba.',
  sendAmount: 'Zuwa ga {name}\nAdadi a {currency}:',
  invalidAmount: 'Adadin bai dace ba.',
  sendConfirm: 'Aika {amount} ga {name}?\nShigar da PIN don tabbatarwa, 0 don soke:',
  sent: 'An aika {amount} ga {name}. Ref {reference}',
  cancelled: 'An soke. Ba a aika komai ba.',
  airtimeFor: 'Kati don:\n1 Lambata\n2 Wata lamba',
  airtimeNumber: 'Lambar waya:',
  invalidNumber: 'Lambar Najeriya ba daidai ba.',
  ownNumberNotNigerian: 'Kati na lambobin Najeriya ne kawai.',
  airtimeNetwork: 'Kamfani:\n1 MTN\n2 Airtel\n3 Glo\n4 9mobile',
  airtimeAmount: 'Adadi a NGN:',
  airtimeConfirm:
    'Kati {amount} don {phone} ({network})?\nShigar da PIN don tabbatarwa, 0 don soke:',
  airtimeSent: 'Kati {amount} don {phone} yana zuwa. Ref {reference}',
  noNairaWallet: 'Ana biyan kati da walat na naira. Bude manhajar Sabi don kara shi.',
  statementTitle: '{count} na karshe:',
  statementEmpty: "Babu ma'amala tukuna.",
  currentPin: 'Shigar da PIN dinka na yanzu:',
  newPin: 'Sabon PIN mai lambobi 4:',
  pinFormat: 'PIN lambobi 4 ne.',
  weakPin: 'Mai saukin tsammani: ba 1111 ko 1234 ba.',
  confirmPin: 'Sake shigar da sabon PIN:',
  pinMismatch: 'PIN din ba su yi daidai ba. Babu abin da ya canza.',
  pinChanged: 'An canza PIN dinka.',
  language: 'Harshe:',
  languageSet: 'An canza harshe.',
  freezeConfirm:
    'Daskarar da asusunka? Duk zaman shiga zai kare, kuma babu kudin da zai fita har ka narkar da shi a manhaja.\n1 Daskarar\n0 Soke',
  frozen: 'An daskarar da asusunka. Narkar da shi a manhajar Sabi.',
  freezeCancelled: 'An soke. Ba a daskarar da asusunka ba.',
  unknownCaller:
    'Wannan lambar ba ta kan Sabi. Yi rajista a manhajar Sabi, sannan ka tabbatar da lambarka a bayananka.',
  expired: 'Lokacin zaman ya kare. Sake kira.',
  sessionEnded: 'Zaman ya kare. Sake kira.',
  tooMany: 'Bukatu sun yi yawa. Sake gwadawa bayan minti daya.',
  failed: 'Yi hakuri, hakan bai yi aiki ba. Sake gwadawa daga baya.',
  unavailable: 'Yi hakuri, Sabi na da aiki. Sake gwadawa daga baya.',
}

const CATALOGS: Record<Language, Catalog> = { en: ENGLISH, fr: FRENCH, es: SPANISH, ha: HAUSA }

/** Every key, for the test that holds each text in each language to the screen's limit. */
export const TEXT_KEYS: readonly TextKey[] = Object.keys(ENGLISH).filter(isTextKey)

function isTextKey(key: string): key is TextKey {
  return Object.hasOwn(ENGLISH, key)
}

/** The names of the languages, each in itself, as the Language menu lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Francais',
  es: 'Espanol',
  ha: 'Hausa',
}

/** One text in `language` with its `{placeholders}` filled; an unknown placeholder stays. */
export function ussdText(
  key: TextKey,
  language: Language,
  params: Readonly<Record<string, string>> = {},
): string {
  return CATALOGS[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? (params[name] ?? whole) : whole,
  )
}
