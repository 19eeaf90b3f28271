import type { AttributeSpec } from './factories.js';

/** The demo document types: per client three types, each identified by an owner number and postal code. */
export interface DemoReport {
  code: string;
  clientCode: string;
  titleEn: string;
  titleFr: string;
  attributes: AttributeSpec[];
  /** Its readers confirm each document ("I have read this notice"). */
  requiresAcknowledgement: boolean;
  /** Values of the non-identifying attributes for the n-th document of an owner. */
  describe(index: number, random: () => number): Record<string, string>;
}

const ownerAttributes = (numberName: string, en: string, fr: string): AttributeSpec[] => [
  {
    name: numberName,
    en,
    fr,
    identifiesOwner: true,
    descriptionEn: `The ${en.toLowerCase()} printed at the top of your document.`,
    descriptionFr: `Le ${fr.toLowerCase()} imprimé en haut de votre document.`,
  },
  {
    name: 'postalCode',
    en: 'Postal code',
    fr: 'Code postal',
    identifiesOwner: true,
    showInColumn: false,
    descriptionEn: 'The postal code of the mailing address on your document.',
    descriptionFr: "Le code postal de l'adresse postale de votre document.",
  },
];

const money = (random: () => number) => (Math.round(random() * 500_000) / 100).toFixed(2);
const cycle = (values: string[]) => (index: number) => values[index % values.length]!;

/** How each client numbers the owners of its documents: the first attribute of every type it has. */
const OWNER_NUMBERS: Record<string, [name: string, en: string, fr: string]> = {
  NBF: ['accountNumber', 'Account number', 'Numéro de compte'],
  LAU: ['customerNumber', 'Customer number', 'Numéro de client'],
};

/** A demo type in one line: its code, its titles and the one attribute that describes a document beyond its owner. */
interface DemoReportRow {
  code: string;
  titles: [en: string, fr: string];
  detail: [name: string, en: string, fr: string];
  /** The detail's value for the n-th document of an owner. */
  valueOf(index: number, random: () => number): string;
  /** Where the detail's values are words: each, as documents carry it, in English and in French. */
  words?: [en: string, fr: string][];
  /** Where the detail's values are amounts of money: their currency. */
  currency?: string;
  /** Its readers confirm each document ("I have read this notice"). */
  requiresAcknowledgement?: boolean;
}

/** A detail whose values are words, cycled as documents arrive, with their French. */
const cycleWords = (words: [en: string, fr: string][]) => ({ valueOf: cycle(words.map(([en]) => en)), words });

const DEMO_REPORT_ROWS: Record<string, DemoReportRow[]> = {
  NBF: [
    {
      code: 'NBF-STMT',
      titles: ['Account statements', 'Relevés de compte'],
      detail: ['closingBalance', 'Closing balance', 'Solde de clôture'],
      valueOf: (_index, random) => money(random),
      currency: 'CAD',
    },
    {
      code: 'NBF-TAX',
      titles: ['Tax slips', 'Feuillets fiscaux'],
      detail: ['slipType', 'Slip type', 'Type de feuillet'],
      valueOf: cycle(['T5', 'RL-3', 'T4RSP', 'NR4']),
    },
    {
      code: 'NBF-NOTICE',
      titles: ['Notices', 'Avis'],
      requiresAcknowledgement: true,
      detail: ['noticeType', 'Notice type', "Type d'avis"],
      ...cycleWords([
        ['Rate change', 'Changement de taux'],
        ['Renewal', 'Renouvellement'],
        ['Confirmation', 'Confirmation'],
        ['Privacy', 'Confidentialité'],
      ]),
    },
  ],
  LAU: [
    {
      code: 'LAU-BILL',
      titles: ['Bills', 'Factures'],
      detail: ['amountDue', 'Amount due', 'Montant dû'],
      valueOf: (_index, random) => money(random),
      currency: 'CAD',
    },
    {
      code: 'LAU-USAGE',
      titles: ['Usage summaries', 'Sommaires de consommation'],
      detail: ['meterNumber', 'Meter number', 'Numéro de compteur'],
      valueOf: cycle(['M-7000', 'M-7001', 'M-7002']),
    },
    {
      code: 'LAU-CONTRACT',
      titles: ['Contracts', 'Contrats'],
      detail: ['contractType', 'Contract type', 'Type de contrat'],
      ...cycleWords([
        ['Residential', 'Résidentiel'],
        ['Commercial', 'Commercial'],
        ['Seasonal', 'Saisonnier'],
      ]),
    },
  ],
};

function buildDemoReport(clientCode: string, row: DemoReportRow): DemoReport {
  const [detailName, en, fr] = row.detail;
  return {
    code: row.code,
    clientCode,
    titleEn: row.titles[0],
    titleFr: row.titles[1],
    attributes: [
      ...ownerAttributes(...OWNER_NUMBERS[clientCode]!),
      {
        name: detailName,
        en,
        fr,
        valueLabels: row.words?.map(([value, french]) => ({ value, en: value, fr: french })),
        currency: row.currency,
      },
    ],
    requiresAcknowledgement: row.requiresAcknowledgement ?? false,
    describe: (index, random) => ({ [detailName]: row.valueOf(index, random) }),
  };
}

export const DEMO_REPORTS: DemoReport[] = Object.entries(DEMO_REPORT_ROWS).flatMap(([clientCode, rows]) =>
  rows.map((row) => buildDemoReport(clientCode, row)),
);

/** Document owners per client. The first owner of each client is the one the demo user of that client is. */
export const DEMO_OWNERS: Record<string, { number: string; postalCode: string; documentsPerType: number }[]> = {
  NBF: [
    { number: 'NB-100200', postalCode: 'H2X 1Y4', documentsPerType: 36 },
    { number: 'NB-100201', postalCode: 'H3A 2B2', documentsPerType: 8 },
    { number: 'NB-100202', postalCode: 'M5V 3L9', documentsPerType: 8 },
    { number: 'NB-100203', postalCode: 'V6B 4Y8', documentsPerType: 8 },
  ],
  LAU: [
    { number: 'LA-500100', postalCode: 'G1R 4P5', documentsPerType: 32 },
    { number: 'LA-500101', postalCode: 'J8X 3X7', documentsPerType: 8 },
    { number: 'LA-500102', postalCode: 'K1P 5J2', documentsPerType: 8 },
  ],
};

export const DEMO_FAQS = [
  {
    question_en: 'How do I download several documents at once?',
    question_fr: 'Comment télécharger plusieurs documents à la fois ?',
    answer_en: 'Tick up to 50 documents in a list, then choose Download: they arrive together in one zip file.',
    answer_fr: "Cochez jusqu'à 50 documents dans une liste, puis choisissez Télécharger : ils arrivent ensemble dans un fichier zip.",
  },
  {
    question_en: 'Why do I receive a code when I sign in?',
    question_fr: 'Pourquoi est-ce que je reçois un code lorsque je me connecte ?',
    answer_en: 'The one-time code proves that it is really you, even if someone learned your password.',
    answer_fr: "Le code à usage unique prouve que c'est bien vous, même si quelqu'un connaît votre mot de passe.",
  },
  {
    question_en: 'How long are my documents kept?',
    question_fr: 'Combien de temps mes documents sont-ils conservés ?',
    answer_en: 'Statements and notices stay available for seven years; tax slips for ten years.',
    answer_fr: 'Les relevés et les avis restent disponibles sept ans ; les feuillets fiscaux, dix ans.',
  },
  {
    question_en: 'How do I change my password?',
    question_fr: 'Comment changer mon mot de passe ?',
    answer_en: 'Open the menu with your initials, choose Settings, then the Password tab.',
    answer_fr: 'Ouvrez le menu à vos initiales, choisissez Paramètres, puis l’onglet Mot de passe.',
  },
  {
    // The dot wears each brand's colour: the question names none.
    question_en: 'What does the coloured dot next to a document mean?',
    question_fr: 'Que signifie la pastille de couleur à côté d’un document ?',
    answer_en: 'It marks a document you have not opened yet. It disappears once you preview or download it.',
    answer_fr: "Il indique un document que vous n'avez pas encore ouvert. Il disparaît dès que vous le consultez ou le téléchargez.",
  },
  {
    question_en: 'How do I add another type of document to my account?',
    question_fr: 'Comment ajouter un autre type de document à mon compte ?',
    answer_en: 'On the home page, choose Add a subscription and enter the information printed on your document.',
    answer_fr: "Sur la page d'accueil, choisissez Ajouter un abonnement et saisissez les renseignements imprimés sur votre document.",
  },
];

export const DEMO_REPOSITORY_DOCUMENTS = [
  { name_en: 'Portal user guide', name_fr: "Guide d'utilisation du portail", key: 'user-guide' },
  { name_en: 'Privacy policy', name_fr: 'Politique de confidentialité', key: 'privacy-policy' },
  { name_en: 'Fee schedule', name_fr: 'Grille tarifaire', key: 'fee-schedule' },
];
