/**
 * Word lists for the demo data (demo-data.ts). Everything the seeder generates is picked from these lists with a
 * seeded PRNG, so the demo data is the same on every run. All names are common Dutch given names and surnames combined
 * at random; places, organisations and streets are fictional or generic.
 *
 * Changing a list changes the generated data (and so the demo residents' BSNs): tests must not hard-code names.
 */

/** Given names for adults (parents), born roughly 1975–2000. */
export const ADULT_FIRST_NAMES = [
  'Sanne',
  'Anouk',
  'Marieke',
  'Esther',
  'Linda',
  'Petra',
  'Yvonne',
  'Samira',
  'Fatima',
  'Naima',
  'Ilse',
  'Judith',
  'Mandy',
  'Nicole',
  'Priya',
  'Ayşe',
  'Monique',
  'Saskia',
  'Wendy',
  'Jolanda',
  'Mark',
  'Dennis',
  'Jeroen',
  'Bas',
  'Erik',
  'Martijn',
  'Mohamed',
  'Youssef',
  'Kevin',
  'Ruud',
  'Sander',
  'Stefan',
  'Hakan',
  'Richard',
  'Niels',
  'Arjen',
  'Mehmet',
  'Patrick',
  'Rik',
  'Ingrid',
] as const;

/** Given names for children, born roughly 2009–2023. */
export const CHILD_FIRST_NAMES = [
  'Emma',
  'Julia',
  'Mila',
  'Tess',
  'Sophie',
  'Zoë',
  'Sara',
  'Nora',
  'Liv',
  'Evi',
  'Noor',
  'Lotte',
  'Fenna',
  'Yara',
  'Lina',
  'Nina',
  'Saar',
  'Isa',
  'Hiba',
  'Amira',
  'Noah',
  'Sem',
  'Liam',
  'Lucas',
  'Daan',
  'Finn',
  'Levi',
  'Milan',
  'Bram',
  'Luuk',
  'Jesse',
  'Thijs',
  'Sven',
  'Adam',
  'Mees',
  'Ties',
  'Olivier',
  'Ravi',
  'Ayoub',
  'Jurre',
] as const;

/**
 * Surnames as written after a given name ("Jan van Dijk"): the tussenvoegsel is lower case.
 * At the start of a text (e.g. "Huishouden Van Dijk") the seeder capitalises it, as Dutch spelling requires.
 */
export const LAST_NAMES = [
  'de Jong',
  'Jansen',
  'de Vries',
  'van den Berg',
  'van Dijk',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'de Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'van Leeuwen',
  'Dekker',
  'Brouwer',
  'de Wit',
  'Dijkstra',
  'Smits',
  'de Graaf',
  'van der Meer',
  'van der Linden',
  'Kok',
  'Jacobs',
  'de Haan',
  'Vermeulen',
  'van den Heuvel',
  'van der Veen',
  'van den Broek',
  'Kaya',
  'El Amrani',
  'Öztürk',
  'Ramdin',
  'Sewdien',
  'Nguyen',
  'Postma',
  'Hoekstra',
  'ter Horst',
  'Koster',
  'van Beek',
  'Willems',
  'Boukhari',
] as const;

/** Generic Dutch street names (every town has them). */
export const STREET_NAMES = [
  'Kerkstraat',
  'Dorpsstraat',
  'Molenweg',
  'Stationsplein',
  'Havenkade',
  'Sportlaan',
  'Schoolstraat',
  'Marktplein',
  'Beukenlaan',
  'Wilhelminastraat',
  'Julianalaan',
  'Industrieweg',
  'Badhuisweg',
  'Lindelaan',
  'Noordersingel',
  'Zuiderhaven',
  'Parallelweg',
  'Raadhuisplein',
] as const;

/** Provider kinds of the demo and the words their names are made of: `<prefix> <name>`. */
export const PROVIDER_NAME_PARTS = {
  sport: {
    prefixes: ['Omnisportvereniging', 'Sportvereniging', 'Sportclub'],
    names: ['De Eendracht', 'Vlug en Lenig', 'De Zuidwester', 'Kwiek', 'Sterk Vooruit', 'De Volharding'],
  },
  music: {
    prefixes: ['Muziekschool', 'Muziek- en mediaschool'],
    names: ['De Klankkast', 'De Stemvork', 'Allegro', 'De Notenbalk', 'Maestro', 'Het Octaaf'],
  },
  swim: {
    prefixes: ['Zwembad', 'Sport- en zwembad'],
    names: ['De Golfslag', 'Het Spetterbad', 'De Waterlelie', 'Aquarijn', 'De Duikeling'],
  },
  clothing: {
    prefixes: ['Kledingzaak', 'Modehuis', 'Schoenen en mode'],
    names: ['De Paspop', 'Stoer en Zo', 'De Kledingkast', 'Het Knoopje', 'Warm Aangekleed'],
  },
  bike: {
    prefixes: ['Fietsenwinkel', 'Rijwielhandel', 'Fietsenmaker'],
    names: ['De Spaak', 'Trapper', 'Het Zadel', 'De Ketting', 'Op Twee Wielen'],
  },
  computer: {
    prefixes: ['Computerwinkel', 'Computerhuis'],
    names: ['De Muisklik', 'Bits en Bytes', 'Het Toetsenbord', 'PC-plein', 'Schermvrij'],
  },
} as const;

export type ProviderKind = keyof typeof PROVIDER_NAME_PARTS;

/** Two-sentence provider descriptions; `{name}` and `{city}` are filled in. */
export const PROVIDER_DESCRIPTIONS: Record<ProviderKind, string> = {
  sport:
    '{name} is de grootste sportvereniging van {city}, met voetbal, hockey, judo, turnen en atletiek onder één dak. ' +
    'Iedereen is welkom: kinderen, tieners en volwassenen, van beginner tot wedstrijdsporter.',
  music:
    '{name} geeft les in gitaar, piano, drums en zang, en verzorgt cursussen muziek maken op de computer. ' +
    'Onze docenten geven les in {city} en omgeving, individueel of in kleine groepen.',
  swim:
    '{name} is het overdekte zwembad van {city}, met zwemles voor alle diploma’s en ruime openingstijden voor recreatief zwemmen. ' +
    'Ook kinderfeestjes en banenzwemmen zijn mogelijk.',
  clothing:
    '{name} verkoopt kinderkleding, schoenen en jassen voor het hele gezin in het centrum van {city}. ' +
    'Wij helpen u graag bij het vinden van de juiste maat.',
  bike:
    '{name} verkoopt nieuwe en gereviseerde fietsen en doet onderhoud en reparaties in {city}. ' +
    'Elke fiets wordt rijklaar afgeleverd, met verlichting en slot.',
  computer:
    '{name} levert nieuwe en refurbished laptops en computers voor school en thuis in {city}. ' +
    'Wij installeren alles en helpen u op weg.',
};

/** Cities of the demo (fictional). */
export const DEMO_CITIES = { zuiderveen: 'Zuiderveen', noorderhaven: 'Noorderhaven' } as const;
