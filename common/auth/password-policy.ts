/** Current guidance for accounts holding sensitive papers; the earlier site's 6 was too few. */
export const minPasswordLength = 8;
export const maxPasswordLength = 128;
