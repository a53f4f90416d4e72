/**
 * The customer-service portal's static sample content (document 2 §1: much of the partner-portal
 * content is sample data): the alerts and the ticket table. The help desk acts on real accounts.
 */

export interface ServiceAlert {
  id: string;
  level: 'warning' | 'info';
  text: string;
}

export const SERVICE_ALERTS: readonly ServiceAlert[] = [
  {
    id: 'phishing',
    level: 'warning',
    text: 'A phishing e-mail asking customers for sign-in codes is going around. Remind callers that AnyBank never asks for a code it did not send while they are on the phone with us.',
  },
  {
    id: 'queue',
    level: 'info',
    text: 'Three tickets have waited more than a day for a first answer.',
  },
  {
    id: 'maintenance',
    level: 'info',
    text: 'Card services are down for maintenance on Sunday from 1:00 to 3:00 a.m.',
  },
];

export interface SampleTicket {
  id: string;
  subject: string;
  customer: string;
  inProgress: boolean;
  /** ISO date. */
  created: string;
}

export const SAMPLE_TICKETS: readonly SampleTicket[] = [
  {
    id: 'T-1042',
    subject: 'Locked out after changing phones',
    customer: 'Harold Jenkins',
    inProgress: true,
    created: '2024-05-06',
  },
  {
    id: 'T-1039',
    subject: 'Transfer waiting for approval',
    customer: 'Priya Raman',
    inProgress: true,
    created: '2024-05-05',
  },
  {
    id: 'T-1035',
    subject: 'Statement shows a duplicate charge',
    customer: 'Carlos Mendes',
    inProgress: false,
    created: '2024-05-02',
  },
  {
    id: 'T-1031',
    subject: 'Update mailing address',
    customer: 'Grace Okafor',
    inProgress: false,
    created: '2024-04-29',
  },
  {
    id: 'T-1027',
    subject: 'Lost authenticator app',
    customer: 'Tom Becker',
    inProgress: true,
    created: '2024-04-26',
  },
];
