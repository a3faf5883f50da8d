// Which track (and screen) the current path belongs to, from the contract's route table.

import { findPage, type PageInfo } from '@portal/contract';
import { useLocation } from 'react-router';

export function useCurrentPage(): PageInfo | undefined {
  return findPage(useLocation().pathname);
}
