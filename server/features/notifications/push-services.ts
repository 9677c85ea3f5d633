// Which addresses the server sends Web Push to. A subscription's endpoint comes from the browser, so
// the server would post to whatever a client sends: only the browsers' push services are taken
// (ADR 059), never an address inside the firm's network or the cloud's metadata service.

/** The push services of Chrome and Edge on Android (FCM), Firefox, Safari and Windows. */
const browserPushServices = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com', 'web.push.apple.com', 'notify.windows.com'];

/** Whether `endpoint` is an https address of a browser's push service, or of a host the operator adds (PUSH_SERVICE_HOSTS). */
export function isPushServiceAddress(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  return [...browserPushServices, ...extraHosts].some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}
