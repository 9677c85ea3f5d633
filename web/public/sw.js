/* global self, caches */
// The panel's service worker (ADR 059). It keeps only what is the same for everybody: the built
// site's hashed files (scripts, styles, fonts) and the offline page of each language. It never
// keeps a page, an API answer or anything else a person sees, so nobody who uses the device after
// a sign-out can read what the previous person saw; the page empties its caches at sign-out too.

const version = 'v1';
const shellCache = `shell-${version}`;
const languages = ['es', 'en', 'fr'];
const offlinePage = (language) => `/offline/${language}`;

/** The offline pages, fetched again if a sign-out emptied the caches: they are the same for everybody. */
function keepOfflinePages() {
  return caches.open(shellCache).then((cache) =>
    Promise.all(languages.map((language) => cache.match(offlinePage(language)).then((kept) => kept ?? cache.add(offlinePage(language))))),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepOfflinePages().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== shellCache).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The language of an address: its prefix (/en/…, /fr/…), else Spanish. */
function languageOf(url) {
  const first = url.pathname.split('/')[1];
  return languages.includes(first) ? first : 'es';
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Always from the network: a page may be someone's. Without a network, the offline page.
    event.respondWith(
      fetch(request).then(
        (response) => {
          event.waitUntil(keepOfflinePages().catch(() => undefined));
          return response;
        },
        () => caches.match(offlinePage(languageOf(url))).then((kept) => kept ?? Response.error()),
      ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // The build's hashed files never change under their name: the same bytes for everybody.
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(shellCache).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
  // Anything else (the API, the catalogs, uploads, downloads) goes to the network untouched.
});


self.addEventListener('push', (event) => {
  const notice = event.data ? event.data.json() : undefined;
  if (!notice) return;
  event.waitUntil(self.registration.showNotification(notice.title, { body: notice.body, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: notice.url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/panel', self.location.origin);
  // Only an address of this site opens.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(target.href));
});
