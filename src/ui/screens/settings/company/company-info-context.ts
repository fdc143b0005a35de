import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { companyInfoMachine } from '../../../../machines/settings';

export type CompanyInfoRef = ActorRefFrom<typeof companyInfoMachine>;

/** The one company-info actor the company and address sections share (created by CompanyInfoProvider). */
export const CompanyInfoContext = createContext<CompanyInfoRef | null>(null);
