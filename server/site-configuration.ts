/**
 * The supplier's branding and trade settings, as GET /api/baf/configuration/ serves them.
 * `defaultCustomerType` comes from DEFAULT_CUSTOMER_TYPE: > 0 offers self-registration (1 is a
 * corporate customer), 0 switches it off.
 */
export const SITE_NAME = 'Lindenhof Wholesale';

export function siteConfiguration(defaultCustomerType: number) {
  return {
    global: {
      logo_square: '/media/logo-square.svg',
      logo_wide: '/media/logo-wide.svg',
      site_name: SITE_NAME,
    },
    modules: {
      netb2b: {
        money_decimal_places: 2,
        default_customer_type: defaultCustomerType,
      },
    },
  };
}
