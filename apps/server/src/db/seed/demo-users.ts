import type { RoleCode } from '@portal/contract';

/** The password of every demo account, as the README says. */
export const DEMO_PASSWORD = 'Portal#2026';

export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  role: RoleCode;
  clientCode: string;
  experienceCode: string;
  language: 'en' | 'fr';
  /** Index into DEMO_OWNERS of the client: whose documents this user may see. */
  ownerIndex?: number;
  /** Signs in, then must choose a new password before anything else. */
  mustSetPassword?: boolean;
}

export const DEMO_ACCOUNTS: DemoUser[] = [
  {
    username: 'demo.user',
    firstName: 'Camille',
    lastName: 'Tremblay',
    role: 'USER',
    clientCode: 'NBF',
    experienceCode: 'NBF',
    language: 'en',
    ownerIndex: 0,
  },
  {
    username: 'demo.admin',
    firstName: 'Alex',
    lastName: 'Martin',
    role: 'ADMIN',
    clientCode: 'NBF',
    experienceCode: 'NBF',
    language: 'en',
  },
  {
    username: 'demo.super',
    firstName: 'Sam',
    lastName: 'Gagnon',
    role: 'SUPER_USER',
    clientCode: 'NBF',
    experienceCode: 'NBF',
    language: 'en',
  },
  {
    username: 'demo.service',
    firstName: 'Jordan',
    lastName: 'Roy',
    role: 'CUSTOMER_SERVICE',
    clientCode: 'NBF',
    experienceCode: 'NBF',
    language: 'fr',
  },
  {
    username: 'demo.internal',
    firstName: 'Morgan',
    lastName: 'Côté',
    role: 'INTERNAL',
    clientCode: 'NBF',
    experienceCode: 'NBF',
    language: 'en',
  },
  {
    username: 'lau.user',
    firstName: 'Émilie',
    lastName: 'Bouchard',
    role: 'USER',
    clientCode: 'LAU',
    experienceCode: 'LAU',
    language: 'fr',
    ownerIndex: 0,
  },
  {
    username: 'demo.newpass',
    firstName: 'Robin',
    lastName: 'Lefebvre',
    role: 'USER',
    clientCode: 'NBF',
    experienceCode: 'NBF',
    language: 'en',
    mustSetPassword: true,
  },
  {
    username: 'lau.admin',
    firstName: 'Nathan',
    lastName: 'Lévesque',
    role: 'ADMIN',
    clientCode: 'LAU',
    experienceCode: 'LAU',
    language: 'fr',
  },
];

const FIRST_NAMES = ['Olivia', 'Liam', 'Chloé', 'William', 'Léa', 'Noah', 'Zoé', 'Thomas', 'Alice', 'Jacob', 'Rosalie', 'Félix'];
const LAST_NAMES = ['Pelletier', 'Bélanger', 'Lavoie', 'Fortin', 'Morin', 'Ouellet', 'Gauthier', 'Girard', 'Wilson', 'Smith'];

/** More people for the user-management screens, spread over both clients and their divisions. */
export function buildDemoCustomers(count: number): DemoUser[] {
  return Array.from({ length: count }, (_, index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(index * 7) % LAST_NAMES.length]!;
    const clientCode = index % 3 === 2 ? 'LAU' : 'NBF';
    const experienceCode = clientCode === 'NBF' ? ['NBF', 'NBW', 'NBI'][index % 3]! : ['LAU', 'LAE'][index % 2]!;
    return {
      username: `${firstName}.${lastName}.${index + 1}`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''),
      firstName,
      lastName,
      role: 'USER',
      clientCode,
      experienceCode,
      language: index % 2 === 0 ? 'fr' : 'en',
    };
  });
}
