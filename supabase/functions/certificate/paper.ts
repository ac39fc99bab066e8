// The certificate's paper size, from the learner's locale as their profile says it: the time zone they chose. US
// Letter where Letter is the norm (the United States, Canada, Mexico and most of the Americas, the Philippines),
// A4 everywhere else. The zone is the learner's own setting, stable between renders, unlike a browser's language.

export type Paper = 'a4' | 'letter'

/** Landscape sizes in PDF points (1/72 inch). */
export const paperSize: Record<Paper, [width: number, height: number]> = {
  a4: [841.89, 595.28],
  letter: [792, 612],
}

// Zones of the Americas whose countries print on A4 (Brazil, Argentina, Uruguay, Paraguay, Peru, Bolivia, the
// Guianas, Greenland and the French Caribbean); the rest of America/* uses Letter.
const a4InTheAmericas = new Set([
  'Araguaina',
  'Asuncion',
  'Bahia',
  'Belem',
  'Boa_Vista',
  'Buenos_Aires',
  'Campo_Grande',
  'Cayenne',
  'Cuiaba',
  'Danmarkshavn',
  'Eirunepe',
  'Fortaleza',
  'Godthab',
  'Guadeloupe',
  'La_Paz',
  'Lima',
  'Maceio',
  'Manaus',
  'Martinique',
  'Montevideo',
  'Noronha',
  'Nuuk',
  'Paramaribo',
  'Porto_Velho',
  'Recife',
  'Rio_Branco',
  'Santarem',
  'Sao_Paulo',
  'Scoresbysund',
  'Thule',
])

const letterElsewhere = new Set([
  'Asia/Manila',
  'Pacific/Honolulu',
  'Pacific/Guam',
  'Pacific/Saipan',
  'Pacific/Pago_Pago',
])

export function paperFor(timezone: string | null | undefined): Paper {
  const zone = (timezone ?? '').trim()
  if (letterElsewhere.has(zone) || zone.startsWith('US/') || zone.startsWith('Canada/')) return 'letter'
  if (zone.startsWith('America/')) {
    const place = zone.slice('America/'.length)
    if (place.startsWith('Argentina/') || a4InTheAmericas.has(place)) return 'a4'
    return 'letter'
  }
  return 'a4'
}
