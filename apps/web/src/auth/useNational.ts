// Whether the signed-in user has a national role (wasdal, MENPAN, BKN): they see every instansi.

import { NATIONAL_ROLES } from '@portal/contract';
import { useAuth } from './authStore';

export function useNational(): boolean {
  const user = useAuth().user;
  return (user?.authorities ?? []).some((a) => (NATIONAL_ROLES as readonly string[]).includes(a.authority));
}
