import { createContext } from 'react';

/**
 * Whether this page load began as server-rendered HTML. Such a page is shown at once, signed out:
 * nothing may cover it while the session loads (the server never knows who asks, so its HTML is
 * the same for everyone and hydration draws exactly that before the header learns the session).
 */
export const RenderedOnServerContext = createContext(false);
