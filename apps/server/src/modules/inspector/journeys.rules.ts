import {
  BANK_CLIENT,
  CONNECTED_APP_NAMES,
  EVENT_EXPLANATIONS,
  RETAIL_SHOP_CLIENT_ID,
  SCOPES,
  JOURNEY_TITLES,
  repeatedInWords,
  signInHeadline,
  type InspectorEntry,
  type Journey,
  type JourneyKind,
  type SignInFacts,
  type SignInFactor,
} from '@anybank/contracts';

/**
 * "Behind the scenes" as a story (ADR 0021): a browser's entries, oldest first, grouped into
 * journeys (a sign-in, a transfer, a partner's read…), each told in one plain sentence. Pure:
 * the stream hands it what it has read, and sends the journeys again as they grow.
 */

type Details = Record<string, unknown>;
type Entry = InspectorEntry;
type Shown = Journey['entries'][number];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Entries that begin a journey of their own, and its kind. */
function kindStartedBy(entry: Entry): JourneyKind | null {
  switch (entry.type) {
    case 'oauth.authorization_requested':
      return text(entry.details.prompt) === 'none' ? 'renewal' : 'sign-in';
    case 'transfer.decided':
    case 'transfer.bot_detected':
      return 'transfer';
    case 'partner.read':
    case 'partner.searched':
    case 'partner.consent_refused':
      return 'partner-read';
    case 'signout':
    case 'session.ended':
      return 'sign-out';
    // The phone's wallet (ADR 0027): an offer begins an issuance; each answer to a verifier's
    // request (the shop's record of it) is one check.
    case 'wallet.credential_offered':
      return 'credential';
    case 'shop.wallet_check_verified':
    case 'shop.wallet_check_refused':
    case 'shop.wallet_check_declined':
      return 'presentation';
    default:
      return null;
  }
}

/** A flow's purpose (recorded with each step) as the journey it is. */
const FLOW_KINDS: Record<string, JourneyKind> = {
  'sign-in': 'sign-in',
  'step-up': 'step-up',
  pairing: 'pairing',
};

/** Entries after which their journey is over: what follows begins another. */
const ENDINGS: Partial<Record<JourneyKind, readonly string[]>> = {
  'sign-in': ['token.issued'],
  renewal: ['token.issued'],
  recovery: ['token.issued'],
  payment: ['payment_consent.authorised', 'payment_consent.rejected'],
  'step-up': ['stepup.succeeded'],
  pairing: ['wallet.paired', 'device.added'],
  transfer: [
    'transfer.confirmed',
    'transfer.denied',
    'transfer.cancelled',
    'transfer.bot_detected',
    'challenge.refused',
    'challenge.expired',
  ],
  'partner-read': ['partner.read', 'partner.searched', 'partner.consent_refused'],
  'sign-out': ['signout', 'session.ended'],
  credential: ['wallet.credential_issued', 'wallet.credential_refused'],
  presentation: [
    'shop.wallet_check_verified',
    'shop.wallet_check_refused',
    'shop.wallet_check_declined',
  ],
};

/** Journeys an OAuth request begins: the sign-in flow that follows is part of them. */
const STARTED_BY_REQUEST = new Set<JourneyKind>(['sign-in', 'renewal', 'payment', 'recovery']);

/**
 * What takes part in a journey under way: the steps of a sign-in, a transfer, an approval. Any
 * other entry (a password changed, a consent given, the demo data restored) is a journey of its
 * own, even right after a sign-in that was left unfinished.
 */
const PARTS_OF_A_JOURNEY = new Set([
  'risk.evaluated',
  'risk.denied',
  'flow.step',
  'message.sent',
  'push.decided',
  'passkey.verified',
  'token.issued',
  'token.refused',
  'ciba.requested',
  'challenge.asked',
  'challenge.answered',
  'challenge.refused',
  'challenge.expired',
  'signin.succeeded',
  'signin.failed',
  'signin.locked',
  'otp.failed',
  'otp.replayed',
  'device.clone_suspected',
  'recovery_code.used',
  'recovery_code.failed',
  'browser.remembered',
  'identity.verified',
  'stepup.succeeded',
  'oauth.consent_given',
  'oauth.consent_refused',
  'transfer.confirmed',
  'transfer.denied',
  'transfer.cancelled',
  'payment_consent.code_sent',
  'payment_consent.authorised',
  'payment_consent.rejected',
  'wallet.paired',
  'wallet.pairing_refused',
]);
/** Parts of one kind of journey only: a recovery's new password, a pairing's new device. */
const PARTS_OF: Partial<Record<JourneyKind, readonly string[]>> = {
  recovery: ['password.changed'],
  pairing: ['device.added'],
  credential: ['wallet.credential_issued', 'wallet.credential_refused'],
};

const isPartOf = (kind: JourneyKind, type: string) =>
  PARTS_OF_A_JOURNEY.has(type) || (PARTS_OF[kind] ?? []).includes(type);

interface Building {
  kind: JourneyKind;
  flowId: string | null;
  first: Shown;
  entries: Shown[];
  ended: boolean;
}

/** The same thing done again: same type, same words, same details (not one step of two flows). */
const sameEntry = (a: Entry, b: Entry) =>
  a.type === b.type &&
  a.explanation === b.explanation &&
  JSON.stringify(a.details) === JSON.stringify(b.details);

/** Groups entries (oldest first) into journeys (oldest first), each with its sentence. */
export function journeysOf(entries: readonly Entry[]): Journey[] {
  const built: Building[] = [];
  for (const entry of entries) {
    const current = built.at(-1);
    const last = current?.entries.at(-1);
    // The same thing again (three identical searches): shown once, with how many times.
    if (current && last && sameEntry(last, entry)) {
      last.repeated += 1;
      continue;
    }
    const flowId = entry.type === 'flow.step' ? text(entry.details.flowId) || null : null;
    const started = kindStartedBy(entry);
    const anotherFlow = flowId !== null && current?.flowId != null && current.flowId !== flowId;
    const joins =
      current !== undefined &&
      !current.ended &&
      started === null &&
      isPartOf(current.kind, entry.type) &&
      !anotherFlow &&
      // A flow without a request before it (a step-up, a pairing) is a journey of its own.
      !(flowId !== null && current.flowId === null && !STARTED_BY_REQUEST.has(current.kind));
    const shown = { ...entry, repeated: 1 };
    let journey: Building;
    if (joins) {
      journey = current;
      journey.entries.push(shown);
    } else {
      const kind =
        started ?? (flowId ? (FLOW_KINDS[text(entry.details.purpose)] ?? 'sign-in') : 'other');
      journey = { kind, flowId: null, first: shown, entries: [shown], ended: false };
      built.push(journey);
    }
    if (flowId) journey.flowId = flowId;
    journey.kind = refinedKind(journey.kind, entry);
    journey.ended = journey.kind === 'other' || (ENDINGS[journey.kind] ?? []).includes(entry.type);
  }
  return built.map(({ kind, first, entries: shown }) => ({
    id: first.id,
    kind,
    // One thing on its own (a password changed, a partner's search or consent check) is
    // titled as itself.
    title: kind === 'other' || kind === 'partner-read' ? first.title : JOURNEY_TITLES[kind],
    headline: headlineOf(kind, first, shown),
    entries: shown,
  }));
}

/** What a sign-in turns out to be once more of it is known. */
function refinedKind(kind: JourneyKind, entry: Entry): JourneyKind {
  if (kind === 'sign-in' && entry.type === 'oauth.authorization_requested') {
    const payment = strings(entry.details.scopes).includes(SCOPES.payments);
    if (payment || text(entry.details.clientId) === RETAIL_SHOP_CLIENT_ID) return 'payment';
  }
  if (kind === 'sign-in' && entry.type === 'flow.step') {
    // A request with acr_values that the bank answers with a step-up flow.
    if (text(entry.details.purpose) === 'step-up') return 'step-up';
    if (
      ['initiateAccountRecovery', 'recoverAccount', 'resetPassword'].includes(
        text(entry.details.step),
      )
    ) {
      return 'recovery';
    }
  }
  return kind;
}

function headlineOf(kind: JourneyKind, first: Shown, entries: Shown[]): string {
  switch (kind) {
    case 'sign-in':
    case 'step-up':
    case 'payment':
    case 'recovery':
      return signInHeadline(signInFactsOf(entries), kind);
    case 'renewal': {
      const who = signInFactsOf(entries).who;
      return `The bank renewed ${who ? `${who}’s` : 'the'} sign-in without asking again (prompt=none).`;
    }
    case 'credential': {
      // How the issuance ended if it has (issued, or a refused proof), else the offer.
      const ended = entries.findLast((entry) => (ENDINGS.credential ?? []).includes(entry.type));
      return (ended ?? first).explanation;
    }
    case 'transfer': {
      const decided = entries.find((entry) => entry.type === 'transfer.decided') ?? first;
      // How it ended if it has (the rule that decided it is beneath), else how it was decided.
      const ended = entries.findLast((entry) => (ENDINGS.transfer ?? []).includes(entry.type));
      return (ended ?? decided).explanation;
    }
    default: {
      // One thing (or the same thing again and again): its sentence, and how many times.
      const sentence = first.explanation.replace(/\.$/, '');
      return `${sentence}${repeatedInWords(first.repeated)}.`;
    }
  }
}

/** Who signed in, how, and at what risk: the facts of a sign-in journey's sentence. */
export function signInFactsOf(entries: readonly Entry[]): SignInFacts {
  const of = (type: string) => entries.filter((entry) => entry.type === type);
  const details = (type: string): Details | undefined => of(type).at(-1)?.details;
  const risk = details('risk.evaluated');
  const succeeded = details('signin.succeeded') ?? details('stepup.succeeded');
  const refused = entries.findLast((entry) =>
    ['signin.failed', 'signin.locked', 'risk.denied', 'challenge.refused'].includes(entry.type),
  );
  const client = text(details('oauth.authorization_requested')?.clientId);
  return {
    who: whoOf(entries),
    // A sign-in records every method (`amr`), a step-up the one it asked for.
    factors: factorsOf(
      entries,
      typeof succeeded?.amr === 'string' ? [succeeded.amr] : strings(succeeded?.amr),
    ),
    risk: risk ? { level: text(risk.level) || 'LOW', rules: strings(risk.rules) } : null,
    outcome: succeeded ? 'signed-in' : refused ? 'refused' : 'under-way',
    ...(refused && !succeeded ? { refusal: refusalOf(refused) } : {}),
    application:
      client && client !== BANK_CLIENT.clientId ? (CONNECTED_APP_NAMES[client] ?? client) : null,
  };
}

function refusalOf(entry: Entry): string {
  return EVENT_EXPLANATIONS[entry.type]?.title.toLowerCase() ?? entry.type;
}

/** The person's first name from the ID token, else the username they gave. */
function whoOf(entries: readonly Entry[]): string | null {
  for (const entry of entries) {
    if (entry.type !== 'token.issued' || !Array.isArray(entry.details.issued)) continue;
    for (const token of entry.details.issued as { claims?: Details }[]) {
      const name = text(token.claims?.given_name) || text(token.claims?.name);
      if (name) return name;
    }
  }
  for (const entry of entries) {
    const uid = text(entry.details.uid);
    if (uid) return uid;
  }
  return null;
}

/** The factors a finished sign-in's `amr` names, told apart by what the journey shows. */
function factorsOf(entries: readonly Entry[], amr: string[]): SignInFactor[] {
  const has = (type: string) => entries.some((entry) => entry.type === type);
  const codeSent = entries.findLast(
    (entry) => entry.type === 'message.sent' && entry.details.hasCode === true,
  );
  const factors: SignInFactor[] = [];
  for (const method of amr) {
    if (method === 'pwd') factors.push('password');
    if (method === 'otp') {
      if (has('recovery_code.used')) factors.push('recovery-code');
      else if (!codeSent) factors.push('app-code');
      else factors.push(text(codeSent.details.channel) === 'sms' ? 'sms-code' : 'email-code');
    }
    if (method === 'hwk') factors.push(has('passkey.verified') ? 'passkey' : 'security-key');
    // `mfa` alone after a password is the phone's approval; beside a passkey it says no more.
    if (method === 'mfa' && !amr.includes('hwk')) factors.push('phone-approval');
  }
  const remembered = entries.some(
    (entry) => entry.type === 'signin.succeeded' && Boolean(entry.details.rememberedBrowserId),
  );
  if (remembered) factors.push('remembered-browser');
  return factors;
}
