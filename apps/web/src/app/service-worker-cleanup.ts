/**
 * Earlier versions of the site may have left a service worker that would serve stale pages;
 * this app has none, so every registration is dropped at start.
 */
export async function unregisterLeftoverServiceWorkers(): Promise<void> {
  // Absent in old browsers and on plain-http hosts other than localhost.
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch (error) {
    console.warn('Could not unregister a leftover service worker', error);
  }
}
