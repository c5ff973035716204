/** The demo's categories: seeded by demo-data.ts, drawn by demo-images.ts. */
export const DEMO_CATEGORIES = [
  {
    slug: 'sport-en-bewegen',
    name: 'Sport en bewegen',
    featured: true,
    description: 'Lidmaatschappen en lessen bij sportverenigingen, van voetbal en hockey tot judo en atletiek.',
  },
  {
    slug: 'cultuur-en-muziek',
    name: 'Cultuur en muziek',
    featured: false,
    description: 'Muziekles, zang, theater en andere creatieve lessen voor kinderen en volwassenen.',
  },
  {
    slug: 'zwemmen',
    name: 'Zwemmen',
    featured: false,
    description: 'Zwemles voor het zwemdiploma, zwemabonnementen en badenkaarten.',
  },
  {
    slug: 'kleding-en-schoenen',
    name: 'Kleding en schoenen',
    featured: false,
    description: 'Winterjassen, schoenen en kleding voor school en sport.',
  },
  {
    slug: 'school-en-studie',
    name: 'School en studie',
    featured: false,
    description: 'Schoolspullen, examentraining en andere hulp bij school en studie.',
  },
  {
    slug: 'computers-en-internet',
    name: 'Computers en internet',
    featured: false,
    description: 'Laptops voor school en cursussen om slim met de computer om te gaan.',
  },
  {
    slug: 'uitjes-en-vrije-tijd',
    name: 'Uitjes en vrije tijd',
    featured: false,
    description: 'Kampen, kinderfeestjes en dagjes uit in de buurt.',
  },
  {
    slug: 'fietsen',
    name: 'Fietsen',
    featured: false,
    description: 'Nieuwe en gereviseerde fietsen, fietshelmen en onderhoud.',
  },
] as const;
export type DemoCategorySlug = (typeof DEMO_CATEGORIES)[number]['slug'];
