import { BLANK_PLACEHOLDER, messages } from '@anybank/contracts';
import type { ScimUser } from '@anybank/contracts';

/**
 * The marketing portal's audience: the customers who opted into marketing and the
 * channels each chose, as SCIM returns them (the server leaves out every channel a customer did
 * not choose, and names a customer without a consent only by username). The Dashboard, Client
 * Profiles, Tracking and Equities Trading pages build their sample content from it. Pure.
 */

export const CHANNELS = ['email', 'sms', 'post'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = {
  email: 'E-mail',
  sms: 'SMS/TXT',
  post: 'Postal mail',
};

export interface ReachableCustomer {
  uid: string;
  name: string;
  channels: readonly Channel[];
  /** The city, when the customer opted into postal mail. */
  city: string | null;
}

function given(value: string | undefined): boolean {
  const text = value?.trim() ?? '';
  return text !== '' && text !== BLANK_PLACEHOLDER;
}

/** The customers who opted into marketing, each with the channels they can be reached on. */
export function reachableCustomers(users: readonly ScimUser[]): ReachableCustomer[] {
  return users.flatMap((user): ReachableCustomer[] => {
    if (user.cn === messages.marketing.noConsent) return [];
    const channels = CHANNELS.filter((channel) => {
      if (channel === 'email') return given(user.mail);
      if (channel === 'sms') return given(user.mobile);
      return given(user.street) || given(user.l) || given(user.postalCode);
    });
    return [
      { uid: user.uid, name: user.cn, channels, city: given(user.l) ? (user.l ?? null) : null },
    ];
  });
}

/** How many of the audience each channel reaches. */
export function channelReach(customers: readonly ReachableCustomer[]): Record<Channel, number> {
  const reach: Record<Channel, number> = { email: 0, sms: 0, post: 0 };
  for (const customer of customers) {
    for (const channel of customer.channels) reach[channel] += 1;
  }
  return reach;
}

const channelList = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** A customer's segment: the channels they chose together ("E-mail and SMS/TXT"). */
export function segmentOf(channels: readonly Channel[]): string {
  if (channels.length === 0) return 'Opted in, no contact details';
  const ordered = CHANNELS.filter((channel) => channels.includes(channel));
  return channelList.format(ordered.map((channel) => CHANNEL_LABELS[channel]));
}

/** Each segment that has customers, with how many, largest first. */
export function segmentCounts(
  customers: readonly ReachableCustomer[],
): { segment: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const customer of customers) {
    const segment = segmentOf(customer.channels);
    counts.set(segment, (counts.get(segment) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([segment, count]) => ({ segment, count }))
    .sort((a, b) => b.count - a.count || a.segment.localeCompare(b.segment));
}

export interface Campaign {
  name: string;
  channel: Channel;
  /** Sample rates: the share of those sent to who opened, and who clicked or replied. */
  openRate: number;
  responseRate: number;
}

export interface CampaignResult {
  campaign: Campaign;
  sent: number;
  opened: number;
  responded: number;
}

/** A campaign sent to everyone its channel reaches, with the sample rates applied. */
export function campaignResults(
  campaigns: readonly Campaign[],
  reach: Record<Channel, number>,
): CampaignResult[] {
  return campaigns.map((campaign) => {
    const sent = reach[campaign.channel];
    return {
      campaign,
      sent,
      opened: Math.round(sent * campaign.openRate),
      responded: Math.round(sent * campaign.responseRate),
    };
  });
}
