// Is the signed-in user a national role (wasdal, MENPAN, BKN)? They see every instansi, so their
// lists get the instansi column and picker (ARCHITECTURE.md: data scoped unless national).

import { isNational, useAuth } from './authStore';

export function useNational(): boolean {
  return isNational(useAuth().user);
}
