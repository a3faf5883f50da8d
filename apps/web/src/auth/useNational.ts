// Is the signed-in user a national role (wasdal, MENPAN, BKN)? They see every instansi, so their
// lists get the instansi column and picker (ARCHITECTURE.md: data scoped unless national).

import { NATIONAL_ROLES } from '@portal/contract';
import { useAuth } from './authStore';

export function useNational(): boolean {
  const user = useAuth().user;
  return (user?.authorities ?? []).some((a) => (NATIONAL_ROLES as readonly string[]).includes(a.authority));
}
