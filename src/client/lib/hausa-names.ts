/**
 * Hausa names of the currencies and countries Sabi shows (docs/i18n.md "Names"). Browsers ship
 * no Hausa display names (Chromium's Intl.DisplayNames answers in English or not at all), so
 * Sabi carries its own, as a bank in Kano writes them. Crypto assets keep their proper names.
 */
export const HAUSA_CURRENCY_NAMES: Readonly<Record<string, string>> = {
  NGN: 'Nairar Najeriya',
  USD: 'Dalar Amurka',
  ZAR: 'Randin Afirka ta Kudu',
  KES: 'Sulen Kenya',
  GHS: 'Sidin Gana',
  EUR: 'Yuro',
  GBP: 'Fam na Birtaniya',
  CAD: 'Dalar Kanada',
  AUD: 'Dalar Ostareliya',
  INR: 'Rupin Indiya',
  CNY: 'Yuan na Sin',
  AED: 'Dirham na Haɗaɗɗiyar Daular Larabawa',
  SAR: 'Riyal na Saudiyya',
  JMD: 'Dalar Jamaika',
  TTD: 'Dalar Tirinidad da Tobago',
  MXN: 'Peso na Mesiko',
  BRL: 'Real na Birazil',
}

export const HAUSA_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  NG: 'Najeriya',
  GH: 'Gana',
  KE: 'Kenya',
  ZA: 'Afirka ta Kudu',
  US: 'Amurka',
  CA: 'Kanada',
  GB: 'Birtaniya',
  IE: 'Ayalan',
  DE: 'Jamus',
  FR: 'Faransa',
  IT: 'Italiya',
  ES: 'Sipen',
  NL: 'Holan',
  AU: 'Ostareliya',
  IN: 'Indiya',
  CN: 'Sin',
  AE: 'Haɗaɗɗiyar Daular Larabawa',
  SA: 'Saudiyya',
  JM: 'Jamaika',
  TT: 'Tirinidad da Tobago',
  MX: 'Mesiko',
  BR: 'Birazil',
}
