import type { PushRequest } from '@anybank/contracts';

/**
 * What the phone does when a request arrives while the app is open: a chime and
 * a buzz where the browser allows them, and the app's badge. Browsers allow sound and
 * vibration only once the person has interacted with the page (autoplay and vibration
 * policies): before that the phone stays silent rather than be refused. Nothing here may fail
 * the app: every call is best effort.
 */

/** The requests in `current` that were not in the last listing; none on the first listing. */
export function newArrivals(
  seen: ReadonlySet<string> | null,
  current: readonly PushRequest[],
): PushRequest[] {
  if (seen === null) return [];
  return current.filter((request) => !seen.has(request.id));
}

const VIBRATION_PATTERN_MS = [180, 90, 180];
/** Two rising notes, a quarter of a second each. */
const CHIME_HZ = [880, 1320];
const NOTE_SECONDS = 0.22;

let audio: AudioContext | null = null;

function chime() {
  if (typeof window.AudioContext !== 'function') return;
  audio ??= new window.AudioContext();
  const context = audio;
  const play = () => {
    CHIME_HZ.forEach((frequency, index) => {
      const start = context.currentTime + index * NOTE_SECONDS;
      const note = context.createOscillator();
      const volume = context.createGain();
      note.type = 'sine';
      note.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, start);
      volume.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + NOTE_SECONDS);
      note.connect(volume).connect(context.destination);
      note.start(start);
      note.stop(start + NOTE_SECONDS);
    });
  };
  if (context.state === 'running') play();
  else void context.resume().then(play, () => undefined);
}

export function ringAndVibrate(): void {
  if (!navigator.userActivation?.hasBeenActive) return;
  try {
    if (typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION_PATTERN_MS);
  } catch {
    // Not allowed here (a desktop browser, a frame): silent.
  }
  try {
    chime();
  } catch {
    // No audio output, or the browser refused: the notification still shows.
  }
}

/** The app icon's badge where the browser has one (an installed web app); otherwise nothing. */
export function showAppBadge(count: number): void {
  const badging = navigator as Navigator & {
    setAppBadge?: (contents?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  try {
    const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
    void done?.catch(() => undefined);
  } catch {
    // No badging here.
  }
}
