import { vi } from 'vitest';
import type { CompanyInfo } from '../../../../src/domain/types';
import { ApiError } from '../../../../src/services/api';
import {
  aBillingAddress,
  anAddress,
  aCompanyInfo as aSharedCompanyInfo,
} from '../../../../src/test/builders';
import { type FakeApi, type FakeApiData, fakeApi } from '../../cart/support/fakeApi';

/** A company as the seed has it: two delivery addresses and one billing address. */
export function aCompanyInfo(overrides: Partial<CompanyInfo> = {}): CompanyInfo & { version: number } {
  return aSharedCompanyInfo({
    version: 3,
    customerType: 'corporate',
    name: 'Corner Shop Ltd',
    vatNumber: 'TR1234567890',
    landlineNumber: '+90 212 555 01 01',
    mobileNumber: '+90 532 555 01 02',
    emailAddresses: ['office@corner.example', 'orders@corner.example'],
    deliveryAddresses: [
      anAddress({
        pk: 11,
        name: 'Main shop',
        line1: 'İstiklal Cd. 10',
        line2: '',
        suburb: 'Beyoğlu',
        city: 'Istanbul',
        state: '',
        country: 'Türkiye',
        postalCode: '34430',
        instructions: 'Back entrance',
      }),
      anAddress({
        pk: 12,
        name: 'Warehouse',
        line1: 'Depo Sk. 4',
        line2: 'Gate 2',
        suburb: '',
        city: 'Kocaeli',
        state: 'Gebze',
        country: 'Türkiye',
        postalCode: '41400',
        instructions: '',
      }),
    ],
    billingAddresses: [
      aBillingAddress({
        pk: 21,
        name: 'Head office',
        line1: 'Büyükdere Cd. 100',
        line2: '',
        suburb: 'Şişli',
        city: 'Istanbul',
        state: '',
        country: 'Türkiye',
        postalCode: '34394',
      }),
    ],
    ...overrides,
  });
}

export const apiError = (status: number, code: string | null = null, detail: string | null = null) =>
  new ApiError({ kind: 'http', call: 'PUT petekcore/company-info/', status, code, detail }, `HTTP ${status}`);

/**
 * The cart helpers' fake API plus GET and PUT of the company info, answering as the server does:
 * a PUT made on an older version is refused (409), addresses keep their pk, a new one gets one, a
 * left-out one is gone. `server.info` is the stored copy (a test may change it: "someone else saved").
 */
export function companyFakeApi(info: CompanyInfo = aCompanyInfo(), data: FakeApiData = {}) {
  const server = { info, nextPk: 100 };
  const companyInfo = vi.fn(async (): Promise<CompanyInfo> => structuredClone(server.info));
  const saveCompanyInfo = vi.fn(async (sent: CompanyInfo): Promise<CompanyInfo> => {
    if (sent.version !== server.info.version)
      throw apiError(409, 'stale_company_info', 'Someone else changed the company information.');
    const withPk = <T extends { pk: number | null }>(address: T): T =>
      address.pk === null ? { ...address, pk: server.nextPk++ } : address;
    server.info = {
      ...structuredClone(sent),
      version: (sent.version ?? 0) + 1,
      deliveryAddresses: sent.deliveryAddresses.map(withPk),
      billingAddresses: sent.billingAddresses.map(withPk),
    };
    return structuredClone(server.info);
  });
  const base = fakeApi(data);
  const api = new Proxy(base, {
    get: (target, name) =>
      name === 'companyInfo'
        ? companyInfo
        : name === 'saveCompanyInfo'
          ? saveCompanyInfo
          : target[name as keyof typeof target],
  }) as FakeApi;
  return { api, server, companyInfo, saveCompanyInfo };
}
