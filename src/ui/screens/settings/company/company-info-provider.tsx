import { useActorRef } from '@xstate/react';
import type { ReactNode } from 'react';
import { bindCompanyInfo } from '../../../../machines/settings';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';
import { CompanyInfoContext } from './company-info-context';

/**
 * Holds the company-info actor for every settings section, so switching between the company and
 * address sections does not load it again. It loads on first use (useCompanyInfo); its systemId lets
 * the address editor it invokes reach it.
 */
export function CompanyInfoProvider({ children }: { children: ReactNode }) {
  const companyInfo = useActorRef(useBoundMachine(bindCompanyInfo), {
    ...usePortalInspection(),
    systemId: 'companyInfo',
  });
  return <CompanyInfoContext.Provider value={companyInfo}>{children}</CompanyInfoContext.Provider>;
}
