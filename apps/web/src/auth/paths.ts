// The account screens' paths (issue #6), apart from their links: the route table imports these
// at start, and the links' components belong with the login page that draws them.

export const FORGOT_PATH = '/auth/lupa-kata-sandi';
export const CHANGE_PASSWORD_PATH = '/auth/ganti-kata-sandi';
export const KEY_LOGIN_PATH = '/auth/masuk-kunci';
export const REGISTER_PATH = '/auth/daftar';
