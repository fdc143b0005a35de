import { useContext, useEffect } from 'react';
import { CompanyInfoContext, type CompanyInfoRef } from './company-info-context';

/** The shared company-info actor; asks it to load the first time a section shows. */
export function useCompanyInfo(): CompanyInfoRef {
  const companyInfo = useContext(CompanyInfoContext);
  if (!companyInfo) throw new Error('useCompanyInfo() needs a <CompanyInfoProvider> above it');
  useEffect(() => companyInfo.send({ type: 'companyInfo.needed' }), [companyInfo]);
  return companyInfo;
}
