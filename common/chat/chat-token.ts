/**
 * A chat token (a browser's, a mailed link's): 32 random bytes in base64url. Apart from the
 * contract so that the widget's first code can recognise a mailed link without loading zod.
 */
export const chatTokenPattern = /^[A-Za-z0-9_-]{43}$/;
