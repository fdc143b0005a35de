/**
 * The region of a delivery address, as closures name it (ISO 3166-2, 'DE-HH'): read from the
 * address's country and state as the company typed them, so no one has to keep a second field in
 * step. German states are known by their German and English names and by their codes; any other
 * address has no region, and only the closures that hold everywhere apply to it.
 */
const germanStates: Record<string, string> = {
  'baden-württemberg': 'DE-BW',
  'baden-wuerttemberg': 'DE-BW',
  bayern: 'DE-BY',
  bavaria: 'DE-BY',
  berlin: 'DE-BE',
  brandenburg: 'DE-BB',
  bremen: 'DE-HB',
  hamburg: 'DE-HH',
  hessen: 'DE-HE',
  hesse: 'DE-HE',
  'mecklenburg-vorpommern': 'DE-MV',
  'mecklenburg-western pomerania': 'DE-MV',
  niedersachsen: 'DE-NI',
  'lower saxony': 'DE-NI',
  'nordrhein-westfalen': 'DE-NW',
  'north rhine-westphalia': 'DE-NW',
  'rheinland-pfalz': 'DE-RP',
  'rhineland-palatinate': 'DE-RP',
  saarland: 'DE-SL',
  sachsen: 'DE-SN',
  saxony: 'DE-SN',
  'sachsen-anhalt': 'DE-ST',
  'saxony-anhalt': 'DE-ST',
  'schleswig-holstein': 'DE-SH',
  thüringen: 'DE-TH',
  thueringen: 'DE-TH',
  thuringia: 'DE-TH',
};
const germanCodes = new Set(Object.values(germanStates));
const germany = new Set(['germany', 'deutschland', 'de', 'deu']);

export function regionOfAddress({ state, country }: { state: string; country: string }): string | null {
  if (!germany.has(country.trim().toLowerCase())) return null;
  const name = state.trim().toLowerCase();
  const code = name.toUpperCase();
  if (germanCodes.has(code)) return code;
  if (germanCodes.has(`DE-${code}`)) return `DE-${code}`;
  return germanStates[name] ?? null;
}
