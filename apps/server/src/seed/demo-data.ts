import type { AuthnPreference, UserType } from '@anybank/contracts';

/**
 * The demo bank's people (README "Demo accounts"). Every one signs in with DEMO_PASSWORD.
 * Balances are cents. `shareWithAdvisor` lists account positions (0 checking, 1 savings,
 * 2 rewards Visa) shared with the wealth advisor; `communication` is the customer's channel
 * choice. Absent means the customer never answered, so no consent exists.
 */
export interface DemoUser {
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile?: string;
  street?: string;
  city?: string;
  postalCode?: string;
  /** ISO date of birth: the verified-customer credential's `birthdate` and `age_over_18`. */
  birthDate?: string;
  userType: UserType;
  authnPreference: AuthnPreference;
  devices: { type: 'Email' | 'SMS' | 'iPhone'; name: string }[];
  balances?: [checking: number, savings: number, rewardsVisa: number];
  communication?: { sms: boolean; email: boolean; homeAddress: boolean };
  shareWithAdvisor?: number[];
}

/**
 * The customers' dates of birth (ADR 0027). Ava Thomas is 17 until 30 September 2027: a
 * wallet check for "over 18" answers no for her.
 */
const BIRTH_DATES: Record<string, string> = {
  'jane.doe': '1988-04-12',
  'john.smith': '1975-11-03',
  'emily.chen': '1992-07-21',
  'michael.brown': '1968-02-14',
  'sofia.garcia': '1983-09-09',
  'david.wilson': '1959-05-30',
  'olivia.martin': '1996-12-01',
  'james.taylor': '1971-03-18',
  'ava.thomas': '2009-09-30',
  'liam.anderson': '1990-10-10',
  'mia.jackson': '2001-06-25',
  'noah.white': '1985-01-07',
};

const emailDevice = { type: 'Email', name: 'Email' } as const;
const smsDevice = { type: 'SMS', name: 'SMS' } as const;

function customer(
  uid: string,
  names: [string, string],
  address: [street: string, city: string, postalCode: string],
  mobile: string | undefined,
  balances: [number, number, number],
  consents: Pick<DemoUser, 'communication' | 'shareWithAdvisor'> = {},
): DemoUser {
  return {
    uid,
    firstName: names[0],
    lastName: names[1],
    email: `${uid}@example.com`,
    mobile,
    street: address[0],
    city: address[1],
    postalCode: address[2],
    birthDate: BIRTH_DATES[uid],
    userType: 'customer',
    authnPreference: 'Password',
    devices: mobile ? [emailDevice, smsDevice] : [emailDevice],
    balances,
    ...consents,
  };
}

function partner(uid: string, names: [string, string], userType: UserType): DemoUser {
  return {
    uid,
    firstName: names[0],
    lastName: names[1],
    email: `${uid}@example.com`,
    userType,
    authnPreference: 'Password',
    devices: [emailDevice],
  };
}

export const DEMO_USERS: DemoUser[] = [
  {
    ...customer(
      'jane.doe',
      ['Jane', 'Doe'],
      ['123 Main Street', 'Springfield', '62701'],
      '+15551234567',
      // Checking above the default deny threshold ($10,000), so a denied transfer can be shown.
      [2_450_000, 1_875_032, 124_567],
      { communication: { sms: true, email: true, homeAddress: false }, shareWithAdvisor: [0, 1] },
    ),
  },
  {
    ...customer(
      'john.smith',
      ['John', 'Smith'],
      ['42 Oak Avenue', 'Portland', '97201'],
      '+15559876543',
      // Checking above the default CIBA threshold ($1,000): a transfer can ask his phone.
      [850_000, 1_200_000, 43_210],
      { communication: { sms: false, email: true, homeAddress: true }, shareWithAdvisor: [0] },
    ),
    authnPreference: 'Device',
    devices: [emailDevice, { type: 'iPhone', name: 'iPhone' }],
  },
  partner('amy.davis', ['Amy', 'Davis'], 'AnyWealthAdvisor'),
  partner('maria.lopez', ['Maria', 'Lopez'], 'AnyMarketing'),
  partner('sam.rivera', ['Sam', 'Rivera'], 'CustomerServiceRep'),
  customer(
    'emily.chen',
    ['Emily', 'Chen'],
    ['8 Harbor Road', 'Boston', '02110'],
    '+16175550142',
    [1_234_500, 5_600_000, 0],
    {
      communication: { sms: true, email: true, homeAddress: true },
      shareWithAdvisor: [0, 1, 2],
    },
  ),
  customer(
    'michael.brown',
    ['Michael', 'Brown'],
    ['77 Pine Street', 'Denver', '80202'],
    '+13035550187',
    [312_045, 90_000, 15_075],
    {
      communication: { sms: false, email: false, homeAddress: false },
    },
  ),
  customer(
    'sofia.garcia',
    ['Sofia', 'Garcia'],
    ['15 Mission Street', 'San Francisco', '94105'],
    '+14155550123',
    [2_045_000, 10_500_000, 230_000],
    {
      communication: { sms: false, email: true, homeAddress: false },
      shareWithAdvisor: [1],
    },
  ),
  customer(
    'david.wilson',
    ['David', 'Wilson'],
    ['301 Lake Shore Drive', 'Chicago', '60611'],
    undefined,
    [87_512, 400_000, 0],
    {
      communication: { sms: false, email: true, homeAddress: true },
    },
  ),
  customer(
    'olivia.martin',
    ['Olivia', 'Martin'],
    ['9 Peachtree Lane', 'Atlanta', '30303'],
    '+14045550199',
    [560_000, 2_300_000, 78_900],
    {
      shareWithAdvisor: [],
    },
  ),
  customer(
    'james.taylor',
    ['James', 'Taylor'],
    ['1200 Congress Avenue', 'Austin', '78701'],
    '+15125550111',
    [3_300_000, 15_000_000, 412_300],
    {
      communication: { sms: true, email: false, homeAddress: false },
      shareWithAdvisor: [0, 1, 2],
    },
  ),
  customer(
    'ava.thomas',
    ['Ava', 'Thomas'],
    ['55 Elm Street', 'Seattle', '98101'],
    '+12065550155',
    [45_000, 12_000, 9_950],
  ),
  customer(
    'liam.anderson',
    ['Liam', 'Anderson'],
    ['400 Broad Street', 'Philadelphia', '19102'],
    '+12155550166',
    [1_980_000, 640_000, 120_000],
    {
      communication: { sms: true, email: true, homeAddress: false },
      shareWithAdvisor: [0],
    },
  ),
  customer(
    'mia.jackson',
    ['Mia', 'Jackson'],
    ['18 Canal Street', 'New Orleans', '70112'],
    undefined,
    [230_000, 75_500, 0],
    {
      communication: { sms: false, email: false, homeAddress: true },
    },
  ),
  customer(
    'noah.white',
    ['Noah', 'White'],
    ['700 Desert Road', 'Phoenix', '85004'],
    '+16025550177',
    [710_000, 3_100_000, 56_000],
    {
      communication: { sms: true, email: true, homeAddress: true },
      shareWithAdvisor: [1, 2],
    },
  ),
];
