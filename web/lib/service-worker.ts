/**
 * The panel's service worker (web/public/sw.js, ADR 059): registered only once a signed-in
 * person's private page loads (require-role.tsx), so the public pages load no more script. It
 * keeps the built files and the offline pages, nothing of anyone's, and shows the account's
 * notifications.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | undefined {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

/**
 * At sign-out, while the session still holds: this browser stops getting the account's
 * notifications (the next person on the device must not see them) and its caches are emptied.
 * Nothing here may keep the sign-out from happening.
 */
export async function forgetThisDevice(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    // Plain fetch: this module stays free of the app's code, loaded apart from it.
    await fetch('/api/notifications/push/unsubscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    }).catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
  }
  if ('caches' in window) await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
}
