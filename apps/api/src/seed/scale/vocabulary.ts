import { type SQL, sql } from 'drizzle-orm';

/** A constant text[] literal for set-based statements (the words below are ours, never input). */
export function textArray(values: readonly string[]): SQL {
  return sql.raw(`(array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[])`);
}

/** Picks one of `values` by a whole-number SQL expression. */
export const pick = (values: readonly string[], by: SQL): SQL =>
  sql`${textArray(values)}[1 + (${by}) % ${sql.raw(String(values.length))}]`;

export const firstNames = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Sandra',
  'Mark',
  'Ashley',
  'Sven',
  'Emily',
  'Andrew',
  'Priya',
  'Kenji',
  'Amara',
  'Lukas',
  'Sofia',
  'Mateo',
  'Chloe',
  'Ivan',
  'Fatima',
  'Omar',
  'Hannah',
  'Wei',
  'Olivia',
  'Diego',
  'Grace',
  'Noah',
  'Ingrid',
];

export const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Green',
  'Adams',
  'Baker',
  'Nelson',
  'Carter',
  'Mitchell',
  'Patel',
  'Kowalski',
  'Schmidt',
  'Rossi',
  'Novak',
  'Tanaka',
  'Okafor',
  'Larsen',
];

export const mailDomains = [
  'gmail.com',
  'outlook.com',
  'yahoo.com',
  'proton.me',
  'fastmail.com',
  'icloud.com',
  'hey.com',
  'gmx.net',
];

export const companySuffixes = [
  'Hosting',
  'Labs',
  'Networks',
  'Media',
  'Digital',
  'Cloud',
  'Systems',
  'Games',
];

/** City, state, postcode, country and phone area code. */
export const places = [
  ['New York', 'NY', '10001', 'US', '212'],
  ['Chicago', 'IL', '60601', 'US', '312'],
  ['Austin', 'TX', '73301', 'US', '512'],
  ['Seattle', 'WA', '98101', 'US', '206'],
  ['Miami', 'FL', '33101', 'US', '305'],
  ['Denver', 'CO', '80202', 'US', '303'],
  ['Toronto', 'ON', 'M5H 2N2', 'CA', '416'],
  ['Berlin', 'BE', '10115', 'DE', '30'],
  ['London', 'LND', 'EC1A 1BB', 'GB', '20'],
  ['Amsterdam', 'NH', '1012 JS', 'NL', '20'],
] as const;

export const streets = ['Main Street', 'Oak Avenue', 'Maple Drive', 'Cedar Lane', 'Park Road', 'Hill Street'];

/** The first word of a server's hostname. */
export const hostWords = [
  'web',
  'db',
  'mail',
  'app',
  'cache',
  'vpn',
  'git',
  'build',
  'edge',
  'api',
  'backup',
  'monitor',
  'game',
  'proxy',
  'ci',
  'node',
  'files',
  'dns',
  'mc',
  'shop',
];

export const siteWords = [
  'bluefin',
  'northwind',
  'orbit',
  'pixelforge',
  'redkite',
  'saltmarsh',
  'tinycloud',
  'quartz',
  'ember',
  'lumen',
  'brightpath',
  'stonebridge',
  'kestrel',
  'harbor',
  'juniper',
  'vantage',
];

export const topLevelDomains = ['com', 'net', 'io', 'org', 'dev', 'co.uk', 'de', 'app'];

/** Public address blocks a provider in New York and Chicago might announce. */
export const addressPrefixes = ['23', '45', '64', '104', '142', '185', '193', '209'];

export const storageSizesGb = ['100', '250', '500', '1000', '2000'];

/** A ticket's subject, its department (1 Technical Support, 2 Sales, 3 Billing) and opening message. */
export const ticketTopics = [
  [
    'Server not responding after reboot',
    '1',
    'My server stopped answering after a reboot from the panel. Can you check the console?',
  ],
  [
    'Request for additional IPv4 addresses',
    '2',
    'We need two more IPv4 addresses for a new project. What does it cost?',
  ],
  [
    'Invoice paid twice',
    '3',
    'I think my card was charged twice for the last invoice. Please refund the duplicate.',
  ],
  ['Reverse DNS for mail server', '1', 'Please set the reverse DNS of our mail server to mail.example.net.'],
  ['Upgrade to a larger plan', '2', 'Can we move this VPS to the next plan without reinstalling it?'],
  [
    'High packet loss from Europe',
    '1',
    'We see 5 % packet loss from Frankfurt since this morning. Traceroute attached.',
  ],
  ['Change of billing address', '3', 'Our company moved. Please put the new address on future invoices.'],
  ['Custom ISO will not boot', '1', 'The ISO I added downloads fine but the VPS does not boot from it.'],
  [
    'Question about DDoS protection',
    '2',
    'Which attack sizes does the DDoS protection of the VPS plans cover?',
  ],
  ['Refund for cancelled service', '3', 'I cancelled the storage block last week but was invoiced again.'],
  ['Disk performance is slow', '1', 'fio shows much lower IOPS than last month on this server.'],
  [
    'Bandwidth overage warning',
    '3',
    'We received a bandwidth warning. Can you tell us where the traffic goes?',
  ],
];

export const staffAnswers = [
  'Thanks for reaching out. We have looked into this and made the change; please check on your side.',
  'We are investigating this with our network team and will update this ticket shortly.',
  'This is done. Let us know if there is anything else we can help with.',
  'Could you send us the exact time this happened and the address you tested from?',
];

export const customerFollowUps = [
  'Thanks, that fixed it.',
  'It happened again at 14:05 UTC from 81.2.69.160.',
  'Great, thank you for the quick answer.',
  'Still the same here, could you have another look?',
];

export const newsItems = [
  ['New York network upgrade completed', 'All New York racks now have 25 Gbps uplinks.'],
  ['Chicago VPS v2 plans are live', 'Order DW plans in Chicago today.'],
  ['Scheduled maintenance on storage blocks', 'Storage in New York will be migrated with no downtime.'],
] as const;
